import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHistorian, DISK_ALARM, type Historian } from '../../../src/server/history/historian.js';
import { Journal, realFs, type JournalFs } from '../../../src/server/history/journal.js';
import { decodeRecord } from '../../../src/server/history/records.js';
import { migrateToLatest, openStore, type Store } from '../../../src/server/store/db.js';
import { createAlarmService, type AlarmService } from '../../../src/server/modules/alarms/alarm.service.js';
import { createBus, type StreamBus } from '../../../src/server/stream/bus.js';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { moduleMigrations } from '../../../src/server/modules/index.js';

/*
 * A full disk, simulated through the journal's injectable file system layer
 * (no tmpfs: mounting one needs root, which tests do not have): a write that
 * fails with ENOSPC after writing part of its bytes, as a real full disk does.
 */

function fullDiskFs() {
  const state = { full: false };
  const fsx: JournalFs = {
    open: (file, flags) => realFs.open(file, flags),
    async writev(fh, bufs, position) {
      if (!state.full) {
        return realFs.writev(fh, bufs, position);
      }
      // Half of the first buffer reaches the file, then the disk is full.
      await fh.write(bufs[0], 0, Math.ceil(bufs[0].length / 2), position);
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    },
  };
  return { state, fsx };
}

const T0 = Date.UTC(2026, 10, 20, 8);

function samples(bus: StreamBus, tag: string, from: number, n: number) {
  bus.publishSamples({
    n,
    tag: new Array<string>(n).fill(tag),
    t: Float64Array.from({ length: n }, (_, i) => T0 + (from + i) * 1000),
    v: Float64Array.from({ length: n }, (_, i) => from + i),
    q: new Uint8Array(n),
    source: 'test',
  });
}

describe('history on a full disk', () => {
  let store: Store | null = null;
  let historian: Historian | null = null;
  let alarms: AlarmService | null = null;
  let dir = '';
  afterEach(async () => {
    await historian?.close();
    await alarms?.close();
    await store?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('raises the system alarm, keeps answering from memory, retries when space returns (alarm cleared), and leaves the journal intact', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-full-'));
    store = openStore({ dataDir: ':memory:' });
    await migrateToLatest(store, moduleMigrations());
    const bus = createBus();
    const errors: { obj: unknown; msg?: string }[] = [];
    const log = { debug: () => {}, info: () => {}, warn: () => {}, error: (obj: unknown, msg?: string) => errors.push({ obj, msg }) };
    const disk = fullDiskFs();
    // Windows never due during the test: everything stays in the journal and memory.
    historian = await createHistorian({ store, bus, log, journalDir: dir, fs: disk.fsx, now: () => T0, tickMs: 60_000 });
    alarms = await createAlarmService({
      db: store.db,
      bus,
      tags: createMemoryTagRegistry([]),
      org: {
        getUserScope: async () => ({ all: true, regionids: [], deptids: [] }),
        allDeptsAndRegions: async () => ({ depts: [], regions: [] }),
      },
      log: { info: () => {}, error: () => {} },
    });
    historian.reportTo(alarms);
    const diskAlarms = () => alarms!.openAlarms(DISK_ALARM.key);
    /** Raise and clear go out asynchronously after the failure or success: wait for the alarm to settle. */
    const settled = async (active: boolean) => {
      for (let i = 0; i < 200 && diskAlarms().some((a) => a.active) !== active; i++) {
        await new Promise((r) => setTimeout(r, 5));
      }
      return diskAlarms();
    };

    samples(bus, 'A', 0, 100);
    await historian.sync();
    disk.state.full = true;
    samples(bus, 'A', 100, 100);
    await expect(historian.sync()).rejects.toThrow(/ENOSPC/);
    expect(historian.stats().failing).toBe(true);
    expect(errors.some((e) => /disk full/.test(e.msg ?? ''))).toBe(true);
    const raised = await settled(true);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      alarmKey: DISK_ALARM.key,
      type: 'system',
      priority: 1,
      active: true,
      sourceName: DISK_ALARM.sourceName,
    });
    // The live side goes on: queries see every item, acknowledged or not.
    expect(historian.openSamples(['A'], T0, T0 + 1000_000).get('A')!.t).toHaveLength(200);
    // Still full: still refused, nothing acknowledged by mistake; still one occurrence.
    await expect(historian.sync()).rejects.toThrow(/ENOSPC/);
    expect(diskAlarms()).toHaveLength(1);

    disk.state.full = false;
    samples(bus, 'A', 200, 50);
    await historian.sync();
    expect(historian.stats().failing).toBe(false);
    expect(historian.stats().bufferedSamples).toBe(0);
    // Writes succeed again: the condition returned to normal (the occurrence waits for its acknowledgement).
    const cleared = await settled(false);
    expect(cleared.map((a) => [a.active, a.returnedAt !== null])).toEqual([[false, true]]);

    // What a restart would replay: every item once, in order, no damaged record.
    const opened = await Journal.open(dir);
    expect(opened.tornBytes).toBe(0);
    const t: number[] = [];
    for (const rec of opened.records) {
      const r = decodeRecord(rec);
      if (r.type === 1) {
        t.push(...Array.from(r.batch.t).map((x) => (x - T0) / 1000));
      }
    }
    expect(t).toEqual(Array.from({ length: 250 }, (_, i) => i));
    await opened.journal.close();
  });
});
