import type { SqlConn } from '../stream/history-sql.js';
import { CHUNK_MS } from './series.js';

/*
 * The SQL of chunks, the same on SQLite (blob) and PostgreSQL (bytea). Written
 * once with `?` placeholders for the SqlConn of src/server/stream/history-sql.ts.
 */

export interface SampleChunkRow {
  tag: string;
  w: number;
  n: number;
  data: Uint8Array;
  rollup: Uint8Array;
}

export interface PositionChunkRow {
  id: string;
  w: number;
  n: number;
  data: Uint8Array;
}

/** The minute rollups of one tag over one hour (sample_hour). */
export interface HourRow {
  tag: string;
  h: number;
  /** Samples in the hour. */
  n: number;
  rollup: Uint8Array;
  /** The hour as one rollup entry (its time: the start of its last minute), for trends whose buckets hold the whole hour. */
  total: Uint8Array;
}

const IN_LIST = 500;
const qs = (n: number) => new Array<string>(n).fill('?').join(',');
const asBytes = (x: unknown): Uint8Array => (x instanceof Uint8Array ? x : new Uint8Array(x as ArrayBuffer));

/**
 * A transaction for a read-merge-write of chunks. Chunk writers (the historian
 * sealing, the upgrade of row tables, another server on the same PostgreSQL)
 * take turns: SQLite's write transactions are exclusive already, on PostgreSQL
 * a transaction-level advisory lock serialises them, so no merge is lost.
 */
export function chunkTransaction<T>(c: SqlConn, fn: (tx: SqlConn) => Promise<T>): Promise<T> {
  return c.transaction(async (tx) => {
    if (tx.dialect === 'postgres') {
      await tx.run("SELECT pg_advisory_xact_lock(hashtext('plantwatch.history.chunks'))", []);
    }
    return fn(tx);
  });
}

/** Chunks of `ids` with windows in [wFrom, wTo), one column of blobs (`data` or `rollup`), ordered by window. */
export async function readChunks(
  c: SqlConn,
  kind: 'sample' | 'position',
  ids: readonly string[],
  wFrom: number,
  wTo: number,
  column: 'data' | 'rollup' = 'data',
): Promise<{ id: string; w: number; n: number; blob: Uint8Array }[]> {
  const table = kind === 'sample' ? 'sample_chunk' : 'position_chunk';
  const idc = kind === 'sample' ? 'tag_id' : 'target_id';
  const out: { id: string; w: number; n: number; blob: Uint8Array }[] = [];
  for (let a = 0; a < ids.length; a += IN_LIST) {
    const part = ids.slice(a, a + IN_LIST);
    const r = await c.run(
      `SELECT ${idc} AS id, w, n, ${column} AS blob FROM ${table} WHERE ${idc} IN (${qs(part.length)}) AND w >= CAST(? AS bigint) AND w < CAST(? AS bigint) ORDER BY ${idc}, w`,
      [...part, wFrom, wTo],
    );
    for (const row of r.rows) {
      out.push({ id: String(row.id), w: Number(row.w), n: Number(row.n), blob: asBytes(row.blob) });
    }
  }
  return out;
}

const toBuffer = (x: Uint8Array) => Buffer.from(x.buffer, x.byteOffset, x.byteLength);

/**
 * Inserts rows, or replaces the ones with the same key (the first two
 * columns): PostgreSQL through unnest arrays, SQLite in multi-row statements.
 */
async function upsert(c: SqlConn, table: string, cols: readonly (readonly [name: string, pgType: string])[], rows: readonly unknown[][]): Promise<void> {
  const names = cols.map(([n]) => n);
  const conflict = `ON CONFLICT (${names[0]}, ${names[1]}) DO UPDATE SET ${names
    .slice(2)
    .map((n) => `${n} = excluded.${n}`)
    .join(', ')}`;
  if (c.dialect === 'postgres') {
    for (let a = 0; a < rows.length; a += 5000) {
      const part = rows.slice(a, a + 5000);
      await c.run(
        `INSERT INTO ${table} (${names.join(', ')}) SELECT * FROM unnest(${cols.map(([, t]) => `?::${t}[]`).join(', ')}) ${conflict}`,
        cols.map((_, k) => part.map((r) => r[k])),
      );
    }
    return;
  }
  const per = Math.floor(2000 / cols.length);
  const one = `(${new Array<string>(cols.length).fill('?').join(',')})`;
  for (let a = 0; a < rows.length; a += per) {
    const part = rows.slice(a, a + per);
    await c.run(`INSERT INTO ${table} (${names.join(', ')}) VALUES ${new Array<string>(part.length).fill(one).join(',')} ${conflict}`, part.flat());
  }
}

