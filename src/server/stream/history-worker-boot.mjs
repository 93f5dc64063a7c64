// Entry of the SQLite history writer thread: registers tsx in the thread (the
// server runs TypeScript through tsx, and loaders are per thread), then loads
// the writer.
import { register } from 'tsx/esm/api';

register();
await import('./history-worker.ts');
