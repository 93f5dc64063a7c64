import { isRiskLevel, mostSevere, type RiskLevel } from '../../../shared/domain/risk-evaluation.js';
import { checkResidual } from '../../../shared/domain/risk-zones.js';
import type { DetailUnit, UnitLevelItem } from '../../../shared/risk/analysis-contracts.js';
import {
  accidentTypeLedger,
  analysisLedger,
  analysisMeasureLedger,
  analysisObjectLedger,
  evaluateUnitLedger,
  measureTypeLedger,
} from '../../../shared/risk/analysis-ledgers.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { invalidInput, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db } from '../../store/db.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';
import { createBandsRepository } from './bands.repository.js';
import type { BandsService } from './bands.service.js';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const levelOf = (v: unknown): RiskLevel | null => (isRiskLevel(v) ? v : null);

export interface AnalysisDeps {
  db: Db;
  records: Pick<RecordsPort, 'allRecords'>;
  org: Pick<OrgPort, 'getUserScope'>;
  bands: Pick<BandsService, 'latest'>;
}

/**
 * The risk side of dual prevention read as one tree (issue 21 §1, §3, §4):
 * the units the caller may see (by their region), their risk events with the
 * newest evaluation of each, and the events' control measures; the units'
 * inherent and residual levels, the residual never above the inherent.
 */
