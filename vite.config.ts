import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;
/** Paths the server answers; everything else is the single-page app. */
const apiPrefixes = ['/map-styles', '/models', '/oaa', '/UAPI', '/API', '/user', '/todo', '/getServerTime', '/healthz', '/ingest', '/socket.io'];

export default defineConfig({
  plugins: [react()],
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
