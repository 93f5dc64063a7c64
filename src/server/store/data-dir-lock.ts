import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'plantwatch.lock';

/** Who holds a data folder: written into the lock file. */
export interface LockOwner {
  pid: number;
  host: string;
  /** ISO time the holder started. */
  startedAt: string;
}

/** A second server on the same DATA_DIR: thrown by `lockDataDir`, printed by main.ts as it is. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: LockOwner | null,
  ) {
    super(
      owner
        ? `DATA_DIR ${dir} is in use by another Plantwatch server (pid ${owner.pid} on ${owner.host}, started ${owner.startedAt}). ` +
            `Stop that server or give this one another DATA_DIR. If that process is gone, delete ${path.join(dir, LOCK_FILE)}.`
        : `DATA_DIR ${dir} is in use by another Plantwatch server (lock file ${path.join(dir, LOCK_FILE)} unreadable).`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. */
  release(): void;
}

function readOwner(file: string): LockOwner | null {
  try {
    const o = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof o.pid === 'number' && typeof o.host === 'string' ? { pid: o.pid, host: o.host, startedAt: String(o.startedAt ?? '?') } : null;
  } catch {
    return null;
  }
}

/** Whether a process with this pid runs on this machine (EPERM: it runs, under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A lock left by a process that is gone (kill -9, power loss). Only decidable
 * on the same host; a lock naming our own pid is a leftover of an earlier
 * container run that happened to get the same pid.
 */
function stale(owner: LockOwner | null): boolean {
  return owner !== null && owner.host === os.hostname() && (owner.pid === process.pid || !alive(owner.pid));
}

/** An unreadable lock file older than this was not being written by a starting server: it is left over. */
const UNREADABLE_STALE_MS = 10_000;

function mtimeOf(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

const sameOwner = (a: LockOwner | null, b: LockOwner | null) => a !== null && b !== null && a.pid === b.pid && a.host === b.host && a.startedAt === b.startedAt;

/**
 * Claims a data folder for this process, so that two servers never run on one
 * SQLite file (two history writers, two simulators, two retention jobs). The
 * lock file is created exclusively (O_EXCL); one whose process is gone is taken
 * over. Throws DataDirLockedError naming the folder and the other process.
 */
export function lockDataDir(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      fs.writeSync(fd, JSON.stringify(me));
      fs.closeSync(fd);
      return {
        file,
        release() {
          if (sameOwner(readOwner(file), me)) {
            fs.rmSync(file, { force: true });
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw err;
      }
    }
    const owner = readOwner(file);
    if (owner === null) {
      if (Date.now() - mtimeOf(file) > UNREADABLE_STALE_MS) {
        // Left empty by a process that died between creating and filling it.
        fs.rmSync(file, { force: true });
      } else {
        // Being written by a server starting right now: look again shortly.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      }
      continue;
    }
    if (!stale(owner)) {
      throw new DataDirLockedError(dir, owner);
    }
    // Take the stale lock aside under a name of our own, so that two servers starting at once cannot both remove
    // it; then check that what we moved is the stale lock and not a fresh one a faster starter just wrote.
    const aside = `${file}.stale-${process.pid}`;
    try {
      fs.renameSync(file, aside);
    } catch {
      continue;
    }
    const moved = readOwner(aside);
    if (!sameOwner(moved, owner)) {
      // A live lock: put it back (link fails if yet another one was written meanwhile) and report its owner.
      try {
        fs.linkSync(aside, file);
      } catch {
        // Whichever lock is in place now stays; ours is not created.
      }
      fs.rmSync(aside, { force: true });
      throw new DataDirLockedError(dir, moved);
    }
    fs.rmSync(aside, { force: true });
  }
  throw new DataDirLockedError(dir, readOwner(file));
}
