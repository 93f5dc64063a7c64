import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  checkInvalidApplication,
  checkSequence,
  defaultInspectionRules,
  evaluateRound,
  judgeCheckIn,
  missedCheckRate,
  missedCheckRates,
  validateStatisticsQuery,
  type InspectionRulesConfig,
  type InspectionTally,
  type RoundRules,
} from '../../../shared/domain/inspection-rules.js';
import { checkItemSchema, judgeReading, planTasks, withCycleChange, type PlanSchedule, type PlanSegment } from '../../../shared/domain/inspection-tasks.js';
import { calendarOf, type PlantCalendar } from '../../../shared/domain/plant-calendar.js';
import { applyCycleChange, schedulePlanSchema, type SchedulePlan } from '../../../shared/domain/schedule.js';
import type {
  CheckInItem,
  checkIn,
  checkInInput,
  invalidApply,
  invalidApprove,
  missedRate,
  nfcBind,
  planCycleChange,
  PlanItem,
  planInput,
  planList,
  PointItem,
  pointInput,
  pointList,
  TaskItem,
  taskDetail,
  taskList,
} from '../../../shared/inspections/contracts.js';
import { renderMessage, type MessageCode } from '../../../shared/messages/catalog.js';
import type { MessageParams } from '../../../shared/messages/define.js';
import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object.js';
import { loadPlantCalendar } from '../../common/plant-calendar.js';
import { completeTodos, openTodo } from '../../common/todos.js';
import { queryTrajectory, type HistoryReader } from '../../history/query.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction, type Store, type Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';
import type { HiddenDangersPort } from '../hidden-dangers/port.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';

type In<T extends z.ZodType> = z.output<T>;
type Out<C extends { output: z.ZodType }> = z.output<C['output']>;
type PointRow = Selectable<Database['inspection_point']>;
type PlanRow = Selectable<Database['inspection_plan']>;
type TaskRow = Selectable<Database['inspection_task']>;
type CheckInRow = Selectable<Database['inspection_checkin']>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Tasks are made this far ahead, so today's rounds are listed before they open. */
const AHEAD_MS = 12 * HOUR;
/** After a long stop the generator catches up at most this far back (missed rounds still count as missed). */
const LOOKBACK_MS = 31 * 24 * HOUR;
/** A phone clock may run this much ahead of the server's. */
const CLOCK_SKEW_MS = 60_000;
const INVALID_TODO = 'inspection.invalid';
const ROUND_TODO = 'inspection.round';

const json = <T>(s: string, fallback: T): T => {
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};
const bool = (n: number) => n === 1;
const hhmm = (cal: PlantCalendar, t: number) => {
  const p = cal.localParts(t);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};

