import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmLayAsideList } from '../../../../src/shared/alarms/notify-contracts.js';
import { alarmRemoveFromService } from '../../../../src/shared/alarms/settings-contracts.js';
import {
  alarmAcknowledge,
  alarmAuditDetail,
  alarmAuditKpi,
  alarmHistoryList,
  alarmRealTimeList,
  alarmShelve,
  alarmUnshelve,
  type AlarmItem,
} from '../../../../src/shared/alarms/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { connectClient, waitFor, type RecordingClient } from '../../stream/stream-helpers.js';
import { auditOf, demoToken, expectRefused, saveTagsIn } from '../realtime/realtime-fixtures.js';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';

/**
 * Part 5 of "a module is one folder": the alarm rules made exact, on a real
 * server (SQLite and PostgreSQL): a timed shelf belongs to the alarm and
 * holds for its whole period, also across a restart (DOMAIN.md §3); a
 * one-shot shelf ends at the return; the live list and topic `alarm` keep the
 * activation's peak; a manual unshelve acknowledges, recording who
 * (ISA-18.2 §11.7.3); activations while out of service are left out of the
 * audit figures; one alarm's audit detail. Tags: limits L 2, H 8, HH 9,
 * deadband 0.2 (buildTag).
 */
describe.each(dialects)('alarm rules on %s', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: string;
  let operator: string;
  const SHELF = 'RUL.TF.PT1';
  const ONESHOT = 'RUL.TF.PT2';
  const PEAK = 'RUL.TF.PT3';
  const UNSHELVE = 'RUL.TF.PT4';
  const OOS = 'RUL.TF.PT5';
  const LOW = 'RUL.TF.PT6';
  const ELSEWHERE = 'RUL.PU.PT1';

  const ingest = async (tag: string, v: number) => {
    ts.server.stream.ingest.samples({ tag, t: Date.now(), v, q: 0 }, 'test');
    await ts.server.port(alarmsPort).idle();
  };
  const open = async (key: string, token = admin): Promise<AlarmItem | undefined> => {
    const r = await call(ts.url, alarmRealTimeList, {}, token);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.list.find((a) => a.alarmKey === key);
  };
  const stored = async (id: number): Promise<AlarmItem> => {
    const r = await call(ts.url, alarmHistoryList, { from: Date.now() - 3_600_000, to: Date.now() + 60_000, pageSize: 500 }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.list.find((a) => a.id === id)!;
  };
  const shelvedIds = async () => (await call(ts.url, alarmLayAsideList, {}, admin)).body.data!.list.map((a) => a.id);
  const subscribe = async (): Promise<RecordingClient> => {
    const c = await connectClient(ts.url, admin);
    expect((await c.subscribe({ topics: ['alarm'] })).ok).toBe(true);
    return c;
  };
  const restart = async () => {
    await ts.close();
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    operator = await demoToken(ts.url, 'operator');
  };

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    operator = await demoToken(ts.url, 'operator');
    await saveTagsIn(ts.url, admin, [
      [SHELF, 'TF'],
      [ONESHOT, 'TF'],
      [PEAK, 'TF'],
      [UNSHELVE, 'TF'],
      [OOS, 'TF'],
      [LOW, 'TF'],
      [ELSEWHERE, 'PU'],
    ]);
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('a timed shelf belongs to the alarm: the occurrence closes shelved, and the next activation within the shelf opens shelved, never annunciated', async () => {
    const key = `tag:${SHELF}:h`;
    await ingest(SHELF, 8.5);
    const a = (await open(key))!;
    const r = await call(ts.url, alarmShelve, { ids: [a.id], minutes: 30, kind: 'timed', reason: '液位计检修' }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    const until = (await open(key))!.shelvedUntil!;
    const client = await subscribe();
    try {
      await ingest(SHELF, 5); // back to normal: the occurrence closes
      expect(await open(key)).toBeUndefined();
      expect(await stored(a.id)).toMatchObject({ state: 'shelved', active: false, shelvedUntil: until, shelvedBy: 'admin' });
      expect(await stored(a.id)).toHaveProperty('closedAt', expect.any(Number));
      // The shelf is still the alarm's: the ledger lists it.
      expect(await shelvedIds()).toContain(a.id);
      await ingest(SHELF, 8.6);
      const b = (await open(key))!;
      expect(b.id).not.toBe(a.id);
      expect(b).toMatchObject({ state: 'shelved', active: true, shelvedUntil: until, shelvedBy: 'admin', shelveReason: '液位计检修' });
      await waitFor(() => client.alarms.some((x) => x.id === b.id), 5000, 'the new occurrence on the topic');
      // The new occurrence was never annunciated. (Occurrence a's own activation may still reach a socket that subscribed
      // within the same broadcast tick, before its shelve: that is a's past, not b's.)
      expect(client.alarms.filter((x) => x.id === b.id && x.state === 'unack')).toEqual([]);
      expect(await shelvedIds()).toContain(b.id);
      expect(await shelvedIds()).not.toContain(a.id);
    } finally {
      client.close();
    }
  });

  it('a one-shot shelf still ends when the alarm returns to normal: the next activation is annunciated', async () => {
    const key = `tag:${ONESHOT}:h`;
    await ingest(ONESHOT, 8.5);
    const a = (await open(key))!;
    await call(ts.url, alarmShelve, { ids: [a.id], minutes: 30, kind: 'oneShot', reason: '临时工况' }, admin);
    await ingest(ONESHOT, 5);
    expect(await stored(a.id)).toMatchObject({ state: 'normal', active: false });
    expect(await shelvedIds()).not.toContain(a.id);
    await ingest(ONESHOT, 8.5);
    expect(await open(key)).toMatchObject({ state: 'unack', shelvedUntil: null });
  });

  it('the shelf the alarm holds survives a restart; unshelved by hand with no occurrence open, the next activation is annunciated', async () => {
    const key = `tag:${SHELF}:h`;
    const b = (await open(key))!;
    await ingest(SHELF, 5);
    await restart();
    expect(await shelvedIds()).toContain(b.id);
    await ingest(SHELF, 8.7);
    const c = (await open(key))!;
    expect(c).toMatchObject({ state: 'shelved', active: true, shelvedUntil: b.shelvedUntil });
    await ingest(SHELF, 5);
    expect(await shelvedIds()).toContain(c.id);
    // Unshelved from the ledger (the closed occurrence carries the shelf).
    const un = await call(ts.url, alarmUnshelve, { ids: [c.id] }, operator);
    expect(un.body.IsSuccess, JSON.stringify(un.body)).toBe(true);
    expect(un.body.data!.unshelved).toEqual([c.id]);
    expect(await shelvedIds()).not.toContain(c.id);
    expect((await auditOf(ts.url, admin, 'alarm', String(c.id)))[0]).toMatchObject({ action: 'alarm.unshelve', loginname: 'operator' });
    await ingest(SHELF, 8.5);
    expect(await open(key)).toMatchObject({ state: 'unack', shelvedUntil: null });
    // Still a restart later the shelf stays ended.
    await ingest(SHELF, 5);
    await call(ts.url, alarmAcknowledge, { ids: [(await open(key))!.id] }, admin);
    await restart();
    await ingest(SHELF, 8.5);
    expect(await open(key)).toMatchObject({ state: 'unack' });
  });

  it('the live list and topic `alarm` keep the peak of the activation, in the direction of the limit, until the next state change', async () => {
    const key = `tag:${PEAK}:h`;
    const client = await subscribe();
    try {
      await ingest(PEAK, 8.5);
      const a = (await open(key))!;
      expect(a.peak).toBe(8.5);
      await ingest(PEAK, 8.8);
      expect((await open(key))!.peak).toBe(8.8);
      await waitFor(() => client.alarms.some((x) => x.id === a.id && x.peak === 8.8), 5000, 'the new peak on the topic');
      await ingest(PEAK, 8.6); // less extreme: the peak stays
      expect((await open(key))!.peak).toBe(8.8);
      // Acknowledging keeps it (the list and the change on the topic).
      await call(ts.url, alarmAcknowledge, { ids: [a.id] }, admin);
      expect(await open(key)).toMatchObject({ state: 'ack', peak: 8.8 });
      await waitFor(() => client.alarms.some((x) => x.id === a.id && x.state === 'ack'), 5000, 'the acknowledgement on the topic');
      expect(client.alarms.filter((x) => x.id === a.id && x.state === 'ack').map((x) => x.peak)).toEqual([8.8]);
      await ingest(PEAK, 8.95);
      expect((await open(key))!.peak).toBe(8.95);
      // Returned, the occurrence closes with its peak.
      await ingest(PEAK, 7.5);
      expect(await stored(a.id)).toMatchObject({ state: 'normal', peak: 8.95 });
      // A new activation starts a new peak.
      await ingest(PEAK, 8.3);
      expect((await open(key))!.peak).toBe(8.3);
    } finally {
      client.close();
    }
    // A low alarm's peak is its lowest value.
    await ingest(LOW, 1.5);
    await ingest(LOW, 1.2);
    await ingest(LOW, 1.6);
    expect((await open(`tag:${LOW}:l`))!.peak).toBe(1.2);
  });

  it('unshelving by hand acknowledges the alarm with the person who unshelved it, audited together (ISA-18.2 §11.7.3)', async () => {
    const key = `tag:${UNSHELVE}:h`;
    await ingest(UNSHELVE, 8.5);
    const a = (await open(key))!;
    expect(a).toMatchObject({ state: 'unack', ackedBy: null });
    await call(ts.url, alarmShelve, { ids: [a.id], minutes: 30, reason: '仪表检修' }, admin);
    const un = await call(ts.url, alarmUnshelve, { ids: [a.id] }, operator);
    expect(un.body.IsSuccess, JSON.stringify(un.body)).toBe(true);
    const after = (await open(key))!;
    expect(after).toMatchObject({ state: 'ack', acked: true, ackedBy: 'operator', shelvedUntil: null });
    expect(after.ackedAt).toBeGreaterThanOrEqual(a.activatedAt);
    const rows = await auditOf(ts.url, admin, 'alarm', String(a.id));
    expect(rows.map((x) => [x.action, x.loginname])).toEqual([
      ['alarm.ack', 'operator'],
      ['alarm.unshelve', 'operator'],
      ['alarm.shelve', 'admin'],
    ]);
    // Nothing left to acknowledge.
    expectRefused(await call(ts.url, alarmAcknowledge, { ids: [a.id] }, operator), 400, ['ids']);
  });

  it('activations while out of service are left out of the rate, the top 10 and chattering; counted on their own', async () => {
    const from = Date.now() - 1000;
    const r = await call(ts.url, alarmRemoveFromService, { alarms: [{ tagId: OOS, type: 'h' }], reason: '变送器更换' }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    for (let i = 0; i < 3; i++) {
      await ingest(OOS, 8.5);
      await ingest(OOS, 5);
    }
    const k = await call(ts.url, alarmAuditKpi, { from, to: Date.now() + 1000 }, admin);
    expect(k.body.IsSuccess, JSON.stringify(k.body)).toBe(true);
    expect(k.body.data!.outOfService).toBe(3);
    expect(k.body.data!.top10.map((x) => x.alarmKey)).not.toContain(`tag:${OOS}:h`);
    expect(k.body.data!.chattering.map((x) => x.alarmKey)).not.toContain(`tag:${OOS}:h`);
  });

  it('the audit detail of one alarm: its occurrences, durations and who acknowledged, shelved, unshelved and took it out of service', async () => {
    const window = { from: Date.now() - 3_600_000, to: Date.now() + 1000 };
    const d = await call(ts.url, alarmAuditDetail, { alarmKey: `tag:${UNSHELVE}:h`, ...window }, operator);
    expect(d.body.IsSuccess, JSON.stringify(d.body)).toBe(true);
    const { occurrences, actions, summary } = d.body.data!;
    expect(occurrences.map((o) => [o.state, o.ackedBy, o.openedIn])).toEqual([['ack', 'operator', 'unack']]);
    expect(actions.map((x) => [x.action, x.loginname, x.occurrenceId])).toEqual([
      ['alarm.shelve', 'admin', occurrences[0].id],
      ['alarm.unshelve', 'operator', occurrences[0].id],
      ['alarm.ack', 'operator', occurrences[0].id],
    ]);
    expect(actions[0]).toMatchObject({ reason: '仪表检修', minutes: 30, kind: 'timed' });
    expect(summary).toMatchObject({ activations: 1, outOfService: 0, acknowledged: 1 });
    expect(summary.activeMs).toBeGreaterThan(0);

    const o = await call(ts.url, alarmAuditDetail, { alarmKey: `tag:${OOS}:h`, ...window }, admin);
    expect(o.body.data!.occurrences.map((x) => x.openedIn)).toEqual(['outOfService', 'outOfService', 'outOfService']);
    expect(o.body.data!.summary).toMatchObject({ activations: 0, outOfService: 3 });
    expect(o.body.data!.actions.map((x) => [x.action, x.occurrenceId, x.reason])).toEqual([['alarm.removeFromService', null, '变送器更换']]);

    // Isolated like the lists: the operator does not see PU.
    await ingest(ELSEWHERE, 8.5);
    const pu = await call(ts.url, alarmAuditDetail, { alarmKey: `tag:${ELSEWHERE}:h`, ...window }, operator);
    expect(pu.body.data!.occurrences).toEqual([]);
    expect((await call(ts.url, alarmAuditDetail, { alarmKey: `tag:${ELSEWHERE}:h`, ...window }, admin)).body.data!.occurrences).toHaveLength(1);
    expectRefused(await call(ts.url, alarmAuditDetail, { alarmKey: `tag:${ELSEWHERE}:h`, from: window.to, to: window.from }, admin), 400, ['to']);
  });
});
