import type { SqlConn } from '../stream/history-sql.js';
import type { StreamLog } from '../stream/ingest.js';
import { chunkTransaction } from './chunk-store.js';
import { writeChunks } from './seal.js';
import { CHUNK_MS, newSeries, normalize, push, windowOf, type Series } from './series.js';

/*
 * Upgrade of a store from the row tables of migration 0003 (`sample`,
 * `position`, `sample_1m`) to chunks: per id, an hour of rows at a time is
 * merged into the chunks of its windows and deleted from the row table in the
 * same transaction. Resumable by construction (what is moved is gone from the
 * rows; a crash loses nothing and repeats nothing), in small transactions while
 * the server keeps ingesting; queries read both meanwhile.
 */

/** Windows moved per transaction (an hour of one id). */
const WINDOWS_PER_STEP = 6;

export interface UpgradeProgress {
  ids: number;
  samples: number;
  positions: number;
  done: boolean;
}

async function nextId(c: SqlConn, table: 'sample' | 'position', prev: string | null): Promise<string | null> {
  const col = table === 'sample' ? 'tag_id' : 'target_id';
  const r = await c.run(
    prev === null ? `SELECT min(${col}) AS id FROM ${table}` : `SELECT min(${col}) AS id FROM ${table} WHERE ${col} > ?`,
    prev === null ? [] : [prev],
  );
  const id = r.rows[0]?.id;
  return typeof id === 'string' ? id : null;
}

/** Moves one step (up to an hour) of one id; returns the rows moved (0: the id has no rows left). */
async function step(c: SqlConn, table: 'sample' | 'position', id: string): Promise<number> {
  return chunkTransaction(c, async (tx) => {
    const col = table === 'sample' ? 'tag_id' : 'target_id';
    const first = await tx.run(`SELECT min(t) AS t FROM ${table} WHERE ${col} = ?`, [id]);
    if (first.rows[0]?.t === null || first.rows[0]?.t === undefined) {
      return 0;
    }
    const w0 = windowOf(Number(first.rows[0].t));
    const w1 = w0 + WINDOWS_PER_STEP * CHUNK_MS;
    const cols = table === 'sample' ? 't, v, q' : 't, lon, lat, floor, kind';
    const rows = (
      await tx.run(`SELECT ${cols} FROM ${table} WHERE ${col} = ? AND t >= CAST(? AS bigint) AND t < CAST(? AS bigint)`, [id, w0, w1])
    ).rows;
    const byWindow = new Map<number, Series>();
    for (const r of rows) {
      const t = Number(r.t);
      const w = windowOf(t);
      let s = byWindow.get(w);
      if (!s) {
        s = newSeries(table === 'sample' ? 2 : 4);
        byWindow.set(w, s);
      }
      push(
        s,
        t,
        table === 'sample'
          ? [Number(r.v), Number(r.q)]
          : [Number(r.lon), Number(r.lat), r.floor === null ? Number.NaN : Number(r.floor), Number(r.kind)],
      );
    }
    // Chunk items are newer than row items of the same time (written after the upgrade began): the stored value stays.
    await writeChunks(
      tx,
      table,
      [...byWindow].map(([w, s]) => ({ id, w, ...normalize(s) })),
      true,
    );
    await tx.run(`DELETE FROM ${table} WHERE ${col} = ? AND t >= CAST(? AS bigint) AND t < CAST(? AS bigint)`, [id, w0, w1]);
    if (table === 'sample') {
      await tx.run('DELETE FROM sample_1m WHERE tag_id = ? AND m >= CAST(? AS bigint) AND m < CAST(? AS bigint)', [id, w0, w1]);
    }
    return rows.length;
  });
}

/**
 * Moves every row of the row tables into chunks. `shouldStop` is asked between
 * steps (shutdown); progress is logged every few seconds and at the end.
 */
export async function upgradeRowTables(c: SqlConn, log: StreamLog, shouldStop: () => boolean = () => false): Promise<UpgradeProgress> {
  const p: UpgradeProgress = { ids: 0, samples: 0, positions: 0, done: false };
  let lastLog = Date.now();
  let announced = false;
  for (const table of ['sample', 'position'] as const) {
    let prev: string | null = null;
    for (;;) {
      const id = await nextId(c, table, prev);
      if (id === null) {
        break;
      }
      if (!announced) {
        announced = true;
        log.info('history upgrade: moving the row tables into chunks; the server keeps ingesting meanwhile');
      }
      for (;;) {
        if (shouldStop()) {
          log.info({ ...p }, 'history upgrade: paused (resumes at the next start)');
          return p;
        }
        const n = await step(c, table, id);
        if (n === 0) {
          break;
        }
        if (table === 'sample') {
          p.samples += n;
        } else {
          p.positions += n;
        }
        if (Date.now() - lastLog > 5000) {
          lastLog = Date.now();
          log.info({ ...p, at: `${table}:${id}` }, 'history upgrade: progress');
        }
        // Let requests and ingestion in between steps.
        await new Promise((r) => setImmediate(r));
      }
      p.ids++;
      prev = id;
    }
  }
  p.done = true;
  if (announced) {
    await c.run('DELETE FROM sample_1m', []);
    log.info({ ...p }, 'history upgrade: done, every row is in chunks');
  }
  return p;
}

export interface UpgradeJob {
  /** Resolves when the upgrade has finished or paused. */
  done: Promise<UpgradeProgress | null>;
  stop(): Promise<void>;
}

/** Runs the upgrade in the background shortly after start. */
export function startHistoryUpgrade(c: SqlConn, log: StreamLog, afterMs = 2000): UpgradeJob {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const done = new Promise<UpgradeProgress | null>((resolve) => {
    timer = setTimeout(() => {
      timer = null;
      upgradeRowTables(c, log, () => stopped).then(resolve, (err: unknown) => {
        log.error({ err }, 'history upgrade failed; it resumes at the next start');
        resolve(null);
      });
    }, afterMs);
    timer.unref();
  });
  return {
    done,
    async stop() {
      stopped = true;
      if (timer) {
        clearTimeout(timer);
        return;
      }
      await done;
    },
  };
}
