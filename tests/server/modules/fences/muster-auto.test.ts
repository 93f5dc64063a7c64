import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { startsMuster } from '../../../../src/server/modules/fences/muster-auto.js';
import { alarmRaise, type AlarmItem } from '../../../../src/shared/alarms/contracts.js';
import { musterBoardCall, musterEnd, musterStart } from '../../../../src/shared/fences/muster-contracts.js';
import type { RegionItem } from '../../../../src/shared/org/contracts.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { expectRefused } from '../org/org-fixtures.js';

describe('startsMuster', () => {
  const region = (regionid: number, regionparentid: number) => ({ regionid, regionparentid }) as RegionItem;
  // 1 plant > 2 unit > 3 tank; 4 elsewhere.
  const regions = new Map([region(1, 0), region(2, 1), region(3, 2), region(4, 0)].map((r) => [r.regionid, r]));
  const alarm = (over: Partial<AlarmItem>) => ({ type: 'hh', state: 'unack', active: true, closedAt: null, regionid: 3, ...over }) as AlarmItem;

  it('starts on a configured type, in or under a configured region, only when it opens', () => {
    expect(startsMuster(alarm({}), { types: ['hh'], regions: [] }, regions)).toBe(true);
    expect(startsMuster(alarm({}), { types: ['hh'], regions: [2] }, regions)).toBe(true);
    expect(startsMuster(alarm({}), { types: ['hh'], regions: [3] }, regions)).toBe(true);
    expect(startsMuster(alarm({}), { types: ['hh'], regions: [4] }, regions)).toBe(false);
    expect(startsMuster(alarm({ regionid: null }), { types: ['hh'], regions: [2] }, regions)).toBe(false);
    expect(startsMuster(alarm({ type: 'h' }), { types: ['hh'], regions: [] }, regions)).toBe(false);
    expect(startsMuster(alarm({}), { types: [], regions: [] }, regions)).toBe(false);
    // Acknowledged, returned or closed: a change of an alarm already open starts nothing.
    expect(startsMuster(alarm({ state: 'ack' }), { types: ['hh'], regions: [] }, regions)).toBe(false);
    expect(startsMuster(alarm({ active: false }), { types: ['hh'], regions: [] }, regions)).toBe(false);
    expect(startsMuster(alarm({ closedAt: 1 }), { types: ['hh'], regions: [] }, regions)).toBe(false);
  });
});

describe.each(dialects)('muster started by an alarm rule (%s)', (dialect) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ demo: true, dialect, env: { SIMULATOR: '0', MUSTER_AUTO_ALARM_TYPES: 'sos' } });
  });
  afterAll(async () => {
    await ts?.close();
  });

  /** The musters in the store once the alarm's muster (if any) has been written; polled, not timed. */
  async function mustersAfter(n: number) {
    const db = ts.server.store.db;
    for (let i = 0; i < 200; i++) {
      const rows = await db.selectFrom('muster').selectAll().orderBy('id').execute();
      if (rows.length >= n) {
        return rows;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    return db.selectFrom('muster').selectAll().orderBy('id').execute();
  }

  it('opens one muster, as system and audited, when an SOS opens; none for other types; one at a time', async () => {
    const db = ts.server.store.db;
    const admin = await tokenFor(ts.url, 'admin', DEFAULT_DEMO_PASSWORD);
    const raise = async (key: string, type: 'sos' | 'intrusion') => {
      const r = await call(ts.url, alarmRaise, { key, type, source: key, sourceName: `人员${key}`, priority: 1 }, admin);
      expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
      return (await db.selectFrom('alarm_occurrence').select('id').where('alarm_key', '=', key).executeTakeFirstOrThrow()).id;
    };
    await raise('A-INTR', 'intrusion');
    const sos = await raise('A-SOS1', 'sos');
    const [m] = await mustersAfter(1);
    expect(m).toMatchObject({ started_by: 'system', ended_at: null });
    // The intrusion came first and started nothing: the muster is the SOS's.
    const audit = await db.selectFrom('audit_log').selectAll().where('entity', '=', 'muster').where('entity_id', '=', String(m.id)).execute();
    expect(audit.map((a) => [a.action, a.loginname, a.userid])).toEqual([['muster.start', 'system', null]]);
    expect(JSON.parse(audit[0].detail)).toMatchObject({ alarmId: sos, type: 'sos', source: 'A-SOS1' });
    const board = (await call(ts.url, musterBoardCall, {}, admin)).body.data!;
    expect(board.muster).toMatchObject({ id: m.id, started_by: 'system' });

    // While it runs, a second SOS starts nothing and an administrator cannot start another.
    await raise('A-SOS2', 'sos');
    expectRefused(await call(ts.url, musterStart, { reason: '演练' }, admin), 409);
    expect(await mustersAfter(2)).toHaveLength(1);

    // Once ended, the next SOS starts the next muster.
    expect((await call(ts.url, musterEnd, {}, admin)).body.IsSuccess).toBe(true);
    const sos3 = await raise('A-SOS3', 'sos');
    const after = await mustersAfter(2);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ started_by: 'system', ended_at: null });
    const detail = await db.selectFrom('audit_log').select('detail').where('entity', '=', 'muster').where('entity_id', '=', String(after[1].id)).executeTakeFirstOrThrow();
    expect(JSON.parse(detail.detail)).toMatchObject({ alarmId: sos3 });
  });
});