export function createAnalysisService(deps: AnalysisDeps) {
  async function visibleUnits(caller: AuthUser): Promise<RecordItem[]> {
    const [units, scope] = await Promise.all([deps.records.allRecords(evaluateUnitLedger), deps.org.getUserScope(caller.userid)]);
    if (scope.all) {
      return units;
    }
    const regions = new Set(scope.regionids);
    return units.filter((u) => regions.has(num(u.region) ?? -1));
  }

  const namesOf = (items: RecordItem[], en = false) => new Map(items.map((i) => [i.id, (en && text(i.name_en)) || text(i.name)]));

  async function tree(caller: AuthUser, filter: { unitId?: number; name?: string }): Promise<DetailUnit[]> {
    const [units, events, measures, accidents, types, objects, latest, levels] = await Promise.all([
      visibleUnits(caller),
      deps.records.allRecords(analysisLedger),
      deps.records.allRecords(analysisMeasureLedger),
      deps.records.allRecords(accidentTypeLedger),
      deps.records.allRecords(measureTypeLedger),
      deps.records.allRecords(analysisObjectLedger),
      deps.bands.latest('Analysis'),
      createBandsRepository(deps.db).unitLevels(),
    ]);
    const accidentName = namesOf(accidents);
    const typeName = namesOf(types);
    const objectName = namesOf(objects);
    const levelByUnit = new Map(levels.map((l) => [l.unit_id, l]));
    const measuresOf = new Map<number, RecordItem[]>();
    for (const m of measures) {
      const a = num(m.analysis);
      if (a !== null) {
        measuresOf.set(a, [...(measuresOf.get(a) ?? []), m]);
      }
    }
    const eventsOf = new Map<number, RecordItem[]>();
    for (const e of events) {
      const u = num(e.unit);
      if (u !== null) {
        eventsOf.set(u, [...(eventsOf.get(u) ?? []), e]);
      }
    }
    const needle = filter.name?.trim() ?? '';
    return units
      .filter((u) => (filter.unitId === undefined || u.id === filter.unitId) && (needle === '' || text(u.name).includes(needle)))
      .sort((a, b) => text(a.name).localeCompare(text(b.name)))
      .map((u) => {
        const own = (eventsOf.get(u.id) ?? []).map((e) => {
          const ev = latest.get(e.id);
          return {
            id: e.id,
            name: text(e.name),
            hazard: text(e.hazard),
            accidentType: accidentName.get(num(e.accidentType) ?? -1) ?? '',
            cause: text(e.cause),
            consequence: text(e.consequence),
            level: ev?.level ?? null,
            score: ev?.score ?? null,
            method: ev?.method ?? null,
            measures: (measuresOf.get(e.id) ?? []).map((m) => ({
              id: m.id,
              content: text(m.content),
              measureType: typeName.get(num(m.measureType) ?? -1) ?? '',
              tier: text(m.tier),
              checkContent: text(m.checkContent),
              cycle: num(m.cycle),
              cycleUnit: text(m.cycleUnit),
            })),
          };
        });
        own.sort((a, b) => (a.level ?? 5) - (b.level ?? 5) || a.name.localeCompare(b.name));
        const stored = levelByUnit.get(u.id);
        return {
          id: u.id,
          name: text(u.name),
          regionid: num(u.region),
          object: objectName.get(num(u.object) ?? -1) ?? '',
          level: mostSevere(own.map((e) => e.level)),
          inherent: levelOf(stored?.inherent ?? null),
          residual: levelOf(stored?.residual ?? null),
          events: own,
        };
      });
  }

  const unitItem = (u: DetailUnit, stored: { note: string; updated_at: number; updated_by: string } | undefined): UnitLevelItem => ({
    unitId: u.id,
    name: u.name,
    regionid: u.regionid,
    inherent: u.inherent,
    residual: u.residual,
    evaluated: u.level,
    note: stored?.note ?? '',
    updated: stored ? Number(stored.updated_at) : null,
    updatedBy: stored?.updated_by ?? null,
  });

  return {
    detail: (caller: AuthUser, filter: { unitId?: number; name?: string }) => tree(caller, filter),
    async count(caller: AuthUser) {
      const units = await tree(caller, {});
      const byLevel: Record<string, number> = { '0': 0, '1': 0, '2': 0, '3': 0, '4': 0 };
      let total = 0;
      const byUnit = units.map((u) => {
        const own: Record<string, number> = { '0': 0, '1': 0, '2': 0, '3': 0, '4': 0 };
        for (const e of u.events) {
          const k = String(e.level ?? 0);
          own[k] += 1;
          byLevel[k] += 1;
          total += 1;
        }
        return { unitId: u.id, name: u.name, total: u.events.length, byLevel: own };
      });
      return { byLevel, byUnit, total };
    },
    async unitLevels(caller: AuthUser): Promise<UnitLevelItem[]> {
      const [units, stored] = await Promise.all([tree(caller, {}), createBandsRepository(deps.db).unitLevels()]);
      const byUnit = new Map(stored.map((s) => [s.unit_id, s]));
      return units.map((u) => unitItem(u, byUnit.get(u.id)));
    },
    async saveUnitLevel(caller: AuthUser, input: { unitId: number; inherent: RiskLevel; residual: RiskLevel | null; note: string }): Promise<UnitLevelItem> {
      const unit = (await tree(caller, { unitId: input.unitId }))[0];
      if (!unit) {
        throw notFound('records.notFound');
      }
      const issues = checkResidual(input.inherent, input.residual);
      if (issues.length > 0) {
        throw invalidInput(issues.map((i) => ({ field: i.field, code: i.code, params: i.params })));
      }
      const row = { unit_id: input.unitId, inherent: input.inherent, residual: input.residual, note: input.note, updated_at: Date.now(), updated_by: caller.loginname };
      await inTransaction(deps.db, async (tx) => {
        const r = createBandsRepository(tx);
        const before = await r.unitLevel(input.unitId);
        await r.putUnitLevel(row);
        await audit(tx, caller, 'risk.unitLevel.save', 'EvaluateUnit', input.unitId, {
          before: before ? { inherent: before.inherent, residual: before.residual } : null,
          after: { inherent: row.inherent, residual: row.residual },
        });
      });
      return unitItem({ ...unit, inherent: input.inherent, residual: input.residual }, row);
    },
  };
}
export type AnalysisService = ReturnType<typeof createAnalysisService>;