export const upsertSampleChunks = (c: SqlConn, rows: readonly SampleChunkRow[]): Promise<void> =>
  upsert(
    c,
    'sample_chunk',
    [
      ['tag_id', 'text'],
      ['w', 'bigint'],
      ['n', 'int'],
      ['data', 'bytea'],
      ['rollup', 'bytea'],
    ],
    rows.map((r) => [r.tag, r.w, r.n, toBuffer(r.data), toBuffer(r.rollup)]),
  );

export const upsertPositionChunks = (c: SqlConn, rows: readonly PositionChunkRow[]): Promise<void> =>
  upsert(
    c,
    'position_chunk',
    [
      ['target_id', 'text'],
      ['w', 'bigint'],
      ['n', 'int'],
      ['data', 'bytea'],
    ],
    rows.map((r) => [r.id, r.w, r.n, toBuffer(r.data)]),
  );

export const upsertHours = (c: SqlConn, rows: readonly HourRow[]): Promise<void> =>
  upsert(
    c,
    'sample_hour',
    [
      ['tag_id', 'text'],
      ['h', 'bigint'],
      ['n', 'int'],
      ['rollup', 'bytea'],
      ['total', 'bytea'],
    ],
    rows.map((r) => [r.tag, r.h, r.n, toBuffer(r.rollup), toBuffer(r.total)]),
  );

/**
 * Hour rows of `ids` with hours in [hFrom, hTo): the minute rollups, and with
 * `totals` the hour's total as well (null in rows from before migration 0092).
 */
export async function readHours(
  c: SqlConn,
  ids: readonly string[],
  hFrom: number,
  hTo: number,
  totals = false,
): Promise<{ id: string; h: number; blob: Uint8Array; total: Uint8Array | null }[]> {
  const out: { id: string; h: number; blob: Uint8Array; total: Uint8Array | null }[] = [];
  for (let a = 0; a < ids.length; a += IN_LIST) {
    const part = ids.slice(a, a + IN_LIST);
    const r = await c.run(
      `SELECT tag_id AS id, h, rollup AS blob${totals ? ', total' : ''} FROM sample_hour WHERE tag_id IN (${qs(part.length)}) AND h >= CAST(? AS bigint) AND h < CAST(? AS bigint) ORDER BY tag_id, h`,
      [...part, hFrom, hTo],
    );
    for (const row of r.rows) {
      out.push({ id: String(row.id), h: Number(row.h), blob: asBytes(row.blob), total: row.total == null ? null : asBytes(row.total) });
    }
  }
  return out;
}

/** Deletes the chunks whose whole window ends at or before `before`; returns the items they held. */
export async function deleteChunksBefore(c: SqlConn, before: number): Promise<{ samples: number; positions: number }> {
  const last = before - CHUNK_MS;
  const count = async (tx: SqlConn, table: string) =>
    Number((await tx.run(`SELECT coalesce(sum(n), 0) AS n FROM ${table} WHERE w <= CAST(? AS bigint)`, [last])).rows[0]?.n ?? 0);
  return c.transaction(async (tx) => {
    const samples = await count(tx, 'sample_chunk');
    const positions = await count(tx, 'position_chunk');
    await tx.run('DELETE FROM sample_chunk WHERE w <= CAST(? AS bigint)', [last]);
    await tx.run('DELETE FROM position_chunk WHERE w <= CAST(? AS bigint)', [last]);
    // An hour partly dropped loses its row too: its remaining chunks are read instead.
    await tx.run('DELETE FROM sample_hour WHERE h < CAST(? AS bigint)', [before]);
    return { samples, positions };
  });
}

/** Bytes and items per tag in chunks (storage figures). */
export async function chunkStats(c: SqlConn): Promise<{ id: string; chunks: number; samples: number; bytes: number }[]> {
  const len = c.dialect === 'postgres' ? 'octet_length' : 'length';
  const r = await c.run(
    `SELECT tag_id AS id, count(*) AS chunks, sum(n) AS samples, sum(${len}(data) + ${len}(rollup)) AS bytes FROM sample_chunk GROUP BY tag_id ORDER BY tag_id`,
    [],
  );
  return r.rows.map((x) => ({ id: String(x.id), chunks: Number(x.chunks), samples: Number(x.samples), bytes: Number(x.bytes) }));
}
