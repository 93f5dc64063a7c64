import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { mqttTopics } from '../../../src/shared/contracts/stream.js';
import { buildTag, userWithRole } from '../../helpers/factories.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { connectClient, waitFor, type RecordingClient } from './stream-helpers.js';

const MQTT_URL = process.env.TEST_MQTT_URL;
/** Topics of this test alone: other tests publishing to the broker at the same time do not reach its server. */
const PREFIX = `plantwatch-test/${process.pid}-${Date.now()}`;
const { samples: MQTT_TOPIC_SAMPLES, positions: MQTT_TOPIC_POSITIONS } = mqttTopics(PREFIX);

describe.skipIf(!MQTT_URL)('MQTT ingest', () => {
  let ts: TestServer;
  let publisher: MqttClient;
  let client: RecordingClient;
  // Unique per run: the broker may be shared with other test files or a running dev server.
  const tag = buildTag({ id: `MQTT.${Date.now()}.PV` });

  beforeAll(async () => {
    ts = await startTestServer({ env: { SIMULATOR: '0', MQTT_URL: MQTT_URL!, MQTT_TOPIC_PREFIX: PREFIX }, tags: createMemoryTagRegistry([tag]) });
    publisher = await connectAsync(MQTT_URL!);
    client = await connectClient(ts.url, await userWithRole(ts, 'supervisor').then((u) => u.token));
    await client.subscribe({ tags: [tag.id] });
    await waitFor(() => ts.server.stream.mqtt?.stats().connected, 5000, 'server connected to the broker');
  });
  afterAll(async () => {
    client?.close();
    await publisher?.endAsync();
    await ts?.close();
  });

  it('delivers a value published on plantwatch/v1/samples to a subscribed socket client', async () => {
    // The server's subscription is set up right after its connect; publish until it arrives.
    let v = 0;
    await waitFor(
      async () => {
        v++;
        await publisher.publishAsync(MQTT_TOPIC_SAMPLES, JSON.stringify({ tag: tag.id, t: Date.now(), v, q: 0 }), { qos: 1 });
        return client.values.some((x) => x[0] === tag.id);
      },
      10_000,
      'value over MQTT',
    );
    const seen = client.values.find((x) => x[0] === tag.id)!;
    expect(seen[3]).toBe(0);
  });

  it('takes arrays, survives messages that are not JSON, and counts bad items', async () => {
    const before = ts.server.stream.ingest.stats();
    await publisher.publishAsync(MQTT_TOPIC_SAMPLES, '{not json', { qos: 1 });
    const t = Date.now() + 1000;
    await publisher.publishAsync(
      MQTT_TOPIC_SAMPLES,
      JSON.stringify([
        { tag: tag.id, t, v: 41 },
        { tag: tag.id, t: 'yesterday', v: 1 },
        { tag: tag.id, t: t + 1, v: 42 },
      ]),
      { qos: 1 },
    );
    await publisher.publishAsync(MQTT_TOPIC_POSITIONS, JSON.stringify({ tagId: 'P-MQTT', t, lon: 118.8, lat: 32.25, kind: 'person' }), { qos: 1 });
    await waitFor(() => client.values.some((x) => x[2] === 42), 5000, 'array values');
    await waitFor(() => ts.server.stream.live.position('P-MQTT'), 5000, 'position');
    const after = ts.server.stream.ingest.stats();
    expect(after.samples.rejected - before.samples.rejected).toBe(1);
    expect(ts.server.stream.mqtt!.stats().badMessages).toBeGreaterThanOrEqual(1);
  });

  it('takes a sample published at QoS 0 (as the README publishes it): the latest value and the history hold it', async () => {
    const t = Date.now() + 5000;
    await ts.server.stream.history.sync();
    const writtenBefore = ts.server.stream.history.stats().writtenSamples;
    const before = ts.server.stream.mqtt!.stats().qos0;
    await publisher.publishAsync(MQTT_TOPIC_SAMPLES, JSON.stringify({ tag: tag.id, t, v: 77.25 }), { qos: 0 });
    await waitFor(() => client.values.some((x) => x[2] === 77.25), 5000, 'QoS 0 value at the browser');
    expect(ts.server.stream.mqtt!.stats().qos0).toBe(before + 1);
    // In the history: written (this test store keeps no journal, so sync() seals the value into the store).
    await ts.server.stream.history.sync();
    expect(ts.server.stream.history.stats().writtenSamples).toBe(writtenBefore + 1);
  });
});
