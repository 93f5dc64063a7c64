import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordContracts, type RecordItem } from '../../../../src/shared/records/contracts.js';
import { safeSignLedger, safeSignTypeLedger } from '../../../../src/shared/records/ledgers/safe-sign.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from '../org/org-fixtures.js';

const types = recordContracts(safeSignTypeLedger);
const signs = recordContracts(safeSignLedger);

/**
 * Migration 0096: a safety sign's type was free text and becomes a link to a
 * SafeSignType record. Signs written before (inserted here as the old engine
 * stored them) are matched by name on the next start; a text no single type
 * has creates no type and stays readable in `signTypeOld`.
 */
describe.each(dialects)('safe sign type becomes a link (migration 0096) on %s', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: string;
  const t: Record<string, number> = {};
  const s: Record<string, number> = {};

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    const region = (await orgIds(ts.url, admin)).region.get('TF')!;
    for (const [key, values] of [
      ['smoke', { name: '禁止吸烟', name_en: 'No smoking', category: 'prohibition' }],
      ['shock', { name: '当心触电', category: 'warning' }],
      // Its English name is another type's Chinese name: "当心触电" matches two types, neither is chosen.
      ['clash', { name: '注意安全', name_en: '当心触电', category: 'warning' }],
    ] as const) {
      const r = await call(ts.url, types.save, values, admin);
      expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
      t[key] = (r.body.data as RecordItem).id;
    }
    // The signs as the engine stored them before 0096 (free text), without the numeric index that the old definition did not have.
    const db = ts.server.store.db;
    await sql`DROP INDEX IF EXISTS ${sql.id(`record_doc_${createHash('sha1').update('SafeSign.signType').digest('hex').slice(0, 16)}`)}`.execute(db);
    for (const [key, signType] of [
      ['byName', ' 禁止吸烟 '],
      ['byEnglish', 'no smoking'],
      ['ambiguous', '当心触电'],
      ['unknown', '佩戴安全帽'],
    ] as const) {
      const now = Date.now();
      const row = await db
        .insertInto('record')
        .values({ entity: 'SafeSign', deptid: null, regionid: region, status: 0, title: key, created_at: now, updated_at: now, created_by: 'admin', creator_id: 1, version: 1, doc: JSON.stringify({ name: key, signType, region }) })
        .returning('id')
        .executeTakeFirstOrThrow();
      s[key] = row.id;
    }
    await db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '0096_safe_sign_type_link' as never).execute();
    await ts.close();
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  const get = async (id: number) => (await call(ts.url, signs.get, { id }, admin)).body.data!.record;

  it('links each sign to the one type of its name (trimmed, either language, case not minded) and shows the name', async () => {
    for (const key of ['byName', 'byEnglish']) {
      const r = await get(s[key]);
      expect(r.signType, key).toBe(t.smoke);
      expect(r._links?.signType).toEqual({ zh: '禁止吸烟', en: 'No smoking' });
      expect(r.signTypeOld).toBeUndefined();
      expect(r.version).toBe(2);
    }
    const filtered = await call(ts.url, signs.list, { filters: { signType: t.smoke }, pageSize: 10 }, admin);
    expect(filtered.body.data!.items.map((i) => i.id).sort((a, b) => a - b)).toEqual([s.byName, s.byEnglish].sort((a, b) => a - b));
  });

  it('creates no type for a text no single type has: the sign keeps it to be seen and needs a type on its next save', async () => {
    expect((await call(ts.url, types.list, { pageSize: 100 }, admin)).body.data!.total).toBe(3);
    for (const [key, text] of [
      ['ambiguous', '当心触电'],
      ['unknown', '佩戴安全帽'],
    ] as const) {
      const r = await get(s[key]);
      expect([r.signType, r.signTypeOld], key).toEqual([null, text]);
    }
    const r = await get(s.unknown);
    const again = await call(ts.url, signs.save, { id: r.id, version: r.version, name: 'unknown', region: r.region, signType: null }, admin);
    expectRefused(again, 400, ['signType']);
    const fixed = await call(ts.url, signs.save, { id: r.id, version: r.version, name: 'unknown', region: r.region, signType: t.shock }, admin);
    expect(fixed.body.IsSuccess, JSON.stringify(fixed.body.error)).toBe(true);
    expect((await get(s.unknown))._links?.signType).toEqual({ zh: '当心触电', en: '当心触电' });
  });

  it('keeps a type that signs use from being deleted', async () => {
    const r = await call(ts.url, types.delete, { id: t.smoke }, admin);
    expectRefused(r, 409, ['id']);
    expect(r.body.error.code).toBe('records.linkedRecords');
    expect(r.body.error.message).toContain('2');
  });

  it('a text left under the numeric key (a row written outside the engine) neither fails the store nor the filtered list', async () => {
    // With the numeric index in place: a bare cast failed this insert on PostgreSQL, and any filter on the field after it.
    const db = ts.server.store.db;
    const now = Date.now();
    const region = (await get(s.byName)).region as number;
    await db
      .insertInto('record')
      .values({ entity: 'SafeSign', deptid: null, regionid: region, status: 0, title: 'stray', created_at: now, updated_at: now, created_by: 'admin', creator_id: 1, version: 1, doc: JSON.stringify({ name: 'stray', signType: 'x1', region }) })
      .execute();
    const filtered = await call(ts.url, signs.list, { filters: { signType: t.smoke }, pageSize: 10 }, admin);
    expect(filtered.body.IsSuccess, JSON.stringify(filtered.body.error)).toBe(true);
    expect(filtered.body.data!.items.map((i) => i.id).sort((a, b) => a - b)).toEqual([s.byName, s.byEnglish].sort((a, b) => a - b));
  });
});
