import { controlTiers, evaluationMethodInfo, type ControlTier } from '../domain/risk-evaluation.js';
import { defineRecord } from '../records/definition.js';

/**
 * The risk side of dual prevention (双重预防, DOMAIN.md §8; issue 21 §1):
 * 风险分析对象 → 风险分析单元 (evaluation units, on regions) → 风险事件
 * (hazard, accident type, cause, consequence) → 管控措施 (type, responsible
 * tier, check content and cycle), with the configuration ledgers they pick
 * from. All on the record engine, under the seed's call names
 * (`UAPI/RiskControl/*`, `UAPI/Config/RiskType*`).
 */

const VIEW = ['risk:view'];
const MANAGE = ['risk:manage'];
const permissions = { view: VIEW, edit: MANAGE, delete: MANAGE };
const sortField = { key: 'sort', type: 22, label: { zh: '排序', en: 'Sort order' }, min: 0, max: 9999, decimals: 0 } as const;

export const tierOptions = (Object.keys(controlTiers) as ControlTier[]).map((t) => ({ value: t, label: { zh: controlTiers[t].zh, en: controlTiers[t].en } }));

/** 事故类型 (GB 6441 categories by default): what a risk event may lead to. */
export const accidentTypeLedger = defineRecord({
  area: 'RiskControl',
  entity: 'AccidentType',
  name: { zh: '事故类型', en: 'Accident types' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '事故类型', en: 'Accident type' }, required: true, unique: true, max: 40 },
    { key: 'name_en', type: 4, label: { zh: '英文名称', en: 'English name' }, max: 60 },
    sortField,
    { key: 'note', type: 17, label: { zh: '说明', en: 'Notes' }, max: 500 },
  ],
  list: { columns: ['name', 'name_en', 'sort'], filters: ['name'], sort: { field: 'sort', order: 'asc' } },
  permissions,
  seedCalls: [
    { name: 'AccidentTypeAdd', call: 'Add' },
    { name: 'AccidentTypeEdit', call: 'Update' },
    { name: 'AccidentTypeDel', call: 'Delete' },
  ],
});

/** 风险范围: the scopes risks are analysed in (equipment, operations, sites…). */
export const riskRangeLedger = defineRecord({
  area: 'RiskControl',
  entity: 'Range',
  name: { zh: '风险范围', en: 'Risk ranges' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '风险范围', en: 'Risk range' }, required: true, unique: true, max: 40 },
    { key: 'name_en', type: 4, label: { zh: '英文名称', en: 'English name' }, max: 60 },
    sortField,
    { key: 'note', type: 17, label: { zh: '说明', en: 'Notes' }, max: 500 },
  ],
  list: { columns: ['name', 'name_en', 'sort'], filters: ['name'], sort: { field: 'sort', order: 'asc' } },
  permissions,
  seedCalls: [
    { name: 'RangeListNew', call: 'List' },
    { name: 'RangeAdd', call: 'Add' },
    { name: 'RangeEdit', call: 'Update' },
    { name: 'RangeDel', call: 'Delete' },
  ],
});

/** 管控层级: the tiers that control risks (重大 → enterprise … 低 → post, DOMAIN.md §2), named as the plant names them. */
export const controlLevelLedger = defineRecord({
  area: 'RiskControl',
  entity: 'Level',
  name: { zh: '管控层级', en: 'Control levels' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '管控层级', en: 'Control level' }, required: true, unique: true, max: 40 },
    { key: 'tier', type: 7, label: { zh: '对应层级', en: 'Tier' }, required: true, options: tierOptions },
    sortField,
  ],
  list: { columns: ['name', 'tier', 'sort'], filters: ['name', 'tier'], sort: { field: 'sort', order: 'asc' } },
  permissions,
  seedCalls: [
    { name: 'LevelAdd', call: 'Add' },
    { name: 'LevelEdit', call: 'Update' },
    { name: 'LevelDel', call: 'Delete' },
  ],
});

/** 管控措施类型 (engineering, management, training, PPE, emergency), in the order the plant sorts them. */
export const measureTypeLedger = defineRecord({
  area: 'RiskControl',
  entity: 'MeasureType',
  name: { zh: '管控措施类型', en: 'Measure types' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '措施类型', en: 'Measure type' }, required: true, unique: true, max: 40 },
    { key: 'name_en', type: 4, label: { zh: '英文名称', en: 'English name' }, max: 60 },
    sortField,
  ],
  list: { columns: ['name', 'name_en', 'sort'], filters: ['name'], sort: { field: 'sort', order: 'asc' } },
  permissions,
  seedCalls: [
    { name: 'MeasureTypeAdd', call: 'Add' },
    { name: 'MeasureTypeEdit', call: 'Update' },
    { name: 'MeasureTypeDel', call: 'Delete' },
    /** Sets one type's `sort` (`{ id, version, sort }`). */
    { name: 'MeasureTypeSort', call: 'Update' },
  ],
});

