import type { z } from 'zod';
import type {
  AlarmAuditAction,
  AlarmHistoryFilter,
  AlarmItem,
  alarmAuditDetail,
  alarmAuditKpi,
  alarmHistoryList,
  alarmRealTimeList,
} from '../../../shared/alarms/contracts.js';
import type { PlantModeItem } from '../../../shared/alarms/settings-contracts.js';
import { computeAlarmKpi, summariseAlarmActivity, type AlarmKpi, type KpiOccurrence } from '../../../shared/domain/alarm-kpi.js';
import type { AlarmState } from '../../../shared/domain/alarm-state.js';
import type { AuthUser } from '../../http/app.js';
import type { ChannelSource, TopicResolver } from '../../stream/channels.js';
import { scopeOf, visible, type AlarmContext } from './alarm-context.js';
import { tagAlarmOf } from './alarm-memory.js';
import { alarmItemOf, alarmItemWith, settingId } from './alarm-row.js';
import { alarmAuditRows, historyCount, historyPage, historyPageBefore, kpiOccurrences, occurrencesOfAlarm } from './alarm.repository.js';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;

/** What the lists, the history, the audit figures and the `alarm` topic read, within what the caller may see. */
export interface AlarmQueries {
  realTimeList(caller: AuthUser, input: In<typeof alarmRealTimeList>): Promise<{ list: AlarmItem[]; serverTime: number }>;
  historyList(caller: AuthUser, input: In<typeof alarmHistoryList>): Promise<{ list: AlarmItem[]; total: number }>;
  historyPages(caller: AuthUser, input: AlarmHistoryFilter): AsyncIterable<AlarmItem[]>;
  auditKpi(caller: AuthUser, input: In<typeof alarmAuditKpi>): Promise<AlarmKpi>;
  auditDetail(caller: AuthUser, input: In<typeof alarmAuditDetail>): Promise<z.output<(typeof alarmAuditDetail)['output']>>;
  openAlarms(prefix: string): AlarmItem[];
  plantModes(caller: AuthUser): Promise<PlantModeItem[]>;
  channel: { source: ChannelSource<'alarm'>; resolver: TopicResolver<'alarm'> };
}

