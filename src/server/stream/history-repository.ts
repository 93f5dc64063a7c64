import { sql } from 'kysely';
import type { Db } from '../store/db.js';
import { ROLLUP_MS } from '../history/series.js';

/** One downsampled bucket of a tag's history. */
export interface SampleBucket {
  /** Start of the bucket, epoch ms. */
  t: number;
  min: number;
  max: number;
  avg: number;
  /** Value of the bucket's latest sample. */
  last: number;
  /** Samples in the bucket. */
  n: number;
}

export interface SampleHistory {
  bucketMs: number;
  items: { tag: string; buckets: SampleBucket[] }[];
}

interface BucketRow {
  tag_id: string;
  b: number | string;
  mn: number;
  mx: number;
  sm: number;
  n: number | string;
  last: number;
  at: number | string;
}

/** Raw samples answer for the last minutes, which the rollups may not hold yet (minutes are written a little after they end). */
const RAW_TAIL_MS = 3 * ROLLUP_MS;

/**
 * Tag history over [from, to) downsampled to at most `points` buckets per tag
 * of equal width ceil((to - from) / points) ms, each {t, min, max, avg, last, n};
 * empty buckets are left out; items follow the order of `tagIds`.
 *
 * Buckets of a minute or more are built from the 1-minute rollups (sample_1m),
 * plus raw samples for the last few minutes: a 30-day range reads 43,200
 * rollup rows per tag, not 2.6 million samples. Their edges snap to whole
 * minutes (a minute counts in the bucket its start falls in). Shorter buckets
 * group the raw samples, over the (tag_id, t) index.
 */
export async function querySampleHistory(
  db: Db,
  tagIds: readonly string[],
  from: number,
  to: number,
  points: number,
  now = Date.now(),
  /** Adds `at` to each bucket: the time of its `last` (the minute's start when from rollups); for the chunk reader's merge. */
  withAt = false,
): Promise<SampleHistory> {
  const bucketMs = Math.max(1, Math.ceil((to - from) / Math.max(1, Math.floor(points))));
  const items = tagIds.map((tag) => ({ tag, buckets: [] as SampleBucket[] }));
  if (tagIds.length === 0 || to <= from) {
    return { bucketMs, items };
  }
  const ids = sql.join([...tagIds]);
  // Parameters are cast: SQLite binds JS numbers as REAL, and (t - from) / width must be integer division.
  const f = sql`cast(${from} as bigint)`;
  const w = sql`cast(${bucketMs} as bigint)`;
  const rawFrom = bucketMs < ROLLUP_MS ? from : Math.min(to, Math.max(from, Math.floor((now - RAW_TAIL_MS) / ROLLUP_MS) * ROLLUP_MS));
  const rollupRows =
    rawFrom > from
      ? (
          await sql<BucketRow>`
            with agg as (
              select tag_id, (m - ${f}) / ${w} as b, min(vmin) as mn, max(vmax) as mx, sum(vsum) as sm, sum(n) as n, max(m) as ml
              from sample_1m
              where tag_id in (${ids}) and m >= cast(${Math.floor(from / ROLLUP_MS) * ROLLUP_MS} as bigint) and m < cast(${rawFrom} as bigint)
              group by tag_id, b
            )
            select agg.tag_id, agg.b, agg.mn, agg.mx, agg.sm, agg.n,
              (select r.vlast from sample_1m r where r.tag_id = agg.tag_id and r.m = agg.ml) as last, agg.ml as at
            from agg`.execute(db)
        ).rows
      : [];
  const raw = async (tags: readonly string[], lo: number, hi: number) =>
    tags.length === 0 || lo >= hi
      ? []
      : (
          await sql<BucketRow>`
            with agg as (
              select tag_id, (t - ${f}) / ${w} as b, min(v) as mn, max(v) as mx, sum(v) as sm, count(*) as n, max(t) as tl
              from sample
              where tag_id in (${sql.join([...tags])}) and t >= cast(${lo} as bigint) and t < cast(${hi} as bigint)
              group by tag_id, b
            )
            select agg.tag_id, agg.b, agg.mn, agg.mx, agg.sm, agg.n,
              (select s.v from sample s where s.tag_id = agg.tag_id and s.t = agg.tl limit 1) as last, agg.tl as at
            from agg`.execute(db)
        ).rows;
  // Tags without any rollup in the range (history written straight into `sample`
  // by an import or another tool, see rebuildRollups) are read raw over the whole range.
  const rolled = new Set(rollupRows.map((r) => r.tag_id));
  const rawRows = [
    ...(await raw(
      tagIds.filter((id) => rolled.has(id)),
      rawFrom,
      to,
    )),
    ...(await raw(
      tagIds.filter((id) => !rolled.has(id)),
      from,
      to,
    )),
  ];
  // Merge the two sources per (tag, bucket); the raw part is always the later one.
  const byKey = new Map<string, { tag: string; b: number; min: number; max: number; sum: number; n: number; last: number; at: number }>();
  for (const r of [...rollupRows, ...rawRows]) {
    const b = Number(r.b);
    const key = `${r.tag_id}\u0000${b}`;
    const e = byKey.get(key);
    if (!e) {
      byKey.set(key, { tag: r.tag_id, b, min: r.mn, max: r.mx, sum: r.sm, n: Number(r.n), last: r.last, at: Number(r.at) });
    } else {
      e.min = Math.min(e.min, r.mn);
      e.max = Math.max(e.max, r.mx);
      e.sum += r.sm;
      e.n += Number(r.n);
      e.last = r.last;
      e.at = Number(r.at);
    }
  }
  const byTag = new Map(items.map((i) => [i.tag, i.buckets]));
  for (const e of [...byKey.values()].sort((x, y) => x.b - y.b)) {
    byTag.get(e.tag)?.push({ t: from + e.b * bucketMs, min: e.min, max: e.max, avg: e.sum / e.n, last: e.last, n: e.n, ...(withAt ? { at: e.at } : {}) });
  }
  return { bucketMs, items };
}