/** 风险类型 (seed §7.2 `UAPI/Config/RiskType*`): a tree of risk types. */
export const riskTypeLedger = defineRecord({
  area: 'Config',
  entity: 'RiskType',
  name: { zh: '风险类型', en: 'Risk types' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '风险类型', en: 'Risk type' }, required: true, max: 40 },
    { key: 'parent', type: 100, label: { zh: '上级类型', en: 'Parent type' }, ref: { entity: 'RiskType', label: 'name' } },
    sortField,
  ],
  list: { columns: ['name', 'parent', 'sort'], filters: ['name', 'parent'], sort: { field: 'sort', order: 'asc' } },
  permissions,
  seedCalls: [
    { name: 'RiskTypeQuery', call: 'List' },
    { name: 'RiskTypeSubQuery', call: 'List' },
    { name: 'RiskTypeAllSubQuery', call: 'List' },
    { name: 'RiskTypeEdit', call: 'Save' },
    { name: 'DeleteRiskType', call: 'Delete' },
  ],
});

/** 风险分析对象: the equipment, operations, processes or sites the units are made of (seed `Structure*`). */
export const analysisObjectLedger = defineRecord({
  area: 'RiskControl',
  entity: 'Structure',
  name: { zh: '风险分析对象', en: 'Analysis objects' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '分析对象', en: 'Analysis object' }, required: true, max: 80 },
    {
      key: 'kind',
      type: 7,
      label: { zh: '对象类型', en: 'Kind' },
      required: true,
      options: [
        { value: 'equipment', label: { zh: '设备设施', en: 'Equipment and facilities' } },
        { value: 'operation', label: { zh: '作业活动', en: 'Work activity' } },
        { value: 'process', label: { zh: '工艺节点', en: 'Process node' } },
        { value: 'site', label: { zh: '场所区域', en: 'Site' } },
      ],
    },
    { key: 'range', type: 100, label: { zh: '风险范围', en: 'Risk range' }, ref: { entity: 'Range', label: 'name', labelEn: 'name_en' } },
    { key: 'dept', type: 1, label: { zh: '责任部门', en: 'Department' } },
    sortField,
  ],
  list: { columns: ['name', 'kind', 'range', 'dept'], filters: ['name', 'kind', 'dept'], sort: { field: 'sort', order: 'asc' } },
  permissions,
  seedCalls: [
    { name: 'GetAllStructure', call: 'List' },
    { name: 'StructureAdd', call: 'Add' },
    { name: 'StructureEdit', call: 'Update' },
    { name: 'StructureSort', call: 'Update' },
  ],
});

/** 风险分析单元 (evaluation units): where on the plant an analysis object is, with who answers for it; isolated by region. */
export const evaluateUnitLedger = defineRecord({
  area: 'RiskControl',
  entity: 'EvaluateUnit',
  name: { zh: '评价单元', en: 'Evaluation units' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '评价单元', en: 'Evaluation unit' }, required: true, max: 80 },
    { key: 'object', type: 100, label: { zh: '分析对象', en: 'Analysis object' }, ref: { entity: 'Structure', label: 'name' } },
    { key: 'region', type: 2, label: { zh: '所在区域', en: 'Zone (region)' }, required: true },
    { key: 'dept', type: 1, label: { zh: '责任部门', en: 'Department' } },
    { key: 'person', type: 3, label: { zh: '责任人', en: 'Responsible person' } },
    { key: 'riskType', type: 100, label: { zh: '风险类型', en: 'Risk type' }, ref: { entity: 'RiskType', label: 'name' } },
    { key: 'note', type: 17, label: { zh: '说明', en: 'Notes' }, max: 500 },
  ],
  list: { columns: ['name', 'object', 'region', 'dept', 'person'], filters: ['name', 'object', 'region', 'dept'], sort: { field: 'updated', order: 'desc' } },
  isolation: { region: 'region' },
  permissions,
  seedCalls: [
    { name: 'EvaluateUnitAdd', call: 'Add' },
    { name: 'EvaluateUnitEdit', call: 'Update' },
    { name: 'EvaluateUnitDel', call: 'Delete' },
    { name: 'EvaluateUnitRecordAnalysisSearch', call: 'List' },
    { name: 'EvaluateUnitRecordAnalysisDelete', call: 'Delete' },
  ],
});

