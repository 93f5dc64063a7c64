import { CompiledQuery } from 'kysely';
import type { Db } from '../store/db.js';
import { sortedOrder, type HistoryTake, type PositionRows, type RollupRow, type SampleRows } from './history-buffer.js';

/*
 * The SQL of history writes and retention, written once for two connections:
 * Kysely (PostgreSQL, in-memory SQLite, main thread) and a raw better-sqlite3
 * connection in the SQLite writer thread. Statements use `?`; PostgreSQL gets
 * them renumbered to `$n`.
 */

export type SqlDialect = 'sqlite' | 'postgres';

export interface SqlConn {
  dialect: SqlDialect;
  run(sql: string, params: readonly unknown[]): Promise<{ rows: Record<string, unknown>[]; changes: number }>;
  transaction<T>(fn: (c: SqlConn) => Promise<T>): Promise<T>;
}

function pgPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** A SqlConn over Kysely (a transaction keeps to one pooled connection). */
export function kyselyConn(db: Db, dialect: SqlDialect): SqlConn {
  return {
    dialect,
    async run(sql, params) {
      const r = await db.executeQuery(CompiledQuery.raw(dialect === 'postgres' ? pgPlaceholders(sql) : sql, [...params]));
      return { rows: r.rows as Record<string, unknown>[], changes: Number(r.numAffectedRows ?? 0) };
    },
    transaction: (fn) => db.transaction().execute((tx) => fn(kyselyConn(tx, dialect))),
  };
}

/** Rows per SQLite statement (4–8 parameters a row stays far below SQLite's 32,766 variables). */
const SQLITE_ROWS = 500;
/** Rows per PostgreSQL statement: arrays through unnest, a handful of parameters whatever the count. */
const PG_ROWS = 20_000;

const values = (rows: number, cols: number) => new Array<string>(rows).fill(`(${new Array<string>(cols).fill('?').join(',')})`).join(',');

const SAMPLE_INSERT = 'INSERT INTO sample (tag_id, t, v, q) VALUES ';
const POSITION_INSERT = 'INSERT INTO position (target_id, t, lon, lat, floor, kind) VALUES ';
const ROLLUP_COLUMNS = 'INSERT INTO sample_1m (tag_id, m, vmin, vmax, vsum, n, vlast, tlast) ';
const rollupConflict = (d: SqlDialect) =>
  ` ON CONFLICT (tag_id, m) DO UPDATE SET
    vmin = ${d === 'postgres' ? 'least' : 'min'}(sample_1m.vmin, excluded.vmin),
    vmax = ${d === 'postgres' ? 'greatest' : 'max'}(sample_1m.vmax, excluded.vmax),
    vsum = sample_1m.vsum + excluded.vsum,
    n = sample_1m.n + excluded.n,
    vlast = CASE WHEN excluded.tlast >= sample_1m.tlast THEN excluded.vlast ELSE sample_1m.vlast END,
    tlast = ${d === 'postgres' ? 'greatest' : 'max'}(sample_1m.tlast, excluded.tlast)`;

/** One flat run of sample rows: all batches of a take, in (tag, t) order when `sort`. */
function flatten(batches: readonly SampleRows[], total: number, sort: boolean): SampleRows {
  if (batches.length === 1 && !sort) {
    return batches[0];
  }
  const tag = new Array<string>(total);
  const t = new Float64Array(total);
  const v = new Float64Array(total);
  const q = new Uint8Array(total);
  if (sort) {
    const order = sortedOrder(batches);
    for (let k = 0; k < total; k++) {
      const b = batches[order.batch[k]];
      const i = order.row[k];
      tag[k] = b.tag[i];
      t[k] = b.t[i];
      v[k] = b.v[i];
      q[k] = b.q[i];
    }
  } else {
    let k = 0;
    for (const b of batches) {
      for (let i = 0; i < b.n; i++, k++) {
        tag[k] = b.tag[i];
        t[k] = b.t[i];
        v[k] = b.v[i];
        q[k] = b.q[i];
      }
    }
  }
  return { n: total, tag, t, v, q };
}

/** Inserts rows [from, to) of a flat run. */
async function insertSamples(c: SqlConn, s: SampleRows, from: number, to: number): Promise<void> {
  if (c.dialect === 'postgres') {
    for (let a = from; a < to; a += PG_ROWS) {
      const z = Math.min(to, a + PG_ROWS);
      await c.run('INSERT INTO sample (tag_id, t, v, q) SELECT * FROM unnest(?::text[], ?::bigint[], ?::float8[], ?::int[])', [
        s.tag.slice(a, z),
        Array.from({ length: z - a }, (_, k) => s.t[a + k]),
        Array.from({ length: z - a }, (_, k) => s.v[a + k]),
        Array.from({ length: z - a }, (_, k) => s.q[a + k]),
      ]);
    }
    return;
  }
  const full = SAMPLE_INSERT + values(SQLITE_ROWS, 4);
  for (let a = from; a < to; a += SQLITE_ROWS) {
    const z = Math.min(to, a + SQLITE_ROWS);
    const params: unknown[] = [];
    for (let k = a; k < z; k++) {
      params.push(s.tag[k], s.t[k], s.v[k], s.q[k]);
    }
    await c.run(z - a === SQLITE_ROWS ? full : SAMPLE_INSERT + values(z - a, 4), params);
  }
}

