import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';

const nameOf = (prefix: string, what: string) => `${prefix}_${createHash('sha1').update(what).digest('hex').slice(0, 16)}`;

/**
 * A ledger's document indexes cover only its own records (`where entity = …`): writing a record then updates its
 * ledger's few indexes instead of the ~450 of every ledger. Migration 20261126T0700 drops the whole-table indexes an
 * SQLite store had; the next start makes them partial under the same names, and the list queries still use them.
 */
describe('document indexes are partial on their ledger (SQLite)', () => {
  let store: TestStore;
  let ts: TestServer;
  const docIndex = nameOf('record_doc', 'SafeSign.signType');

  beforeAll(async () => {
    store = await freshDatabase('sqlite', { file: true });
    ts = await startTestServer({ store, env: { LOG_LEVEL: 'error' } });
    // The index as a store made before the migration had it: over every ledger's records.
    const db = ts.server.store.db;
    await sql`DROP INDEX ${sql.id(docIndex)}`.execute(db);
    await sql`CREATE INDEX ${sql.id(docIndex)} ON record (entity, json_extract(doc, '$.signType'), id)`.execute(db);
    await db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '20261126T0700_partial_sqlite_indexes' as never).execute();
    await ts.close();
    ts = await startTestServer({ store, env: { LOG_LEVEL: 'error' } });
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('leaves no whole-table document index, and remakes the old one partial', async () => {
    const db = ts.server.store.db;
    const all = (await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'record'
      AND (name LIKE 'record_doc_%' OR name LIKE 'record_cnt_%')`.execute(db)).rows;
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((r) => !/where entity = '/i.test(r.sql)).map((r) => r.name)).toEqual([]);
    expect(all.find((r) => r.name === docIndex)?.sql).toMatch(/where entity = 'SafeSign'/);
  });

  it("a ledger's filtered list reads its partial index (the bound ledger name selects it)", async () => {
    const db = ts.server.store.db;
    const plan = (await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM record WHERE entity = ${'SafeSign'}
      AND json_extract(doc, '$.signType') = ${3} ORDER BY id`.execute(db)).rows.map((r) => r.detail).join(' | ');
    expect(plan).toMatch(new RegExp(`USING (COVERING )?INDEX (${docIndex}|${nameOf('record_cnt', 'SafeSign.signType')})`));
  });
});