/** 风险事件 (risk analysis rows): a hazard of a unit, the accident it may cause, why, and what follows; evaluated by `EvaluationRecordAdd`. */
export const analysisLedger = defineRecord({
  area: 'RiskControl',
  entity: 'Analysis',
  name: { zh: '风险事件', en: 'Risk events' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '风险事件', en: 'Risk event' }, required: true, max: 120 },
    { key: 'unit', type: 100, label: { zh: '评价单元', en: 'Evaluation unit' }, required: true, ref: { entity: 'EvaluateUnit', label: 'name' } },
    { key: 'hazard', type: 17, label: { zh: '危险源（危害因素）', en: 'Hazard' }, required: true, max: 500 },
    { key: 'accidentType', type: 100, label: { zh: '事故类型', en: 'Accident type' }, ref: { entity: 'AccidentType', label: 'name', labelEn: 'name_en' } },
    { key: 'cause', type: 17, label: { zh: '事故原因', en: 'Cause' }, max: 500 },
    { key: 'consequence', type: 17, label: { zh: '事故后果', en: 'Consequence' }, max: 500 },
    {
      key: 'method',
      type: 7,
      label: { zh: '评价方法', en: 'Method' },
      options: (['LEC', 'LS', 'MES', 'direct'] as const).map((m) => ({ value: m, label: { zh: evaluationMethodInfo[m].zh, en: evaluationMethodInfo[m].en } })),
    },
  ],
  list: { columns: ['name', 'unit', 'hazard', 'accidentType', 'method'], filters: ['name', 'unit', 'accidentType'], sort: { field: 'updated', order: 'desc' } },
  permissions,
  seedCalls: [
    { name: 'AnalysisAdd', call: 'Add' },
    { name: 'AnalysisOnLoad', call: 'Get' },
    { name: 'SaveAnalysisRiskevent', call: 'Save' },
    { name: 'DangerList', call: 'List' },
  ],
});

/** 管控措施: what controls a risk event, which tier answers for it, what a check looks at and how often. */
export const analysisMeasureLedger = defineRecord({
  area: 'RiskControl',
  entity: 'AnalysisMeasure',
  name: { zh: '管控措施', en: 'Control measures' },
  titleField: 'content',
  fields: [
    { key: 'analysis', type: 100, label: { zh: '风险事件', en: 'Risk event' }, required: true, ref: { entity: 'Analysis', label: 'name' } },
    { key: 'measureType', type: 100, label: { zh: '措施类型', en: 'Measure type' }, required: true, ref: { entity: 'MeasureType', label: 'name', labelEn: 'name_en' } },
    { key: 'content', type: 4, label: { zh: '管控措施', en: 'Measure' }, required: true, max: 200 },
    { key: 'tier', type: 7, label: { zh: '管控层级', en: 'Responsible tier' }, required: true, options: tierOptions },
    { key: 'checkContent', type: 17, label: { zh: '排查内容', en: 'Check content' }, max: 500 },
    { key: 'cycle', type: 22, label: { zh: '排查周期', en: 'Check cycle' }, min: 1, max: 999, decimals: 0 },
    {
      key: 'cycleUnit',
      type: 7,
      label: { zh: '周期单位', en: 'Cycle unit' },
      options: [
        { value: 'hour', label: { zh: '小时', en: 'Hours' } },
        { value: 'day', label: { zh: '天', en: 'Days' } },
        { value: 'week', label: { zh: '周', en: 'Weeks' } },
        { value: 'month', label: { zh: '月', en: 'Months' } },
        { value: 'quarter', label: { zh: '季度', en: 'Quarters' } },
        { value: 'year', label: { zh: '年', en: 'Years' } },
      ],
    },
    { key: 'person', type: 3, label: { zh: '责任人', en: 'Responsible person' } },
  ],
  list: { columns: ['content', 'analysis', 'measureType', 'tier', 'cycle', 'cycleUnit'], filters: ['analysis', 'measureType', 'tier'], sort: { field: 'updated', order: 'desc' } },
  permissions,
  seedCalls: [
    { name: 'AnalysisMeasureAdd', call: 'Add' },
    { name: 'AnalysisMeasureDel', call: 'Delete' },
    { name: 'DangerDetailList', call: 'List' },
    { name: 'DangerDetailAdd', call: 'Add' },
    { name: 'DangerDetailEdit', call: 'Update' },
    { name: 'DangerDetailDel', call: 'Delete' },
  ],
});

/** In the order the engine registers them: a link's target before the ledgers that link to it. */
export const analysisLedgers = [
  accidentTypeLedger,
  riskRangeLedger,
  controlLevelLedger,
  measureTypeLedger,
  riskTypeLedger,
  analysisObjectLedger,
  evaluateUnitLedger,
  analysisLedger,
  analysisMeasureLedger,
];
