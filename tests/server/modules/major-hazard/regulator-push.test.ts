import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dangerSourceDeviceLedger, dangerSourceLedger } from '../../../../src/shared/major-hazard/ledgers.js';
import { regulatorPushConfig, regulatorPushSave, regulatorPushStatus, type PushMessage } from '../../../../src/shared/major-hazard/push-contracts.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { majorHazardModule } from '../../../../src/server/modules/major-hazard/index.js';
import { orgPort } from '../../../../src/server/modules/org/port.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { createTag, ok, userWithRole, type Admin } from '../../../helpers/factories.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';

/*
 * The regulator push (issue 20 §7) over real HTTP on both stores, with a real
 * local HTTP receiver and the real MQTT broker: rows are written before the
 * send; while the endpoint is down they wait (a failed try backs off); a
 * restart of the server loses none; once the endpoint is up every row is
 * delivered exactly once, in order. The sender's clock is set far off
 * (REGULATOR_PUSH_POLL_MS) so the test drives collection and sending itself.
 */
const MQTT_URL = process.env.TEST_MQTT_URL;
const units = recordContracts(dangerSourceLedger);
const devices = recordContracts(dangerSourceDeviceLedger);
const PASSWORD = 'Push-admin-2026';
const env = { REGULATOR_PUSH_POLL_MS: '3600000', REGULATOR_PUSH_BACKOFF_MS: '60000' };

/** A local HTTP receiver on a fixed port that records each message body; `down` frees the port. */
function receiver() {
  const got: PushMessage[] = [];
  let server: http.Server | null = null;
  let port = 0;
  return {
    got,
    get url() {
      return `http://127.0.0.1:${port}/regulator/push`;
    },
    async up() {
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          got.push(JSON.parse(body) as PushMessage);
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        });
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    },
    async down() {
      const s = server;
      server = null;
      if (s) {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
    },
  };
}

