import type { z } from 'zod';
import {
  defaultInspectionRules,
  evaluateRound,
  type InspectionRulesConfig,
  type RoundRules,
} from '../../../shared/domain/inspection-rules.js';
import { checkItemSchema, type PlanSchedule, type PlanSegment } from '../../../shared/domain/inspection-tasks.js';
import { calendarOf, type PlantCalendar } from '../../../shared/domain/plant-calendar.js';
import type { CheckInItem, PlanItem, PointItem, TaskItem } from '../../../shared/inspections/contracts.js';
import { inspectionRulesInput } from '../../../shared/inspections/ops-contracts.js';
import type { MessageCode } from '../../../shared/messages/catalog.js';
import type { MessageParams } from '../../../shared/messages/define.js';
import { loadPlantCalendar } from '../../common/plant-calendar.js';
import { systemConfigJson } from '../../common/system-config.js';
import type { HistoryReader } from '../../history/query.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Store } from '../../store/db.js';
import type { HiddenDangersPort } from '../hidden-dangers/port.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';
import {
  createInspectionsRepository,
  type CheckInRow,
  type InspectionsRepository,
  type PlanRow,
  type PointRow,
  type TaskRow,
} from './inspections.repository.js';

/*
 * What every inspections service shares: the row → item mappers, the
 * caller's region scope, the repository and the clock. No SQL here.
 */

export type In<T extends z.ZodType> = z.output<T>;
export type Out<C extends { output: z.ZodType }> = z.output<C['output']>;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
/** The task generator runs this often; it inserts each (plan, window) once, so a restart or a second server changes nothing. */
export const GENERATE_EVERY_MS = 60_000;

export const json = <T>(s: string, fallback: T): T => {
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};
export const bool = (n: number) => n === 1;
export const hhmm = (cal: PlantCalendar, t: number) => {
  const p = cal.localParts(t);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};

export function pointOf(r: PointRow): PointItem {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind === 'device' ? 'device' : 'place',
    device: r.device,
    regionid: r.regionid,
    lon: r.lon,
    lat: r.lat,
    radiusM: r.radius_m,
    qrCode: r.qr_code,
    nfcId: r.nfc_id ?? '',
    items: json<unknown[]>(r.items, []).map((x) => checkItemSchema.parse(x)),
  };
}

export function segmentsOf(r: PlanRow): PlanSegment[] {
  return json<PlanSegment[]>(r.segments, []);
}

export function scheduleOf(r: PlanRow): PlanSchedule {
  return { id: r.id, segments: segmentsOf(r), effectiveTo: r.effective_to, pauses: json(r.pauses, []), reminderHours: r.reminder_hours };
}

export function rulesOf(r: PlanRow): RoundRules {
  return {
    minDurationMin: r.min_duration_min,
    maxDurationMin: r.max_duration_min,
    minGapMin: r.min_gap_min,
    ordered: bool(r.ordered),
    allPoints: bool(r.all_points),
    recordMisses: bool(r.record_misses),
  };
}

export function planOf(r: PlanRow, records: number, t: number): PlanItem {
  const segs = segmentsOf(r);
  const current = [...segs].filter((s) => s.from <= t).pop() ?? segs[0];
  return {
    id: r.id,
    name: r.name,
    responsibleId: r.responsible_id,
    inspectorIds: json(r.inspector_ids, []),
    regionid: r.regionid,
    deptid: r.deptid,
    cycle: current.cycle,
    effectiveFrom: segs[0]?.from ?? 0,
    effectiveTo: r.effective_to,
    windowMinutes: current.windowMinutes,
    reminderHours: r.reminder_hours,
    pauses: json(r.pauses, []),
    headcount: r.headcount,
    minDurationMin: r.min_duration_min,
    maxDurationMin: r.max_duration_min,
    minGapMin: r.min_gap_min,
    ordered: bool(r.ordered),
    allPoints: bool(r.all_points),
    recordMisses: bool(r.record_misses),
    signAtPoints: bool(r.sign_at_points),
    troublePlan: r.trouble_plan,
    toleranceMinutes: r.tolerance_minutes,
    enabled: bool(r.enabled),
    pointIds: json(r.point_ids, []),
    segments: segs,
    records,
  };
}

export type Names = ReadonlyMap<number, { zh: string }>;

export function checkInOf(r: CheckInRow, names: Names): CheckInItem {
  return {
    id: r.id,
    pointId: r.point_id,
    userid: r.userid,
    username: names.get(r.userid)?.zh ?? String(r.userid),
    method: r.method === 'nfc' ? 'nfc' : 'qr',
    checkedAt: r.checked_at,
    receivedAt: r.received_at,
    status: r.status === 'valid' ? 'valid' : 'flagged',
    reasons: json(r.reasons, []),
    distanceM: r.distance_m,
    card: r.card,
    readings: json(r.readings, {}),
    findings: json(r.findings, []),
    hiddenDangerIds: json(r.hidden_danger_ids, []),
  };
}

