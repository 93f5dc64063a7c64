// `npm start`: builds the client when its sources are newer than the build, then runs the server in this process.
import path from 'node:path';
import { ensureClientBuilt } from './client-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureClientBuilt();

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'src/server/main.ts'));