describe.each(dialects)('major hazard: regulator push (%s)', (dialect) => {
  let store: TestStore;
  let t: TestServer;
  let admin: Admin;
  let tag = '';
  const push = () => t.server.exposed(majorHazardModule).push;
  const status = async (input: Record<string, unknown> = {}) => ok(t, regulatorPushStatus, input, admin.token);
  const start = async () => {
    t = await startTestServer({ store, env });
    admin = { ...admin, token: await tokenFor(t.url, admin.loginname, PASSWORD) };
  };

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    t = await startTestServer({ store, env });
    const loginname = 'push-admin';
    const { userid } = await t.server.port(orgPort).createAdministrator({ loginname, username: '推送管理员', password: PASSWORD }, { userid: null, loginname: 'test' });
    admin = { loginname, userid, token: await tokenFor(t.url, loginname, PASSWORD) };
    tag = await createTag(t, admin, { id: `PUSH-${dialect}.LT`, kind: 'level', unit: 'm', range: [0, 10], limits: { h: 8, hh: 9 } });
    // Chlorine 10 t / Q 5 t: S = 2, a major hazard source; methanol 1 t / Q 500 t is not, and is not pushed.
    const unit = await ok(t, units.save, { name: '液氯罐区', code: 'CL-A', kind: 'storage', population: 10, substances: [{ name: '氯', q: 10 }] }, admin.token);
    await ok(t, units.save, { name: '甲醇小罐', code: 'ME-S', kind: 'storage', population: 0, substances: [{ name: '甲醇', q: 1 }] }, admin.token);
    await ok(t, devices.save, { name: '液氯储罐1', code: 'CL-T1', source: unit.id, type: 'tank', capacity: 20, medium: '氯', levelTag: tag }, admin.token);
    expect(t.server.stream.ingest.samples([{ tag, t: Date.now(), v: 4.2 }], 'test').accepted).toBe(1);
  });
  afterAll(async () => {
    await t.close();
    await store.drop();
  });

  it('the endpoint is validated field by field, needs the manage permission, and its save is audited', async () => {
    const before = await ok(t, regulatorPushConfig, {}, admin.token);
    expect(before).toMatchObject({ enabled: false, url: '' });
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'http', url: 'mqtt://127.0.0.1:1883', intervalS: 60 }, 'url'],
      [{ kind: 'http', url: 'not a url', intervalS: 60 }, 'url'],
      [{ kind: 'mqtt', url: 'mqtt://127.0.0.1:1883', topic: '', intervalS: 60 }, 'topic'],
      [{ kind: 'mqtt', url: 'mqtt://127.0.0.1:1883', topic: 'gov/#', intervalS: 60 }, 'topic'],
      [{ kind: 'http', url: 'http://127.0.0.1/x', intervalS: 1 }, 'intervalS'],
      [{ kind: 'ftp', url: 'http://127.0.0.1/x', intervalS: 60 }, 'kind'],
    ];
    for (const [input, field] of cases) {
      const r = await call(t.url, regulatorPushSave, input, admin.token);
      expect(r.httpStatus, JSON.stringify(input)).toBe(400);
      expect(r.body.error.controls, JSON.stringify(input)).toContain(field);
    }
    const operator = await userWithRole(t, 'operator');
    const refused = await call(t.url, regulatorPushSave, { kind: 'http', url: 'http://127.0.0.1/x', intervalS: 60, enabled: true }, operator.token);
    expect(refused.httpStatus).toBe(403);
    const saved = await ok(t, regulatorPushSave, { kind: 'http', url: 'http://gov:secret@127.0.0.1/x?key=k1', intervalS: 60, enabled: false, plantCode: 'P-001' }, admin.token);
    expect(saved.url).toBe('http://gov:secret@127.0.0.1/x?key=k1');
    // Who may only view sees the address without the credentials it may carry.
    expect((await ok(t, regulatorPushStatus, {}, operator.token)).config.url).toBe('http://127.0.0.1/x');
    expect((await ok(t, regulatorPushConfig, {}, operator.token)).url).toBe('http://127.0.0.1/x');
    expect(saved).toMatchObject({ kind: 'http', intervalS: 60, enabled: false, plantCode: 'P-001', updatedBy: 'push-admin' });
    const audit = await t.server.store.db.selectFrom('audit_log').select(['action', 'detail']).where('action', '=', 'majorHazard.push.save').execute();
    expect(audit).toHaveLength(1);
    expect(String(audit[0].detail)).toContain('P-001');
  });

  it('HTTP: endpoint down, rows wait and back off; a restart loses none; endpoint up, every row is delivered once, in order', async () => {
    const r = receiver();
    await r.up();
    await r.down(); // the port is known, nothing listens on it: the regulator's system is down
    await ok(t, regulatorPushSave, { kind: 'http', url: r.url, intervalS: 3600, enabled: true, plantCode: 'P-001' }, admin.token);

    expect(await push().collect()).toBe(1); // only the major hazard source
    expect(await push().collect()).toBe(1);
    expect(await push().pump()).toBe(0);
    const down = await status();
    expect(down).toMatchObject({ waiting: 2, sent: 0, failures: 1, sending: true });
    expect(down.lastError).not.toBe('');
    expect(down.nextTryAt).toBeGreaterThan(down.lastErrorAt!);
    expect(down.items.map((x) => [x.sourceName, x.status, x.values])).toEqual([
      ['液氯罐区', 'waiting', 1],
      ['液氯罐区', 'waiting', 1],
    ]);
    // Within the back-off the sender does not try again.
    expect(await push().pump()).toBe(0);
    expect((await status()).items.map((x) => x.attempts)).toEqual([0, 1]);

    await t.close(); // a restart in between
    await start();
    const after = await status();
    expect(after).toMatchObject({ waiting: 2, sent: 0, failures: 1 });
    expect(await push().collect()).toBe(1);

    await r.up();
    // A new save of the endpoint tries at once (the back-off of the old one is over).
    await ok(t, regulatorPushSave, { kind: 'http', url: r.url, intervalS: 3600, enabled: true, plantCode: 'P-001' }, admin.token);
    expect(await push().pump()).toBe(3);
    expect(await push().pump()).toBe(0);
    const ids = (await status({ status: 'sent' })).items.map((x) => x.id).sort((a, b) => a - b);
    expect(ids).toHaveLength(3);
    expect(r.got.map((m) => m.seq)).toEqual(ids);
    expect(r.got[0]).toMatchObject({ plantCode: 'P-001', source: { name: '液氯罐区', code: 'CL-A', grade: expect.any(Number) } });
    expect(r.got[0].values).toEqual([{ tag, device: 'CL-T1', role: 'level', value: 4.2, quality: 0, t: expect.any(Number) }]);
    const done = await status();
    expect(done).toMatchObject({ waiting: 0, sent: 3, failures: 0, oldestWaitingAt: null });
    expect(done.lastSentAt).not.toBeNull();
    await r.down();
  });

  it.skipIf(!MQTT_URL)('MQTT: a broker that cannot be reached keeps the rows; the real broker gets each once, in order, on the topic', async () => {
    const topic = `pw-test/regulator/${dialect}/${Date.now()}`;
    const sub: MqttClient = await connectAsync(MQTT_URL!);
    const got: PushMessage[] = [];
    sub.on('message', (tp, payload) => {
      if (tp === topic) {
        got.push(JSON.parse(payload.toString()) as PushMessage);
      }
    });
    await sub.subscribeAsync(topic, { qos: 1 });
    try {
      await ok(t, regulatorPushSave, { kind: 'mqtt', url: 'mqtt://127.0.0.1:1', topic, intervalS: 3600, enabled: true }, admin.token);
      const sentBefore = (await status()).sent;
      await push().collect();
      await push().collect();
      expect(await push().pump()).toBe(0);
      expect(await status()).toMatchObject({ waiting: 2, failures: 1 });

      await ok(t, regulatorPushSave, { kind: 'mqtt', url: MQTT_URL!, topic, intervalS: 3600, enabled: true }, admin.token);
      expect(await push().pump()).toBe(2);
      const ids = (await status({ status: 'sent', pageSize: 2 })).items.map((x) => x.id).sort((a, b) => a - b);
      await expect.poll(() => got.length, { timeout: 5000 }).toBe(2);
      expect(got.map((m) => m.seq)).toEqual(ids);
      expect(got[0].source.name).toBe('液氯罐区');
      expect(await status()).toMatchObject({ waiting: 0, sent: sentBefore + 2, failures: 0 });
    } finally {
      await sub.endAsync();
    }
  });
});

