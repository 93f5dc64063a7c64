import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHistorian, type Historian } from '../../../src/server/history/historian.js';
import { Journal, realFs, type JournalFs } from '../../../src/server/history/journal.js';
import { migrateToLatest, openStore, type Store } from '../../../src/server/store/db.js';
import { createBus } from '../../../src/server/stream/bus.js';
import { moduleMigrations } from '../../../src/server/modules/index.js';

/*
 * Group commit: acknowledgements asked for by many requests of one event-loop
 * turn (each HTTP body or MQTT message is its own callback, with microtasks
 * run between them) share one journal write and one fdatasync.
 */

function countingFs() {
  const counts = { writev: 0 };
  const fsx: JournalFs = {
    open: (file, flags) => realFs.open(file, flags),
    writev(fh, bufs, position) {
      counts.writev++;
      return realFs.writev(fh, bufs, position);
    },
  };
  return { counts, fsx };
}

/** Runs `fn(i)` for i < n, each in its own macrotask of one check phase, as requests of one poll phase are. */
function inSeparateCallbacks<T>(n: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) => new Promise<T>((resolve, reject) => setImmediate(() => void fn(i).then(resolve, reject)))),
  );
}

describe('journal group commit', () => {
  const dirs: string[] = [];
  let store: Store | null = null;
  let historian: Historian | null = null;
  afterEach(async () => {
    await historian?.close();
    historian = null;
    await store?.close();
    store = null;
    for (const d of dirs.splice(0)) {
      fs.rmSync(d, { recursive: true, force: true });
    }
  });

  it('20 requests in separate callbacks of one turn share one write + fdatasync, and all are durable', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-group-'));
    dirs.push(dir);
    const disk = countingFs();
    const { journal } = await Journal.open(dir, disk.fsx);
    await inSeparateCallbacks(20, (i) => {
      journal.append(Buffer.from(`record ${i}`));
      return journal.sync();
    });
    expect(disk.counts.writev).toBe(1);
    expect(journal.writes).toBe(1);
    // A request arriving after that write gets a write of its own.
    journal.append(Buffer.from('later'));
    await journal.sync();
    expect(journal.writes).toBe(2);
    await journal.close();
    const replayed = await Journal.open(dir);
    expect(replayed.records.map((r) => r.toString())).toEqual([...Array.from({ length: 20 }, (_, i) => `record ${i}`), 'later']);
    await replayed.journal.close();
  });

  it('the historian acknowledges concurrent batches with one journal sync', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-group-'));
    dirs.push(dir);
    store = openStore({ dataDir: ':memory:' });
    await migrateToLatest(store, moduleMigrations());
    const bus = createBus();
    const log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
    const T0 = Date.UTC(2026, 10, 20, 8);
    historian = await createHistorian({ store, bus, log, journalDir: dir, now: () => T0, tickMs: 60_000 });
    const h = historian;
    await inSeparateCallbacks(30, (i) => {
      bus.publishSamples({
        n: 1,
        tag: ['A'],
        t: Float64Array.of(T0 + i * 1000),
        v: Float64Array.of(i),
        q: new Uint8Array(1),
        source: 'test',
      });
      return h.sync();
    });
    expect(h.stats().journalSyncs).toBe(1);
    expect(h.stats().writtenSamples).toBe(30);
  });
});
