import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../../src/server/store/data-dir-lock.js';
import { startServerProcess, type ServerProcess } from '../../helpers/process.js';

/** `npm run serve` in a data folder of its own. */
const startProcess = (dataDir: string): ServerProcess => startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });

async function until(what: string, check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('one server per DATA_DIR (two real processes)', () => {
  let dir: string;
  const runs: ServerProcess[] = [];
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-lock-'));
  });
  afterAll(async () => {
    for (const r of runs) {
      await r.kill();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second server naming the folder and the first process; kill -9 does not block the next start', async () => {
    const first = startProcess(dir);
    runs.push(first);
    await until('the first server', () => first.out().includes('Plantwatch listening'));
    const lock = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as { pid: number; host: string; startedAt: string };
    expect(lock).toMatchObject({ pid: first.child.pid, host: os.hostname() });

    const second = startProcess(dir);
    runs.push(second);
    expect(await second.exited).toBe(1);
    const message = second.out();
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${first.child.pid}`);
    expect(message).toContain(os.hostname());
    expect(message).toContain(lock.startedAt);
    expect(message).not.toContain('Plantwatch listening');
    // The refused server left the first one's lock alone.
    expect(first.child.exitCode).toBeNull();
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toEqual(lock);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);

    const third = startProcess(dir);
    runs.push(third);
    await until('the server after kill -9', () => third.out().includes('Plantwatch listening'));
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: third.child.pid });
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    // A clean stop removes the lock.
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 90_000);
});
