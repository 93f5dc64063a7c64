// The server the end-to-end tests drive: a fresh demo database each run, then `npm start`'s path.
import fs from 'node:fs';

const dir = process.env.DATA_DIR;
if (dir && dir.includes('e2e')) {
  fs.rmSync(dir, { recursive: true, force: true });
}
await import('./start.mjs');
