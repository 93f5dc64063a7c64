import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmAcknowledge,
  alarmAuditKpi,
  alarmHistoryList,
  alarmRealTimeList,
  alarmShelve,
  alarmUnshelve,
  type AlarmItem,
} from '../../../../src/shared/alarms/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { connectClient, waitFor } from '../../stream/stream-helpers.js';
import { auditOf, demoToken, expectRefused, saveTagsIn } from '../realtime/realtime-fixtures.js';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';

/**
 * Issue 9: the alarm engine on the ingest pipeline, the live list, the topic,
 * acknowledge and shelve with their refusals and audit, data isolation, and a
 * restart that neither loses nor duplicates an open occurrence.
 */
describe.each(dialects)('alarms on %s', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: string;
  let operator: string;
  let inspector: string;
  const TF = 'ALM.TF.PT1';
  const PU = 'ALM.PU.PT1';

  const ingest = async (tag: string, v: number, q = 0) => {
    ts.server.stream.ingest.samples({ tag, t: Date.now(), v, q }, 'test');
    await ts.server.port(alarmsPort).idle();
  };
  const list = async (token: string) => {
    const r = await call(ts.url, alarmRealTimeList, {}, token);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.list;
  };
  const one = (items: AlarmItem[], key: string) => items.filter((a) => a.alarmKey === key);

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    operator = await demoToken(ts.url, 'operator');
    inspector = await demoToken(ts.url, 'inspector');
    await saveTagsIn(ts.url, admin, [
      [TF, 'TF'],
      [PU, 'PU'],
    ]);
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('a value above H opens one unacknowledged H alarm, persisted and sent on topic `alarm` to users who see its region only', async () => {
    const op = await connectClient(ts.url, operator);
    const ins = await connectClient(ts.url, inspector);
    try {
      expect((await op.subscribe({ topics: ['alarm'] })).ok).toBe(true);
      expect((await ins.subscribe({ topics: ['alarm'] })).ok).toBe(true);
      await ingest(TF, 8.5);
      await ingest(PU, 9.5);
      const mine = one(await list(operator), `tag:${TF}:h`);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ state: 'unack', active: true, acked: false, priority: 3, value: 8.5, limit: 8, type: 'h' });
      // The operator (regions TF, LS) sees nothing of PU; the inspector (TF, PU, WH) sees both, HH included.
      expect((await list(operator)).some((a) => a.source === PU)).toBe(false);
      const insList = await list(inspector);
      expect(one(insList, `tag:${PU}:hh`)[0]).toMatchObject({ state: 'unack', priority: 2 });
      await waitFor(() => ins.alarms.some((a) => a.alarmKey === `tag:${PU}:hh`), 5000, 'PU alarm on the inspector socket');
      await waitFor(() => op.alarms.some((a) => a.alarmKey === `tag:${TF}:h`), 5000, 'TF alarm on the operator socket');
      expect(op.alarms.some((a) => a.source === PU)).toBe(false);
      // The same value again (an at-least-once source) opens nothing new.
      await ingest(TF, 8.6);
      expect(one(await list(operator), `tag:${TF}:h`)).toHaveLength(1);
    } finally {
      op.close();
      ins.close();
    }
  });

  it('bad-quality values neither raise nor clear a limit alarm', async () => {
    await ingest(TF, 2.5, 2);
    expect(one(await list(admin), `tag:${TF}:h`)[0].active).toBe(true);
    await ingest(TF, 9.9, 2);
    expect(one(await list(admin), `tag:${TF}:hh`)).toHaveLength(0);
  });

  it('acknowledging is audited with the comment; acknowledging again is refused; a user without the permission or outside the region is refused', async () => {
    const [a] = one(await list(operator), `tag:${TF}:h`);
    const r = await call(ts.url, alarmAcknowledge, { ids: [a.id], comment: '已通知现场' }, operator);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data!.acknowledged).toEqual([a.id]);
    const [after] = one(await list(operator), `tag:${TF}:h`);
    expect(after).toMatchObject({ state: 'ack', acked: true, ackedBy: 'operator', ackComment: '已通知现场' });
    const rows = await auditOf(ts.url, admin, 'alarm', String(a.id));
    expect(rows[0]).toMatchObject({ action: 'alarm.ack', loginname: 'operator' });
    expectRefused(await call(ts.url, alarmAcknowledge, { ids: [a.id] }, operator), 400, ['ids']);
    // The inspector sees alarms but may not acknowledge them.
    expectRefused(await call(ts.url, alarmAcknowledge, { ids: [a.id] }, inspector), 403);
    // The operator cannot touch an alarm of a region outside their scope: it does not exist for them.
    const [pu] = one(await list(admin), `tag:${PU}:hh`);
    expectRefused(await call(ts.url, alarmAcknowledge, { ids: [pu.id] }, operator), 404);
  });

  it('shelving needs a reason and at most 8 hours; a shelved alarm can be unshelved; each step is audited', async () => {
    const [pu] = one(await list(admin), `tag:${PU}:hh`);
    expectRefused(await call(ts.url, alarmShelve, { ids: [pu.id], minutes: 10, reason: '   ' }, admin), 400, ['reason']);
    const tooLong = await call(ts.url, alarmShelve, { ids: [pu.id], minutes: 8 * 60 + 1, reason: '检修' }, admin);
    expectRefused(tooLong, 400, ['minutes']);
    expect(tooLong.body.error.code).toBe('alarm.shelveTooLong');
    const ok = await call(ts.url, alarmShelve, { ids: [pu.id], minutes: 30, reason: '仪表检修' }, admin);
    expect(ok.body.IsSuccess, JSON.stringify(ok.body)).toBe(true);
    const [shelved] = one(await list(admin), `tag:${PU}:hh`);
    expect(shelved).toMatchObject({ state: 'shelved', shelvedBy: 'admin', shelveReason: '仪表检修' });
    expect(shelved.shelvedUntil! - Date.now()).toBeGreaterThan(29 * 60_000);
    expectRefused(await call(ts.url, alarmShelve, { ids: [pu.id], minutes: 30, reason: '再次' }, admin), 400, ['ids']);
    const un = await call(ts.url, alarmUnshelve, { ids: [pu.id] }, admin);
    expect(un.body.IsSuccess).toBe(true);
    // A manual unshelve does not re-annunciate (ISA-18.2 §11.7.3): the operator who unshelves knows of it, and acknowledges it.
    expect(one(await list(admin), `tag:${PU}:hh`)[0]).toMatchObject({ state: 'ack', shelvedUntil: null, ackedBy: 'admin' });
    const actions = (await auditOf(ts.url, admin, 'alarm', String(pu.id))).map((r) => r.action);
    expect(actions).toEqual(['alarm.ack', 'alarm.unshelve', 'alarm.shelve']);
  });

  it('a value back past the deadband returns the alarm; acknowledged and returned, it closes and stays in the history', async () => {
    await ingest(TF, 7.9); // inside the deadband (8 − 0.2): still active
    expect(one(await list(admin), `tag:${TF}:h`)[0].active).toBe(true);
    await ingest(TF, 7.7);
    expect(one(await list(admin), `tag:${TF}:h`)).toHaveLength(0); // acknowledged before, so back to normal: closed
    const h = await call(ts.url, alarmHistoryList, { from: Date.now() - 3_600_000, to: Date.now() + 1000, source: TF }, operator);
    expect(h.body.IsSuccess, JSON.stringify(h.body)).toBe(true);
    const closed = h.body.data!.list.find((a) => a.alarmKey === `tag:${TF}:h`)!;
    expect(closed).toMatchObject({ state: 'normal', peak: 8.6 });
    expect(closed.closedAt).not.toBeNull();
    expect(closed.returnedAt).not.toBeNull();
    // The history is isolated like the list: the operator gets nothing of PU.
    const hp = await call(ts.url, alarmHistoryList, { from: Date.now() - 3_600_000, to: Date.now() + 1000, source: PU }, operator);
    expect(hp.body.data!.total).toBe(0);
    expectRefused(await call(ts.url, alarmHistoryList, { from: 10, to: 5 }, operator), 400, ['to']);
  });

  it('the audit figures count only the alarms the caller may see, and refuse a backwards or too long range naming `to`', async () => {
    const range = { from: Date.now() - 3_600_000, to: Date.now() + 1000 };
    const all = await call(ts.url, alarmAuditKpi, range, admin);
    expect(all.body.IsSuccess, JSON.stringify(all.body)).toBe(true);
    const mine = await call(ts.url, alarmAuditKpi, range, operator);
    const ours = (k: typeof all.body.data) =>
      k!.top10
        .filter((t) => t.alarmKey.includes('ALM.'))
        .map((t) => t.alarmKey)
        .sort();
    expect(ours(all.body.data)).toEqual([`tag:${PU}:h`, `tag:${PU}:hh`, `tag:${TF}:h`]);
    expect(ours(mine.body.data)).toEqual([`tag:${TF}:h`]);
    expect(all.body.data!.priority.high + all.body.data!.priority.medium).toBeGreaterThanOrEqual(3);
    expectRefused(await call(ts.url, alarmAuditKpi, { from: 10, to: 5 }, admin), 400, ['to']);
    expectRefused(await call(ts.url, alarmAuditKpi, { from: 0, to: 40 * 24 * 3_600_000 }, admin), 400, ['to']);
  });

  it('after a restart the open alarms are back, and the same values open no second occurrence', async () => {
    await ingest(TF, 9.5); // H and HH again, unacknowledged
    const before = (await list(admin)).filter((a) => a.source === TF || a.source === PU);
    expect(before.length).toBeGreaterThanOrEqual(3);
    await ts.close();
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    const after = (await list(admin)).filter((a) => a.source === TF || a.source === PU);
    expect(after.map((a) => [a.id, a.state]).sort()).toEqual(before.map((a) => [a.id, a.state]).sort());
    await ingest(TF, 9.6);
    await ingest(PU, 9.6);
    const again = (await list(admin)).filter((a) => a.source === TF || a.source === PU);
    expect(again.map((a) => a.id).sort()).toEqual(before.map((a) => a.id).sort());
  });
});
