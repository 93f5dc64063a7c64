import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestKeyCreate, ingestKeyRevoke } from '../../../src/shared/contracts/stream.js';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { call } from '../../helpers/api.js';
import { buildTag, adminOf, userWithRole } from '../../helpers/factories.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { INGEST_KEY, connectClient, waitFor } from '../stream/stream-helpers.js';

const scrape = (url: string, token?: string) => fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

/** The value of one series in a Prometheus text exposition; undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let ts: TestServer;
  const tags = Array.from({ length: 5 }, () => buildTag());

  beforeAll(async () => {
    ts = await startTestServer({ env: { INGEST_API_KEY: INGEST_KEY, METRICS_PORT: '0' }, tags: createMemoryTagRegistry(tags) });
  });
  afterAll(() => ts?.close());

  it('is refused without a credential, with a bad one, and to a user without system:config', async () => {
    const none = await scrape(ts.url);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { IsSuccess: boolean }).IsSuccess).toBe(false);
    expect((await scrape(ts.url, 'not-a-key-nor-a-token')).status).toBe(401);
    const operator = await scrape(ts.url, await userWithRole(ts, 'operator').then((u) => u.token));
    expect(operator.status).toBe(403);
  });

  it('serves the Prometheus text format to an ingest key (from the environment or created by an administrator) and to an administrator', async () => {
    const admin = await adminOf(ts).then((a) => a.token);
    const created = (await call(ts.url, ingestKeyCreate, { name: 'prometheus' }, admin)).body.data!;
    for (const credential of [INGEST_KEY, created.key, admin]) {
      const res = await scrape(ts.url, credential);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const text = await res.text();
      expect(text).toContain('# TYPE plantwatch_ingest_items_total counter');
      expect(text).toContain('# TYPE plantwatch_event_loop_delay_seconds gauge');
    }
    // A revoked key stops working at once.
    await call(ts.url, ingestKeyRevoke, { id: created.id }, admin);
    expect((await scrape(ts.url, created.key)).status).toBe(401);
  });

  it('counts ingest per source and outcome, history, sockets and subscriptions, broadcast and event loop', async () => {
    const t0 = Date.now();
    const good = tags.map((tag, i) => ({ tag: tag.id, t: t0, v: i }));
    ts.server.stream.ingest.samples([...good, { tag: 'NO.SUCH.TAG', t: t0, v: 1 }, { tag: tags[0].id, t: t0, v: 'NaN' }], 'test');
    ts.server.stream.ingest.positions([{ tagId: 'P-1', t: t0, lon: 118.8, lat: 32.25, kind: 'person' }, { tagId: 'P-2', t: t0, lon: 999, lat: 0, kind: 'person' }], 'test');
    await ts.server.stream.history.flush();
    const admin = await adminOf(ts).then((a) => a.token);
    const client = await connectClient(ts.url, admin);
    try {
      expect((await client.subscribe({ topics: [`tag/${tags[0].id}`, `tag/${tags[1].id}`, 'position/person'] })).ok).toBe(true);
      const text = await waitFor(async () => {
        const t = await (await scrape(ts.url, INGEST_KEY)).text();
        return value(t, 'plantwatch_socket_clients') === 1 ? t : '';
      });
      expect(value(text, 'plantwatch_ingest_items_total{kind="samples",source="test",outcome="accepted"}')).toBe(5);
      expect(value(text, 'plantwatch_ingest_items_total{kind="samples",source="test",outcome="rejected"}')).toBe(2);
      expect(value(text, 'plantwatch_ingest_items_total{kind="positions",source="test",outcome="accepted"}')).toBe(1);
      expect(value(text, 'plantwatch_ingest_items_total{kind="positions",source="test",outcome="rejected"}')).toBe(1);
      expect(value(text, 'plantwatch_ingest_unknown_tags_total')).toBe(1);
      expect(value(text, 'plantwatch_history_written_items_total{kind="samples"}')).toBe(5);
      expect(value(text, 'plantwatch_history_written_items_total{kind="positions"}')).toBe(1);
      expect(value(text, 'plantwatch_history_queue_items{kind="samples"}')).toBe(0);
      expect(value(text, 'plantwatch_history_lag_seconds')).toBe(0);
      expect(value(text, 'plantwatch_socket_subscriptions')).toBe(3);
      expect(value(text, 'plantwatch_broadcast_slice_seconds')).toBeGreaterThanOrEqual(0);
      expect(value(text, 'plantwatch_event_loop_delay_seconds{quantile="0.99"}')).toBeGreaterThan(0);
      expect(value(text, 'plantwatch_event_loop_delay_seconds{quantile="1"}')).toBeGreaterThan(0);
      expect(value(text, 'plantwatch_store_lock_waits_total')).toBe(0);
    } finally {
      client.close();
    }
  });

  it('with METRICS_PORT set, serves them without a credential on that port only', async () => {
    expect(ts.server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ts.server.metricsUrl).not.toBe(ts.url);
    const open = await scrape(ts.server.metricsUrl!);
    expect(open.status).toBe(200);
    expect(await open.text()).toContain('plantwatch_socket_clients');
    expect((await fetch(`${ts.server.metricsUrl}/healthz`)).status).toBe(404);
    // The portal's own port still asks for a credential.
    expect((await scrape(ts.url)).status).toBe(401);
  });
});
