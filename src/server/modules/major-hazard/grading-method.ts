import type { GradingMethod } from '../../../shared/domain/gb18218.js';
import { table2, table3, table4, table5 } from '../../../shared/domain/gb18218-tables.js';
import type { GradingMethodView } from '../../../shared/major-hazard/method-contracts.js';
import type { AuthUser } from '../../http/app.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';

/*
 * The plant's grading method (issue 20 §2, /majorHazard88/configPage): the β
 * of GB 18218-2018 Tables 3 and 4 and the α of Table 5 as data a plant may
 * adjust (a regulator's stricter local rule). Only the values that differ
 * from the standard are kept; GradeCalculate and the kept identifications use
 * them, and a change re-runs every unit's identification. Each save is
 * audited with what changed.
 */

const KEY = 'grading';

interface SaveInput {
  table3: { seq: number; beta: number }[];
  table4: { code: string; beta: number }[];
  table5: { index: number; alpha: number }[];
}

export interface GradingMethods {
  /** The method as GradeCalculate uses it (only adjusted values). */
  current(): Promise<GradingMethod>;
  view(): Promise<GradingMethodView>;
  save(caller: AuthUser, input: SaveInput): Promise<GradingMethodView>;
}

const table2Of = new Map(table2.map((r) => [r.code, r]));

function parse(body: string | undefined): GradingMethod {
  if (!body) {
    return {};
  }
  return JSON.parse(body) as GradingMethod;
}

/** The adjusted values of an edited method: what differs from the standard. */
export function methodOf(input: SaveInput): GradingMethod {
  const t3: Record<number, number> = {};
  for (const r of input.table3) {
    const std = table3.find((x) => x.seq === r.seq)?.beta;
    if (std !== undefined && std !== r.beta) {
      t3[r.seq] = r.beta;
    }
  }
  const t4: Record<string, number> = {};
  for (const r of input.table4) {
    const std = table4.find((x) => x.code === r.code)?.beta;
    if (std !== undefined && std !== r.beta) {
      t4[r.code] = r.beta;
    }
  }
  const t5: (number | null)[] = table5.map(() => null);
  for (const r of input.table5) {
    if (table5[r.index] && table5[r.index].alpha !== r.alpha) {
      t5[r.index] = r.alpha;
    }
  }
  const out: GradingMethod = {};
  if (Object.keys(t3).length > 0) {
    out.table3Beta = t3;
  }
  if (Object.keys(t4).length > 0) {
    out.table4Beta = t4;
  }
  if (t5.some((x) => x !== null)) {
    out.table5Alpha = t5;
  }
  return out;
}

function viewOf(m: GradingMethod, updatedAt: number | null, updatedBy: string): GradingMethodView {
  const table3View = table3.map((r) => ({ seq: r.seq, name: r.name, standard: r.beta, beta: m.table3Beta?.[r.seq] ?? r.beta }));
  const table4View = table4.map((r) => {
    const t2 = table2Of.get(r.code);
    return {
      code: r.code,
      hazard: t2?.hazard ?? { zh: '', en: '' },
      description: t2?.description ?? { zh: '', en: '' },
      standard: r.beta,
      beta: m.table4Beta?.[r.code] ?? r.beta,
    };
  });
  const table5View = table5.map((r, index) => ({ index, label: r.label, standard: r.alpha, alpha: m.table5Alpha?.[index] ?? r.alpha }));
  const adjusted =
    table3View.filter((r) => r.beta !== r.standard).length +
    table4View.filter((r) => r.beta !== r.standard).length +
    table5View.filter((r) => r.alpha !== r.standard).length;
  return { table3: table3View, table4: table4View, table5: table5View, adjusted, updatedAt, updatedBy };
}

export function createGradingMethods(deps: { store: Store; onChange?: () => void; now?: () => number }): GradingMethods {
  const db = deps.store.db;
  const now = deps.now ?? Date.now;
  const row = () => db.selectFrom('major_hazard_method').selectAll().where('key', '=', KEY).executeTakeFirst();

  return {
    async current() {
      return parse((await row())?.body);
    },
    async view() {
      const r = await row();
      return viewOf(parse(r?.body), r ? Number(r.updated_at) : null, r?.updated_by ?? '');
    },
    async save(caller, input) {
      const method = methodOf(input);
      const at = now();
      const body = JSON.stringify(method);
      await inTransaction(db, async (tx) => {
        const before = await tx.selectFrom('major_hazard_method').select('body').where('key', '=', KEY).executeTakeFirst();
        if (before) {
          await tx.updateTable('major_hazard_method').set({ body, updated_at: at, updated_by: caller.loginname }).where('key', '=', KEY).execute();
        } else {
          await tx.insertInto('major_hazard_method').values({ key: KEY, body, updated_at: at, updated_by: caller.loginname }).execute();
        }
        await audit(tx, caller, 'majorHazard.method.save', 'majorHazard.method', 0, { before: parse(before?.body), after: method });
      });
      deps.onChange?.();
      return viewOf(method, at, caller.loginname);
    },
  };
}
