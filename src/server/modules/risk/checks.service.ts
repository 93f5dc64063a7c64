import { filter, type Subscription } from 'rxjs';
import { checkTaskState, measureCheckPlan, overdueSince, type CheckWindow } from '../../../shared/domain/measure-checks.js';
import { calendarOf } from '../../../shared/domain/plant-calendar.js';
import { controlTiers, type ControlTier } from '../../../shared/domain/risk-evaluation.js';
import { occurrences } from '../../../shared/domain/schedule.js';
import type { MeasureCheckItem } from '../../../shared/risk/check-contracts.js';
import { analysisLedger, analysisMeasureLedger, evaluateUnitLedger } from '../../../shared/risk/analysis-ledgers.js';
import type { CauseEvent } from '../../../shared/domain/risk-escalation.js';
import { loadPlantCalendar } from '../../common/plant-calendar.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db } from '../../store/db.js';
import type { Lease } from '../../store/lease.js';
import type { StreamBus } from '../../stream/bus.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';
import { createChecksRepository, type MeasureTaskRow } from './checks.repository.js';
import type { CauseLabel } from './risk.service.js';

const HOUR = 3_600_000;
/** Windows are stored this far ahead, so the next one is listed before it opens. */
const AHEAD_MS = 24 * HOUR;
/** After a long stop the generator catches up at most this far back (those windows still count as missed). */
const LOOKBACK_MS = 31 * 24 * HOUR;
export const MEASURE_CHECK_KIND = 'measureCheck';
const WATCHED = new Set([analysisMeasureLedger.entity, analysisLedger.entity, evaluateUnitLedger.entity]);
const causeId = (measureId: number) => `${MEASURE_CHECK_KIND}:${measureId}`;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A control measure with what its tasks show: its event, unit and zone. */
interface Measure {
  id: number;
  content: string;
  tier: string;
  checkContent: string;
  cycle: number | null;
  cycleUnit: string | null;
  created: number;
  event: string;
  unit: string;
  regionid: number | null;
}

/** What a control-measure check found abnormal: the measure, its event, unit and zone, and the checker's note. */
export interface AbnormalCheck {
  taskId: number;
  measureId: number;
  content: string;
  checkContent: string;
  event: string;
  unit: string;
  regionid: number | null;
  note: string;
  at: number;
}
/** Called once per abnormal check, after it is stored, by the checker (hidden dangers opens one). */
export type AbnormalCheckHandler = (caller: AuthUser, check: AbnormalCheck) => Promise<unknown>;

export interface ChecksDeps {
  db: Db;
  records: Pick<RecordsPort, 'allRecords'>;
  org: Pick<OrgPort, 'getUserScope'>;
  lease: Pick<Lease, 'held'>;
  bus: Pick<StreamBus, 'publish' | 'onOtherServers' | 'on'>;
  /** The risk module's live state: a missed check is a cause of its zone (DOMAIN.md §6). */
  report(event: CauseEvent, label?: CauseLabel): void;
  tickMs: number;
  now?: () => number;
  onError: (err: unknown, what: string) => void;
}

/**
 * Check tasks of the control measures (issue 21 §1, DOMAIN.md §8): each
 * measure's cycle is a plan of the one scheduler (`measure-checks.ts`); the
 * lease holder stores its windows (each once, by key); a window closed
 * unchecked makes the measure overdue, which every server reports to the live
 * escalation as a cause in the unit's zone until the measure is checked again.
 */
