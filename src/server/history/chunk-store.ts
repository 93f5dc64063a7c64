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

export async function upsertSampleChunks(c: SqlConn, rows: readonly SampleChunkRow[]): Promise<void> {
  if (c.dialect === 'postgres') {
    for (let a = 0; a < rows.length; a += 5000) {
      const part = rows.slice(a, a + 5000);
      await c.run(
        `INSERT INTO sample_chunk (tag_id, w, n, data, rollup)
         SELECT * FROM unnest(?::text[], ?::bigint[], ?::int[], ?::bytea[], ?::bytea[])
         ON CONFLICT (tag_id, w) DO UPDATE SET n = excluded.n, data = excluded.data, rollup = excluded.rollup`,
        [
          part.map((r) => r.tag),
          part.map((r) => r.w),
          part.map((r) => r.n),
          part.map((r) => Buffer.from(r.data)),
          part.map((r) => Buffer.from(r.rollup)),
        ],
      );
    }
    return;
  }
  const per = 400;
  for (let a = 0; a < rows.length; a += per) {
    const part = rows.slice(a, a + per);
    const params: unknown[] = [];
    for (const r of part) {
      params.push(
        r.tag,
        r.w,
        r.n,
        Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength),
        Buffer.from(r.rollup.buffer, r.rollup.byteOffset, r.rollup.byteLength),
      );
    }
    await c.run(
      `INSERT INTO sample_chunk (tag_id, w, n, data, rollup) VALUES ${new Array<string>(part.length).fill('(?,?,?,?,?)').join(',')}
       ON CONFLICT (tag_id, w) DO UPDATE SET n = excluded.n, data = excluded.data, rollup = excluded.rollup`,
      params,
    );
  }
}

export async function upsertPositionChunks(c: SqlConn, rows: readonly PositionChunkRow[]): Promise<void> {
  if (c.dialect === 'postgres') {
    for (let a = 0; a < rows.length; a += 5000) {
      const part = rows.slice(a, a + 5000);
      await c.run(
        `INSERT INTO position_chunk (target_id, w, n, data)
         SELECT * FROM unnest(?::text[], ?::bigint[], ?::int[], ?::bytea[])
         ON CONFLICT (target_id, w) DO UPDATE SET n = excluded.n, data = excluded.data`,
        [part.map((r) => r.id), part.map((r) => r.w), part.map((r) => r.n), part.map((r) => Buffer.from(r.data))],
      );
    }
    return;
  }
  const per = 500;
  for (let a = 0; a < rows.length; a += per) {
    const part = rows.slice(a, a + per);
    const params: unknown[] = [];
    for (const r of part) {
      params.push(r.id, r.w, r.n, Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength));
    }
    await c.run(
      `INSERT INTO position_chunk (target_id, w, n, data) VALUES ${new Array<string>(part.length).fill('(?,?,?,?)').join(',')}
       ON CONFLICT (target_id, w) DO UPDATE SET n = excluded.n, data = excluded.data`,
      params,
    );
  }
}

export async function upsertHours(c: SqlConn, rows: readonly HourRow[]): Promise<void> {
  if (c.dialect === 'postgres') {
    for (let a = 0; a < rows.length; a += 5000) {
      const part = rows.slice(a, a + 5000);
      await c.run(
        `INSERT INTO sample_hour (tag_id, h, n, rollup)
         SELECT * FROM unnest(?::text[], ?::bigint[], ?::int[], ?::bytea[])
         ON CONFLICT (tag_id, h) DO UPDATE SET n = excluded.n, rollup = excluded.rollup`,
        [part.map((r) => r.tag), part.map((r) => r.h), part.map((r) => r.n), part.map((r) => Buffer.from(r.rollup))],
      );
    }
    return;
  }
  const per = 500;
  for (let a = 0; a < rows.length; a += per) {
    const part = rows.slice(a, a + per);
    const params: unknown[] = [];
    for (const r of part) {
      params.push(r.tag, r.h, r.n, Buffer.from(r.rollup.buffer, r.rollup.byteOffset, r.rollup.byteLength));
    }
    await c.run(
      `INSERT INTO sample_hour (tag_id, h, n, rollup) VALUES ${new Array<string>(part.length).fill('(?,?,?,?)').join(',')}
       ON CONFLICT (tag_id, h) DO UPDATE SET n = excluded.n, rollup = excluded.rollup`,
      params,
    );
  }
}

/** Hour rows of `ids` with hours in [hFrom, hTo). */
export async function readHours(c: SqlConn, ids: readonly string[], hFrom: number, hTo: number): Promise<{ id: string; h: number; blob: Uint8Array }[]> {
  const out: { id: string; h: number; blob: Uint8Array }[] = [];
  for (let a = 0; a < ids.length; a += IN_LIST) {
    const part = ids.slice(a, a + IN_LIST);
    const r = await c.run(
      `SELECT tag_id AS id, h, rollup AS blob FROM sample_hour WHERE tag_id IN (${qs(part.length)}) AND h >= CAST(? AS bigint) AND h < CAST(? AS bigint) ORDER BY tag_id, h`,
      [...part, hFrom, hTo],
    );
    for (const row of r.rows) {
      out.push({ id: String(row.id), h: Number(row.h), blob: asBytes(row.blob) });
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
