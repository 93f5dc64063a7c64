import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { decodePositions, decodeSamples } from '../../src/server/history/codec.js';
import type { PlantwatchServer } from '../../src/server/server.js';
import type { TestStore } from './server.js';

/** Every stored sample, in the shape of the former `sample` rows, ordered by time then tag (seals open windows first). */
export async function storedSamples(server: PlantwatchServer): Promise<{ tag_id: string; t: number; v: number; q: number }[]> {
  await server.stream.history.sealAll();
  const out: { tag_id: string; t: number; v: number; q: number }[] = [];
  for (const row of await server.store.db.selectFrom('sample_chunk').select(['tag_id', 'data']).execute()) {
    const d = decodeSamples(row.data);
    for (let i = 0; i < d.n; i++) {
      out.push({ tag_id: row.tag_id, t: d.t[i], v: d.v[i], q: d.q[i] });
    }
  }
  return out.sort((a, b) => a.t - b.t || (a.tag_id < b.tag_id ? -1 : a.tag_id > b.tag_id ? 1 : 0));
}

/** Every stored fix, in the shape of the former `position` rows, ordered by target then time. */
export async function storedPositions(
  server: PlantwatchServer,
): Promise<{ target_id: string; t: number; lon: number; lat: number; floor: number | null; kind: number }[]> {
  await server.stream.history.sealAll();
  const out: { target_id: string; t: number; lon: number; lat: number; floor: number | null; kind: number }[] = [];
  for (const row of await server.store.db.selectFrom('position_chunk').select(['target_id', 'data']).execute()) {
    const d = decodePositions(row.data);
    for (let i = 0; i < d.n; i++) {
      out.push({ target_id: row.target_id, t: d.t[i], lon: d.lon[i], lat: d.lat[i], floor: Number.isNaN(d.floor[i]) ? null : d.floor[i], kind: d.kind[i] });
    }
  }
  return out.sort((a, b) => (a.target_id < b.target_id ? -1 : a.target_id > b.target_id ? 1 : a.t - b.t));
}

/** Runs one read on the store a server process used (it has stopped or runs elsewhere): PostgreSQL, or the SQLite file in `dir`. */
async function readStore<T>(store: TestStore, dir: string, sql: { pg: string; sqlite: string }, params: unknown[]): Promise<T[]> {
  if (store.databaseUrl) {
    const c = new pg.Client({ connectionString: store.databaseUrl });
    await c.connect();
    try {
      return (await c.query(sql.pg, params)).rows as T[];
    } finally {
      await c.end();
    }
  }
  const db = new Database(path.join(dir, fs.readdirSync(dir).find((f) => f.endsWith('.db') || f.endsWith('.sqlite'))!), { readonly: true });
  try {
    return db.prepare(sql.sqlite).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The stored samples of some tags, read from the store of a server process (its sealed chunks). */
export async function storedRows(store: TestStore, dir: string, tags: string[]): Promise<Map<string, { t: number; v: number }[]>> {
  const rows = await readStore<{ tag_id: string; data: Uint8Array }>(
    store,
    dir,
    {
      pg: 'select tag_id, data from sample_chunk where tag_id = any($1) order by tag_id, w',
      sqlite: `select tag_id, data from sample_chunk where tag_id in (${tags.map(() => '?').join(',')}) order by tag_id, w`,
    },
    store.databaseUrl ? [tags] : tags,
  );
  const out = new Map<string, { t: number; v: number }[]>(tags.map((t) => [t, []]));
  for (const r of rows) {
    const d = decodeSamples(r.data);
    for (let i = 0; i < d.n; i++) {
      out.get(r.tag_id)!.push({ t: d.t[i], v: d.v[i] });
    }
  }
  return out;
}

/** The first `n` tag ids (by id) of the store of a server process. */
export async function firstTags(store: TestStore, dir: string, n: number): Promise<string[]> {
  const rows = await readStore<{ id: string }>(store, dir, { pg: 'select id from tag order by id limit $1', sqlite: 'select id from tag order by id limit ?' }, [n]);
  return rows.map((r) => r.id);
}