export function createAlarmQueries(ctx: AlarmContext): AlarmQueries {
  const { db, mem, now } = ctx;
  return {
    channel: {
      source: {
        channel: 'alarm',
        regionOf: (_key, item) => item.regionid,
        start(feed) {
          // Alarm changes of every server of the store go to this server's browsers.
          const sub = ctx.bus.onAnyServer('alarm.changed').subscribe((e) => e.alarms.forEach((a) => feed.push(a)));
          return () => sub.unsubscribe();
        },
      },
      resolver: { kind: 'alarm', resolve: () => ({ filter: 'all' }) },
    },
    openAlarms(prefix) {
      return [...mem.open.values()].map((o) => o.item).filter((a) => a.alarmKey.startsWith(prefix));
    },
    async realTimeList(caller, input) {
      const scope = await scopeOf(ctx, caller);
      const list = [...mem.open.values()]
        .map((o) => o.item)
        .filter((a) => visible(scope, a.regionid))
        .filter((a) => !input.priority || input.priority.includes(a.priority))
        .filter((a) => input.regionid === undefined || a.regionid === input.regionid)
        .filter((a) => !input.types || input.types.includes(a.type))
        .filter((a) => input.source === undefined || a.source === input.source)
        .filter((a) => !input.states || input.states.includes(a.state))
        .sort((a, b) => a.priority - b.priority || b.activatedAt - a.activatedAt);
      return { list, serverTime: now() };
    },
    async auditKpi(caller, input) {
      const scope = await scopeOf(ctx, caller);
      const fits = (a: { regionid: number | null }) => visible(scope, a.regionid) && (input.regionid === undefined || a.regionid === input.regionid);
      const rows = await kpiOccurrences(db, input);
      const toKpi = (r: (typeof rows)[number]): KpiOccurrence => ({
        alarmKey: r.alarm_key,
        sourceName: r.source_name,
        sourceNameEn: r.source_name_en,
        priority: r.priority,
        activatedAt: r.activated_at,
        returnedAt: r.returned_at,
        state: r.state,
        // Activated while out of service: never shown, not counted (ISA-18.2 §11.9).
        outOfService: (JSON.parse(r.fsm) as AlarmState).openedIn === 'outOfService',
      });
      const openNow = [...mem.open.values()].map((o) => o.item).filter(fits);
      return computeAlarmKpi(
        rows.filter(fits).map(toKpi),
        { from: input.from, to: input.to, operatorPositions: input.operatorPositions },
        openNow.map((a) => ({
          alarmKey: a.alarmKey,
          sourceName: a.sourceName,
          sourceNameEn: a.sourceNameEn,
          priority: a.priority,
          activatedAt: a.activatedAt,
          returnedAt: a.returnedAt,
          state: a.state,
        })),
      );
    },
    async auditDetail(caller, input) {
      const scope = await scopeOf(ctx, caller);
      const t = now();
      const ref = tagAlarmOf(input.alarmKey);
      // Occurrences overlapping the window; one active longer than the longest audit window before it began is not looked for.
      const rows = (await occurrencesOfAlarm(db, { alarmKey: input.alarmKey, source: ref?.tagId ?? null, from: input.from, to: input.to })).filter((r) =>
        visible(scope, r.regionid),
      );
      const occurrences = rows.map((r) => {
        const fsm = JSON.parse(r.fsm) as AlarmState;
        return { ...alarmItemWith(r, fsm), openedIn: fsm.openedIn ?? null };
      });
      const actions: AlarmAuditAction[] = [];
      if (rows.length > 0) {
        const audited = await alarmAuditRows(db, {
          since: Math.min(input.from, rows[0].activated_at),
          occurrenceIds: rows.map((r) => String(r.id)),
          settingEntityId: ref ? settingId(ref.tagId, ref.type) : null,
        });
        const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
        for (const a of audited) {
          const d = JSON.parse(a.detail) as Record<string, unknown>;
          actions.push({
            id: a.id,
            at: a.at,
            action: a.action,
            loginname: a.loginname,
            occurrenceId: a.entity === 'alarm' ? Number(a.entity_id) : null,
            reason: text(d.reason),
            comment: text(d.comment),
            minutes: typeof d.minutes === 'number' ? d.minutes : null,
            kind: text(d.kind),
          });
        }
      }
      const summary = summariseAlarmActivity(
        occurrences.map((o) => ({ activatedAt: o.activatedAt, returnedAt: o.returnedAt, ackedAt: o.ackedAt, outOfService: o.openedIn === 'outOfService' })),
        { from: input.from, to: input.to },
        t,
      );
      return { occurrences, actions, summary, serverTime: t };
    },
    async *historyPages(caller, input) {
      const scope = await scopeOf(ctx, caller);
      const PAGE = 1000;
      // Keyset paging on (activated_at, id), newest first: stable while new alarms arrive.
      let after: { at: number; id: number } | null = null;
      for (;;) {
        const rows = await historyPageBefore(db, scope, input, after, PAGE);
        if (rows.length > 0) {
          yield rows.map(alarmItemOf);
        }
        if (rows.length < PAGE) {
          return;
        }
        const last = rows[rows.length - 1];
        after = { at: last.activated_at, id: last.id };
      }
    },
    async historyList(caller, input) {
      const scope = await scopeOf(ctx, caller);
      const total = await historyCount(db, scope, input);
      const rows = await historyPage(db, scope, input, { limit: input.pageSize, offset: (input.pageIndex - 1) * input.pageSize });
      return { list: rows.map(alarmItemOf), total };
    },
    async plantModes(caller) {
      const scope = await scopeOf(ctx, caller);
      return [...mem.stopped.values()].filter((m) => visible(scope, m.regionid));
    },
  };
}
