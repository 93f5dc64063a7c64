import {
  defaultBandTables,
  evaluate,
  isRiskLevel,
  riskBandSchema,
  scoredMethods,
  validateBandTable,
  type EvaluationInput,
  type EvaluationResult,
  type RiskBandTable,
  type ScoredMethod,
} from '../../../shared/domain/risk-evaluation.js';
import type { BandTableItem, EvaluationRecordItem, evaluatedEntities } from '../../../shared/risk/band-contracts.js';
import { analysisLedger } from '../../../shared/risk/analysis-ledgers.js';
import { riskPointLedger } from '../../../shared/risk/ledger.js';
import type { AuthUser } from '../../http/app.js';
import { invalidInput } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db } from '../../store/db.js';
import type { RecordsPort } from '../records/port.js';
import { createBandsRepository, type EvaluationRow } from './bands.repository.js';

type Entity = (typeof evaluatedEntities)[number];
const ledgerOf = { Analysis: analysisLedger, RiskPoint: riskPointLedger } as const;

interface Current {
  table: RiskBandTable;
  id: number | null;
  updated: number | null;
  updatedBy: string | null;
}

export interface BandsDeps {
  db: Db;
  records: Pick<RecordsPort, 'get'>;
  /** The plant's bands changed: the risk points are evaluated again. */
  onBandsChanged: () => void;
}

const itemOf = (c: Current): BandTableItem => ({ method: c.table.method, bands: c.table.bands, id: c.id, updated: c.updated, updatedBy: c.updatedBy });

export function evaluationItem(r: EvaluationRow): EvaluationRecordItem {
  const level = Number(r.level);
  return {
    id: r.id,
    entity: r.entity,
    targetId: Number(r.target_id),
    method: r.method,
    factors: JSON.parse(r.factors) as Record<string, number | null>,
    score: r.score,
    level: isRiskLevel(level) ? level : 4,
    bandTableId: r.band_table_id === null ? null : Number(r.band_table_id),
    bands: r.bands === null ? null : riskBandSchema.array().parse(JSON.parse(r.bands)),
    at: r.at,
    by: r.made_by,
  };
}

/**
 * The plant's band tables (issue 21 §2): the current one per method in memory,
 * every version in the store; evaluations are made with the current bands
 * and keep a copy of them, so a later edit changes new evaluations only.
 */
export function createBandsService(deps: BandsDeps) {
  const current = new Map<ScoredMethod, Current>(scoredMethods.map((m) => [m, { table: defaultBandTables[m], id: null, updated: null, updatedBy: null }]));
  const repo = createBandsRepository(deps.db);

  const refuse = (issues: { field: string; code: string; params?: Record<string, string | number> }[]) =>
    invalidInput(issues.map((i) => ({ field: i.field, code: i.code as never, params: i.params })));

  function calculate(input: EvaluationInput): EvaluationResult & { tableId: number | null } {
    const method: ScoredMethod = input.method === 'direct' ? 'LEC' : input.method;
    const c = current.get(method)!;
    const out = evaluate(input, c.table);
    if (!out.ok) {
      throw refuse(out.issues);
    }
    return { ...out.value, tableId: input.method === 'direct' ? null : c.id };
  }

  return {
    /** Reads the newest stored table of each method (the defaults where none is stored). */
    async load(): Promise<void> {
      for (const row of await repo.currentTables()) {
        const method = row.method as ScoredMethod;
        if (current.has(method)) {
          current.set(method, { table: { method, bands: riskBandSchema.array().parse(JSON.parse(row.bands)) }, id: row.id, updated: row.updated_at, updatedBy: row.updated_by });
        }
      }
    },
    bands(): Record<ScoredMethod, RiskBandTable> {
      return { LEC: current.get('LEC')!.table, LS: current.get('LS')!.table, MES: current.get('MES')!.table };
    },
    calculate(input: EvaluationInput): EvaluationResult {
      const { tableId: _unused, ...result } = calculate(input);
      return result;
    },
    list(method?: ScoredMethod): BandTableItem[] {
      return [...current.values()].filter((c) => !method || c.table.method === method).map(itemOf);
    },
    async save(caller: AuthUser, table: RiskBandTable): Promise<BandTableItem> {
      const issues = validateBandTable(table);
      if (issues.length > 0) {
        throw refuse(issues);
      }
      const bands = [...table.bands].sort((a, b) => b.min - a.min);
      const before = current.get(table.method)!;
      const at = Date.now();
      const id = await inTransaction(deps.db, async (tx) => {
        const newId = await createBandsRepository(tx).addTable({ method: table.method, bands: JSON.stringify(bands), updated_at: at, updated_by: caller.loginname });
        await audit(tx, caller, 'risk.bands.save', 'risk_band_table', newId, { method: table.method, before: before.table.bands, after: bands });
        return newId;
      });
      const next: Current = { table: { method: table.method, bands }, id, updated: at, updatedBy: caller.loginname };
      current.set(table.method, next);
      deps.onBandsChanged();
      return itemOf(next);
    },
    /** Evaluates a record the caller may see and keeps the result with the bands in force. */
    async addEvaluation(caller: AuthUser, input: EvaluationInput & { entity: Entity; targetId: number }): Promise<EvaluationRecordItem> {
      await deps.records.get(caller, ledgerOf[input.entity], input.targetId);
      const { entity, targetId, ...evaluation } = input;
      const result = calculate(evaluation);
      const factors = Object.fromEntries(
        (['L', 'E', 'C', 'S', 'M', 'level'] as const).filter((k) => evaluation[k] !== undefined && evaluation[k] !== null).map((k) => [k, evaluation[k] ?? null]),
      );
      const bands = evaluation.method === 'direct' ? null : current.get(evaluation.method)!.table.bands;
      const row = {
        entity,
        target_id: targetId,
        method: evaluation.method,
        factors: JSON.stringify(factors),
        score: result.score,
        level: result.level,
        band_table_id: result.tableId,
        bands: bands === null ? null : JSON.stringify(bands),
        at: Date.now(),
        made_by: caller.loginname,
      };
      const id = await inTransaction(deps.db, async (tx) => {
        const newId = await createBandsRepository(tx).addEvaluation(row);
        await audit(tx, caller, 'risk.evaluation.add', entity, targetId, { method: row.method, factors, score: row.score, level: row.level, bandTableId: row.band_table_id });
        return newId;
      });
      return evaluationItem({ ...row, id });
    },
    async evaluations(entity: Entity, targetIds: number[] | null, page: number, pageSize: number) {
      const { rows, total } = await repo.evaluations(entity, targetIds, page, pageSize);
      return { items: rows.map(evaluationItem), total };
    },
    async latest(entity: Entity): Promise<Map<number, EvaluationRecordItem>> {
      return new Map((await repo.latestEvaluations(entity)).map((r) => [Number(r.target_id), evaluationItem(r)]));
    },
    repo,
  };
}
export type BandsService = ReturnType<typeof createBandsService>;
