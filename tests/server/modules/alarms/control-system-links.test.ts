import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlSystemList, controlSystemSave, type ControlSystemItem } from '../../../../src/shared/alarms/control-system-contracts.js';
import { tagSave } from '../../../../src/shared/realtime/contracts.js';
import { ingestKeyCreate, ingestSamples, mqttTopics } from '../../../../src/shared/contracts/stream.js';
import { call } from '../../../helpers/api.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { waitFor } from '../../stream/stream-helpers.js';
import { buildTag, demoToken, regionIds } from '../realtime/realtime-fixtures.js';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';

const MQTT_URL = process.env.TEST_MQTT_URL;
/** Topics of this test alone: other tests on the same broker do not reach its server. */
const PREFIX = `plantwatch-test/links-${process.pid}-${Date.now()}`;
const SAMPLES = mqttTopics(PREFIX).samples;

/**
 * Issue 9 part 5: a control system is matched by the link its samples come
 * through, the ingest key its gateway posts with or an MQTT topic under its
 * prefix, not only by patterns on tag ids. Real HTTP ingest, real broker.
 */
describe('control systems matched by ingest key and MQTT topic', () => {
  let ts: TestServer;
  let admin: string;
  let tf: number;
  // Ids no pattern of any system matches: only the link can tie them to a system.
  const BY_KEY = 'LNK.KEY.PT';
  const BY_TOPIC = 'LNK.MQ.PT';
  const ELSEWHERE = 'LNK.MQ2.PT';

  const system = async (name: string): Promise<ControlSystemItem> => {
    const r = await call(ts.url, controlSystemList, {}, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.items.find((s) => s.name === name)!;
  };

  beforeAll(async () => {
    ts = await startTestServer({ demo: true, env: { LOG_LEVEL: 'error', ...(MQTT_URL ? { MQTT_URL, MQTT_TOPIC_PREFIX: PREFIX } : {}) } });
    admin = await demoToken(ts.url, 'admin');
    tf = (await regionIds(ts.url, admin)).get('TF')!;
    for (const id of [BY_KEY, BY_TOPIC, ELSEWHERE]) {
      const r = await call(ts.url, tagSave, { ...buildTag({ id, regionid: tf }), isNew: true }, admin);
      expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    }
  });
  afterAll(() => ts?.close());

  it('samples posted with a system’s ingest key count toward its link and make their tags its own', async () => {
    const key = await call(ts.url, ingestKeyCreate, { name: 'gw-sis-1' }, admin);
    expect(key.body.IsSuccess, JSON.stringify(key.body)).toBe(true);
    const saved = await call(
      ts.url,
      controlSystemSave,
      { name: 'L-SIS', type: 'SIS', ingestKey: 'gw-sis-1', mqttTopic: '', tagPatterns: [], regionids: [tf] },
      admin,
    );
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    expect(await system('L-SIS')).toMatchObject({ tagCount: 0, link: { lastSampleAt: null, samplesLastMinute: 0 } });

    const t = Date.now();
    const res = await fetch(ts.url + ingestSamples.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.body.data!.key}`, 'content-type': 'application/json' },
      body: JSON.stringify([
        { tag: BY_KEY, t, v: 1, q: 0 },
        { tag: BY_KEY, t: t + 1, v: 2, q: 0 },
      ]),
    });
    expect(res.status).toBe(200);
    await ts.server.port(alarmsPort).idle();
    expect(await system('L-SIS')).toMatchObject({ tagCount: 1, link: { lastSampleAt: t + 1, samplesLastMinute: 2 } });

    // The same tag through another path (no link) stays the system's.
    ts.server.stream.ingest.samples({ tag: BY_KEY, t: t + 2, v: 3, q: 0 }, 'test');
    await ts.server.port(alarmsPort).idle();
    expect(await system('L-SIS')).toMatchObject({ tagCount: 1, link: { lastSampleAt: t + 2, samplesLastMinute: 3 } });
  });

  it.skipIf(!MQTT_URL)('samples published under a system’s MQTT topic prefix count toward it; a sibling topic does not', async () => {
    const saved = await call(
      ts.url,
      controlSystemSave,
      { name: 'L-GDS', type: 'GDS', ingestKey: '', mqttTopic: `${SAMPLES}/gds-1`, tagPatterns: [], regionids: [tf] },
      admin,
    );
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    await waitFor(() => ts.server.stream.mqtt?.stats().connected, 5000, 'server connected to the broker');
    const publisher: MqttClient = await connectAsync(MQTT_URL!);
    try {
      const t = Date.now();
      // The server's subscription comes right after its connect: publish until the sample is in the live cache.
      await waitFor(
        async () => {
          await publisher.publishAsync(`${SAMPLES}/gds-1`, JSON.stringify({ tag: BY_TOPIC, t, v: 5, q: 0 }), { qos: 1 });
          return ts.server.stream.live.get(BY_TOPIC) !== undefined;
        },
        10_000,
        'sample over the system’s topic',
      );
      await publisher.publishAsync(`${SAMPLES}/gds-10`, JSON.stringify({ tag: ELSEWHERE, t, v: 5, q: 0 }), { qos: 1 });
      await waitFor(() => ts.server.stream.live.get(ELSEWHERE) !== undefined, 10_000, 'sample over a sibling topic');
      await ts.server.port(alarmsPort).idle();
      const gds = await system('L-GDS');
      expect(gds.tagCount).toBe(1);
      expect(gds.link.lastSampleAt).toBe(t);
      expect(gds.link.samplesLastMinute).toBeGreaterThanOrEqual(1);
    } finally {
      await publisher.endAsync();
    }
  });
});
