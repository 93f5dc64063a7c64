import type { FenceRule } from '../fences/contracts.js';
import { EARTH_RADIUS_M } from './geometry.js';

/*
 * Electronic fence rules (DOMAIN.md §4) as a pure evaluator: fixes, SOS button
 * changes and the clock go in; the positioning alarms that must be open, the
 * changes against what is open, and the head count per region come out. The
 * server's fence engine feeds it from the bus and hands the changes to the
 * alarm service; tests feed it scripted tracks.
 *
 * - Entering is immediate (越界 within one evaluation of the fix that crossed);
 *   leaving takes effect only after `debounceMs` outside, so a person walking
 *   along the fence line, or a fix jumping out and back (tags are ±3–5 m,
 *   AQ 3064.3-2025), neither clears nor raises again.
 * - A fix belongs to the most specific region polygon it falls in and to that
 *   region's ancestors: a rule on TF applies in TF-A too.
 * - Rules are evaluated against the current state on every evaluation, so a
 *   rule edited while people are inside applies to them at once.
 */

export type FenceAlarmType = 'overcrowd' | 'understaff' | 'intrusion' | 'overstay' | 'static' | 'sos' | 'gathering';

/** Who carries a card, as the rules need it. */
export interface FencePerson {
  card: string;
  /** 0 person, 1 vehicle (vehicles are not counted as heads and raise no personal alarm). */
  kind: 0 | 1;
  deptid: number | null;
  workType: number | null;
  certificates: readonly string[];
}

export interface FenceRegion {
  regionid: number;
  parentid: number;
}

/** One alarm condition that holds now. */
export interface FenceCondition {
  key: string;
  type: FenceAlarmType;
  regionid: number | null;
  /** The person concerned; null for a region's head count or gathering. */
  card: string | null;
  /** Since when it holds (epoch ms). */
  t: number;
  value: number | null;
  limit: number | null;
  /** Gathering: the cards in the largest group. */
  members?: string[];
}

export interface FenceChanges {
  raise: FenceCondition[];
  clear: { key: string; type: FenceAlarmType; t: number }[];
}

export interface HeadCount {
  regionid: number;
  people: number;
  vehicles: number;
}

export interface FenceOptions {
  /** Leaving counts after this long outside (default 5 s). */
  debounceMs?: number;
  /** A card without a fix for this long no longer counts anywhere (default 10 min). */
  staleMs?: number;
  /** Local hour of day (0–24) at a time, for shift minimums. */
  hourOf?: (t: number) => number;
  /** Man-down radius where no rule names one. */
  defaultStillRadiusM?: number;
  /**
   * The plant-wide man-down rule: applies to every person with a fresh fix, inside drawn
   * regions or not, wherever no region of theirs has a man-down rule of its own. Null: only
   * the regions' rules.
   */
  defaultManDown?: ManDownRule | null;
}

export interface ManDownRule {
  radiusM: number;
  seconds: number;
}

/** Keys of positioning alarms; one open occurrence per key (alarm-api.md). */
export const fenceKeys = {
  prefix: 'pos:',
  count: (regionid: number) => `pos:overcrowd:${regionid}`,
  intrusion: (card: string, regionid: number) => `pos:intrusion:${card}:${regionid}`,
  overstay: (card: string, regionid: number) => `pos:overstay:${card}:${regionid}`,
  still: (card: string) => `pos:static:${card}`,
  sos: (card: string) => `pos:sos:${card}`,
  gathering: (regionid: number) => `pos:gathering:${regionid}`,
};

/** Sensible default priority per positioning alarm type (1 紧急 … 4 低): life first, then access, then crowding. */
export const fencePriority: Record<FenceAlarmType, 1 | 2 | 3 | 4> = {
  sos: 1,
  static: 1,
  intrusion: 2,
  gathering: 2,
  overcrowd: 2,
  overstay: 3,
  understaff: 3,
};

/** Whether the hour lies in the shift; a shift whose end is before its start wraps past midnight. */
export function inShift(hour: number, shift: { from: number; to: number } | null): boolean {
  if (!shift) {
    return true;
  }
  return shift.from <= shift.to ? hour >= shift.from && hour < shift.to : hour >= shift.from || hour < shift.to;
}

