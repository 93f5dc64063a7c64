import { defaultFactorTables, evaluationMethodInfo, riskLevelInfo, type FactorName, type ScoredMethod } from '../domain/risk-evaluation.js';
import { defineRecord, type FieldDef, type RecordDefinitionInput } from '../records/definition.js';

/** The factor fields of the ledger: one per method and factor (`lec_L`), its choices from the method's factor table. */
export const factorFields: { key: string; method: ScoredMethod; factor: FactorName }[] = (['LEC', 'LS', 'MES'] as const).flatMap((method) =>
  evaluationMethodInfo[method].factors.map((factor) => ({ key: `${method.toLowerCase()}_${factor}`, method, factor })),
);

export const levelOptions = ([1, 2, 3, 4] as const).map((l) => ({ value: String(l), label: { zh: riskLevelInfo[l].zh, en: riskLevelInfo[l].en } }));

export const factorFieldDefs: RecordDefinitionInput['fields'] = factorFields.map(({ key, method, factor }) => {
  const def = defaultFactorTables[method][factor]!;
  return {
    key,
    type: 7,
    label: { zh: `${method} · ${factor} ${def.zh}`, en: `${method} · ${factor} ${def.en}` },
    options: def.options.map((o) => ({ value: String(o.value), label: { zh: `${o.value} ${o.zh}`, en: `${o.value} ${o.en}` } })),
  } satisfies Partial<FieldDef> & { key: string; type: 7 };
});

/**
 * Risk points (evaluation units on regions, issue 21 §1–§3): what can go
 * wrong where, evaluated by LEC, LS, MES or direct grading after the control
 * measures (the residual level), with the level before measures (inherent).
 * The level is computed by the risk module with the plant's bands
 * (`domain/risk-evaluation.ts`); a zone's static colour is the most severe of
 * its points (`domain/risk-zones.ts`).
 */
export const riskPointLedger = defineRecord({
  area: 'RiskControl',
  entity: 'RiskPoint',
  name: { zh: '风险点', en: 'Risk points' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '风险点名称', en: 'Risk point' }, required: true, max: 80 },
    { key: 'unit', type: 4, label: { zh: '评价单元', en: 'Evaluation unit' }, required: true, max: 80 },
    { key: 'region', type: 2, label: { zh: '所在区域', en: 'Zone (region)' }, required: true },
    { key: 'hazard', type: 17, label: { zh: '危险源/风险事件', en: 'Hazard / risk event' }, max: 500 },
    { key: 'accident', type: 4, label: { zh: '可能导致的事故类型', en: 'Possible accident' }, max: 100 },
    {
      key: 'method',
      type: 7,
      label: { zh: '评价方法', en: 'Method' },
      required: true,
      options: (['LEC', 'LS', 'MES', 'direct'] as const).map((m) => ({ value: m, label: { zh: evaluationMethodInfo[m].zh, en: evaluationMethodInfo[m].en } })),
    },
    ...factorFieldDefs,
    { key: 'direct_level', type: 7, label: { zh: '直接判定等级', en: 'Level (direct grading)' }, options: levelOptions },
    { key: 'inherent', type: 7, label: { zh: '固有风险等级（管控前）', en: 'Inherent level (before measures)' }, options: levelOptions },
    { key: 'measures', type: 17, label: { zh: '管控措施', en: 'Control measures' }, max: 1000 },
  ],
  list: { columns: ['name', 'unit', 'region', 'method', 'inherent', 'measures'], filters: ['name', 'unit', 'region', 'method'], sort: { field: 'updated', order: 'desc' } },
  isolation: { region: 'region' },
  permissions: { view: [], edit: ['risk:manage'], delete: ['risk:manage'] },
  seedCalls: [
    { name: 'RiskPointQuery', call: 'List', idIn: 'body' },
  ],
});
