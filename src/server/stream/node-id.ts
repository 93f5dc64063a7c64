import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** File in DATA_DIR that names this server among the servers of one PostgreSQL store. */
export const NODE_ID_FILE = 'node-id';

const VALID = /^[0-9a-f]{12}$/;

/**
 * This server's node id, kept in its DATA_DIR: created on the first start,
 * read on every later one, so it survives restarts (also kill -9) and differs
 * between servers that share a store but not a folder. Several servers on one
 * PostgreSQL store need it where the store alone named them the same (the MQTT
 * client id of their persistent sessions). A file that is not a node id (cut
 * short, edited) is replaced by a new id.
 */
export function nodeIdIn(dataDir: string): string {
  const file = path.join(dataDir, NODE_ID_FILE);
  const read = () => {
    try {
      const id = fs.readFileSync(file, 'utf8').trim();
      return VALID.test(id) ? id : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        return null;
      }
      throw err;
    }
  };
  const existing = read();
  if (existing) {
    return existing;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const id = randomBytes(6).toString('hex');
  // Written beside and renamed into place: a crash never leaves half an id behind.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${id}\n`, { mode: 0o644 });
  fs.renameSync(tmp, file);
  return id;
}
