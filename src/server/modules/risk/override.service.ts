import type { Subscription } from 'rxjs';
import { isRiskLevel } from '../../../shared/domain/risk-evaluation.js';
import type { RiskZoneItem } from '../../../shared/risk/items.js';
import type { AuthUser } from '../../http/app.js';
import { invalidInput, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db, type Tx } from '../../store/db.js';
import type { StreamBus } from '../../stream/bus.js';
import type { RiskService, ZoneOverrideState } from './risk.service.js';

/** SQL of the zones' level overrides. */
function overrideRepository(db: Db | Tx) {
  return {
    async all(): Promise<Map<number, ZoneOverrideState>> {
      const rows = await db.selectFrom('risk_zone_override').selectAll().execute();
      const out = new Map<number, ZoneOverrideState>();
      for (const r of rows) {
        const level = Number(r.level);
        if (isRiskLevel(level)) {
          out.set(Number(r.regionid), { level, reason: r.reason, by: r.set_by, at: Number(r.set_at), until: r.until === null ? null : Number(r.until) });
        }
      }
      return out;
    },
    async get(regionid: number) {
      return db.selectFrom('risk_zone_override').selectAll().where('regionid', '=', regionid).executeTakeFirst();
    },
    async put(regionid: number, o: ZoneOverrideState): Promise<void> {
      await db.deleteFrom('risk_zone_override').where('regionid', '=', regionid).execute();
      await db.insertInto('risk_zone_override').values({ regionid, level: o.level, reason: o.reason, until: o.until, set_at: o.at, set_by: o.by }).execute();
    },
    async delete(regionid: number): Promise<void> {
      await db.deleteFrom('risk_zone_override').where('regionid', '=', regionid).execute();
    },
  };
}

export interface OverrideDeps {
  db: Db;
  bus: Pick<StreamBus, 'publish' | 'onOtherServers'>;
  risk: Pick<RiskService, 'setOverride' | 'setOverrides' | 'mayAct'>;
  onError: (err: unknown, what: string) => void;
  now?: () => number;
}

/**
 * A zone's level set by hand (issue 21 §4, DOMAIN.md §2): a level 1–4 with a
 * reason, never a free colour, optionally until a time; stored, audited in
 * the same transaction, applied at once to the live state (where the causes
 * are applied to it as to any static level) and, through
 * `risk.overrideChanged`, read again by every other server.
 */
export function createOverrideService(deps: OverrideDeps) {
  const now = deps.now ?? Date.now;
  const repo = overrideRepository(deps.db);

  async function load(): Promise<void> {
    deps.risk.setOverrides(await repo.all());
  }

  const subs: Subscription[] = [
    deps.bus.onOtherServers('risk.overrideChanged').subscribe(() => void load().catch((err) => deps.onError(err, 'zone overrides reload'))),
  ];

  async function zoneIn(caller: AuthUser, zone: number) {
    if (!(await deps.risk.mayAct(caller, zone))) {
      throw notFound();
    }
  }

  return {
    load,
    async set(caller: AuthUser, input: { zone: number; level: 1 | 2 | 3 | 4; reason: string; until?: number | null }): Promise<RiskZoneItem> {
      await zoneIn(caller, input.zone);
      const at = now();
      const until = input.until ?? null;
      if (until !== null && until <= at) {
        throw invalidInput([{ field: 'until', code: 'risk.override.untilPast' }]);
      }
      const next: ZoneOverrideState = { level: input.level, reason: input.reason, by: caller.loginname, at, until };
      await inTransaction(deps.db, async (tx) => {
        const r = overrideRepository(tx);
        const before = await r.get(input.zone);
        await r.put(input.zone, next);
        await audit(tx, caller, 'risk.zone.override', 'region', input.zone, { before: before ?? null, after: { level: next.level, reason: next.reason, until } });
      });
      const zone = deps.risk.setOverride(input.zone, next);
      deps.bus.publish('risk.overrideChanged', { zones: [input.zone] });
      if (!zone) {
        throw notFound();
      }
      return zone;
    },
    async clear(caller: AuthUser, input: { zone: number; reason: string }): Promise<RiskZoneItem> {
      await zoneIn(caller, input.zone);
      await inTransaction(deps.db, async (tx) => {
        const r = overrideRepository(tx);
        const before = await r.get(input.zone);
        if (!before || (before.until !== null && Number(before.until) <= now())) {
          throw invalidInput([{ field: 'zone', code: 'risk.override.none' }]);
        }
        await r.delete(input.zone);
        await audit(tx, caller, 'risk.zone.overrideClear', 'region', input.zone, { before, reason: input.reason });
      });
      const zone = deps.risk.setOverride(input.zone, null);
      deps.bus.publish('risk.overrideChanged', { zones: [input.zone] });
      if (!zone) {
        throw notFound();
      }
      return zone;
    },
    close(): void {
      subs.forEach((s) => s.unsubscribe());
    },
  };
}
export type OverrideService = ReturnType<typeof createOverrideService>;
