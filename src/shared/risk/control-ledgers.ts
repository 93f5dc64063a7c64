import { evaluationMethodInfo } from '../domain/risk-evaluation.js';
import { defineRecord } from '../records/definition.js';

/**
 * The configuration and self-evaluation ledgers of `/RiskControll/*` (issue
 * 21 §1, spec 2 §2.3): risk factors, the table header configs of the analysis
 * ledgers, the assessment config (which method a range is evaluated with and
 * how often it is reviewed), and the safe self-evaluation sheet with its
 * filled sheets. All on the record engine, under the seed's call names where
 * the seed names them (`GetRiskControlColumn`, `RiskControlColumnSubmit`,
 * `GetDynamicHead`, `*EvaluationMethondConfig`).
 */

const VIEW = ['risk:view'];
const MANAGE = ['risk:manage'];
const permissions = { view: VIEW, edit: MANAGE, delete: MANAGE };
const sortField = { key: 'sort', type: 22, label: { zh: '排序', en: 'Sort order' }, min: 0, max: 9999, decimals: 0 } as const;
const yesNo = [
  { value: '1', label: { zh: '是', en: 'Yes' } },
  { value: '0', label: { zh: '否', en: 'No' } },
];

/** 风险因素 by the four classes of GB/T 13861-2022 §4 (人、物、环境、管理), which a risk event's hazard names. */
export const riskFactorLedger = defineRecord({
  area: 'RiskControl',
  entity: 'RiskFactor',
  name: { zh: '风险因素', en: 'Risk factors' },
  titleField: 'name',
  fields: [
    { key: 'code', type: 4, label: { zh: '代码', en: 'Code' }, unique: true, max: 20 },
    { key: 'name', type: 4, label: { zh: '风险因素', en: 'Risk factor' }, required: true, max: 80 },
    {
      key: 'category',
      type: 7,
      label: { zh: '类别', en: 'Class' },
      required: true,
      // GB/T 13861-2022 §4: the four classes of hazardous and harmful factors.
      options: [
        { value: 'human', label: { zh: '人的因素', en: 'Human factors' } },
        { value: 'material', label: { zh: '物的因素', en: 'Material factors' } },
        { value: 'environment', label: { zh: '环境因素', en: 'Environmental factors' } },
        { value: 'management', label: { zh: '管理因素', en: 'Management factors' } },
      ],
    },
    sortField,
    { key: 'note', type: 17, label: { zh: '说明', en: 'Notes' }, max: 500 },
  ],
  list: { columns: ['code', 'name', 'category', 'sort'], filters: ['name', 'category'], sort: { field: 'sort', order: 'asc' } },
  permissions,
});

/** The analysis ledgers whose list columns a plant configures (`/RiskControll/TableHeaderConfig`). */
export const headerTables = ['EvaluateUnit', 'Analysis', 'AnalysisMeasure'] as const;
export type HeaderTable = (typeof headerTables)[number];

/**
 * 表头配置: which columns the lists of units, events and measures show, in which
 * order. A table with no visible row keeps its definition's columns.
 */
export const riskControlColumnLedger = defineRecord({
  area: 'RiskControl',
  entity: 'RiskControlColumn',
  name: { zh: '表头配置', en: 'Table header configs' },
  titleField: 'field',
  fields: [
    {
      key: 'table',
      type: 7,
      label: { zh: '列表', en: 'List' },
      required: true,
      options: [
        { value: 'EvaluateUnit', label: { zh: '评价单元', en: 'Evaluation units' } },
        { value: 'Analysis', label: { zh: '风险事件', en: 'Risk events' } },
        { value: 'AnalysisMeasure', label: { zh: '管控措施', en: 'Control measures' } },
      ],
    },
    { key: 'field', type: 4, label: { zh: '字段', en: 'Field' }, required: true, max: 40 },
    { key: 'visible', type: 7, label: { zh: '显示', en: 'Shown' }, required: true, options: yesNo },
    sortField,
  ],
  list: { columns: ['table', 'field', 'visible', 'sort'], filters: ['table', 'visible'], sort: { field: 'sort', order: 'asc' } },
  permissions,
  seedCalls: [
    { name: 'GetRiskControlColumn', call: 'List' },
    { name: 'GetDynamicHead', call: 'List' },
    { name: 'RiskControlColumnSubmit', call: 'Save' },
  ],
});

