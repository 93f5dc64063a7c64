import { loadConfig } from './config.js';
import { createServer, type PlantwatchServer } from './server.js';
import { DataDirLockedError } from './store/data-dir-lock.js';

const config = loadConfig();
let server: PlantwatchServer;
try {
  server = await createServer(config);
} catch (err) {
  if (err instanceof DataDirLockedError) {
    // An operator's mistake, not a crash: one line saying what to do, no stack.
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const url = await server.listen();
server.app.log.info(`Plantwatch listening on ${url} (store: ${server.store.dialect}${config.demo ? ', demo mode' : ''})`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    return;
  }
  stopping = true;
  server.app.log.info(`${signal}: finishing in-flight requests and closing the store`);
  const force = setTimeout(() => process.exit(1), 15000);
  force.unref();
  try {
    await server.close();
    process.exit(0);
  } catch (err) {
    server.app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
