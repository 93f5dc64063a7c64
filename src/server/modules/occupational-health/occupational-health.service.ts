import type { z } from 'zod';
import {
  type enumTypes,
  type AbnormalItem,
  type DueItem,
  type getAllEnumCall,
  type MeasurementResult,
  type personalDataCall,
  type statisticsCall,
  type SubstanceExposure,
} from '../../../shared/occupational-health/contracts.js';
import {
  examRecordLedger,
  examResultOptions,
  examTypeOptions,
  hazardOptions,
  hazardousPositionLedger,
  measurementLedger,
  personalArchiveLedger,
  substanceOptions,
} from '../../../shared/occupational-health/ledger.js';
import { periodicExamDue, type ExamType, type PersonHazard } from '../../../shared/domain/medical-surveillance.js';
import {
  compareWithLimits,
  DEFAULT_ACTION_FRACTION,
  DEFAULT_MAX_READING_AGE_MS,
  estimateShiftExposure,
  limitKinds,
  notEstimatedReasons,
  peakReading,
  sampledMinutes,
  stel15,
  twa8h,
  type DetectorReading,
  type ZoneInterval,
} from '../../../shared/domain/occupational-exposure.js';
import { seedSubstances, type Substance } from '../../../shared/domain/substances.js';
import { healthMessages } from '../../../shared/health/messages.js';
import type { RecordDefinition } from '../../../shared/records/definition.js';
import { gasDetectorLedger } from '../../../shared/occupational-health/ledger-more.js';
import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object.js';
import { recordListInput, type RecordItem } from '../../../shared/records/contracts.js';
import { formatDate } from '../../../shared/time.js';
import { completeTodos, openTodo } from '../../common/todos.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest } from '../../http/errors.js';
import type { Historian } from '../../history/historian.js';
import { querySampleHistory, queryTrajectory } from '../../history/query.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { LiveCache } from '../../stream/live-cache.js';
import type { OrgPort } from '../org/port.js';
import type { RealtimePort } from '../realtime/port.js';
import type { RecordsPort } from '../records/port.js';
import { shiftNoise } from './noise.js';
import { reminderDaysOf } from './occupational-health-more.service.js';

type Out<C extends { output: z.ZodType }> = z.output<C['output']>;
type In<C extends { input: z.ZodType }> = z.output<C['input']>;

export const OVERDUE_TODO = 'health.examOverdue';
/** A periodic exam due within the plant's reminder days (`HealthSetting`, default 30). */
export const DUE_SOON_TODO = 'health.examDueSoon';
const SHIFT_MS = 8 * 3_600_000;
/** A position fix places its person in its zone until the next fix, at most this long (then: not located). */
export const MAX_FIX_AGE_MS = 5 * 60_000;
const PAGE = 1000;

const byCas = new Map<string, Substance>(seedSubstances.filter((s) => s.cas).map((s) => [s.cas as string, s]));
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const dateOf = (ms: number) => formatDate(ms, 'YYYY-MM-DD');
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

export interface HealthService {
  isAdmin(caller: AuthUser): { isAdmin: 0 | 1 };
  allEnums(): Out<typeof getAllEnumCall>;
  measurements(caller: AuthUser, regionid?: number): Promise<{ items: MeasurementResult[]; total: number; actionPercent: number }>;
  dueList(caller: AuthUser, onlyDue: boolean): Promise<{ items: DueItem[]; total: number }>;
  checkOverdue(actor: Actor): Promise<{ overdue: number; dueSoon: number; opened: number }>;
  abnormal(caller: AuthUser, result?: string): Promise<{ items: AbnormalItem[]; total: number }>;
  personalData(caller: AuthUser, input: In<typeof personalDataCall>): Promise<Out<typeof personalDataCall>>;
  statistics(caller: AuthUser): Promise<Out<typeof statisticsCall>>;
}