async function insertPositions(c: SqlConn, batches: readonly PositionRows[]): Promise<void> {
  if (c.dialect === 'postgres') {
    const id: string[] = [];
    const t: number[] = [];
    const lon: number[] = [];
    const lat: number[] = [];
    const floor: (number | null)[] = [];
    const kind: number[] = [];
    const flush = async () => {
      if (id.length > 0) {
        await c.run(
          'INSERT INTO position (target_id, t, lon, lat, floor, kind) SELECT * FROM unnest(?::text[], ?::bigint[], ?::float8[], ?::float8[], ?::int[], ?::int[])',
          [id, t, lon, lat, floor, kind],
        );
        for (const a of [id, t, lon, lat, floor, kind]) {
          a.length = 0;
        }
      }
    };
    for (const b of batches) {
      for (let i = 0; i < b.n; i++) {
        id.push(b.id[i]);
        t.push(b.t[i]);
        lon.push(b.lon[i]);
        lat.push(b.lat[i]);
        floor.push(Number.isNaN(b.floor[i]) ? null : b.floor[i]);
        kind.push(b.kind[i]);
        if (id.length === PG_ROWS) {
          await flush();
        }
      }
    }
    await flush();
    return;
  }
  const rows = 300;
  const full = POSITION_INSERT + values(rows, 6);
  let params: unknown[] = [];
  for (const b of batches) {
    for (let i = 0; i < b.n; i++) {
      params.push(b.id[i], b.t[i], b.lon[i], b.lat[i], Number.isNaN(b.floor[i]) ? null : b.floor[i], b.kind[i]);
      if (params.length === rows * 6) {
        await c.run(full, params);
        params = [];
      }
    }
  }
  if (params.length > 0) {
    await c.run(POSITION_INSERT + values(params.length / 6, 6), params);
  }
}

async function upsertRollups(c: SqlConn, rollups: readonly RollupRow[]): Promise<void> {
  // One statement must not touch a key twice (PostgreSQL refuses it): merge first.
  const merged = new Map<string, RollupRow>();
  for (const r of rollups) {
    const key = `${r.m}\u0000${r.tag}`;
    const m = merged.get(key);
    if (!m) {
      merged.set(key, { ...r });
    } else {
      m.min = Math.min(m.min, r.min);
      m.max = Math.max(m.max, r.max);
      m.sum += r.sum;
      m.n += r.n;
      if (r.tlast >= m.tlast) {
        m.last = r.last;
        m.tlast = r.tlast;
      }
    }
  }
  const list = [...merged.values()];
  const conflict = rollupConflict(c.dialect);
  if (c.dialect === 'postgres') {
    for (let from = 0; from < list.length; from += PG_ROWS) {
      const part = list.slice(from, from + PG_ROWS);
      await c.run(
        `${ROLLUP_COLUMNS}SELECT * FROM unnest(?::text[], ?::bigint[], ?::float8[], ?::float8[], ?::float8[], ?::int[], ?::float8[], ?::bigint[])${conflict}`,
        [part.map((r) => r.tag), part.map((r) => r.m), part.map((r) => r.min), part.map((r) => r.max), part.map((r) => r.sum), part.map((r) => r.n), part.map((r) => r.last), part.map((r) => r.tlast)],
      );
    }
    return;
  }
  const rows = 250;
  for (let from = 0; from < list.length; from += rows) {
    const part = list.slice(from, from + rows);
    const params: unknown[] = [];
    for (const r of part) {
      params.push(r.tag, r.m, r.min, r.max, r.sum, r.n, r.last, r.tlast);
    }
    await c.run(`${ROLLUP_COLUMNS}VALUES ${values(part.length, 8)}${conflict}`, params);
  }
}

/**
 * Writes a take: samples (in (tag, t) order when `sort`), positions and
 * rollups, in transactions of at most `rowsPerTransaction` sample rows, so a
 * big backlog never holds SQLite's write lock for long. On error the failing
 * transaction writes nothing (earlier ones stay).
 */
export async function writeTake(c: SqlConn, take: HistoryTake, opts: { sort: boolean; rowsPerTransaction: number }): Promise<void> {
  const flat = flatten(take.samples, take.sampleCount, opts.sort && take.sampleCount > 1);
  const total = take.sampleCount;
  let from = 0;
  do {
    const to = Math.min(total, from + opts.rowsPerTransaction);
    const last = to >= total;
    await c.transaction(async (tx) => {
      await insertSamples(tx, flat, from, to);
      if (last) {
        await insertPositions(tx, take.positions);
        await upsertRollups(tx, take.rollups);
      }
    });
    from = to;
  } while (from < total);
}

/**
 * Deletes history older than `before` (epoch ms). Walks the distinct ids with
 * index seeks (a loose index scan: `min(id) where id > previous`) and deletes
 * per id through the (id, time) index, so neither dialect scans whole tables
 * and no statement holds SQLite's write lock for long.
 */
export async function deleteBefore(c: SqlConn, before: number): Promise<{ samples: number; positions: number }> {
  const sweep = async (table: string, id: string, time: string) => {
    let deleted = 0;
    let prev: string | null = null;
    for (;;) {
      const r = await c.run(
        prev === null ? `SELECT min(${id}) AS id FROM ${table}` : `SELECT min(${id}) AS id FROM ${table} WHERE ${id} > ?`,
        prev === null ? [] : [prev],
      );
      const next = r.rows[0]?.id;
      if (typeof next !== 'string') {
        return deleted;
      }
      deleted += (await c.run(`DELETE FROM ${table} WHERE ${id} = ? AND ${time} < CAST(? AS bigint)`, [next, before])).changes;
      prev = next;
    }
  };
  const samples = await sweep('sample', 'tag_id', 't');
  await sweep('sample_1m', 'tag_id', 'm');
  const positions = await sweep('position', 'target_id', 't');
  return { samples, positions };
}
