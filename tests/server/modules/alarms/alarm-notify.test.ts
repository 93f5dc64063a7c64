import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmEscalations,
  escalationConfigAdd,
  escalationConfigDelete,
  escalationConfigList,
  escalationConfigSort,
  webhookAddOrEdit,
  webhookBindTheUser,
  webhookDelete,
  webhookList,
  webhookLogList,
} from '../../../../src/shared/alarms/notify-contracts.js';
import { alarmAcknowledge, alarmRealTimeList } from '../../../../src/shared/alarms/contracts.js';
import { fenceRuleDelete, fenceRuleList } from '../../../../src/shared/fences/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { waitFor } from '../../stream/stream-helpers.js';
import { auditOf, demoToken, expectRefused, saveTagsIn } from '../realtime/realtime-fixtures.js';
import { alarmsModule } from '../../../../src/server/modules/alarms/index.js';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

/** A local webhook receiver: records what it gets; `failFirst(path, n)` answers 500 to the first n posts on a path. */
async function startReceiver() {
  const got: Received[] = [];
  const failures = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      const left = failures.get(path.split('?')[0]) ?? 0;
      if (left > 0) {
        failures.set(path.split('?')[0], left - 1);
        res.writeHead(500).end('not now');
        return;
      }
      got.push({ path, headers: req.headers, body, json: JSON.parse(body) as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    got,
    on: (path: string) => got.filter((g) => g.path.split('?')[0] === path),
    failFirst: (path: string, n: number) => failures.set(path, n),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * Issue 9 part 8: alarm webhooks through the outbox (retries with back-off,
 * every try logged, region isolation, signature, restart) and escalation of
 * alarms nobody acknowledges, against a local HTTP receiver.
 */
describe.each(dialects)('alarm notifications on %s', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let rx: Receiver;
  let admin: string;
  let regions: Map<string, number>;
  const TF = 'NTF.TF.PT1';
  const PU = 'NTF.PU.PT1';
  // Only this test's tags raise alarms: no simulated plant, no man-down default, and the demo's fence rules go (beforeAll).
  const env = {
    LOG_LEVEL: 'error',
    NOTIFY_BACKOFF_MS: '30,30,30',
    NOTIFY_POLL_MS: '20',
    ESCALATION_MINUTE_MS: '1000',
    SIMULATOR: '0',
    MAN_DOWN_DEFAULT: 'off',
  };

  const ingest = async (tag: string, v: number) => {
    ts.server.stream.ingest.samples({ tag, t: Date.now(), v, q: 0 }, 'test');
    await ts.server.port(alarmsPort).idle();
    await ts.server.exposed(alarmsModule).notify.idle();
  };
  const addHook = async (input: Record<string, unknown>) => {
    const r = await call(ts.url, webhookAddOrEdit, { template: 'json', ...input }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.id;
  };
  const log = async (webhookId: number) => {
    const r = await call(ts.url, webhookLogList, { webhookId }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.items;
  };
  const openAlarm = async (tag: string, type: string) => {
    const r = await call(ts.url, alarmRealTimeList, {}, admin);
    return r.body.data!.list.find((a) => a.alarmKey === `tag:${tag}:${type}`)!;
  };
  /** The open alarms of this test's tags (the demo plant's fence engine raises its own meanwhile). */
  const ownOpen = async () =>
    (await call(ts.url, alarmRealTimeList, {}, admin)).body.data!.list.filter((a) => a.source === TF || a.source === PU);
  /** Both tags back to normal and their open alarms acknowledged: no occurrence of theirs stays open. */
  const allToNormal = async () => {
    await ingest(TF, 5);
    await ingest(PU, 5);
    const ids = (await ownOpen()).map((a) => a.id);
    if (ids.length) {
      await call(ts.url, alarmAcknowledge, { ids }, admin);
    }
    expect(await ownOpen()).toEqual([]);
  };
  const disableAll = async () => {
    for (const w of (await call(ts.url, webhookList, {}, admin)).body.data!.items) {
      await call(ts.url, webhookAddOrEdit, { ...w, enabled: false }, admin);
    }
  };

  beforeAll(async () => {
    rx = await startReceiver();
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env });
    admin = await demoToken(ts.url, 'admin');
    for (const rule of (await call(ts.url, fenceRuleList, {}, admin)).body.data!.items) {
      expect((await call(ts.url, fenceRuleDelete, { regionid: rule.regionid }, admin)).body.IsSuccess).toBe(true);
    }
    regions = await saveTagsIn(ts.url, admin, [
      [TF, 'TF'],
      [PU, 'PU'],
    ]);
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
    await rx?.close();
  });

  it('refuses a URL that is not http(s), naming the field; edits are audited without the secret', async () => {
    for (const url of ['ftp://example.com/hook', 'javascript:alert(1)', 'file:///etc/passwd', 'not a url']) {
      expectRefused(await call(ts.url, webhookAddOrEdit, { name: 'x', url, template: 'json' }, admin), 400, ['url']);
    }
    const operator = await demoToken(ts.url, 'operator');
    expectRefused(await call(ts.url, webhookAddOrEdit, { name: 'x', url: `${rx.base}/x`, template: 'json' }, operator), 403);
    const id = await addHook({ name: '审计', url: `${rx.base}/audit`, secret: 's3cret', enabled: false });
    const list = (await call(ts.url, webhookList, {}, admin)).body.data!.items;
    expect(list.find((w) => w.id === id)).toMatchObject({ name: '审计', hasSecret: true, enabled: false });
    expect(JSON.stringify(list)).not.toContain('s3cret');
    expect((await call(ts.url, webhookDelete, { id }, admin)).body.IsSuccess).toBe(true);
    const rows = await auditOf(ts.url, admin, 'alarm_webhook', String(id));
    expect(rows.map((r) => r.action).sort()).toEqual(['webhook.create', 'webhook.delete']);
    expect(JSON.stringify(rows)).not.toContain('s3cret');
  });

  it('a webhook gets the alarm, signed; a rule for region TF never sends PU alarms; priority and type rules filter', async () => {
    const secret = 'k3y';
    const all = await addHook({ name: '全部', url: `${rx.base}/all`, secret });
    await addHook({ name: 'TF 区', url: `${rx.base}/tf`, regionids: [regions.get('TF')!] });
    await addHook({ name: '仅紧急高', url: `${rx.base}/high`, priorities: [1, 2], types: ['hh'] });
    await ingest(TF, 8.5); // H, priority 3
    await ingest(PU, 9.5); // H and HH (priority 2)
    await waitFor(() => rx.on('/all').length === 3 && rx.on('/tf').length === 1 && rx.on('/high').length === 1, 5000, 'deliveries');
    await ts.server.exposed(alarmsModule).notify.idle();
    expect(rx.on('/tf').map((g) => (g.json.alarm as { source: string }).source)).toEqual([TF]);
    expect(rx.on('/high').map((g) => (g.json.alarm as { alarmKey: string }).alarmKey)).toEqual([`tag:${PU}:hh`]);
    const first = rx.on('/all')[0];
    expect(first.json).toMatchObject({ event: 'alarm.raised' });
    const ts0 = first.headers['x-plantwatch-timestamp'] as string;
    expect(first.headers['x-plantwatch-signature']).toBe(
      `sha256=${createHmac('sha256', secret).update(`${ts0}.${first.body}`).digest('hex')}`,
    );
    // The same value again (at-least-once source) and a re-heard event send nothing new.
    await ingest(TF, 8.6);
    await ts.server.exposed(alarmsModule).notify.idle();
    expect(rx.on('/all')).toHaveLength(3);
    const entries = await log(all);
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.status === 'sent' && e.tries.length === 1 && e.tries[0].statusCode === 200)).toBe(true);
    await disableAll();
  });

  it('bound users without a region rule bound what is sent to their regions, and are @-mentioned', async () => {
    // operator sees TF and LS (demo isolation), so a webhook bound to them gets TF's alarm and never PU's.
    const id = await addHook({ name: '钉钉', url: `${rx.base}/ding`, template: 'dingtalk', secret: 'ding' });
    const { body } = await call(ts.url, webhookBindTheUser, { id, userids: [await userId('operator')] }, admin);
    expect(body.IsSuccess, JSON.stringify(body)).toBe(true);
    expectRefused(await call(ts.url, webhookBindTheUser, { id, userids: [999_999] }, admin), 400, ['userids']);
    await allToNormal();
    await ingest(TF, 8.7);
    await ingest(PU, 8.7);
    await waitFor(() => rx.on('/ding').length >= 1, 5000, 'dingtalk delivery');
    await ts.server.exposed(alarmsModule).notify.idle();
    const ding = rx.on('/ding');
    expect(ding).toHaveLength(1);
    expect(ding[0].json).toMatchObject({ msgtype: 'markdown' });
    expect(JSON.stringify(ding[0].json)).toContain(TF);
    expect(ding[0].path).toMatch(/[?&]timestamp=\d+&sign=/);
    await disableAll();
  });

  async function userId(loginname: string): Promise<number> {
    const row = await ts.server.store.db.selectFrom('users').select('userid').where('loginname', '=', loginname).executeTakeFirstOrThrow();
    return row.userid;
  }

  it('a receiver that fails twice gets the alarm on the 3rd try; every try is logged', async () => {
    rx.failFirst('/flaky', 2);
    const id = await addHook({ name: '不稳定', url: `${rx.base}/flaky`, types: ['hh'] });
    await ingest(TF, 9.6);
    await waitFor(() => rx.on('/flaky').length === 1, 5000, 'third try');
    await ts.server.exposed(alarmsModule).notify.idle();
    const [entry] = await log(id);
    expect(entry).toMatchObject({ status: 'sent', attempts: 3 });
    expect(entry.tries.map((t) => [t.ok, t.statusCode])).toEqual([
      [false, 500],
      [false, 500],
      [true, 200],
    ]);
    expect(entry.tries[0].error).toBe('not now');
    await disableAll();
  });

  it('a delivery gives up after the last back-off; a receiver that is down does not hold up other webhooks', async () => {
    const down = await addHook({ name: '宕机', url: 'http://127.0.0.1:9/never', types: ['ll'] });
    const up = await addHook({ name: '正常', url: `${rx.base}/up`, types: ['ll'] });
    await ingest(TF, 0.5);
    await waitFor(() => rx.on('/up').length === 1, 5000, 'healthy webhook');
    await waitFor(async () => (await log(down))[0]?.status === 'failed', 5000, 'gave up');
    const [entry] = await log(down);
    expect(entry.attempts).toBe(4); // 3 waits → 4 tries
    expect(entry.tries.every((t) => !t.ok && t.statusCode === null && t.error !== '')).toBe(true);
    expect((await log(up))[0].status).toBe('sent');
    await disableAll();
  });

  it('an alarm nobody acknowledges escalates after the configured minutes: delivery, to-do, audit, shown on the alarm; an acknowledged one does not', async () => {
    await allToNormal();
    const hook = await addHook({ name: '值班长', url: `${rx.base}/escalate`, types: ['hh'], priorities: [4] }); // its rule would never match a raise
    const noBody = await call(ts.url, escalationConfigAdd, { name: '一级', minutes: 1 }, admin);
    expectRefused(noBody, 400, ['webhookIds']);
    const supervisor = await userId('supervisor');
    const l1 = (await call(ts.url, escalationConfigAdd, { name: '一级', minutes: 1, webhookIds: [hook], userids: [supervisor] }, admin))
      .body.data!.id;
    const l2 = (await call(ts.url, escalationConfigAdd, { name: '二级', minutes: 500, webhookIds: [hook] }, admin)).body.data!.id;
    expect((await call(ts.url, escalationConfigSort, { ids: [l2, l1] }, admin)).body.IsSuccess).toBe(true);
    expectRefused(await call(ts.url, escalationConfigSort, { ids: [l2] }, admin), 400, ['ids']);
    expect((await call(ts.url, escalationConfigSort, { ids: [l1, l2] }, admin)).body.IsSuccess).toBe(true);
    expectRefused(await call(ts.url, webhookDelete, { id: hook }, admin), 409);
    const levels = (await call(ts.url, escalationConfigList, {}, admin)).body.data!.items;
    expect(levels.map((l) => [l.name, l.sort])).toEqual([
      ['一级', 1],
      ['二级', 2],
    ]);

    await ingest(PU, 0.5); // LL, unacknowledged
    const alarm = await openAlarm(PU, 'll');
    const mine = () => rx.on('/escalate').filter((g) => (g.json.alarm as { id: number }).id === alarm.id);
    await waitFor(() => mine().length === 1, 8000, 'escalation delivery');
    const got = mine()[0].json;
    expect(got).toMatchObject({ event: 'alarm.escalated', level: { name: '一级', sort: 1 } });
    expect((got.alarm as { id: number }).id).toBe(alarm.id);
    const audit = await auditOf(ts.url, admin, 'alarm', String(alarm.id));
    expect(audit.filter((r) => r.action === 'alarm.escalate').map((r) => r.loginname)).toEqual(['system']);
    const todos = await ts.server.store.db
      .selectFrom('todo')
      .selectAll()
      .where('kind', '=', 'alarm.escalate')
      .where('ref', '=', `alarm:${alarm.id}`)
      .execute();
    expect(todos.map((t) => t.userid)).toEqual([supervisor]);
    const shown = (await call(ts.url, alarmEscalations, { ids: [alarm.id] }, admin)).body.data!.items;
    expect(shown).toMatchObject([{ alarmId: alarm.id, levelName: '一级', sort: 1 }]);
    // The operator may not see PU: the escalation is not shown to them.
    const operator = await demoToken(ts.url, 'operator');
    expect((await call(ts.url, alarmEscalations, { ids: [alarm.id] }, operator)).body.data!.items).toEqual([]);
    // Checked again: nothing repeats.
    await ts.server.exposed(alarmsModule).escalation.check();
    await ts.server.exposed(alarmsModule).notify.idle();
    expect(mine()).toHaveLength(1);

    // An alarm acknowledged before its minutes never escalates.
    await ingest(TF, 0.4);
    const tfLl = await openAlarm(TF, 'll');
    await call(ts.url, alarmAcknowledge, { ids: [tfLl.id] }, admin);
    await new Promise((r) => setTimeout(r, 2200)); // two escalation "minutes" pass
    await ts.server.exposed(alarmsModule).escalation.check();
    expect((await call(ts.url, alarmEscalations, { ids: [tfLl.id] }, admin)).body.data!.items).toEqual([]);
    expect((await auditOf(ts.url, admin, 'alarm', String(tfLl.id))).some((r) => r.action === 'alarm.escalate')).toBe(false);

    for (const id of [l1, l2]) {
      expect((await call(ts.url, escalationConfigDelete, { id }, admin)).body.IsSuccess).toBe(true);
    }
    await disableAll();
  });

  it('the outbox survives a restart: a delivery that failed before it is sent after', async () => {
    // A back-off long enough that the retry cannot happen before the server is down.
    const slow = { ...env, NOTIFY_BACKOFF_MS: '3000,3000' };
    await ts.close();
    ts = await startTestServer({ demo: true, dialect, store, env: slow });
    admin = await demoToken(ts.url, 'admin');
    rx.failFirst('/later', 1);
    const id = await addHook({ name: '重启', url: `${rx.base}/later`, types: ['hh'] });
    await allToNormal();
    await ingest(PU, 9.7);
    await waitFor(async () => (await log(id))[0]?.attempts === 1, 5000, 'first try failed');
    await ts.close();
    expect(rx.on('/later')).toHaveLength(0);
    ts = await startTestServer({ demo: true, dialect, store, env: slow });
    admin = await demoToken(ts.url, 'admin');
    await waitFor(() => rx.on('/later').length === 1, 10_000, 'delivery after restart');
    await ts.server.exposed(alarmsModule).notify.idle();
    const [entry] = await log(id);
    expect(entry).toMatchObject({ status: 'sent', attempts: 2 });
    expect(entry.tries.map((t) => t.statusCode)).toEqual([500, 200]);
  });
});
