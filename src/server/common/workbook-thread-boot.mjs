// Entry of the workbook thread: registers tsx in the thread (the server runs
// TypeScript through tsx, and loaders are per thread), then loads the thread's code.
import { register } from 'tsx/esm/api';

register();
await import('./workbook-thread.ts');
