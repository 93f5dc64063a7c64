import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../src/server/config.js';
import { webhookAddOrEdit } from '../../../src/shared/alarms/notify-contracts.js';
import { alarmRaise, type AlarmItem } from '../../../src/shared/alarms/contracts.js';
import { logOff } from '../../../src/shared/auth/contracts.js';
import { definitionSave } from '../../../src/shared/records/contracts.js';
import { recordsTopic } from '../../../src/shared/contracts/topics.js';
import type { RecordChangeItem } from '../../../src/shared/records/contracts.js';
import { call, login } from '../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../helpers/server.js';
import { demoToken, orgIds } from '../modules/org/org-fixtures.js';
import { buildLedger } from '../modules/records/records-fixtures.js';
import { connectClient, waitFor, type RecordingClient } from './stream-helpers.js';
import { alarmsModule } from '../../../src/server/modules/alarms/index.js';

/** A local webhook receiver that keeps the alarm ids it was sent. */
async function startReceiver() {
  const alarmIds: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      alarmIds.push((JSON.parse(body) as { alarm: { id: number } }).alarm.id);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    alarmIds,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/*
 * Two servers on one PostgreSQL store relay their domain events (LISTEN/NOTIFY):
 * a browser on B sees at once what A changed; what must happen once per change
 * (a webhook) still happens once, on A.
 */
describe.runIf(dialects.includes('postgres'))('domain events between two servers of one PostgreSQL store', () => {
  let store: TestStore;
  let a: TestServer;
  let b: TestServer;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  const sockets: RecordingClient[] = [];
  // No simulator or man-down default: only this test's alarms.
  const env = { SIMULATOR: '0', MAN_DOWN_DEFAULT: 'off', NOTIFY_POLL_MS: '20', LOG_LEVEL: 'error' };

  beforeAll(async () => {
    rx = await startReceiver();
    store = await freshDatabase('postgres');
    a = await startTestServer({ demo: true, store, env });
    b = await startTestServer({ demo: true, store, env });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await a?.close();
    await b?.close();
    await store?.drop();
    await rx?.close();
  });

  it('a socket on B sees an alarm raised and a record saved on A; the webhook fires once, from A', async () => {
    const [adminA, adminB] = await Promise.all([demoToken(a.url, 'admin'), demoToken(b.url, 'admin')]);
    const ids = await orgIds(a.url, adminA);
    const hook = await call(a.url, webhookAddOrEdit, { name: 'relay', url: rx.url, template: 'json', enabled: true }, adminA);
    expect(hook.body.IsSuccess, JSON.stringify(hook.body)).toBe(true);
    const approver = (
      await a.server.store.db.selectFrom('users').select('userid').where('loginname', '=', 'supervisor').executeTakeFirstOrThrow()
    ).userid;
    const ledger = buildLedger({ secondApprover: approver });
    expect((await call(a.url, definitionSave, { definition: ledger.def }, adminA)).body.IsSuccess).toBe(true);
    // B learns the new ledger from the store (its own sync), then its socket may take the ledger's topic.
    await waitFor(async () => (await call(b.url, ledger.calls.list, {}, adminB)).httpStatus === 200, 15_000, 'the ledger on B');

    const onB = await connectClient(b.url, adminB);
    sockets.push(onB);
    const records: RecordChangeItem[] = [];
    onB.socket.on('record.changed', (batch) => records.push(...batch.items));
    expect(await onB.subscribe({ topics: ['alarm', recordsTopic(ledger.def.entity)] })).toEqual({ ok: true, denied: [] });
    // What B's side-effect consumers (webhooks, musters) hear: this server's events only.
    const heardOnB: AlarmItem[] = [];
    const heardOnA: AlarmItem[] = [];
    const subs = [
      b.server.stream.bus.on('alarm.changed').subscribe((e) => heardOnB.push(...e.alarms)),
      a.server.stream.bus.on('alarm.changed').subscribe((e) => heardOnA.push(...e.alarms)),
    ];

    const key = `relay-test:${Date.now()}`;
    const raised = await call(a.url, alarmRaise, { key, type: 'external', source: 'RELAY-1', sourceName: '外部系统', priority: 1 }, adminA);
    expect(raised.body.IsSuccess, JSON.stringify(raised.body)).toBe(true);
    await waitFor(() => onB.alarms.some((x) => x.alarmKey === key), 5000, 'the alarm raised on A, on B');
    const seen = onB.alarms.find((x) => x.alarmKey === key)!;
    expect(seen).toMatchObject({ alarmKey: key, state: 'unack', active: true, source: 'RELAY-1' });

    const saved = await call(
      a.url,
      ledger.calls.save,
      { title: '动火作业', dept: ids.dept.get('PROD-TF')!, region: ids.region.get('TF')!, approver },
      adminA,
    );
    expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
    const id = (saved.body.data as { id: number }).id;
    await waitFor(() => records.some((r) => r.id === id), 5000, 'the record saved on A, on B');
    expect(records.filter((r) => r.id === id)).toMatchObject([{ entity: ledger.def.entity, action: 'create' }]);

    // The webhook: sent once, by A, which raised the alarm.
    await waitFor(() => rx.alarmIds.includes(seen.id), 5000, 'the webhook');
    await Promise.all([a.server.exposed(alarmsModule).notify.idle(), b.server.exposed(alarmsModule).notify.idle()]);
    expect(rx.alarmIds.filter((x) => x === seen.id)).toHaveLength(1);
    expect(heardOnA.filter((x) => x.alarmKey === key)).toHaveLength(1);
    expect(heardOnB).toEqual([]);
    const deliveries = await a.server.store.db.selectFrom('alarm_delivery').select('status').where('occurrence_id', '=', seen.id).execute();
    expect(deliveries).toEqual([{ status: 'sent' }]);
    subs.forEach((s) => s.unsubscribe());
  });

  it('signing out on A closes the session’s socket on B', async () => {
    const session = await login(a.url, 'supervisor', DEFAULT_DEMO_PASSWORD);
    expect(session.body.IsSuccess).toBe(true);
    const token = session.body.data!.accessToken;
    const onB = await connectClient(b.url, token);
    sockets.push(onB);
    expect((await onB.subscribe({ topics: ['region'] })).ok).toBe(true);
    expect((await call(a.url, logOff, {}, token)).body.IsSuccess).toBe(true);
    await waitFor(() => !onB.socket.connected, 5000, 'the socket on B closed');
    expect(onB.closed).toBe('signedOut');
  });
});
