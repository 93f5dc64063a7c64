// The client build is current when dist/client is newer than every client source; `ensureClientBuilt`
// runs `vite build` otherwise. Used by `npm start` and by benchmarks that open the real pages.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/client/index.html');
const sources = ['src/client', 'src/shared', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) {
    return 0;
  }
  const st = fs.statSync(full);
  if (!st.isDirectory()) {
    return st.mtimeMs;
  }
  let max = st.mtimeMs;
  for (const entry of fs.readdirSync(full)) {
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

/** Builds the client when its sources are newer than the build; exits the process when the build fails. */
export function ensureClientBuilt() {
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map(newest))) {
    return;
  }
  console.log('Building the client (vite build)…');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    process.exit(r.status ?? 1);
  }
}