function pointOf(r: PointRow): PointItem {
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

function segmentsOf(r: PlanRow): PlanSegment[] {
  return json<PlanSegment[]>(r.segments, []);
}

function scheduleOf(r: PlanRow): PlanSchedule {
  return { id: r.id, segments: segmentsOf(r), effectiveTo: r.effective_to, pauses: json(r.pauses, []), reminderHours: r.reminder_hours };
}

function rulesOf(r: PlanRow): RoundRules {
  return {
    minDurationMin: r.min_duration_min,
    maxDurationMin: r.max_duration_min,
    minGapMin: r.min_gap_min,
    ordered: bool(r.ordered),
    allPoints: bool(r.all_points),
    recordMisses: bool(r.record_misses),
  };
}

function planOf(r: PlanRow, records: number, t: number): PlanItem {
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

function checkInOf(r: CheckInRow, names: ReadonlyMap<number, { zh: string }>): CheckInItem {
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

export interface InspectionsService {
  points(caller: AuthUser, input: In<(typeof pointList)['input']>): Promise<PointItem[]>;
  savePoint(caller: AuthUser, input: In<typeof pointInput>): Promise<PointItem>;
  deletePoint(caller: AuthUser, id: number): Promise<{ id: number }>;
  bindNfc(caller: AuthUser, input: In<(typeof nfcBind)['input']>): Promise<PointItem>;
  plans(caller: AuthUser, input: In<(typeof planList)['input']>): Promise<Out<typeof planList>>;
  savePlan(caller: AuthUser, input: In<typeof planInput>): Promise<PlanItem>;
  enablePlan(caller: AuthUser, id: number, enabled: boolean): Promise<PlanItem>;
  deletePlan(caller: AuthUser, id: number, confirm: boolean): Promise<{ id: number }>;
  changeCycle(caller: AuthUser, input: In<(typeof planCycleChange)['input']>): Promise<Out<typeof planCycleChange>>;
  /** Makes every enabled plan's tasks up to `at` + the look-ahead; each (plan, start) once, whoever runs it and how often. */
  generate(actor: Actor, at?: number): Promise<{ created: number }>;
  tasks(caller: AuthUser, input: In<(typeof taskList)['input']>): Promise<Out<typeof taskList>>;
  task(caller: AuthUser, id: number): Promise<Out<typeof taskDetail>>;
  checkIn(caller: AuthUser, input: In<typeof checkInInput>): Promise<Out<typeof checkIn>>;
  applyInvalid(caller: AuthUser, input: In<(typeof invalidApply)['input']>): Promise<TaskItem>;
  decideInvalid(caller: AuthUser, input: In<(typeof invalidApprove)['input']>): Promise<TaskItem>;
  missedRate(caller: AuthUser, input: In<(typeof missedRate)['input']>): Promise<Out<typeof missedRate>>;
}

export function createInspectionsService(
  store: Store,
  deps: {
    records: RecordsPort;
    org: OrgPort;
    hiddenDangers: HiddenDangersPort;
    history: HistoryReader['historian'];
    now?: () => number;
    rules?: InspectionRulesConfig;
  },
): InspectionsService {
  const db = store.db;
  const now = deps.now ?? Date.now;
  const rules = deps.rules ?? defaultInspectionRules;
  const calendar = async (): Promise<PlantCalendar> => calendarOf(await loadPlantCalendar(db));
  const isAdmin = (u: AuthUser) => u.roles.includes('admin');

  async function scopeOf(caller: AuthUser) {
    const s = await deps.org.getUserScope(caller.userid);
    return { all: s.all || isAdmin(caller), regions: new Set(s.regionids) };
  }
  const sees = (scope: { all: boolean; regions: Set<number> }, regionid: number) => scope.all || scope.regions.has(regionid);

  async function planRow(caller: AuthUser, id: number): Promise<PlanRow> {
    const row = await db.selectFrom('inspection_plan').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || !sees(await scopeOf(caller), row.regionid)) {
      throw notFound();
    }
    return row;
  }

  async function recordCounts(planIds: number[], t: number): Promise<Map<number, number>> {
    if (planIds.length === 0) {
      return new Map();
    }
    const started = await db
      .selectFrom('inspection_task')
      .select(['plan_id', 'id', 'end', 'start'])
      .where('plan_id', 'in', planIds)
      .where((eb) => eb.or([eb('end', '>', t), eb.exists(eb.selectFrom('inspection_checkin').select('id').whereRef('inspection_checkin.task_id', '=', 'inspection_task.id'))]))
      .execute();
    const m = new Map<number, number>();
    started.forEach((r) => m.set(r.plan_id, (m.get(r.plan_id) ?? 0) + 1));
    return m;
  }

  async function withRecords(r: PlanRow): Promise<PlanItem> {
    const t = now();
    return planOf(r, (await recordCounts([r.id], t)).get(r.id) ?? 0, t);
  }

  /** The task as a page shows it: judged against its plan's rules now. */
  function taskOf(r: TaskRow, plan: PlanRow, checks: CheckInRow[], names: ReadonlyMap<number, { zh: string }>): TaskItem {
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
      now(),
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

  async function checkInsOf(taskIds: number[]): Promise<CheckInRow[]> {
    if (taskIds.length === 0) {
      return [];
    }
    const out: CheckInRow[] = [];
    for (let i = 0; i < taskIds.length; i += 500) {
      out.push(...(await db.selectFrom('inspection_checkin').selectAll().where('task_id', 'in', taskIds.slice(i, i + 500)).execute()));
    }
    return out;
  }

  const personNames = async () => (await deps.records.orgNames()).person;

  /** Whether the caller walks this plan's rounds: a named inspector, or anyone who may check when it names none. */
  const walks = (caller: AuthUser, plan: PlanRow) => {
    const ids = json<number[]>(plan.inspector_ids, []);
    return ids.length > 0 ? ids.includes(caller.userid) : isAdmin(caller) || caller.permissions.has('inspection:check');
  };

  /** The caller's positioning card: the tracked person whose phone is the account's phone. */
  async function cardOf(userid: number): Promise<string | null> {
    const u = await db.selectFrom('users').select(['phone']).where('userid', '=', userid).executeTakeFirst();
    const phone = u?.phone.trim();
    if (!phone) {
      return null;
    }
    const people = await deps.records.allRecords(positioningObjectLedger);
    const match = people.find((p) => p.kind === 'person' && typeof p.phone === 'string' && p.phone.trim() === phone && typeof p.card === 'string');
    return match ? String(match.card) : null;
  }

  async function insertTasks(tx: Tx, plan: PlanRow, occ: { start: number; end: number }[]): Promise<number> {
    let created = 0;
    for (const o of occ) {
      const r = await tx
        .insertInto('inspection_task')
        .values({
          plan_id: plan.id,
          start: o.start,
          end: o.end,
          route: plan.point_ids,
          regionid: plan.regionid,
          deptid: plan.deptid,
          recorder_id: null,
          started_at: null,
          canceled: 0,
          terminated: 0,
          invalid: 'none',
          invalid_reason: '',
          invalid_applicant: null,
          invalid_approver: null,
          created_at: now(),
        })
        .onConflict((oc) => oc.columns(['plan_id', 'start']).doNothing())
        .returning('id')
        .execute();
      created += r.length;
    }
    return created;
  }

  /** Drops the plan's rounds not yet begun from `from` on (no check-in), so the generator makes them again from the plan as it is now. */
  async function dropPending(tx: Tx, planId: number, from: number): Promise<number> {
    const r = await tx
      .deleteFrom('inspection_task')
      .where('plan_id', '=', planId)
      .where('start', '>=', from)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('inspection_checkin').select('id').whereRef('inspection_checkin.task_id', '=', 'inspection_task.id'))))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  function planValues(input: In<typeof planInput>) {
    return {
      name: input.name,
      responsible_id: input.responsibleId,
      inspector_ids: JSON.stringify(input.inspectorIds),
      regionid: input.regionid,
      deptid: input.deptid,
      effective_to: input.effectiveTo,
      pauses: JSON.stringify(input.pauses),
      reminder_hours: input.reminderHours,
      headcount: input.headcount,
      min_duration_min: input.minDurationMin,
      max_duration_min: input.maxDurationMin,
      min_gap_min: input.minGapMin,
      ordered: input.ordered ? 1 : 0,
      all_points: input.allPoints ? 1 : 0,
      record_misses: input.recordMisses ? 1 : 0,
      sign_at_points: input.signAtPoints ? 1 : 0,
      trouble_plan: input.troublePlan,
      tolerance_minutes: input.toleranceMinutes,
      enabled: input.enabled ? 1 : 0,
      point_ids: JSON.stringify(input.pointIds),
      updated_at: now(),
    };
  }

  function fail(issues: { field: string; code: string; params?: MessageParams }[]): never {
    const first = issues[0];
    throw new AppError(400, first.code as MessageCode, [...new Set(issues.map((i) => i.field))], first.params ?? {});
  }

  const service: InspectionsService = {
    async points(caller, input) {
      const scope = await scopeOf(caller);
      let q = db.selectFrom('inspection_point').selectAll().orderBy('id');
      if (input.regionid) {
        q = q.where('regionid', '=', input.regionid);
      }
      const rows = await q.execute();
      return rows
        .filter((r) => sees(scope, r.regionid) && (!input.name || r.name.includes(input.name)))
        .map(pointOf);
    },

    async savePoint(caller, input) {
      const scope = await scopeOf(caller);
      if (!sees(scope, input.regionid)) {
        throw badRequest('common.forbidden', ['regionid']);
      }
      if (input.id) {
        const old = await db.selectFrom('inspection_point').select(['regionid']).where('id', '=', input.id).executeTakeFirst();
        if (!old || !sees(scope, old.regionid)) {
          throw notFound();
        }
      }
      const qr = input.qrCode;
      const nfc = input.nfcId || null;
      const keys = [qr, nfc ?? ''].filter((k) => k !== '');
      const clash = keys.length
        ? await db
            .selectFrom('inspection_point')
            .select(['id', 'qr_code', 'nfc_id'])
            .where((eb) => eb.or([eb('qr_code', 'in', keys), eb('nfc_id', 'in', keys)]))
            .execute()
        : [];
      for (const c of clash.filter((c) => c.id !== input.id)) {
        if (qr && c.qr_code === qr) {
          throw conflict('inspections.plan.qrTaken', ['qrCode']);
        }
        if (nfc && c.nfc_id === nfc) {
          throw conflict('inspections.plan.nfcTaken', ['nfcId']);
        }
      }
      return inTransaction(db, async (tx) => {
        const values = {
          name: input.name,
          kind: input.kind,
          device: input.device,
          regionid: input.regionid,
          lon: input.lon,
          lat: input.lat,
          radius_m: input.radiusM,
          nfc_id: nfc,
          items: JSON.stringify(input.items),
          updated_at: now(),
        };
        let id = input.id;
        if (id) {
          await tx.updateTable('inspection_point').set(values).where('id', '=', id).execute();
        } else {
          // A unique placeholder until the id is known; the label text is then the point's own.
          const row = await tx.insertInto('inspection_point').values({ ...values, qr_code: qr || `tmp-${now()}-${Math.random()}` }).returning('id').executeTakeFirstOrThrow();
          id = Number(row.id);
        }
        await tx.updateTable('inspection_point').set({ qr_code: qr || `PW-INSP-${id}` }).where('id', '=', id).execute();
        const saved = await tx.selectFrom('inspection_point').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await audit(tx, caller, 'inspection.pointSave', 'inspectionPoint', id, { name: saved.name, qrCode: saved.qr_code, nfcId: saved.nfc_id });
        return pointOf(saved);
      });
    },

    async deletePoint(caller, id) {
      const scope = await scopeOf(caller);
      const row = await db.selectFrom('inspection_point').select(['id', 'regionid', 'name']).where('id', '=', id).executeTakeFirst();
      if (!row || !sees(scope, row.regionid)) {
        throw notFound();
      }
      const using = (await db.selectFrom('inspection_plan').select(['name', 'point_ids']).execute()).filter((p) => json<number[]>(p.point_ids, []).includes(id));
      if (using.length > 0) {
        throw conflict('inspections.plan.pointInUse', ['id'], { plans: using.map((p) => p.name).join('、') });
      }
      await inTransaction(db, async (tx) => {
        await tx.deleteFrom('inspection_point').where('id', '=', id).execute();
        await audit(tx, caller, 'inspection.pointDelete', 'inspectionPoint', id, { name: row.name });
      });
      return { id };
    },

    async bindNfc(caller, input) {
      const scope = await scopeOf(caller);
      const row = await db.selectFrom('inspection_point').selectAll().where('id', '=', input.pointId).executeTakeFirst();
      if (!row || !sees(scope, row.regionid)) {
        throw notFound('inspections.plan.unknownPoint');
      }
      const nfc = input.nfcId || null;
      if (nfc) {
        const other = await db.selectFrom('inspection_point').select('id').where('nfc_id', '=', nfc).where('id', '!=', row.id).executeTakeFirst();
        if (other) {
          throw conflict('inspections.plan.nfcTaken', ['nfcId']);
        }
      }
      return inTransaction(db, async (tx) => {
        await tx.updateTable('inspection_point').set({ nfc_id: nfc, updated_at: now() }).where('id', '=', row.id).execute();
        await audit(tx, caller, 'inspection.nfcBind', 'inspectionPoint', row.id, { from: row.nfc_id, to: nfc });
        return pointOf(await tx.selectFrom('inspection_point').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow());
      });
    },

    async plans(caller, input) {
      const scope = await scopeOf(caller);
      const t = now();
      const rows = (await db.selectFrom('inspection_plan').selectAll().orderBy('id').execute()).filter(
        (r) => sees(scope, r.regionid) && (!input.name || r.name.includes(input.name)) && (input.enabled === undefined || bool(r.enabled) === input.enabled),
      );
      const page = rows.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
      const counts = await recordCounts(page.map((r) => r.id), t);
      return { items: page.map((r) => planOf(r, counts.get(r.id) ?? 0, t)), total: rows.length };
    },

    async savePlan(caller, input) {
      const scope = await scopeOf(caller);
      if (!sees(scope, input.regionid)) {
        throw badRequest('common.forbidden', ['regionid']);
      }
      const pauses = input.pauses.findIndex((p) => p.end < p.start);
      if (pauses >= 0) {
        throw badRequest('inspections.endBeforeStart', [`pauses.${pauses}.end`]);
      }
      if (input.minDurationMin !== null && input.maxDurationMin !== null && input.minDurationMin > input.maxDurationMin) {
        throw badRequest('inspections.plan.minAboveMax', ['minDurationMin']);
      }
      if (input.pointIds.length === 0) {
        throw badRequest('inspections.plan.pointsRequired', ['pointIds']);
      }
      const known = await db.selectFrom('inspection_point').select('id').where('id', 'in', input.pointIds).execute();
      if (known.length !== new Set(input.pointIds).size) {
        throw badRequest('inspections.plan.unknownPoint', ['pointIds']);
      }
      const t = now();
      const id = await inTransaction(db, async (tx) => {
        const values = planValues(input);
        if (input.id) {
          const old = await tx.selectFrom('inspection_plan').selectAll().where('id', '=', input.id).executeTakeFirst();
          if (!old || !sees(scope, old.regionid)) {
            throw notFound();
          }
          // The cycle is changed through PlanCycleChange (seed 2 §4); a save changes the rest. Pending rounds are made again from the plan as saved.
          const segs = segmentsOf(old);
          segs[0] = { ...segs[0], from: input.effectiveFrom };
          await tx.updateTable('inspection_plan').set({ ...values, segments: JSON.stringify(segs), generated_to: Math.min(old.generated_to, t) }).where('id', '=', input.id).execute();
          await dropPending(tx, input.id, t);
          await audit(tx, caller, 'inspection.planSave', 'inspectionPlan', input.id, { name: input.name });
          return input.id;
        }
        const segment: PlanSegment = { from: input.effectiveFrom, cycle: input.cycle, windowMinutes: input.windowMinutes };
        const row = await tx
          .insertInto('inspection_plan')
          .values({ ...values, segments: JSON.stringify([segment]), generated_to: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(tx, caller, 'inspection.planSave', 'inspectionPlan', Number(row.id), { name: input.name, created: true });
        return Number(row.id);
      });
      await service.generate(caller);
      return withRecords(await db.selectFrom('inspection_plan').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    },

    async enablePlan(caller, id, enabled) {
      const row = await planRow(caller, id);
      const t = now();
      await inTransaction(db, async (tx) => {
        await tx.updateTable('inspection_plan').set({ enabled: enabled ? 1 : 0, generated_to: enabled ? t : row.generated_to, updated_at: t }).where('id', '=', id).execute();
        if (!enabled) {
          // Rounds not yet begun go; the one open now, if begun, stays as it is.
          await dropPending(tx, id, t);
          await tx.updateTable('inspection_task').set({ canceled: 1 }).where('plan_id', '=', id).where('end', '>', t).where('start', '<=', t).where('recorder_id', 'is', null).execute();
        }
        await audit(tx, caller, 'inspection.planEnable', 'inspectionPlan', id, { enabled });
      });
      if (enabled) {
        await service.generate(caller);
      }
      return withRecords(await db.selectFrom('inspection_plan').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    },

    async deletePlan(caller, id, confirm) {
      const row = await planRow(caller, id);
      const records = (await recordCounts([id], now())).get(id) ?? 0;
      if (records > 0 && !confirm) {
        throw conflict('inspections.plan.deleteConfirm', ['confirm']);
      }
      await inTransaction(db, async (tx) => {
        const tasks = (await tx.selectFrom('inspection_task').select('id').where('plan_id', '=', id).execute()).map((r) => r.id);
        for (let i = 0; i < tasks.length; i += 500) {
          await tx.deleteFrom('inspection_checkin').where('task_id', 'in', tasks.slice(i, i + 500)).execute();
        }
        await tx.deleteFrom('inspection_task').where('plan_id', '=', id).execute();
        await tx.deleteFrom('inspection_plan').where('id', '=', id).execute();
        await audit(tx, caller, 'inspection.planDelete', 'inspectionPlan', id, { name: row.name, tasks: tasks.length });
      });
      return { id };
    },

    async changeCycle(caller, input) {
      const row = await planRow(caller, input.id);
      if (input.mode === 'atTime' && input.at === undefined) {
        throw badRequest('inspections.plan.atRequired', ['at']);
      }
      const t = now();
      const at = input.mode === 'atTime' ? input.at! : t;
      const cal = await calendar();
      const segs = segmentsOf(row);
      const current = [...segs].filter((s) => s.from <= at).pop() ?? segs[0];
      const sp = (seg: Omit<PlanSegment, 'from'>, from: number): SchedulePlan =>
        schedulePlanSchema.parse({ id: row.id, cycle: seg.cycle, windowMinutes: seg.windowMinutes, effectiveFrom: from, effectiveTo: row.effective_to, pauses: json(row.pauses, []) });
      return inTransaction(db, async (tx) => {
        const taskRows = await tx.selectFrom('inspection_task').selectAll().where('plan_id', '=', row.id).where('end', '>', Math.min(at, t) - 31 * 24 * HOUR).execute();
        const begun = new Set((await tx.selectFrom('inspection_checkin').select('task_id').where('task_id', 'in', taskRows.length ? taskRows.map((r) => r.id) : [0]).execute()).map((r) => r.task_id));
        const tasks = taskRows.map((r) => ({ key: `${row.id}@${r.start}`, start: r.start, end: r.end, started: begun.has(r.id) || r.recorder_id !== null, id: r.id }));
        const next = { cycle: input.cycle, windowMinutes: input.windowMinutes };
        const change = applyCycleChange(tasks, sp(current, current.from), sp(next, at), input.mode, at, cal);
        const drop = change.drop.map((d) => d.id);
        for (let i = 0; i < drop.length; i += 500) {
          await tx.deleteFrom('inspection_task').where('id', 'in', drop.slice(i, i + 500)).execute();
        }
        const added = await insertTasks(tx, row, change.add);
        const generatedTo = Math.max(row.generated_to, ...change.add.map((o) => o.start + 1));
        await tx
          .updateTable('inspection_plan')
          .set({ segments: JSON.stringify(withCycleChange(segs, next, change.switchAt)), generated_to: generatedTo, updated_at: t })
          .where('id', '=', row.id)
          .execute();
        await audit(tx, caller, 'inspection.cycleChange', 'inspectionPlan', row.id, { mode: input.mode, switchAt: change.switchAt, cycle: input.cycle, dropped: drop.length, added });
        return { switchAt: change.switchAt, dropped: drop.length, added };
      });
    },

    async generate(actor, at) {
      const t = at ?? now();
      const cal = await calendar();
      const plans = await db.selectFrom('inspection_plan').selectAll().where('enabled', '=', 1).execute();
      let created = 0;
      for (const plan of plans) {
        const from = Math.max(plan.generated_to, t - LOOKBACK_MS);
        const to = t + AHEAD_MS;
        if (from >= to) {
          continue;
        }
        const occ = planTasks(scheduleOf(plan), from, to, cal);
        created += await inTransaction(db, async (tx) => {
          const n = await insertTasks(tx, plan, occ);
          // Only forward: two generators racing leave the later bound.
          await tx.updateTable('inspection_plan').set({ generated_to: to }).where('id', '=', plan.id).where('generated_to', '<', to).execute();
          if (n > 0) {
            await audit(tx, actor, 'inspection.generate', 'inspectionPlan', plan.id, { from, to, created: n });
          }
          return n;
        });
      }
      await roundTodos(t, cal);
      return { created };
    },

    async tasks(caller, input) {
      const scope = await scopeOf(caller);
      let q = db.selectFrom('inspection_task').selectAll().orderBy('start', 'desc').orderBy('id', 'desc');
      if (input.planId) {
        q = q.where('plan_id', '=', input.planId);
      }
      if (input.from !== undefined) {
        q = q.where('end', '>', input.from);
      }
      if (input.to !== undefined) {
        q = q.where('start', '<', input.to);
      }
      if (input.invalid) {
        q = q.where('invalid', '=', input.invalid);
      }
      const rows = (await q.limit(5000).execute()).filter((r) => sees(scope, r.regionid));
      const plans = new Map((await db.selectFrom('inspection_plan').selectAll().execute()).map((p) => [p.id, p]));
      const mine = rows.filter((r) => plans.has(r.plan_id) && (!input.mine || walks(caller, plans.get(r.plan_id)!)));
      const checks = await checkInsOf(mine.map((r) => r.id));
      const names = await personNames();
      let items = mine.map((r) => taskOf(r, plans.get(r.plan_id)!, checks, names));
      if (input.status) {
        items = items.filter((x) => x.status === input.status);
      }
      if (input.missed) {
        items = items.filter((x) => x.missed.length > 0 && x.status !== 'canceled');
      }
      if (input.mine) {
        // The inspector's list: in time order, the open round first.
        items.sort((a, b) => a.start - b.start);
      }
      return { items: items.slice((input.page - 1) * input.pageSize, input.page * input.pageSize), total: items.length };
    },

    async task(caller, id) {
      const r = await db.selectFrom('inspection_task').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r || !sees(await scopeOf(caller), r.regionid)) {
        throw notFound();
      }
      const plan = await db.selectFrom('inspection_plan').selectAll().where('id', '=', r.plan_id).executeTakeFirstOrThrow();
      const checks = await checkInsOf([r.id]);
      const names = await personNames();
      const route = json<number[]>(r.route, []);
      const points = route.length ? await db.selectFrom('inspection_point').selectAll().where('id', 'in', route).execute() : [];
      const byId = new Map(points.map((p) => [p.id, pointOf(p)]));
      return {
        task: taskOf(r, plan, checks, names),
        plan: await withRecords(plan),
        points: route.map((p) => byId.get(p)).filter((p): p is PointItem => p !== undefined),
        checkIns: checks.map((c) => checkInOf(c, names)),
      };
    },

    async checkIn(caller, input) {
      const t0 = now();
      const task = await db.selectFrom('inspection_task').selectAll().where('id', '=', input.taskId).executeTakeFirst();
      if (!task || !sees(await scopeOf(caller), task.regionid)) {
        throw notFound();
      }
      const plan = await db.selectFrom('inspection_plan').selectAll().where('id', '=', task.plan_id).executeTakeFirstOrThrow();
      if (!walks(caller, plan)) {
        throw forbidden('inspections.checkIn.notYours');
      }
      const names = await personNames();
      const t = input.checkedAt ?? t0;
      const existing = await db.selectFrom('inspection_checkin').selectAll().where('task_id', '=', task.id).where('point_id', '=', input.pointId).executeTakeFirst();
      if (existing) {
        if (existing.userid !== caller.userid || existing.checked_at !== t) {
          throw conflict('inspections.checkIn.alreadyChecked', ['pointId']);
        }
        // The same check-in sent again (an offline queue retrying): answered as before, its hidden danger opened if that failed.
        const fixed = await reportFindings(caller, existing, plan);
        const checks = await checkInsOf([task.id]);
        return { checkIn: checkInOf(fixed, names), task: taskOf(task, plan, checks, names), duplicate: true };
      }
      if (t > t0 + CLOCK_SKEW_MS) {
        throw badRequest('inspections.checkIn.future', ['checkedAt']);
      }
      const before = await checkInsOf([task.id]);
      const state = taskOf(task, plan, before, names);
      if (state.status === 'canceled' || state.status === 'terminated' || task.invalid === 'approved') {
        throw conflict('inspections.checkIn.taskClosed', ['taskId'], { status: renderMessage('zh', `inspections.status.${state.status}` as MessageCode) });
      }
      const route = json<number[]>(task.route, []);
      const seq = checkSequence(
        route,
        before.map((c) => ({ pointId: c.point_id, t: c.checked_at })),
        input.pointId,
        t,
        rulesOf(plan),
      );
      if (seq) {
        throw new AppError(seq.code === 'inspections.checkIn.alreadyChecked' ? 409 : 400, seq.code, ['pointId'], seq.params ?? {});
      }
      const pointRow = await db.selectFrom('inspection_point').selectAll().where('id', '=', input.pointId).executeTakeFirst();
      if (!pointRow) {
        throw badRequest('inspections.plan.unknownPoint', ['pointId']);
      }
      const point = pointOf(pointRow);
      const card = await cardOf(caller.userid);
      const span = rules.fixWindowSec * 1000;
      const fixes = card ? await queryTrajectory({ db, historian: deps.history }, card, t - span, t + span + 1) : [];
      const verdict = judgeCheckIn(
        { method: input.method, value: input.value, t },
        { id: point.id, qrCode: point.qrCode, nfcId: point.nfcId || null, lon: point.lon, lat: point.lat, radiusM: point.radiusM },
        { start: task.start, end: task.end },
        plan.tolerance_minutes,
        fixes,
        rules,
      );
      if (verdict.status === 'refused') {
        const r = verdict.reasons[0];
        const field = r.code === 'inspections.checkIn.wrongCode' || r.code === 'inspections.checkIn.wrongNfc' ? 'value' : 'checkedAt';
        throw new AppError(400, r.code, [field], r.params ?? {});
      }
      // The check items: a missing required answer is refused; an out-of-limit or abnormal one is a finding.
      const findings: { key: string; code: string; params: Record<string, string | number> }[] = [];
      const problems: { field: string; code: string }[] = [];
      for (const item of point.items) {
        const v = input.readings[item.key];
        const j = judgeReading(item, v);
        if (!j.ok) {
          problems.push({ field: `readings.${item.key}`, code: j.code });
        } else if (j.abnormal) {
          findings.push({
            key: item.key,
            code: `inspections.reading.${j.reason}`,
            params: { label: item.label, value: Array.isArray(v) ? v.join(',') : String(v ?? ''), unit: item.unit, min: item.min ?? '', max: item.max ?? '' },
          });
        }
      }
      if (problems.length > 0) {
        fail(problems);
      }
      if (bool(plan.sign_at_points) && input.signature.trim() === '') {
        throw badRequest('inspections.signFirst', ['signature']);
      }
      const saved = await inTransaction(db, async (tx) => {
        const row = await tx
          .insertInto('inspection_checkin')
          .values({
            task_id: task.id,
            point_id: point.id,
            userid: caller.userid,
            method: input.method,
            value: input.value,
            checked_at: t,
            received_at: t0,
            status: verdict.status,
            reasons: JSON.stringify(verdict.reasons),
            distance_m: verdict.distanceM === null ? null : Math.round(verdict.distanceM * 10) / 10,
            card,
            readings: JSON.stringify(input.readings),
            findings: JSON.stringify(findings),
            hidden_danger_ids: '[]',
            signature: input.signature,
          })
          .onConflict((oc) => oc.columns(['task_id', 'point_id']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!row) {
          throw conflict('inspections.checkIn.alreadyChecked', ['pointId']);
        }
        if (task.recorder_id === null) {
          await tx.updateTable('inspection_task').set({ recorder_id: caller.userid, started_at: t }).where('id', '=', task.id).where('recorder_id', 'is', null).execute();
        }
        await audit(tx, caller, 'inspection.checkIn', 'inspectionTask', task.id, {
          point: point.id,
          checkedAt: t,
          offline: t < t0 - CLOCK_SKEW_MS,
          status: verdict.status,
          reasons: verdict.reasons.map((r) => r.code),
          distanceM: verdict.distanceM,
          card,
          findings: findings.length,
        });
        return row;
      });
      const withDanger = await reportFindings(caller, saved, plan);
      const fresh = await db.selectFrom('inspection_task').selectAll().where('id', '=', task.id).executeTakeFirstOrThrow();
      const after = taskOf(fresh, plan, await checkInsOf([task.id]), names);
      if (after.done === after.route.length && fresh.todo_state !== 2) {
        await closeRoundTodos(task.id);
      }
      return { checkIn: checkInOf(withDanger, names), task: after, duplicate: false };
    },

    async applyInvalid(caller, input) {
      const task = await db.selectFrom('inspection_task').selectAll().where('id', '=', input.taskId).executeTakeFirst();
      if (!task || !sees(await scopeOf(caller), task.regionid)) {
        throw notFound();
      }
      const plan = await db.selectFrom('inspection_plan').selectAll().where('id', '=', task.plan_id).executeTakeFirstOrThrow();
      const application = task.invalid === 'pending' || task.invalid === 'approved' || task.invalid === 'rejected' ? task.invalid : 'none';
      const issues = checkInvalidApplication(
        { recorderId: task.recorder_id ?? -1, responsibleIds: [plan.responsible_id], application },
        caller.userid,
        { reason: input.reason, approverId: input.approverId },
        rules,
      );
      if (issues.length > 0) {
        const who = issues.find((i) => i.field === '(body)');
        if (who && who.code !== 'inspections.invalid.alreadyApplied') {
          throw forbidden(who.code);
        }
        if (who) {
          throw conflict(who.code);
        }
        fail(issues);
      }
      await inTransaction(db, async (tx) => {
        await tx
          .updateTable('inspection_task')
          .set({ invalid: 'pending', invalid_reason: input.reason!.trim(), invalid_applicant: caller.userid, invalid_approver: input.approverId! })
          .where('id', '=', task.id)
          .execute();
        await openTodo(tx, {
          userid: input.approverId!,
          kind: INVALID_TODO,
          ref: task.id,
          href: `/inspection/InvalidQuery?id=${task.id}`,
          title: 'inspections.todo.invalid',
          params: { plan: plan.name },
        });
        await audit(tx, caller, 'inspection.invalidApply', 'inspectionTask', task.id, { reason: input.reason, approver: input.approverId });
      });
      return (await service.task(caller, task.id)).task;
    },

    async decideInvalid(caller, input) {
      const task = await db.selectFrom('inspection_task').selectAll().where('id', '=', input.taskId).executeTakeFirst();
      if (!task || !sees(await scopeOf(caller), task.regionid)) {
        throw notFound();
      }
      if (task.invalid !== 'pending') {
        throw conflict('inspections.invalid.notPending');
      }
      if (task.invalid_approver !== caller.userid && !isAdmin(caller)) {
        throw forbidden('inspections.invalid.notApprover');
      }
      await inTransaction(db, async (tx) => {
        await tx.updateTable('inspection_task').set({ invalid: input.approve ? 'approved' : 'rejected' }).where('id', '=', task.id).execute();
        await completeTodos(tx, { kind: INVALID_TODO, ref: task.id });
        await audit(tx, caller, 'inspection.invalidDecide', 'inspectionTask', task.id, { approve: input.approve });
      });
      return (await service.task(caller, task.id)).task;
    },

    async missedRate(caller, input) {
      const issues = validateStatisticsQuery({ item: input.item, start: input.start, end: input.end });
      if (issues.length > 0) {
        fail(issues);
      }
      const by = input.item!;
      const start = input.start!;
      const end = input.end!;
      const scope = await scopeOf(caller);
      const t = now();
      const plans = new Map((await db.selectFrom('inspection_plan').selectAll().execute()).map((p) => [p.id, p]));
      const rows = (await db.selectFrom('inspection_task').selectAll().where('end', '>=', start).where('end', '<', end).execute()).filter(
        (r) => sees(scope, r.regionid) && plans.has(r.plan_id) && r.canceled === 0,
      );
      const checks = await checkInsOf(rows.map((r) => r.id));
      const tallies: InspectionTally[] = [];
      for (const r of rows) {
        const plan = plans.get(r.plan_id)!;
        // Only rounds that are over count (their window and tolerance closed).
        if (r.end + plan.tolerance_minutes * MINUTE > t) {
          continue;
        }
        const route = new Set(json<number[]>(r.route, []));
        const mine = checks.filter((c) => c.task_id === r.id && route.has(c.point_id));
        const inspectors = json<number[]>(plan.inspector_ids, []);
        tallies.push({
          planId: r.plan_id,
          personId: r.recorder_id ?? (inspectors.length === 1 ? inspectors[0] : null),
          departmentId: r.deptid,
          regionId: r.regionid,
          due: route.size,
          done: new Set(mine.map((c) => c.point_id)).size,
          excluded: r.invalid === 'approved',
        });
      }
      const names = await deps.records.orgNames();
      const nameOf = (key: number | null): string => {
        if (key === null) {
          return '—';
        }
        switch (by) {
          case 'plan':
            return plans.get(key)?.name ?? String(key);
          case 'person':
            return names.person.get(key)?.zh ?? String(key);
          case 'department':
            return names.dept.get(key)?.zh ?? String(key);
          case 'region':
            return names.region.get(key)?.zh ?? String(key);
        }
      };
      return {
        overall: missedCheckRate(tallies),
        rows: missedCheckRates(tallies, by).map((x) => ({ ...x, key: x.key === null ? null : Number(x.key), name: nameOf(x.key === null ? null : Number(x.key)) })),
      };
    },
  };

  /**
   * The inspectors' to-dos of each round: opened when its window opens (named
   * inspectors of an enabled plan), done when every point is checked or the
   * window with its tolerance has closed. Each step once (todo_state).
   */
  async function roundTodos(t: number, cal: PlantCalendar): Promise<void> {
    const plans = new Map((await db.selectFrom('inspection_plan').selectAll().where('enabled', '=', 1).execute()).map((p) => [p.id, p]));
    const due = await db.selectFrom('inspection_task').selectAll().where('todo_state', '=', 0).where('canceled', '=', 0).where('start', '<=', t).where('end', '>', t).execute();
    for (const r of due.filter((x) => plans.has(x.plan_id))) {
      const plan = plans.get(r.plan_id)!;
      await inTransaction(db, async (tx) => {
        for (const userid of json<number[]>(plan.inspector_ids, [])) {
          await openTodo(tx, {
            userid,
            kind: ROUND_TODO,
            ref: r.id,
            href: `/inspection/MobileInspection?task=${r.id}`,
            title: 'inspections.todo.round',
            params: { plan: plan.name, time: hhmm(cal, r.start) },
            at: r.start,
          });
        }
        await tx.updateTable('inspection_task').set({ todo_state: 1 }).where('id', '=', r.id).where('todo_state', '=', 0).execute();
      });
    }
    const open = await db.selectFrom('inspection_task').select(['id', 'plan_id', 'end']).where('todo_state', '=', 1).execute();
    for (const r of open) {
      const tol = (plans.get(r.plan_id)?.tolerance_minutes ?? 0) * MINUTE;
      if (r.end + tol <= t || !plans.has(r.plan_id)) {
        await closeRoundTodos(r.id);
      }
    }
  }

  async function closeRoundTodos(taskId: number): Promise<void> {
    await inTransaction(db, async (tx) => {
      await completeTodos(tx, { kind: ROUND_TODO, ref: taskId });
      await tx.updateTable('inspection_task').set({ todo_state: 2 }).where('id', '=', taskId).execute();
    });
  }

  /** Opens the hidden danger of a check-in's findings (DOMAIN.md §9), once: the point, its position, the photos and the inspector as finder. */
  async function reportFindings(caller: AuthUser, row: CheckInRow, plan: PlanRow): Promise<CheckInRow> {
    const findings = json<{ key: string; code: string; params: Record<string, string | number> }[]>(row.findings, []);
    if (findings.length === 0 || json<number[]>(row.hidden_danger_ids, []).length > 0) {
      return row;
    }
    const pointRow = await db.selectFrom('inspection_point').selectAll().where('id', '=', row.point_id).executeTakeFirst();
    if (!pointRow) {
      return row;
    }
    const point = pointOf(pointRow);
    const readings = json<Record<string, unknown>>(row.readings, {});
    const photos = point.items
      .filter((i) => i.type === 'photo')
      .flatMap((i) => (Array.isArray(readings[i.key]) ? (readings[i.key] as unknown[]) : []))
      .filter((x): x is number => typeof x === 'number');
    const text = findings.map((f) => renderMessage('zh', f.code as MessageCode, f.params)).join('；');
    const danger = await deps.hiddenDangers.report(caller, {
      title: renderMessage('zh', 'inspections.hiddenDanger.title', { point: point.name, finding: text }).slice(0, 200),
      category: point.kind === 'device' ? 'equipment' : 'other',
      source: 'inspection',
      region: point.regionid,
      dept: plan.deptid,
      place: point.device ? `${point.name}（${point.device}）` : point.name,
      lon: point.lon,
      lat: point.lat,
      photos,
      detail: `${plan.name} · ${new Date(row.checked_at).toISOString()} · ${text}`,
      point: point.name,
    });
    const ids = [danger.id];
    await db.updateTable('inspection_checkin').set({ hidden_danger_ids: JSON.stringify(ids) }).where('id', '=', row.id).execute();
    return { ...row, hidden_danger_ids: JSON.stringify(ids) };
  }

  return service;
}