/** The task as a page shows it: judged against its plan's rules at `t`. */
export function taskOf(r: TaskRow, plan: PlanRow, checks: readonly CheckInRow[], names: Names, t: number): TaskItem {
  const route = json<number[]>(r.route, []);
  const mine = checks.filter((c) => c.task_id === r.id);
  const all = route.every((p) => mine.some((c) => c.point_id === p));
  const last = mine.reduce((m, c) => Math.max(m, c.checked_at), 0);
  const verdict = evaluateRound(
    {
      window: { start: r.start, end: r.end },
      toleranceMinutes: plan.tolerance_minutes,
      route,
      checkIns: mine.map((c) => ({ pointId: c.point_id, t: c.checked_at, flagged: c.status === 'flagged' })),
      startedAt: r.started_at,
      finishedAt: mine.length > 0 && all ? last : null,
      terminated: bool(r.terminated),
      canceled: bool(r.canceled),
    },
    rulesOf(plan),
    t,
  );
  return {
    id: r.id,
    planId: r.plan_id,
    planName: plan.name,
    start: r.start,
    end: r.end,
    toleranceMinutes: plan.tolerance_minutes,
    status: verdict.status,
    route,
    done: new Set(mine.map((c) => c.point_id)).size,
    missed: verdict.missed.map(Number),
    flagged: mine.filter((c) => c.status === 'flagged').length,
    recorderId: r.recorder_id,
    recorder: r.recorder_id === null ? null : (names.get(r.recorder_id)?.zh ?? String(r.recorder_id)),
    regionid: r.regionid,
    deptid: r.deptid,
    hiddenDangers: mine.reduce((s, c) => s + json<number[]>(c.hidden_danger_ids, []).length, 0),
    invalid: r.invalid === 'pending' || r.invalid === 'approved' || r.invalid === 'rejected' ? r.invalid : 'none',
    invalidReason: r.invalid_reason,
    invalidApproverId: r.invalid_approver,
    invalidApplicantId: r.invalid_applicant,
    issues: verdict.issues.map((i) => ({ code: i.code, params: i.params })),
  };
}

/** Refuses with the first issue's code, naming every field at fault. */
export function fail(issues: { field: string; code: string; params?: MessageParams }[]): never {
  const first = issues[0];
  throw new AppError(400, first.code as MessageCode, [...new Set(issues.map((i) => i.field))], first.params ?? {});
}

/** The `system_config` row holding the plant's check-in rules (JSON). */
export const INSPECTION_RULES_KEY = 'inspection.rules';

export interface InspectionsDeps {
  records: RecordsPort;
  org: OrgPort;
  hiddenDangers: HiddenDangersPort;
  history: HistoryReader['historian'];
  now?: () => number;
  rules?: InspectionRulesConfig;
}

export interface Scope {
  all: boolean;
  regions: Set<number>;
}

/** The shared context the inspections services are made from. */
export function createInspectionsContext(store: Store, deps: InspectionsDeps) {
  const db = store.db;
  const repo = createInspectionsRepository(db);
  const now = deps.now ?? Date.now;
  const isAdmin = (u: AuthUser) => u.roles.includes('admin');
  const sees = (scope: Scope, regionid: number) => scope.all || scope.regions.has(regionid);
  async function scopeOf(caller: AuthUser): Promise<Scope> {
    const s = await deps.org.getUserScope(caller.userid);
    return { all: s.all || isAdmin(caller), regions: new Set(s.regionids) };
  }
  return {
    store,
    db,
    repo,
    deps,
    now,
    /** The check-in rules in force: the plant's (system configuration) over the defaults, read at each use so every server judges alike. */
    rules: async (): Promise<InspectionRulesConfig> => {
      const base = deps.rules ?? defaultInspectionRules;
      const stored = inspectionRulesInput.partial().safeParse((await systemConfigJson(db, INSPECTION_RULES_KEY)) ?? {});
      return stored.success ? { ...base, ...stored.data } : base;
    },
    calendar: async (): Promise<PlantCalendar> => calendarOf(await loadPlantCalendar(db)),
    isAdmin,
    sees,
    scopeOf,
    personNames: async (): Promise<Names> => (await deps.records.orgNames()).person,
    /** The plan if the caller's regions hold it; 404 otherwise. */
    planRow: async (caller: AuthUser, id: number): Promise<PlanRow> => {
      const row = await repo.plan(id);
      if (!row || !sees(await scopeOf(caller), row.regionid)) {
        throw notFound();
      }
      return row;
    },
    /** The round if the caller's regions hold it; 404 otherwise. */
    taskRow: async (caller: AuthUser, id: number): Promise<TaskRow> => {
      const row = await repo.task(id);
      if (!row || !sees(await scopeOf(caller), row.regionid)) {
        throw notFound();
      }
      return row;
    },
    /** Rounds with a record per plan (not over yet, or with a check-in). */
    recordCounts: async (planIds: readonly number[], t: number): Promise<Map<number, number>> => {
      const m = new Map<number, number>();
      (await repo.recordTasks(planIds, t)).forEach((r) => m.set(r.plan_id, (m.get(r.plan_id) ?? 0) + 1));
      return m;
    },
    /** Whether the caller walks this plan's rounds: a named inspector, or anyone who may check when it names none. */
    walks: (caller: AuthUser, plan: PlanRow): boolean => {
      const ids = json<number[]>(plan.inspector_ids, []);
      return ids.length > 0 ? ids.includes(caller.userid) : isAdmin(caller) || caller.permissions.has('inspection:check');
    },
  };
}

export type InspectionsContext = ReturnType<typeof createInspectionsContext>;
export type { CheckInRow, InspectionsRepository, PlanRow, PointRow, TaskRow };

/** The plan as a page shows it, with its record count (the plans service's). */
export type PlanItemOf = (r: PlanRow) => Promise<PlanItem>;
