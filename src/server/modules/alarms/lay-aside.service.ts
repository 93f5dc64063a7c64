import type { z } from 'zod';
import type { LayAsideEntry, alarmLayAsideDetails, alarmLayAsideList } from '../../../shared/alarms/notify-contracts.js';
import type { AlarmItem } from '../../../shared/alarms/contracts.js';
import type { AuthUser } from '../../http/app.js';
import type { Db } from '../../store/db.js';
import type { UserScope } from '../org/port.js';
import { alarmItemOf, heldShelfRows } from './alarm-row.js';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;

/** Audit actions of the shelving ledger (written by alarm.service.ts). */
const SHELF_ACTIONS = ['alarm.shelve', 'alarm.unshelve', 'alarm.unshelveExpired'];

/**
 * The shelving ledger (seed 3 /alarmData/alarmLayAside, alarmLayAsideDetails):
 * what is shelved now, from the stored occurrences (open ones shelved, and
 * closed ones that carry a timed shelf their alarm still holds), and the
 * history of shelving from the audit log; both limited to the caller's regions.
 */
export interface LayAsideService {
  list(caller: AuthUser, input: In<typeof alarmLayAsideList>): Promise<{ list: AlarmItem[]; serverTime: number }>;
  details(caller: AuthUser, input: In<typeof alarmLayAsideDetails>): Promise<{ items: LayAsideEntry[]; total: number }>;
}

export function createLayAsideService(deps: {
  db: Db;
  org: { getUserScope(userid: number): Promise<UserScope> };
  now?: () => number;
}): LayAsideService {
  const { db } = deps;
  const sees = (s: UserScope, regionid: number | null) => regionid === null || s.all || s.regionids.includes(regionid);
  return {
    async list(caller, input) {
      const scope = await deps.org.getUserScope(caller.userid);
      const t = (deps.now ?? Date.now)();
      const open = await db.selectFrom('alarm_occurrence').selectAll().where('closed_at', 'is', null).where('state', '=', 'shelved').execute();
      const rows = [...open, ...(await heldShelfRows(db, t))]
        .filter((r) => (input.regionid === undefined || r.regionid === input.regionid) && sees(scope, r.regionid))
        .sort((a, b) => (a.shelved_until ?? 0) - (b.shelved_until ?? 0) || a.id - b.id);
      return { list: rows.map(alarmItemOf), serverTime: t };
    },
    async details(caller, input) {
      const scope = await deps.org.getUserScope(caller.userid);
      const rows = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'alarm')
        .where('action', 'in', SHELF_ACTIONS)
        .where('at', '>=', input.from)
        .where('at', '<', input.to)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const alarmIds = [...new Set(rows.map((r) => Number(r.entity_id)))];
      const regionOf = new Map(
        alarmIds.length
          ? (await db.selectFrom('alarm_occurrence').select(['id', 'regionid']).where('id', 'in', alarmIds).execute()).map((o) => [
              o.id,
              o.regionid,
            ])
          : [],
      );
      const visible = rows.filter((r) => regionOf.has(Number(r.entity_id)) && sees(scope, regionOf.get(Number(r.entity_id)) ?? null));
      const page = visible.slice((input.pageIndex - 1) * input.pageSize, input.pageIndex * input.pageSize);
      return {
        total: visible.length,
        items: page.map((r) => {
          const d = JSON.parse(r.detail) as { source?: string; reason?: string; minutes?: number; kind?: string };
          return {
            id: r.id,
            at: r.at,
            action: r.action,
            loginname: r.loginname,
            alarmId: Number(r.entity_id),
            source: d.source ?? '',
            reason: d.reason ?? '',
            minutes: d.minutes ?? null,
            kind: d.kind ?? '',
          };
        }),
      };
    },
  };
}
