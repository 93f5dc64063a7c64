import type { z } from 'zod';
import type { LayAsideEntry, alarmLayAsideDetails, alarmLayAsideList } from '../../../shared/alarms/notify-contracts.js';
import type { AlarmItem } from '../../../shared/alarms/contracts.js';
import type { AuthUser } from '../../http/app.js';
import type { Db } from '../../store/db.js';
import type { UserScope } from '../org/port.js';
import { alarmItemOf } from './alarm-row.js';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;

/** Audit actions of the shelving ledger (written by alarm.service.ts). */
const SHELF_ACTIONS = ['alarm.shelve', 'alarm.unshelve', 'alarm.unshelveExpired'];

/**
 * The shelving ledger (seed 3 /alarmData/alarmLayAside, alarmLayAsideDetails):
 * what is shelved now, from the stored occurrences, and the history of
 * shelving from the audit log; both limited to the caller's regions.
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
      let q = db.selectFrom('alarm_occurrence').selectAll().where('closed_at', 'is', null).where('state', '=', 'shelved');
      if (input.regionid !== undefined) {
        q = q.where('regionid', '=', input.regionid);
      }
      const rows = await q.orderBy('shelved_until').execute();
      return { list: rows.filter((r) => sees(scope, r.regionid)).map(alarmItemOf), serverTime: (deps.now ?? Date.now)() };
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
