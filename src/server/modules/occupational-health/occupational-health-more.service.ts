import type { z } from 'zod';
import type { examSummaryCall, exposureFactorsCall, TouchItem, touchListCall } from '../../../shared/occupational-health/contracts-more.js';
import {
  DEFAULT_REMINDER_DAYS,
  hazardAssessmentLedger,
  hazardIdentificationLedger,
  hazardSourceLedger,
  healthSettingLedger,
} from '../../../shared/occupational-health/ledger-more.js';
import { examRecordLedger, harmfulFactorLedger, hazardousPositionLedger, personalArchiveLedger } from '../../../shared/occupational-health/ledger.js';
import { defaultPeriodicCycles, examResultCategoryCodes, examTypeCodes } from '../../../shared/domain/medical-surveillance.js';
import { exposureData, MOLAR_VOLUME_L, NOISE_LIMIT_DBA } from '../../../shared/domain/occupational-exposure.js';
import { seedSubstances } from '../../../shared/domain/substances.js';
import type { RecordDefinition } from '../../../shared/records/definition.js';
import { recordListInput, type RecordItem } from '../../../shared/records/contracts.js';
import type { AuthUser } from '../../http/app.js';
import type { RecordsPort } from '../records/port.js';
import type { HealthService } from './occupational-health.service.js';

type Out<C extends { output: z.ZodType }> = z.output<C['output']>;
type In<C extends { input: z.ZodType }> = z.output<C['input']>;

const PAGE = 1000;
/** Peak sound pressure limit of impulse noise, dB(C), at up to 100 impulses a day (GBZ 2.2-2007 §11.2). */
const IMPULSE_PEAK_DB = 140;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;

/** The days before due that a periodic exam's reminder opens: the latest saved setting, else 30. */
export async function reminderDaysOf(records: Pick<RecordsPort, 'allRecords'>): Promise<number> {
  const latest = (await records.allRecords(healthSettingLedger)).sort((a, b) => b.updated - a.updated || b.id - a.id)[0];
  const days = latest ? num(latest.reminderDays) : null;
  return days !== null && days >= 1 ? Math.round(days) : DEFAULT_REMINDER_DAYS;
}

export interface HealthMoreService {
  touchList(caller: AuthUser, input: In<typeof touchListCall>): Promise<Out<typeof touchListCall>>;
  examSummary(caller: AuthUser, input: In<typeof examSummaryCall>): Promise<Out<typeof examSummaryCall>>;
  exposureFactors(): Promise<Out<typeof exposureFactorsCall>>;
}

export function createHealthMoreService(deps: { records: RecordsPort; health: HealthService; now?: () => number }): HealthMoreService {
  const now = deps.now ?? Date.now;

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

  return {
    async touchList(caller, input) {
      const [positions, identifications, assessments, archives, factors, sources] = await Promise.all([
        visible(caller, hazardousPositionLedger),
        visible(caller, hazardIdentificationLedger),
        visible(caller, hazardAssessmentLedger),
        visible(caller, personalArchiveLedger),
        deps.records.allRecords(harmfulFactorLedger),
        deps.records.allRecords(hazardSourceLedger),
      ]);
      const factorName = new Map(factors.map((f) => [f.id, str(f.name)]));
      const sourceName = new Map(sources.map((s) => [s.id, str(s.name)]));
      const items: TouchItem[] = positions
        .filter((p) => !input.name || str(p.name).includes(input.name))
        .map((p) => {
          const latest = new Map<string, { hazard: string; grade: string; date: number | null }>();
          for (const a of assessments.filter((x) => num(x.position) === p.id)) {
            const prev = latest.get(str(a.hazard));
            if (!prev || (num(a.date) ?? 0) >= (prev.date ?? 0)) {
              latest.set(str(a.hazard), { hazard: str(a.hazard), grade: str(a.grade), date: num(a.date) });
            }
          }
          return {
            positionId: p.id,
            position: str(p.name),
            dept: num(p.dept),
            regionid: num(p.region),
            hazards: strs(p.hazards),
            factors: identifications
              .filter((i) => num(i.position) === p.id)
              .map((i) => ({
                id: i.id,
                factor: factorName.get(num(i.factor) ?? -1) ?? '',
                source: sourceName.get(num(i.source) ?? -1) ?? null,
                route: str(i.route),
                hours: num(i.hours),
                date: num(i.date),
                retestDate: num(i.retestDate),
              })),
            people: archives.filter((a) => num(a.position) === p.id).map((a) => ({ archiveId: a.id, name: str(a.personName) })),
            grades: [...latest.values()],
          };
        });
      return { items, total: items.length };
    },

    async examSummary(caller, input) {
      const year = input.year ?? new Date(now()).getFullYear();
      const from = new Date(year, 0, 1).getTime();
      const to = new Date(year + 1, 0, 1).getTime();
      const exams = (await visible(caller, examRecordLedger)).filter((e) => {
        const d = num(e.date);
        return d !== null && d >= from && d < to;
      });
      const blank = (examType: string) => ({ examType, actual: 0, normal: 0, recheck: 0, suspected: 0, contraindication: 0, other: 0 });
      const rows = examTypeCodes.map(blank);
      const total = blank('all');
      for (const e of exams) {
        const row = rows.find((r) => r.examType === str(e.examType));
        const result = str(e.result) as (typeof examResultCategoryCodes)[number];
        for (const r of row ? [row, total] : [total]) {
          r.actual++;
          if (examResultCategoryCodes.includes(result)) {
            r[result]++;
          }
        }
      }
      const due = (await deps.health.dueList(caller, false)).items;
      const count = (s: string) => due.filter((d) => d.status === s).length;
      return {
        year,
        rows,
        total,
        due: { overdue: count('overdue'), dueSoon: count('dueSoon'), neverExamined: count('neverExamined'), ok: count('ok') },
        reminderDays: await reminderDaysOf(deps.records),
      };
    },

    async exposureFactors() {
      const factors = await deps.records.allRecords(harmfulFactorLedger);
      const cycleOfCas = new Map<string, number>();
      for (const [hazard, d] of Object.entries(exposureData)) {
        const cycle = (defaultPeriodicCycles as Record<string, { months: number }>)[hazard];
        if (cycle) {
          cycleOfCas.set(d.cas, cycle.months);
        }
      }
      const items = seedSubstances
        .filter((s) => s.cas && s.oel && (s.oel.mac !== null || s.oel.twa !== null || s.oel.stel !== null))
        .map((s) => {
          const cas = s.cas as string;
          const m = s.physical.molarMass > 0 ? s.physical.molarMass : null;
          return {
            cas,
            name: s.name.zh,
            nameEn: s.name.en,
            molarMass: m,
            mac: s.oel?.mac ?? null,
            pcTwa: s.oel?.twa ?? null,
            pcStel: s.oel?.stel ?? null,
            mgPerPpm: m === null ? null : round(m / MOLAR_VOLUME_L),
            factor: factors.find((f) => str(f.cas) === cas)?.name ? str(factors.find((f) => str(f.cas) === cas)?.name) : null,
            cycleMonths: cycleOfCas.get(cas) ?? null,
          };
        })
        .sort((a, b) => a.cas.localeCompare(b.cas));
      return { items, total: items.length, noise: { lex8h: NOISE_LIMIT_DBA, peak: IMPULSE_PEAK_DB } };
    },
  };
}