/** Whether a person may be in a restricted region: by card, department (or a parent department), work type or certificate. */
export function authorised(rule: FenceRule, p: FencePerson | undefined, deptParent: ReadonlyMap<number, number>): boolean {
  if (!rule.restricted) {
    return true;
  }
  if (!p) {
    return false; // an unknown card is nobody authorised
  }
  if (rule.allowCards.includes(p.card)) {
    return true;
  }
  if (p.workType !== null && rule.allowWorkTypes.includes(p.workType)) {
    return true;
  }
  if (p.certificates.some((c) => rule.allowCerts.includes(c))) {
    return true;
  }
  const seen = new Set<number>();
  for (let d = p.deptid; d !== null && d !== undefined && d !== 0 && !seen.has(d); d = deptParent.get(d) ?? null) {
    if (rule.allowDepts.includes(d)) {
      return true;
    }
    seen.add(d);
  }
  return false;
}

/**
 * The largest group of points where each has at least `count - 1` others
 * within `radiusM` (a grid of radius-sized cells, so the cost grows with the
 * people, not their square). Returns the indexes of the largest such group's
 * core: the point with most neighbours and those neighbours.
 */
export function largestGathering(xs: readonly number[], ys: readonly number[], radiusM: number, count: number): number[] {
  const n = xs.length;
  if (n < count) {
    return [];
  }
  const cell = (v: number) => Math.floor(v / radiusM);
  const grid = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const k = `${cell(xs[i])},${cell(ys[i])}`;
    const list = grid.get(k);
    if (list) {
      list.push(i);
    } else {
      grid.set(k, [i]);
    }
  }
  const r2 = radiusM * radiusM;
  let best: number[] = [];
  for (let i = 0; i < n; i++) {
    const cx = cell(xs[i]);
    const cy = cell(ys[i]);
    const near: number[] = [];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const j of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
          const ex = xs[j] - xs[i];
          const ey = ys[j] - ys[i];
          if (ex * ex + ey * ey <= r2) {
            near.push(j);
          }
        }
      }
    }
    if (near.length >= count && near.length > best.length) {
      best = near;
    }
  }
  return best.sort((a, b) => a - b);
}

interface Membership {
  enteredAt: number;
  /** When the card was last seen leaving (still a member until debounce passes); null while inside. */
  leftAt: number | null;
}

interface Track {
  card: string;
  kind: 0 | 1;
  t: number;
  lon: number;
  lat: number;
  x: number;
  y: number;
  /** Smoothed position: position noise (σ ≈ 1 m) must not count as movement. */
  sx: number;
  sy: number;
  anchorX: number;
  anchorY: number;
  /** Since when the smoothed position stays within the man-down radius of the anchor. */
  stillSince: number;
  region: number;
  member: Map<number, Membership>;
  sos: boolean;
  sosAt: number;
}

/** Weight of a new fix in the smoothed position. */
const SMOOTHING = 0.3;

export interface FenceEvaluator {
  /** One accepted fix (ingest placed it in `regionid`, 0 outside every region). */
  fix(card: string, kind: 0 | 1, t: number, lon: number, lat: number, regionid: number): void;
  /** The region polygons changed: places every card's last fix again (a zone drawn around people counts them at once). */
  relocate(locate: (lon: number, lat: number) => number): void;
  /** The SOS button's state changed (tag `person.<card>.sos`, 1 pressed). */
  sos(card: string, t: number, pressed: boolean): void;
  setRules(rules: readonly FenceRule[]): void;
  setRegions(regions: readonly FenceRegion[]): void;
  setDeptParents(parents: ReadonlyMap<number, number>): void;
  /** What the evaluator believes is open (the alarm service's open `pos:` occurrences at start). */
  assumeOpen(alarms: Iterable<{ key: string; type: FenceAlarmType }>): void;
  /** Applies the clock: returns the alarms to raise and clear since the last evaluation. */
  evaluate(now: number): FenceChanges;
  /** Head counts per region after the last evaluation (ancestors include their sub-regions). */
  counts(): ReadonlyMap<number, HeadCount>;
  /** The regions a card is in now (most specific first), and since when. */
  whereIs(card: string): { regionid: number; t: number; enteredAt: number | null } | null;
  size(): number;
}

