import type { MusterBoard, MusterInfo, MusterPerson } from '../../../shared/fences/muster-contracts.js';
import type { RegionItem } from '../../../shared/org/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { conflict } from '../../http/errors.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import type { LiveCache } from '../../stream/live-cache.js';
import { inScope, toRegionScope } from '../../stream/region-scope.js';
import type { OrgPort as OrgService } from '../org/port.js';
import type { RosterEntry } from './fence-engine.js';
import { createFencesRepository, type MusterRow } from './fences.repository.js';

export interface MusterService {
  start(caller: AuthUser, reason: string): Promise<MusterInfo>;
  /** Starts a muster for an alarm rule (audited as 'system'); null when one is already open. */
  startBySystem(reason: string, detail: Record<string, unknown>): Promise<MusterInfo | null>;
  end(caller: AuthUser): Promise<MusterInfo>;
  board(caller: AuthUser, staleMinutes: number): Promise<MusterBoard>;
}

const infoOf = (r: MusterRow): MusterInfo => ({
  id: r.id,
  started_at: Number(r.started_at),
  started_by: r.started_by,
  reason: r.reason,
  ended_at: r.ended_at === null ? null : Number(r.ended_at),
  ended_by: r.ended_by,
});

export interface MusterDeps {
  org: Pick<OrgService, 'getUserScope' | 'allDeptsAndRegions'>;
  live: Pick<LiveCache, 'position'>;
  /** The fence engine's roster (cards → people) and region tree. */
  roster(): ReadonlyMap<string, RosterEntry>;
  regions(): ReadonlyMap<number, RegionItem>;
  now?: () => number;
}

const SYSTEM: Actor = { userid: null, loginname: 'system' };

/** Musters (DOMAIN.md §4): started and ended by an alarm administrator, the board counts each person once. */
export function createMusterService(store: Store, deps: MusterDeps): MusterService {
  const now = deps.now ?? Date.now;
  const repo = createFencesRepository(store.db);
  /** Opens a muster unless one is open; the store's one-open index settles a race between nodes. */
  async function begin(actor: Actor, reason: string, detail: Record<string, unknown>): Promise<MusterInfo | null> {
    try {
      return await inTransaction(store.db, async (tx) => {
        const r = createFencesRepository(tx);
        if (await r.openMuster()) {
          return null;
        }
        const row = await r.insertMuster({ started_at: now(), started_by: actor.loginname, reason });
        await audit(tx, actor, 'muster.start', 'muster', row.id, { reason, ...detail });
        return infoOf(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        return null;
      }
      throw err;
    }
  }
  return {
    async start(caller, reason) {
      const started = await begin(caller, reason, {});
      if (!started) {
        throw conflict('muster.alreadyOpen');
      }
      return started;
    },
    startBySystem: (reason, detail) => begin(SYSTEM, reason, detail),
    async end(caller) {
      return inTransaction(store.db, async (tx) => {
        const r = createFencesRepository(tx);
        const open = await r.openMuster();
        if (!open) {
          throw conflict('muster.noneOpen');
        }
        const at = now();
        await r.endMuster(open.id, at, caller.loginname);
        await audit(tx, caller, 'muster.end', 'muster', open.id, {});
        return infoOf({ ...open, ended_at: at, ended_by: caller.loginname });
      });
    },
    async board(caller, staleMinutes) {
      const [row, scopeRaw, { depts }] = await Promise.all([
        repo.lastMuster(),
        deps.org.getUserScope(caller.userid),
        deps.org.allDeptsAndRegions(),
      ]);
      const scope = toRegionScope(scopeRaw);
      const regions = deps.regions();
      const deptById = new Map(depts.map((d) => [d.deptid, d]));
      const t0 = now();
      const staleMs = staleMinutes * 60_000;
      const chain = (id: number) => {
        const out: RegionItem[] = [];
        for (let r = regions.get(id); r && !out.includes(r); r = regions.get(r.regionparentid)) {
          out.push(r);
        }
        return out;
      };
      const points = [...regions.values()].filter((r) => r.kind === 'muster_point' && inScope(scope, r.regionid));
      const count = new Map(points.map((p) => [p.regionid, 0]));
      const board: MusterBoard = {
        muster: row ? infoOf(row) : null,
        staleMinutes,
        points: [],
        arrived: [],
        inside: [],
        noFix: [],
        left: 0,
        serverTime: t0,
      };
      for (const p of deps.roster().values()) {
        if (p.kind !== 0) {
          continue;
        }
        const fix = deps.live.position(p.card);
        if (!fix) {
          continue; // never seen: not on site
        }
        if (!inScope(scope, fix.regionid)) {
          continue;
        }
        const where = chain(fix.regionid);
        const dept = p.deptid !== null ? deptById.get(p.deptid) : undefined;
        const region = where[0];
        const person: MusterPerson = {
          card: p.card,
          name: p.name,
          dept: dept?.deptname ?? '',
          dept_en: dept?.deptname_en ?? '',
          regionid: region?.regionid ?? null,
          region: region?.regionname ?? '',
          region_en: region?.regionname_en ?? '',
          t: fix.t,
          lon: fix.lon,
          lat: fix.lat,
        };
        const point = where.find((r) => r.kind === 'muster_point');
        const stale = t0 - fix.t > staleMs;
        if (point && !stale) {
          board.arrived.push({ ...person, regionid: point.regionid, region: point.regionname, region_en: point.regionname_en });
          count.set(point.regionid, (count.get(point.regionid) ?? 0) + 1);
        } else if (stale && (where.length === 0 || where.some((r) => r.kind === 'gate'))) {
          board.left++; // last seen at a gate or off the plant, long enough ago: left before
        } else if (stale) {
          board.noFix.push(person);
        } else {
          board.inside.push(person);
        }
      }
      board.points = points.map((p) => ({
        regionid: p.regionid,
        name: p.regionname,
        name_en: p.regionname_en,
        count: count.get(p.regionid) ?? 0,
      }));
      const byName = (a: MusterPerson, b: MusterPerson) => a.region.localeCompare(b.region) || a.card.localeCompare(b.card);
      board.arrived.sort(byName);
      board.inside.sort(byName);
      board.noFix.sort((a, b) => a.t - b.t);
      return board;
    },
  };
}
