import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alarmHistoryList, alarmRealTimeList, type AlarmItem } from '../../../../src/shared/alarms/contracts.js';
import { tagList } from '../../../../src/shared/realtime/contracts.js';
import { call } from '../../../helpers/api.js';
import { startServerProcess, type ServerProcess } from '../../../helpers/process.js';
import { connectClient, INGEST_KEY, ingestHttp, waitFor } from '../../stream/stream-helpers.js';
import { demoToken } from '../realtime/realtime-fixtures.js';

/** The server as a real process, demo plant without the simulator, on a free port. */
const startProcess = (dataDir: string): ServerProcess => startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', DEMO: '1', INGEST_API_KEY: INGEST_KEY });

/**
 * Issue 9: SIGKILL during an alarm flood loses no alarm occurrence a client
 * was told of (each is stored before it is published) and duplicates none
 * (one open occurrence per alarm; the same values after the restart open
 * nothing new).
 */
describe('alarms survive kill -9 during a flood (real process, SQLite file)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-alarm-kill-'));
  const runs: ServerProcess[] = [];
  afterAll(async () => {
    for (const r of runs) {
      await r.kill();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('every alarm seen on the stream before the kill is stored once; re-sent values open no duplicate', async () => {
    const first = startProcess(dir);
    runs.push(first);
    const url = await first.url;
    const admin = await demoToken(url, 'admin');
    const tags = (await call(url, tagList, { pageSize: 1000 }, admin)).body.data!.items.filter((t) => t.hh !== null && t.kind !== 'discrete');
    expect(tags.length).toBeGreaterThan(50);
    const client = await connectClient(url, admin);
    expect((await client.subscribe({ topics: ['alarm'] })).ok).toBe(true);

    // Every tag above its HH, in batches; SIGKILL while alarms are still arriving.
    const t0 = Date.now();
    const batches: { tag: string; t: number; v: number; q: number }[][] = [];
    for (let i = 0; i < tags.length; i += 20) {
      batches.push(tags.slice(i, i + 20).map((tag) => ({ tag: tag.id, t: t0, v: tag.hh! + Math.max(1, Math.abs(tag.hh!) * 0.1), q: 0 })));
    }
    let sent = 0;
    for (const b of batches) {
      expect((await ingestHttp(url, 'samples', b)).status).toBe(200);
      sent++;
      if (sent === Math.ceil(batches.length / 2)) {
        await waitFor(() => client.alarms.length > 0, 5000, 'the first alarms on the stream');
        first.child.kill('SIGKILL');
        break;
      }
    }
    await first.exited;
    client.close();
    const seen = new Map<number, AlarmItem>();
    for (const a of client.alarms) {
      seen.set(a.id, a);
    }
    expect(seen.size).toBeGreaterThan(0);

    const second = startProcess(dir);
    runs.push(second);
    const url2 = await second.url;
    const admin2 = await demoToken(url2, 'admin');
    const open = (await call(url2, alarmRealTimeList, {}, admin2)).body.data!.list;
    const all: AlarmItem[] = [];
    for (let pageIndex = 1; ; pageIndex++) {
      const page = (await call(url2, alarmHistoryList, { from: t0 - 1000, to: Date.now() + 60_000, pageSize: 500, pageIndex }, admin2)).body.data!;
      all.push(...page.list);
      if (all.length >= page.total || page.list.length === 0) {
        break;
      }
    }
    const stored = new Map(all.map((a) => [a.id, a]));
    // Nothing a client was told of is missing.
    for (const [id, a] of seen) {
      expect(stored.get(id)?.alarmKey, `alarm ${id} (${a.alarmKey}) seen before the kill`).toBe(a.alarmKey);
    }
    // One occurrence per alarm.
    const keys = all.map((a) => a.alarmKey);
    expect(new Set(keys).size).toBe(keys.length);

    const expected = tags.reduce((n, tag) => n + 1 + (tag.h !== null ? 1 : 0), 0); // HH, and H where set
    // The whole flood again, now including the batches that never got in: each alarm opens once.
    for (const b of batches) {
      expect((await ingestHttp(url2, 'samples', b.map((s) => ({ ...s, t: s.t + 1000 })))).status).toBe(200);
    }
    const after = (await waitFor(
      async () => {
        const l = (await call(url2, alarmRealTimeList, {}, admin2)).body.data!.list;
        return l.length >= expected ? l : null;
      },
      15_000,
      'every tag in H and HH',
    ))!;
    const openKeys = after.map((a) => a.alarmKey);
    expect(new Set(openKeys).size).toBe(openKeys.length);
    // Occurrences open before the restart kept their ids.
    for (const a of open) {
      expect(after.find((x) => x.alarmKey === a.alarmKey)?.id).toBe(a.id);
    }
  }, 120_000); // two real server starts (tsx) and a flood: about 25 s quiet, over 30 s on a loaded machine
});