export function createChecksService(deps: ChecksDeps) {
  const abnormalHandlers: AbnormalCheckHandler[] = [];
  const now = deps.now ?? Date.now;
  const repo = createChecksRepository(deps.db);
  /** The causes this server reported, by measure: since when it is overdue. */
  const reported = new Map<number, number>();
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  async function measures(): Promise<Measure[]> {
    const [ms, events, units] = await Promise.all([
      deps.records.allRecords(analysisMeasureLedger),
      deps.records.allRecords(analysisLedger),
      deps.records.allRecords(evaluateUnitLedger),
    ]);
    const eventById = new Map(events.map((e) => [e.id, e]));
    const unitById = new Map(units.map((u) => [u.id, u]));
    return ms.map((m) => {
      const event = eventById.get(num(m.analysis) ?? -1);
      const unit = unitById.get(num(event?.unit) ?? -1);
      return {
        id: m.id,
        content: text(m.content),
        tier: text(m.tier),
        checkContent: text(m.checkContent),
        cycle: num(m.cycle),
        cycleUnit: text(m.cycleUnit) || null,
        created: m.created,
        event: text(event?.name),
        unit: text(unit?.name),
        regionid: num(unit?.region),
      };
    });
  }

  /** Stores the windows up to `t` + a day of every measure with a cycle (lease holder only). */
  async function generate(all: Measure[], t: number): Promise<void> {
    if (!deps.lease.held()) {
      return;
    }
    const cal = calendarOf(await loadPlantCalendar(deps.db));
    const rows = all.flatMap((m) => {
      const plan = measureCheckPlan({ id: m.id, cycle: m.cycle, cycleUnit: m.cycleUnit, effectiveFrom: m.created });
      return plan
        ? occurrences(plan, Math.max(m.created, t - LOOKBACK_MS), t + AHEAD_MS, cal).map((o) => ({ task_key: o.key, measure_id: m.id, start_at: o.start, end_at: o.end }))
        : [];
    });
    await repo.insertMissing(rows);
  }

  /** Reports each measure overdue at `t` as a cause of its zone, and ends the causes of measures checked since. */
  async function escalate(all: Measure[], t: number): Promise<void> {
    const { lastDone, missed } = await repo.overdueInputs(t);
    const windows = new Map<number, CheckWindow[]>();
    for (const m of missed) {
      windows.set(m.measure_id, [...(windows.get(m.measure_id) ?? []), { start: m.start_at, end: m.end_at, doneAt: null }]);
    }
    const overdue = new Map<number, number>();
    for (const m of all) {
      const done = lastDone.get(m.id);
      const tasks = [...(windows.get(m.id) ?? []), ...(done === undefined ? [] : [{ start: done, end: done, doneAt: done }])];
      const since = m.regionid === null ? null : overdueSince(tasks, t);
      if (since === null) {
        continue;
      }
      overdue.set(m.id, since);
      if (reported.get(m.id) !== since) {
        reported.set(m.id, since);
        const tier = m.tier in controlTiers ? controlTiers[m.tier as ControlTier] : null;
        deps.report(
          { type: 'start', cause: { kind: MEASURE_CHECK_KIND, id: causeId(m.id), zone: String(m.regionid), attrs: { tier: m.tier, cycleUnit: m.cycleUnit ?? '' }, start: since } },
          {
            label: `管控措施漏检：${m.content}${tier ? `（${tier.zh}）` : ''}`,
            labelEn: `Check missed: ${m.content}${tier ? ` (${tier.en})` : ''}`,
            href: `/RiskControll/MeasureCheckTask?measureId=${m.id}`,
          },
        );
      }
    }
    for (const id of [...reported.keys()]) {
      if (!overdue.has(id)) {
        reported.delete(id);
        deps.report({ type: 'end', id: causeId(id), at: lastDone.get(id) ?? t });
      }
    }
  }

  /** One pass: store new windows, then report what is overdue. Passes run one at a time. */
  function sweep(t: number = now()): Promise<void> {
    running = running.catch(() => undefined).then(async () => {
      if (closed) {
        return;
      }
      const all = await measures();
      await generate(all, t);
      await escalate(all, t);
    });
    return running;
  }

  const timer = setInterval(() => void sweep().catch((err: unknown) => deps.onError(err, 'measure check sweep')), deps.tickMs);
  timer.unref();
  const subs: Subscription[] = [
    // A measure, its event or its unit saved (cycle, zone): its windows and causes follow at once.
    deps.bus
      .on('record.changed')
      .pipe(filter((e) => WATCHED.has(e.entity)))
      .subscribe(() => void sweep().catch((err: unknown) => deps.onError(err, 'measure check sweep'))),
    // A check saved on another server: read the tasks again at once rather than at the next tick.
    deps.bus.onOtherServers('risk.measureChecked').subscribe(() => void sweep().catch((err: unknown) => deps.onError(err, 'measure check sweep'))),
  ];

  async function visible(caller: AuthUser): Promise<Map<number, Measure>> {
    const [all, scope] = await Promise.all([measures(), deps.org.getUserScope(caller.userid)]);
    const regions = new Set(scope.regionids);
    return new Map(all.filter((m) => scope.all || (m.regionid !== null && regions.has(m.regionid))).map((m) => [m.id, m]));
  }

  const itemOf = (r: MeasureTaskRow, m: Measure, t: number): MeasureCheckItem => ({
    id: r.id,
    measureId: m.id,
    measure: m.content,
    event: m.event,
    unit: m.unit,
    regionid: m.regionid,
    tier: m.tier,
    checkContent: m.checkContent,
    start: r.start_at,
    end: r.end_at,
    state: checkTaskState({ start: r.start_at, end: r.end_at, doneAt: r.done_at }, t),
    doneAt: r.done_at,
    doneBy: r.done_by,
    result: r.result === 'normal' || r.result === 'abnormal' ? r.result : null,
    note: r.note,
  });

  return {
    sweep,
    /** The check tasks of the measures in the caller's regions (the next window included once stored). */
    async list(caller: AuthUser, input: { page: number; pageSize: number; state?: MeasureCheckItem['state']; measureId?: number }) {
      const mine = await visible(caller);
      const t = now();
      const ids = input.measureId === undefined ? [...mine.keys()] : mine.has(input.measureId) ? [input.measureId] : [];
      const { rows, total } = await repo.list(ids, t + AHEAD_MS, { state: input.state, now: t }, input.page, input.pageSize);
      return { items: rows.map((r) => itemOf(r, mine.get(r.measure_id)!, t)), total };
    },
    /** Checks an open task, audited in the same transaction; the zone falls back at once if this clears its missed checks. */
    async check(caller: AuthUser, input: { id: number; result: 'normal' | 'abnormal'; note: string }): Promise<MeasureCheckItem> {
      const mine = await visible(caller);
      const t = now();
      const row = await inTransaction(deps.db, async (tx) => {
        const r = createChecksRepository(tx);
        const task = await r.get(input.id);
        const measure = task && mine.get(task.measure_id);
        if (!task || !measure) {
          throw notFound();
        }
        if (task.done_at !== null) {
          throw conflict('risk.check.alreadyDone', ['id']);
        }
        if (t < task.start_at || t >= task.end_at) {
          throw badRequest('risk.check.notOpen', ['id']);
        }
        const v = { done_at: t, done_by: caller.loginname, result: input.result, note: input.note };
        if (!(await r.check(task.id, v))) {
          throw conflict('risk.check.alreadyDone', ['id']);
        }
        await audit(tx, caller, 'risk.check.done', 'risk_measure_task', task.id, { measure: task.measure_id, result: input.result, note: input.note });
        return { ...task, ...v };
      });
      await sweep(t);
      deps.bus.publish('risk.measureChecked', { ids: [row.id] });
      const measure = mine.get(row.measure_id)!;
      if (input.result === 'abnormal') {
        const found: AbnormalCheck = {
          taskId: row.id,
          measureId: measure.id,
          content: measure.content,
          checkContent: measure.checkContent,
          event: measure.event,
          unit: measure.unit,
          regionid: measure.regionid,
          note: input.note,
          at: t,
        };
        for (const handler of abnormalHandlers) {
          // The check stands whatever a handler does; a failure is logged for the administrator.
          await handler(caller, found).catch((err: unknown) => deps.onError(err, 'abnormal measure check'));
        }
      }
      return itemOf(row, measure, t);
    },
    /** Adds what happens after an abnormal check (the hidden-dangers module opens a hidden danger). */
    onAbnormal(handler: AbnormalCheckHandler): void {
      abnormalHandlers.push(handler);
    },
    async close(): Promise<void> {
      closed = true;
      clearInterval(timer);
      subs.forEach((s) => s.unsubscribe());
      await running.catch(() => undefined);
    },
  };
}
export type ChecksService = ReturnType<typeof createChecksService>;