export function createHealthService(
  store: Store,
  deps: {
    records: RecordsPort;
    org: OrgPort;
    realtime: RealtimePort;
    live: Pick<LiveCache, 'regions'>;
    history: Pick<Historian, 'conn' | 'openSamples' | 'openPositions' | 'openWindows'>;
    now?: () => number;
  },
): HealthService {
  const now = deps.now ?? Date.now;
  const reader = { db: store.db, historian: deps.history };

  /** Every record of a ledger the caller may see (view permission, isolation). */
  async function visible(caller: AuthUser, def: RecordDefinition): Promise<RecordItem[]> {
    const out: RecordItem[] = [];
    for (let page = 1; ; page++) {
      const { items, total } = await deps.records.list(caller, def, recordListInput.parse({ page, pageSize: PAGE }));
      out.push(...items);
      if (items.length === 0 || out.length >= total) {
        return out;
      }
    }
  }

  interface PositionInfo {
    name: string;
    hazards: PersonHazard[];
  }
  const positionsOf = async (): Promise<Map<number, PositionInfo>> =>
    new Map(
      (await deps.records.allRecords(hazardousPositionLedger)).map((p) => {
        const level = str(p.level) === 'low' ? ('low' as const) : ('high' as const);
        return [p.id, { name: str(p.name), hazards: strs(p.hazards).map((hazard) => ({ hazard, level })) }];
      }),
    );

  /** Each file's periodic exam status as of today (GBZ 188-2014, `medical-surveillance.ts`). */
  async function dueOf(archives: readonly RecordItem[]): Promise<DueItem[]> {
    const [positions, exams, reminderDays] = await Promise.all([
      positionsOf(),
      deps.records.allRecords(examRecordLedger),
      reminderDaysOf(deps.records),
    ]);
    const examsOf = new Map<number, { date: string; type: ExamType }[]>();
    for (const e of exams) {
      const person = num(e.person);
      const date = num(e.date);
      if (person === null || date === null) {
        continue;
      }
      const list = examsOf.get(person) ?? [];
      list.push({ date: dateOf(date), type: str(e.examType) as ExamType });
      examsOf.set(person, list);
    }
    const today = dateOf(now());
    return archives.map((a) => {
      const personId = num(a.person) ?? 0;
      const position = positions.get(num(a.position) ?? -1) ?? null;
      const hazards = position?.hazards ?? [];
      const due = periodicExamDue({ hazards, exams: examsOf.get(personId) ?? [] }, today, { reminderDays });
      return {
        archiveId: a.id,
        personId,
        personName: str(a.personName),
        position: position?.name ?? null,
        hazards: hazards.map((h) => h.hazard),
        status: due.status,
        lastExamDate: due.lastExamDate,
        dueDate: due.dueDate,
        daysLeft: due.daysLeft,
        cycleMonths: due.cycleMonths,
        message: due.message,
      };
    });
  }

  function measurementOf(r: RecordItem): MeasurementResult {
    const cas = str(r.cas);
    const s = byCas.get(cas);
    const rows = Array.isArray(r.samples) ? (r.samples as Record<string, unknown>[]) : [];
    const samples = rows.map((x) => ({ c: num(x.c) ?? Number.NaN, minutes: num(x.minutes) ?? 0 }));
    const twa = twa8h(samples);
    const stel = stel15(samples);
    const peak = peakReading([...samples.map((x) => x.c), ...(num(r.peak) !== null ? [num(r.peak) as number] : [])]);
    const limits = { mac: s?.oel?.mac ?? null, pcTwa: s?.oel?.twa ?? null, pcStel: s?.oel?.stel ?? null };
    const minutes = sampledMinutes(samples);
    const comparisons = compareWithLimits({ peak, twa, stel }, limits, { shiftHours: Math.max(8, minutes / 60) });
    return {
      id: r.id,
      samplePoint: str(r.samplePoint),
      regionid: r.regionid,
      cas,
      name: s?.name.zh ?? cas,
      nameEn: s?.name.en ?? cas,
      date: num(r.date),
      minutes: round(minutes, 1),
      twa: round(twa),
      stel: round(stel),
      peak,
      limits,
      comparisons: comparisons.map((c) => ({ ...c, value: round(c.value), ratio: round(c.ratio), limitValue: round(c.limitValue) })),
      exceeded: comparisons.some((c) => c.exceeded),
      atActionLevel: comparisons.some((c) => c.atActionLevel),
    };
  }

  /**
   * Zone intervals of one positioning tag over the shift: each fix places the
   * person in the zone (`regions.locate`) it falls in until the next fix, at
   * most MAX_FIX_AGE_MS. Zone "0" is outside every region.
   */
  async function intervalsOf(card: string, from: number, to: number): Promise<ZoneInterval[]> {
    const fixes = await queryTrajectory(reader, card, from - MAX_FIX_AGE_MS, to, Number.MAX_SAFE_INTEGER);
    const out: ZoneInterval[] = [];
    for (let i = 0; i < fixes.length; i++) {
      const f = fixes[i];
      const end = Math.min(i + 1 < fixes.length ? fixes[i + 1].t : Number.POSITIVE_INFINITY, f.t + MAX_FIX_AGE_MS, to);
      const start = Math.max(f.t, from);
      if (end > start) {
        const zone = String(deps.live.regions.locate(f.lon, f.lat));
        const last = out.at(-1);
        if (last && last.zone === zone && last.to === start) {
          last.to = end;
        } else {
          out.push({ zone, from: start, to: end });
        }
      }
    }
    return out;
  }

  /**
   * Toxic gas detectors (ppm tags the caller may see) of the given zones, with
   * the substance each measures as bound in `GasDetectorSubstance` (only
   * substances with a molar mass and a GBZ 2.1 limit: the others cannot be
   * converted or judged).
   */
  async function detectorsIn(caller: AuthUser, zones: ReadonlySet<string>) {
    const bound = new Map<string, Substance>();
    for (const r of await deps.records.allRecords(gasDetectorLedger)) {
      const s = byCas.get(str(r.cas));
      if (s?.oel && s.physical.molarMass > 0) {
        bound.set(str(r.tag), s);
      }
    }
    const out: { id: string; zone: string; unit: 'ppm' | 'mg/m3'; substance: Substance }[] = [];
    for (let page = 1; ; page++) {
      const { items, total } = await deps.realtime.tagList(caller, { page, pageSize: PAGE, kind: 'ppm', enabled: 1 });
      for (const t of items) {
        const zone = t.regionid === null ? null : String(t.regionid);
        const substance = zone !== null && zones.has(zone) ? (bound.get(t.id) ?? null) : null;
        if (zone !== null && substance) {
          out.push({ id: t.id, zone, unit: /mg/i.test(t.unit) ? 'mg/m3' : 'ppm', substance });
        }
      }
      if (items.length === 0 || page * PAGE >= total) {
        return out;
      }
    }
  }

  async function shiftExposure(caller: AuthUser, card: string, from: number, to: number) {
    const intervals = await intervalsOf(card, from, to);
    const zones = new Set(intervals.map((i) => i.zone));
    const detectors = await detectorsIn(caller, zones);
    const withDetector = new Set(detectors.map((d) => d.zone));
    const regionNames = new Map((await deps.org.allDeptsAndRegions()).regions.map((r) => [String(r.regionid), r.regionname]));
    const zonesWithoutDetector = [...zones].filter((z) => !withDetector.has(z)).map((z) => regionNames.get(z) ?? z);
    const noise = await shiftNoise({ realtime: deps.realtime, reader }, caller, intervals, { from, to }, regionNames);
    if (detectors.length === 0) {
      return { exposures: [] as SubstanceExposure[], zonesWithoutDetector, noise };
    }
    // One-minute buckets: each bucket's mean holds as the detector's value from the bucket's start.
    const histFrom = from - DEFAULT_MAX_READING_AGE_MS;
    const points = Math.ceil((to - histFrom) / 60_000);
    const history = await querySampleHistory(
      reader,
      detectors.map((d) => d.id),
      histFrom,
      to,
      points,
    );
    const seriesOf = new Map(history.items.map((i) => [i.tag, i.buckets]));
    const bySubstance = new Map<string, typeof detectors>();
    for (const d of detectors) {
      const cas = d.substance.cas as string;
      bySubstance.set(cas, [...(bySubstance.get(cas) ?? []), d]);
    }
    const exposures: SubstanceExposure[] = [];
    for (const [cas, list] of bySubstance) {
      const s = list[0].substance;
      const byZone: Record<string, DetectorReading[][]> = {};
      for (const d of list) {
        const readings = (seriesOf.get(d.id) ?? []).map((b) => ({ t: b.t, value: b.avg, unit: d.unit }));
        (byZone[d.zone] ??= []).push(readings);
      }
      const e = estimateShiftExposure(
        { intervals, detectors: byZone, molarMass: s.physical.molarMass, pcTwa: s.oel?.twa ?? null, shift: { from, to } },
        { actionFraction: DEFAULT_ACTION_FRACTION },
      );
      exposures.push({
        cas,
        name: s.name.zh,
        nameEn: s.name.en,
        twa: round(e.twa),
        pcTwa: s.oel?.twa ?? null,
        minutesTotal: round(e.minutesTotal, 1),
        minutesEstimated: round(e.minutesEstimated, 1),
        shareEstimated: round(e.shareEstimated, 3),
        byZone: e.byZone.map((z) => ({
          zone: regionNames.get(z.zone) ?? (z.zone === '0' ? '—' : z.zone),
          regionid: Number(z.zone) || null,
          minutes: round(z.minutes, 1),
          minutesEstimated: round(z.minutesEstimated, 1),
          dose: round(z.dose),
          peak: z.peak === null ? null : round(z.peak),
        })),
        comparison: e.comparison
          ? {
              ...e.comparison,
              value: round(e.comparison.value),
              ratio: round(e.comparison.ratio),
              limitValue: round(e.comparison.limitValue),
            }
          : null,
        flagged: e.flagged,
        method: e.method,
        notes: e.notes,
      });
    }
    exposures.sort((a, b) => b.twa - a.twa);
    return { exposures, zonesWithoutDetector, noise };
  }

  /** Opens the "due soon" reminder of one file for each administrator (idempotent); the number opened. */
  async function remindDueSoon(actor: Actor, d: DueItem, admins: readonly number[], t: number): Promise<number> {
    const ref = `archive:${d.archiveId}`;
    return inTransaction(store.db, async (tx) => {
      const open = async () =>
        (await tx.selectFrom('todo').select('id').where('kind', '=', DUE_SOON_TODO).where('ref', '=', ref).where('status', '=', 0).execute())
          .length;
      const before = await open();
      for (const userid of admins) {
        await openTodo(tx, {
          userid,
          kind: DUE_SOON_TODO,
          ref,
          href: `/occupationalHealthManagement/personalFile?id=${d.archiveId}`,
          title: 'health.todo.dueSoon',
          params: { name: d.personName, dueDate: d.dueDate ?? '—', days: d.daysLeft ?? 0 },
          at: t,
        });
      }
      const added = (await open()) - before;
      if (added > 0) {
        await audit(tx, actor, 'health.dueSoonTodo', `record.${personalArchiveLedger.entity}`, d.archiveId, {
          dueDate: d.dueDate,
          daysLeft: d.daysLeft,
          userids: admins,
        });
      }
      return added;
    });
  }

  return {
    isAdmin(caller) {
      // The seed's flag is inverted: the client turns 0 into true (an administrator) and 1 into false.
      const admin = caller.roles.includes('admin') || caller.permissions.has('health:manage');
      return { isAdmin: admin ? 0 : 1 };
    },

    allEnums() {
      const all: Record<(typeof enumTypes)[number], { value: string; label: { zh: string; en: string } }[]> = {
        examType: examTypeOptions,
        examResult: examResultOptions,
        hazard: hazardOptions,
        limitKind: limitKinds.map((k) => ({
          value: k,
          label: { zh: healthMessages[`health.limit.${k}`].zh, en: healthMessages[`health.limit.${k}`].en },
        })),
        substance: substanceOptions,
        notEstimatedReason: notEstimatedReasons.map((r) => ({ value: r, label: { zh: r, en: r } })),
      };
      return all;
    },

    async measurements(caller, regionid) {
      const rows = (await visible(caller, measurementLedger)).filter((r) => regionid === undefined || r.regionid === regionid);
      const items = rows.map(measurementOf);
      return { items, total: items.length, actionPercent: DEFAULT_ACTION_FRACTION * 100 };
    },

    async dueList(caller, onlyDue) {
      const items = (await dueOf(await visible(caller, personalArchiveLedger))).filter(
        (d) => !onlyDue || d.status === 'overdue' || d.status === 'dueSoon' || d.status === 'neverExamined',
      );
      const rank = { overdue: 0, neverExamined: 1, dueSoon: 2, ok: 3, unknownCycle: 4, notRequired: 5 } as const;
      items.sort((a, b) => rank[a.status] - rank[b.status] || (a.dueDate ?? '').localeCompare(b.dueDate ?? ''));
      return { items, total: items.length };
    },

    async checkOverdue(actor) {
      const due = await dueOf(await deps.records.allRecords(personalArchiveLedger));
      const admins = [...new Set((await deps.org.holdersOf('health:manage')).map((h) => h.userid))];
      let opened = 0;
      let overdue = 0;
      let dueSoon = 0;
      const t = now();
      for (const d of due) {
        const ref = `archive:${d.archiveId}`;
        if (d.status !== 'dueSoon') {
          await completeTodos(store.db, { kind: DUE_SOON_TODO, ref });
        } else {
          dueSoon++;
          opened += await remindDueSoon(actor, d, admins, t);
        }
        if (d.status !== 'overdue' && d.status !== 'neverExamined') {
          await completeTodos(store.db, { kind: OVERDUE_TODO, ref });
          continue;
        }
        if (d.status === 'neverExamined' && d.hazards.length === 0) {
          continue;
        }
        overdue++;
        await inTransaction(store.db, async (tx) => {
          const before = await tx
            .selectFrom('todo')
            .select('id')
            .where('kind', '=', OVERDUE_TODO)
            .where('ref', '=', ref)
            .where('status', '=', 0)
            .execute();
          for (const userid of admins) {
            await openTodo(tx, {
              userid,
              kind: OVERDUE_TODO,
              ref,
              href: `/occupationalHealthManagement/personalFile?id=${d.archiveId}`,
              title: 'health.todo.overdue',
              params: { name: d.personName, message: d.dueDate ?? '—' },
              at: t,
            });
          }
          const after = await tx
            .selectFrom('todo')
            .select('id')
            .where('kind', '=', OVERDUE_TODO)
            .where('ref', '=', ref)
            .where('status', '=', 0)
            .execute();
          if (after.length > before.length) {
            opened += after.length - before.length;
            await audit(tx, actor, 'health.overdueTodo', `record.${personalArchiveLedger.entity}`, d.archiveId, {
              dueDate: d.dueDate,
              status: d.status,
              userids: admins,
            });
          }
        });
      }
      return { overdue, dueSoon, opened };
    },

    async abnormal(caller, result) {
      const items = (await visible(caller, examRecordLedger))
        .filter((r) => str(r.result) !== 'normal' && (result === undefined || str(r.result) === result))
        .map((r) => ({
          id: r.id,
          personId: num(r.person),
          personName: str(r.personName),
          examType: str(r.examType),
          date: num(r.date),
          result: str(r.result),
          hazards: strs(r.hazards),
          institution: str(r.institution),
          remark: str(r.remark),
        }));
      return { items, total: items.length };
    },

    async personalData(caller, input) {
      const { record: a } = await deps.records.get(caller, personalArchiveLedger, input.id);
      const to = input.to ?? now();
      const from = input.from ?? to - SHIFT_MS;
      if (!(to > from)) {
        throw badRequest('health.badShift', ['to']);
      }
      const personId = num(a.person) ?? 0;
      const [due] = await dueOf([a]);
      // The file's reader may see the file; the card it names is read without the positioning permission.
      const person = (await deps.records.allRecords(positioningObjectLedger)).find((p) => p.id === personId) ?? null;
      const card = person ? str(person.card) || null : null;
      const exams = (await visible(caller, examRecordLedger))
        .filter((e) => num(e.person) === personId)
        .map((e) => ({ id: e.id, date: num(e.date), examType: str(e.examType), result: str(e.result), hazards: strs(e.hazards) }))
        .sort((x, y) => (y.date ?? 0) - (x.date ?? 0));
      const exposure = card ? await shiftExposure(caller, card, from, to) : { exposures: [], zonesWithoutDetector: [], noise: null };
      return {
        id: a.id,
        personId,
        personName: str(a.personName),
        card,
        position: due.position,
        hazards: due.hazards,
        due,
        exams,
        shift: { from, to },
        ...exposure,
        actionPercent: DEFAULT_ACTION_FRACTION * 100,
      };
    },

    async statistics(caller) {
      const [archives, positions, exams, measurements] = await Promise.all([
        visible(caller, personalArchiveLedger),
        visible(caller, hazardousPositionLedger),
        visible(caller, examRecordLedger),
        visible(caller, measurementLedger),
      ]);
      const due = await dueOf(archives);
      const results = measurements.map(measurementOf);
      return {
        files: archives.length,
        positions: positions.length,
        overdue: due.filter((d) => d.status === 'overdue' || (d.status === 'neverExamined' && d.hazards.length > 0)).length,
        dueSoon: due.filter((d) => d.status === 'dueSoon').length,
        abnormal: exams.filter((e) => str(e.result) !== 'normal').length,
        measurements: results.length,
        measurementsExceeded: results.filter((r) => r.exceeded).length,
      };
    },
  };
}
