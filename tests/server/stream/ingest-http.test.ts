import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryTagRegistry } from '../../../src/server/stream/memory-tag-registry.js';
import { ingestKeyCreate, ingestKeyList, ingestKeyRevoke } from '../../../src/shared/contracts/stream.js';
import { call } from '../../helpers/api.js';
import { buildTag, adminOf, userWithRole } from '../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../helpers/server.js';
import { INGEST_KEY, ingestHttp } from './stream-helpers.js';
import { storedPositions, storedSamples } from '../../helpers/history.js';

describe.each(dialects)('HTTP ingest (%s)', (dialect) => {
  let ts: TestServer;
  const tagA = buildTag();
  const tagB = buildTag({ kind: 'pressure' });
  const now = Date.now();

  beforeAll(async () => {
    ts = await startTestServer({ dialect, env: { INGEST_API_KEY: INGEST_KEY, SIMULATOR: '0' }, tags: createMemoryTagRegistry([tagA, tagB]) });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it('accepts the good items of a mixed body, reports each bad one by index and reason, and stores the good ones', async () => {
    const body = [
      { tag: tagA.id, t: now, v: 1.5, q: 0 },
      { tag: tagA.id, t: Math.floor(now / 1000), v: 2 },
      { tag: tagB.id, t: now, v: 'high' },
      { tag: 'NO.SUCH.TAG', t: now, v: 3 },
      'garbage',
      { tag: tagB.id, t: now + 1, v: 101.3, q: 2 },
      { tag: tagA.id, t: now + 2, v: 1.75 },
    ];
    const r = await ingestHttp(ts.url, 'samples', body);
    expect(r.status).toBe(200);
    expect(r.body.IsSuccess).toBe(true);
    expect(r.body.data!.accepted).toBe(3);
    expect(r.body.data!.unknownTags).toBe(1);
    expect(r.body.data!.rejected.map((x) => x.index)).toEqual([1, 2, 3, 4]);
    const reasons = r.body.data!.rejected.map((x) => x.reason);
    expect(reasons[0]).toMatch(/^t: .*epoch milliseconds/);
    expect(reasons[1]).toMatch(/^v:/);
    expect(reasons[2]).toContain('unknown tag "NO.SUCH.TAG"');
    expect(reasons[3]).toMatch(/expected an object/);

    await ts.server.stream.history.flush();
    const rows = await storedSamples(ts.server);
    expect(rows).toEqual([
      { tag_id: tagA.id, t: now, v: 1.5, q: 0 },
      { tag_id: tagB.id, t: now + 1, v: 101.3, q: 2 },
      { tag_id: tagA.id, t: now + 2, v: 1.75, q: 0 },
    ]);
    expect(ts.server.stream.live.latest([tagA.id, tagB.id, 'NO.SUCH.TAG'])).toEqual([
      { tag: tagA.id, t: now + 2, v: 1.75, q: 0 },
      { tag: tagB.id, t: now + 1, v: 101.3, q: 2 },
    ]);
  });

  it('takes a single object as well as an array, and keeps running after bad bodies', async () => {
    const one = await ingestHttp(ts.url, 'samples', { tag: tagB.id, t: now + 10, v: 7 });
    expect(one.body.data).toEqual({ accepted: 1, rejected: [], rejectedCount: 0, rejectedByReason: {}, unknownTags: 0 });
    const malformed = await fetch(`${ts.url}/ingest/v1/samples`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${INGEST_KEY}` },
      body: '{"tag": ',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { IsSuccess: boolean }).IsSuccess).toBe(false);
    const empty = await ingestHttp(ts.url, 'samples', []);
    expect(empty.body.data).toEqual({ accepted: 0, rejected: [], rejectedCount: 0, rejectedByReason: {}, unknownTags: 0 });
    const health = await fetch(`${ts.url}/healthz`);
    expect(health.status).toBe(200);
  });

  it('ingests positions and stores them', async () => {
    const r = await ingestHttp(ts.url, 'positions', [
      { tagId: 'P-0001', t: now, lon: 118.801, lat: 32.251, kind: 'person' },
      { tagId: 'V-01', t: now, lon: 118.802, lat: 32.252, floor: 2, kind: 'vehicle' },
      { tagId: 'P-0002', t: now, lon: 200, lat: 32.252, kind: 'person' },
    ]);
    expect(r.body.data!.accepted).toBe(2);
    expect(r.body.data!.rejected).toEqual([{ index: 2, reason: expect.stringMatching(/^lon:/) as unknown }]);
    await ts.server.stream.history.flush();
    const rows = await storedPositions(ts.server);
    expect(rows).toEqual([
      { target_id: 'P-0001', t: now, lon: 118.801, lat: 32.251, floor: null, kind: 0 },
      { target_id: 'V-01', t: now, lon: 118.802, lat: 32.252, floor: 2, kind: 1 },
    ]);
  });

  it('answers 401 in the envelope for a missing or wrong key', async () => {
    const none = await ingestHttp(ts.url, 'samples', [{ tag: tagA.id, t: now, v: 1 }], null);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ IsSuccess: false, status: 401 });
    const wrong = await ingestHttp(ts.url, 'positions', [], 'not-a-key');
    expect(wrong.status).toBe(401);
    expect(wrong.body.IsSuccess).toBe(false);
  });

  it('lets an administrator create, list and revoke keys; the secret is shown once and audited', async () => {
    const admin = await adminOf(ts).then((a) => a.token);
    const created = await call(ts.url, ingestKeyCreate, { name: 'DCS gateway' }, admin);
    expect(created.body.IsSuccess).toBe(true);
    const key = created.body.data!.key;
    expect(key).toMatch(/^pwk_/);
    expect(key.startsWith(created.body.data!.prefix)).toBe(true);

    const ok = await ingestHttp(ts.url, 'samples', [{ tag: tagA.id, t: now + 100, v: 5 }], key);
    expect(ok.status).toBe(200);
    expect(ok.body.data!.accepted).toBe(1);

    const list = await call(ts.url, ingestKeyList, {}, admin);
    expect(list.body.data!.items).toHaveLength(1);
    expect(list.body.data!.items[0]).toMatchObject({ name: 'DCS gateway', created_by: 'admin', revoked_at: null });
    expect(JSON.stringify(list.body.data)).not.toContain(key);
    const stored = await ts.server.store.db.selectFrom('ingest_key').select('key_hash').executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(key.slice(4));

    const revoked = await call(ts.url, ingestKeyRevoke, { id: created.body.data!.id }, admin);
    expect(revoked.body.data!.revoked_at).toEqual(expect.any(Number));
    const after = await ingestHttp(ts.url, 'samples', [{ tag: tagA.id, t: now + 200, v: 5 }], key);
    expect(after.status).toBe(401);

    const audits = await ts.server.store.db.selectFrom('audit_log').select(['action', 'loginname']).where('entity', '=', 'ingest_key').orderBy('id').execute();
    expect(audits).toEqual([
      { action: 'ingest_key.create', loginname: 'admin' },
      { action: 'ingest_key.revoke', loginname: 'admin' },
    ]);
  });

  it('refuses key management without system:config', async () => {
    const operator = await userWithRole(ts, 'operator').then((u) => u.token);
    const r = await call(ts.url, ingestKeyCreate, { name: 'mine' }, operator);
    expect(r.httpStatus).toBe(403);
    const anon = await call(ts.url, ingestKeyList, {});
    expect(anon.httpStatus).toBe(401);
  });

  // Last in this file: it stops this server's ingest.
  it('answers a backlog of 110,000 items with the first 100 rejected listed and every one counted by reason (issue 19 item 4)', async () => {
    const body: unknown[] = [];
    for (let i = 0; i < 110_000; i++) {
      body.push(i % 2 === 0 ? { tag: `NO.SUCH.${i}`, t: now + i, v: i } : i % 5 === 0 ? { tag: tagA.id, t: 'yesterday', v: 1 } : { tag: tagA.id, t: now + 100 + i, v: i });
    }
    const r = await ingestHttp(ts.url, 'samples', body);
    expect(r.status).toBe(200);
    const d = r.body.data!;
    // Even indexes: 55,000 unknown tags; odd multiples of 5: 11,000 bad times; the other 44,000 taken.
    expect(d.accepted).toBe(44_000);
    expect(d.unknownTags).toBe(55_000);
    expect(d.rejectedCount).toBe(66_000);
    expect(d.rejected).toHaveLength(100);
    expect(d.rejected[0]).toEqual({ index: 0, reason: 'unknown tag "NO.SUCH.0"' });
    expect(Object.entries(d.rejectedByReason).map(([k, n]) => [k.split(':')[0], n])).toEqual([
      ['unknown tag', 55_000],
      ['t', 11_000],
    ]);
    expect(JSON.stringify(r.body).length).toBeLessThan(20_000);
  });

  it('from the stop on, refuses a batch with 503 and Retry-After instead of answering 200 with nothing stored', async () => {
    ts.server.stream.ingest.close();
    const res = await fetch(`${ts.url}/ingest/v1/samples`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${INGEST_KEY}`, 'accept-language': 'en' },
      body: JSON.stringify([{ tag: tagA.id, t: now + 300, v: 9 }]),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const body = (await res.json()) as { IsSuccess: boolean; code: string };
    expect(body.IsSuccess).toBe(false);
    expect(JSON.stringify(body)).toContain('ingest.stopping');
    const positions = await ingestHttp(ts.url, 'positions', [{ tagId: 'P-STOP', t: now, lon: 118.8, lat: 32.25 }]);
    expect(positions.status).toBe(503);
  });

});