export function createFenceEvaluator(personOf: (card: string) => FencePerson | undefined, opts: FenceOptions = {}): FenceEvaluator {
  const debounceMs = opts.debounceMs ?? 5000;
  const staleMs = opts.staleMs ?? 10 * 60_000;
  const hourOf = opts.hourOf ?? ((t: number) => new Date(t).getHours() + new Date(t).getMinutes() / 60);
  const defaultManDown = opts.defaultManDown ?? null;
  const defaultStillRadius = defaultManDown?.radiusM ?? opts.defaultStillRadiusM ?? 3;
  const tracks = new Map<string, Track>();
  let rules = new Map<number, FenceRule>();
  let parentOf = new Map<number, number>();
  let deptParent: ReadonlyMap<number, number> = new Map();
  let open = new Map<string, FenceAlarmType>();
  let counts = new Map<number, HeadCount>();
  /** Since when each region's gathering condition holds. */
  const gatherSince = new Map<number, number>();
  let origin: [number, number] | null = null;
  let cosLat = 1;
  const RAD = Math.PI / 180;

  const chainOf = (regionid: number): number[] => {
    const out: number[] = [];
    for (let r = regionid; r && !out.includes(r); r = parentOf.get(r) ?? 0) {
      out.push(r);
    }
    return out;
  };
  /** The most specific rule of the card's regions that sets `field`. */
  const ruleFor = (t: Track, has: (r: FenceRule) => boolean): FenceRule | undefined => {
    for (const r of chainOf(t.region)) {
      const rule = rules.get(r);
      if (rule && has(rule)) {
        return rule;
      }
    }
    return undefined;
  };

  /** The card is in `regionid` (and its ancestors) at `t`: enters those it was not in, starts leaving the others. */
  const place = (tr: Track, regionid: number, t: number) => {
    const chain = chainOf(regionid);
    for (const r of chain) {
      const m = tr.member.get(r);
      if (!m) {
        tr.member.set(r, { enteredAt: t, leftAt: null });
      } else {
        m.leftAt = null; // back within the delay: the same stay
      }
    }
    for (const [r, m] of tr.member) {
      if (m.leftAt === null && !chain.includes(r)) {
        m.leftAt = t;
      }
    }
  };

  return {
    fix(card, kind, t, lon, lat, regionid) {
      if (!origin) {
        origin = [lon, lat];
        cosLat = Math.cos(lat * RAD);
      }
      const x = (lon - origin[0]) * RAD * EARTH_RADIUS_M * cosLat;
      const y = (lat - origin[1]) * RAD * EARTH_RADIUS_M;
      let tr = tracks.get(card);
      if (!tr) {
        tr = { card, kind, t, lon, lat, x, y, sx: x, sy: y, anchorX: x, anchorY: y, stillSince: t, region: regionid, member: new Map(), sos: false, sosAt: 0 };
        tracks.set(card, tr);
      } else if (t < tr.t) {
        return; // a late fix changes nothing of the present
      } else if (t - tr.t > staleMs) {
        // Back after a gap: a fresh start, not a continuation of the last stay.
        tr.member.clear();
        tr.sx = x;
        tr.sy = y;
        tr.anchorX = x;
        tr.anchorY = y;
        tr.stillSince = t;
      } else {
        tr.sx += SMOOTHING * (x - tr.sx);
        tr.sy += SMOOTHING * (y - tr.sy);
      }
      tr.kind = kind;
      tr.t = t;
      tr.lon = lon;
      tr.lat = lat;
      tr.x = x;
      tr.y = y;
      tr.region = regionid;
      const radius = ruleFor(tr, (r) => r.manDown !== null)?.manDown?.radiusM ?? defaultStillRadius;
      if (Math.hypot(tr.sx - tr.anchorX, tr.sy - tr.anchorY) > radius) {
        tr.anchorX = tr.sx;
        tr.anchorY = tr.sy;
        tr.stillSince = t;
      }
      place(tr, regionid, t);
    },
    relocate(locate) {
      for (const tr of tracks.values()) {
        if (tr.t === -Infinity) {
          continue; // an SOS press without any fix: nowhere to place
        }
        const regionid = locate(tr.lon, tr.lat);
        if (regionid !== tr.region) {
          tr.region = regionid;
          place(tr, regionid, tr.t);
        }
      }
    },
    sos(card, t, pressed) {
      let tr = tracks.get(card);
      if (!tr) {
        tr = { card, kind: 0, t: -Infinity, lon: 0, lat: 0, x: 0, y: 0, sx: 0, sy: 0, anchorX: 0, anchorY: 0, stillSince: t, region: 0, member: new Map(), sos: false, sosAt: 0 };
        tracks.set(card, tr);
      }
      if (pressed && !tr.sos) {
        tr.sosAt = t;
      }
      tr.sos = pressed;
    },
    setRules(next) {
      rules = new Map(next.map((r) => [r.regionid, r]));
    },
    setRegions(regions) {
      parentOf = new Map(regions.map((r) => [r.regionid, r.parentid]));
    },
    setDeptParents(parents) {
      deptParent = parents;
    },
    assumeOpen(alarms) {
      open = new Map([...alarms].map((a) => [a.key, a.type]));
    },
    evaluate(now) {
      const want = new Map<string, FenceCondition>();
      const nextCounts = new Map<number, HeadCount>();
      const gatherers = new Map<number, { cards: string[]; xs: number[]; ys: number[] }>();
      for (const tr of tracks.values()) {
        const stale = now - tr.t > staleMs;
        if (stale) {
          tr.member.clear();
        }
        for (const [r, m] of tr.member) {
          if (m.leftAt !== null && now - m.leftAt >= debounceMs) {
            tr.member.delete(r);
          }
        }
        const person = tr.kind === 0;
        const who = person ? personOf(tr.card) : undefined;
        for (const [r, m] of tr.member) {
          let c = nextCounts.get(r);
          if (!c) {
            c = { regionid: r, people: 0, vehicles: 0 };
            nextCounts.set(r, c);
          }
          if (person) {
            c.people++;
          } else {
            c.vehicles++;
          }
          const rule = rules.get(r);
          if (!rule || !person) {
            continue;
          }
          if (rule.restricted && !authorised(rule, who, deptParent)) {
            const key = fenceKeys.intrusion(tr.card, r);
            want.set(key, { key, type: 'intrusion', regionid: r, card: tr.card, t: m.enteredAt, value: null, limit: null });
          }
          if (rule.overstayMin !== null && now - m.enteredAt > rule.overstayMin * 60_000) {
            const key = fenceKeys.overstay(tr.card, r);
            want.set(key, { key, type: 'overstay', regionid: r, card: tr.card, t: m.enteredAt + rule.overstayMin * 60_000, value: Math.floor((now - m.enteredAt) / 60_000), limit: rule.overstayMin });
          }
          if (rule.gathering && m.leftAt === null && !stale) {
            let g = gatherers.get(r);
            if (!g) {
              g = { cards: [], xs: [], ys: [] };
              gatherers.set(r, g);
            }
            g.cards.push(tr.card);
            g.xs.push(tr.sx);
            g.ys.push(tr.sy);
          }
        }
        if (person && !stale && tr.t !== -Infinity) {
          const still = ruleFor(tr, (r) => r.manDown !== null)?.manDown ?? defaultManDown;
          if (still && now - tr.stillSince >= still.seconds * 1000) {
            const key = fenceKeys.still(tr.card);
            want.set(key, { key, type: 'static', regionid: tr.region || null, card: tr.card, t: tr.stillSince + still.seconds * 1000, value: Math.floor((now - tr.stillSince) / 1000), limit: still.seconds });
          }
        }
        if (tr.sos) {
          const key = fenceKeys.sos(tr.card);
          want.set(key, { key, type: 'sos', regionid: tr.region || null, card: tr.card, t: tr.sosAt, value: 1, limit: null });
        }
      }
      for (const rule of rules.values()) {
        const people = nextCounts.get(rule.regionid)?.people ?? 0;
        const key = fenceKeys.count(rule.regionid);
        if (rule.maxCount !== null && people > rule.maxCount) {
          want.set(key, { key, type: 'overcrowd', regionid: rule.regionid, card: null, t: now, value: people, limit: rule.maxCount });
        } else if (rule.minCount !== null && people < rule.minCount && inShift(hourOf(now), rule.minShift)) {
          want.set(key, { key, type: 'understaff', regionid: rule.regionid, card: null, t: now, value: people, limit: rule.minCount });
        }
        const g = rule.gathering;
        const pts = gatherers.get(rule.regionid);
        const group = g && pts ? largestGathering(pts.xs, pts.ys, g.radiusM, g.count) : [];
        if (g && group.length > 0) {
          const since = gatherSince.get(rule.regionid) ?? now;
          gatherSince.set(rule.regionid, since);
          if (now - since >= g.seconds * 1000) {
            const gk = fenceKeys.gathering(rule.regionid);
            want.set(gk, { key: gk, type: 'gathering', regionid: rule.regionid, card: null, t: since + g.seconds * 1000, value: group.length, limit: g.count, members: group.map((i) => pts!.cards[i]) });
          }
        } else {
          gatherSince.delete(rule.regionid);
        }
      }
      const changes: FenceChanges = { raise: [], clear: [] };
      for (const [key, type] of open) {
        const w = want.get(key);
        // 超员 and 缺员 share a key: a switch from one to the other returns the first and raises the second.
        if (!w || w.type !== type) {
          changes.clear.push({ key, type, t: now });
        }
      }
      for (const [key, c] of want) {
        if (open.get(key) !== c.type) {
          changes.raise.push(c);
        }
      }
      open = new Map([...want].map(([k, c]) => [k, c.type]));
      counts = nextCounts;
      return changes;
    },
    counts: () => counts,
    whereIs(card) {
      const tr = tracks.get(card);
      if (!tr || tr.t === -Infinity) {
        return null;
      }
      return { regionid: tr.region, t: tr.t, enteredAt: tr.member.get(tr.region)?.enteredAt ?? null };
    },
    size: () => tracks.size,
  };
}