/*
 * Two servers on one PostgreSQL store: only the lease holder collects and
 * sends (a row written on the standby is sent by the holder); when the holder
 * closes, the standby takes the lease and sends on, no message twice.
 */
describe.runIf(dialects.includes('postgres'))('major hazard: regulator push on the lease holder only (PostgreSQL, two servers)', () => {
  let store: TestStore;
  let a: TestServer;
  let b: TestServer;
  let token = '';
  const fast = { REGULATOR_PUSH_POLL_MS: '50', REGULATOR_PUSH_BACKOFF_MS: '100' };
  const r = receiver();

  beforeAll(async () => {
    store = await freshDatabase('postgres');
    a = await startTestServer({ store, env: fast });
    b = await startTestServer({ store, env: fast });
    await a.server.port(orgPort).createAdministrator({ loginname: 'push-lease', username: '推送管理员', password: PASSWORD }, { userid: null, loginname: 'test' });
    token = await tokenFor(a.url, 'push-lease', PASSWORD);
    await ok(a, units.save, { name: '液氯库', code: 'CL-L', kind: 'storage', population: 0, substances: [{ name: '氯', q: 10 }] }, token);
    await r.up();
  });
  afterAll(async () => {
    await r.down();
    await b?.close();
    await a?.close();
    await store?.drop();
  });

  it('the holder sends what either server wrote; after it closes the standby takes over; each message once, in order', async () => {
    const statusOf = async (t: TestServer) => ok(t, regulatorPushStatus, {}, await tokenFor(t.url, 'push-lease', PASSWORD));
    expect((await statusOf(a)).sending).toBe(true);
    expect((await statusOf(b)).sending).toBe(false);
    // The holder's clock collects at once (nothing collected yet) and sends.
    await ok(a, regulatorPushSave, { kind: 'http', url: r.url, intervalS: 3600, enabled: true }, token);
    await expect.poll(() => r.got.length, { timeout: 10_000 }).toBe(1);
    // A row written on the standby is sent by the holder's clock.
    await b.server.exposed(majorHazardModule).push.collect();
    await expect.poll(() => r.got.length, { timeout: 10_000 }).toBe(2);

    await a.close();
    await expect.poll(async () => (await statusOf(b)).sending, { timeout: 15_000 }).toBe(true);
    await b.server.exposed(majorHazardModule).push.collect();
    await expect.poll(() => r.got.length, { timeout: 10_000 }).toBe(3);
    const seqs = r.got.map((m) => m.seq);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(3);
    expect(await statusOf(b)).toMatchObject({ waiting: 0, sent: 3 });
  });
});
