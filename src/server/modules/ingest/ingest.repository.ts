import type { Db, Tx } from '../../store/db.js';

export interface IngestKeyRow {
  id: number;
  name: string;
  prefix: string;
  created_at: number;
  created_by: string;
  revoked_at: number | null;
}

const columns = ['id', 'name', 'prefix', 'created_at', 'created_by', 'revoked_at'] as const;

/** The only place SQL of the ingest keys lives. */
export function createIngestRepository(db: Db) {
  return {
    list: (): Promise<IngestKeyRow[]> => db.selectFrom('ingest_key').select(columns).orderBy('id', 'desc').execute(),
    get: (tx: Tx | Db, id: number): Promise<IngestKeyRow | undefined> =>
      tx.selectFrom('ingest_key').select(columns).where('id', '=', id).executeTakeFirst(),
    insert: (tx: Tx, row: { name: string; key_hash: string; prefix: string; created_at: number; created_by: string }): Promise<IngestKeyRow> =>
      tx.insertInto('ingest_key').values({ ...row, revoked_at: null }).returning(columns).executeTakeFirstOrThrow(),
    revoke: (tx: Tx, id: number, at: number) => tx.updateTable('ingest_key').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute(),
    /** True when an unrevoked key has this hash. */
    /** The name of an unrevoked key, null when there is none with this hash. */
    async activeName(keyHash: string): Promise<string | null> {
      const row = await db.selectFrom('ingest_key').select('name').where('key_hash', '=', keyHash).where('revoked_at', 'is', null).executeTakeFirst();
      return row?.name ?? null;
    },
  };
}
