import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const backend = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;
/** Paths the server answers; everything else is the single-page app. */
const apiPrefixes = ['/map-styles', '/models', '/oaa', '/UAPI', '/API', '/user', '/todo', '/getServerTime', '/healthz', '/ingest', '/socket.io'];

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes `file.br` and `file.gz` next to every text asset of the build, so the
 * server (@fastify/static `preCompressed`) answers `Accept-Encoding: br|gzip`
 * without compressing on each request (issue 11).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'plantwatch-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!TEXT.test(file)) {
          continue;
        }
        const raw = fs.readFileSync(file);
        if (raw.length < 512) {
          continue;
        }
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  root: '.',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2500,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    host: '127.0.0.1',
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: backend, ws: p === '/socket.io' }])),
  },
});