/** 评估配置: the method a risk range is evaluated with and the review cycle of its evaluations. */
export const assessmentConfigLedger = defineRecord({
  area: 'RiskControl',
  entity: 'EvaluationMethondConfig',
  name: { zh: '评估配置', en: 'Assessment config' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '名称', en: 'Name' }, required: true, max: 60 },
    { key: 'range', type: 100, label: { zh: '风险范围', en: 'Risk range' }, ref: { entity: 'Range', label: 'name', labelEn: 'name_en' } },
    {
      key: 'method',
      type: 7,
      label: { zh: '评价方法', en: 'Method' },
      required: true,
      options: (['LEC', 'LS', 'MES', 'direct'] as const).map((m) => ({ value: m, label: { zh: evaluationMethodInfo[m].zh, en: evaluationMethodInfo[m].en } })),
    },
    { key: 'reviewMonths', type: 22, label: { zh: '复评周期（月）', en: 'Review every (months)' }, min: 1, max: 60, decimals: 0 },
    { key: 'note', type: 17, label: { zh: '说明', en: 'Notes' }, max: 500 },
  ],
  list: { columns: ['name', 'range', 'method', 'reviewMonths'], filters: ['name', 'method'], sort: { field: 'updated', order: 'desc' } },
  permissions,
  seedCalls: [
    { name: 'GetEvaluationMethondConfig', call: 'List' },
    { name: 'EditEvaluationMethondConfig', call: 'Save' },
    { name: 'DeleteEvaluationMethondConfig', call: 'Delete' },
  ],
});

/** 安全自评表 (the online sheet): the items a unit's responsible person checks in a self-evaluation. */
export const selfEvaluationItemLedger = defineRecord({
  area: 'RiskControl',
  entity: 'SafeSelfEvaluationItem',
  name: { zh: '安全自评表', en: 'Self-evaluation sheet' },
  titleField: 'content',
  fields: [
    { key: 'content', type: 4, label: { zh: '自评项目', en: 'Item' }, required: true, max: 200 },
    { key: 'standard', type: 17, label: { zh: '评价标准', en: 'Standard' }, max: 500 },
    { key: 'score', type: 22, label: { zh: '分值', en: 'Points' }, min: 0, max: 100, decimals: 0 },
    sortField,
  ],
  list: { columns: ['content', 'standard', 'score', 'sort'], filters: ['content'], sort: { field: 'sort', order: 'asc' } },
  permissions,
});

/** 安全自评: a unit's self-evaluation against the sheet, signed by who made it; its list is the log. Isolated by region. */
export const selfEvaluationLedger = defineRecord({
  area: 'RiskControl',
  entity: 'SafeSelfEvaluation',
  name: { zh: '安全自评', en: 'Safe self-evaluation' },
  titleField: 'title',
  fields: [
    { key: 'title', type: 4, label: { zh: '自评名称', en: 'Title' }, required: true, max: 80 },
    { key: 'unit', type: 100, label: { zh: '评价单元', en: 'Evaluation unit' }, required: true, ref: { entity: 'EvaluateUnit', label: 'name' } },
    { key: 'region', type: 2, label: { zh: '所在区域', en: 'Zone (region)' }, required: true },
    { key: 'evaluatedAt', type: 5, label: { zh: '自评时间', en: 'Evaluated at' }, required: true },
    { key: 'score', type: 22, label: { zh: '得分', en: 'Score' }, min: 0, max: 1000, decimals: 0 },
    {
      key: 'conclusion',
      type: 7,
      label: { zh: '结论', en: 'Conclusion' },
      required: true,
      options: [
        { value: 'controlled', label: { zh: '风险受控', en: 'Under control' } },
        { value: 'partly', label: { zh: '部分受控，需整改', en: 'Partly under control: to rectify' } },
        { value: 'uncontrolled', label: { zh: '失控', en: 'Not under control' } },
      ],
    },
    { key: 'findings', type: 17, label: { zh: '发现问题', en: 'Findings' }, max: 1000 },
    { key: 'signature', type: 44, label: { zh: '自评人签名', en: "Evaluator's signature" } },
  ],
  list: { columns: ['title', 'unit', 'region', 'evaluatedAt', 'score', 'conclusion'], filters: ['title', 'unit', 'region', 'conclusion'], sort: { field: 'evaluatedAt', order: 'desc' } },
  isolation: { region: 'region' },
  permissions: { view: VIEW, edit: VIEW, delete: MANAGE },
});

/** Registered after the analysis ledgers they link to (`Range`, `EvaluateUnit`). */
export const controlLedgers = [riskFactorLedger, riskControlColumnLedger, assessmentConfigLedger, selfEvaluationItemLedger, selfEvaluationLedger];