export interface TrajectoryPoint {
  t: number;
  lon: number;
  lat: number;
  floor: number | null;
  /** 0 person, 1 vehicle. */
  kind: number;
}

/**
 * A person's or vehicle's fixes over [from, to), oldest first. When there are
 * more than `maxPoints`, the range is cut into `maxPoints` equal buckets and the
 * latest fix of each is returned: the path keeps its shape at any range.
 */
export async function queryTrajectory(db: Db, targetId: string, from: number, to: number, maxPoints = 10_000): Promise<TrajectoryPoint[]> {
  const f = sql`cast(${from} as bigint)`;
  const t2 = sql`cast(${to} as bigint)`;
  const total = await db
    .selectFrom('position')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('target_id', '=', targetId)
    .where(sql<boolean>`t >= ${f} and t < ${t2}`)
    .executeTakeFirstOrThrow();
  if (Number(total.n) <= maxPoints) {
    return db
      .selectFrom('position')
      .select(['t', 'lon', 'lat', 'floor', 'kind'])
      .where('target_id', '=', targetId)
      .where(sql<boolean>`t >= ${f} and t < ${t2}`)
      .orderBy('t')
      .execute();
  }
  const w = sql`cast(${Math.max(1, Math.ceil((to - from) / maxPoints))} as bigint)`;
  const { rows } = await sql<TrajectoryPoint>`
    with last as (
      select max(t) as tl from position
      where target_id = ${targetId} and t >= ${f} and t < ${t2}
      group by (t - ${f}) / ${w}
    )
    select p.t, p.lon, p.lat, p.floor, p.kind
    from last join position p on p.target_id = ${targetId} and p.t = last.tl
    order by p.t`.execute(db);
  // Two fixes with the same time in one bucket would both match; keep one.
  return rows.filter((r, i) => i === 0 || r.t !== rows[i - 1].t);
}

/**
 * Recomputes the 1-minute rollups of the given tags over [from, to) from the
 * raw samples. The history writer keeps the rollups itself; whoever writes
 * into `sample` directly (a bulk import of old data) calls this afterwards.
 */
export async function rebuildRollups(db: Db, tagIds: readonly string[], from: number, to: number): Promise<void> {
  if (tagIds.length === 0) {
    return;
  }
  const lo = Math.floor(from / ROLLUP_MS) * ROLLUP_MS;
  const hi = Math.ceil(to / ROLLUP_MS) * ROLLUP_MS;
  const ids = sql.join([...tagIds]);
  await db.transaction().execute(async (tx) => {
    await sql`delete from sample_1m where tag_id in (${ids}) and m >= cast(${lo} as bigint) and m < cast(${hi} as bigint)`.execute(tx);
    await sql`
      insert into sample_1m (tag_id, m, vmin, vmax, vsum, n, vlast, tlast)
      select g.tag_id, g.m, g.vmin, g.vmax, g.vsum, g.n,
        (select s.v from sample s where s.tag_id = g.tag_id and s.t = g.tlast limit 1), g.tlast
      from (
        select tag_id, t - t % ${sql.lit(ROLLUP_MS)} as m, min(v) as vmin, max(v) as vmax, sum(v) as vsum, count(*) as n, max(t) as tlast
        from sample
        where tag_id in (${ids}) and t >= cast(${lo} as bigint) and t < cast(${hi} as bigint)
        group by tag_id, t - t % ${sql.lit(ROLLUP_MS)}
      ) g`.execute(tx);
  });
}
