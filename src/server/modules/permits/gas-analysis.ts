import type { z } from 'zod';
import { combustibleLimitPct, o2InRange, readingPctVol } from '../../../shared/domain/gb30871-gas.js';
import type { HotGrade, PermitType } from '../../../shared/domain/gb30871-input.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import type { Lang } from '../../../shared/messages/define.js';
import type { PermitItem } from '../../../shared/permits/items.js';
import type { GasAnalysisRow, gasAnalysisSearch } from '../../../shared/permits/routes-contracts.js';
import type { AuthUser } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { OrgPort } from '../org/port.js';
import { permitsRepository as repo, type PermitGasRow, type PermitRow } from './permits.repository.js';

type Input = z.output<(typeof gasAnalysisSearch)['input']>;

/**
 * Gas analysis search (/Examine/GasAnalysisSearch): the permits with a gas
 * step (hot work, confined space) that the caller may see, each with its
 * readings, where its analysis stands and the verdict of the same GB 30871
 * rules every transition uses (`judge`, as `UAPI/WorkingBill/Check`).
 */
export function createGasAnalysis(
  store: Store,
  deps: {
    org: Pick<OrgPort, 'getUserScope'>;
    /** The rules' gas findings of a stored permit now (codes). */
    judge: (p: PermitRow, gas: PermitGasRow[]) => Promise<{ code: string; field: string }[]>;
  },
) {
  return {
    async search(user: AuthUser, input: Input, lang: Lang): Promise<{ items: GasAnalysisRow[]; total: number }> {
      const scope = await deps.org.getUserScope(user.userid);
      const { rows } = await repo.list(store.db, { regionIds: scope.all ? null : scope.regionids, offset: 0, limit: 5000 });
      const withGas = rows.filter((r) => (r.type === 'hot' || r.type === 'confined') && r.status !== 'cancelled' && (!input.number || r.number.includes(input.number)));
      const steps = await repo.steps(store.db, withGas.map((r) => r.id));
      const out: GasAnalysisRow[] = [];
      for (const p of withGas) {
        const gas = await repo.gas(store.db, p.id);
        const signed = steps.some((s) => s.permit_id === p.id && s.code === 'gas' && s.signed_at !== null);
        const status = signed ? 'completed' : gas.length > 0 ? 'toApprove' : 'toSubmit';
        const findings = gas.length > 0 ? (await deps.judge(p, gas)).filter((f) => f.field === 'gas') : [];
        const result = gas.length === 0 ? 'toAnalyse' : findings.length > 0 ? 'unqualified' : 'qualified';
        if ((input.status && input.status !== status) || (input.result && input.result !== result)) {
          continue;
        }
        out.push({
          permitId: p.id,
          number: p.number,
          type: p.type as PermitType,
          grade: (p.grade as HotGrade | null) ?? null,
          effectiveGrade: (p.effective_grade as HotGrade | null) ?? null,
          location: p.location,
          permitStatus: p.status as PermitItem['status'],
          status,
          result,
          reasons: findings.map((f) => ({ code: f.code, message: renderMessage(lang, f.code) })),
          samples: gas.map((g) => {
            const vol = readingPctVol({ reading: g.reading ?? undefined, lel: g.lel ?? undefined, unit: g.unit === '%LEL' ? '%LEL' : '%vol' });
            const limitPct = g.reading === null ? null : combustibleLimitPct(g.lel ?? undefined);
            const combustibleOk = vol === null || limitPct === null ? null : vol <= limitPct;
            const o2Ok = p.type === 'confined' && g.o2 !== null ? o2InRange(g.o2, false) : null;
            const pass = combustibleOk === null && o2Ok === null ? null : combustibleOk !== false && o2Ok !== false;
            return { t: Number(g.t), lel: g.lel, reading: g.reading, unit: g.unit, o2: g.o2, analyst: g.analyst, limitPct, pass };
          }),
        });
      }
      const from = (input.page - 1) * input.pageSize;
      return { items: out.slice(from, from + input.pageSize), total: out.length };
    },
  };
}
