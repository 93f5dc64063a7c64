// `npm run dev`: the server with reload on change (tsx watch) and the Vite dev server with hot reload on :5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
];
console.log('Plantwatch dev: open http://127.0.0.1:5173 (API and socket proxied to the server on PORT, default 8080)');
const stop = () => {
  for (const c of children) {
    c.kill('SIGTERM');
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) {
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
