import { defineRecord, type RecordDefinitionInput } from '../records/definition.js';
import { examResultOptions, hazardOptions, substanceOptions } from './ledger.js';

/*
 * The remaining registers of seed 3's occupational health area (issue 26 §2):
 * hazard identification with its re-test, hazard sources, assessments,
 * the abnormal-result follow-up rules, the personal file's sections and the
 * area's settings (days before a periodic exam is due that its reminder opens).
 */

const VIEW = ['health:view'];
const MANAGE = ['health:manage'];
const perms = { view: VIEW, edit: MANAGE, delete: MANAGE };
const remark = { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } } as const;
const crud = [
  { name: 'List', call: 'List' as const },
  { name: 'SearchList', call: 'List' as const },
  { name: 'Add', call: 'Add' as const },
  { name: 'Update', call: 'Update' as const },
  { name: 'Remove', call: 'Delete' as const },
];

function ledger(d: RecordDefinitionInput) {
  return defineRecord({ permissions: perms, ...d });
}

/** damageFactors: where a hazard arises (equipment, process, material, operation). */
export const hazardSourceLedger = ledger({
  area: 'HMHazardSource',
  entity: 'HazardSource',
  name: { zh: '职业病危害源', en: 'Hazard sources' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '危害源名称', en: 'Source' }, required: true, unique: true, max: 60 },
    { key: 'region', type: 2, label: { zh: '所在区域', en: 'Region' }, required: true },
    {
      key: 'kind',
      type: 7,
      label: { zh: '类别', en: 'Kind' },
      required: true,
      options: [
        { value: 'equipment', label: { zh: '设备', en: 'Equipment' } },
        { value: 'process', label: { zh: '工艺过程', en: 'Process' } },
        { value: 'material', label: { zh: '原辅材料', en: 'Material' } },
        { value: 'operation', label: { zh: '作业活动', en: 'Operation' } },
      ],
    },
    { key: 'hazards', type: 21, label: { zh: '产生的危害因素', en: 'Hazards given off' }, required: true, options: hazardOptions },
    {
      key: 'emission',
      type: 7,
      label: { zh: '逸散方式', en: 'Emission' },
      options: [
        { value: 'continuous', label: { zh: '连续', en: 'Continuous' } },
        { value: 'intermittent', label: { zh: '间断', en: 'Intermittent' } },
        { value: 'accidental', label: { zh: '事故/泄漏', en: 'Accidental release' } },
      ],
    },
    { key: 'controls', type: 17, label: { zh: '现有控制措施', en: 'Controls in place' } },
    remark,
  ],
  list: {
    columns: ['name', 'region', 'kind', 'hazards', 'emission'],
    filters: ['name', 'region', 'kind'],
    sort: { field: 'name', order: 'asc' },
  },
  isolation: { region: 'region' },
  seedCalls: crud,
});

/**
 * hazardFactorManagement (list) and riskFactorsAddEditpage (add, edit, re-test):
 * one identified hazard factor of one position, from the library, with its
 * source, route and exposure time, and when it is to be re-tested.
 */
export const hazardIdentificationLedger = ledger({
  area: 'HMHazardManagement',
  entity: 'HazardIdentification',
  name: { zh: '职业病危害因素辨识', en: 'Hazard factor identification' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '辨识名称', en: 'Identification' }, required: true, max: 100 },
    { key: 'position', type: 100, label: { zh: '岗位', en: 'Position' }, required: true, ref: { entity: 'HazardousPosition', label: 'name' } },
    { key: 'factor', type: 100, label: { zh: '危害因素（库）', en: 'Hazard factor (library)' }, required: true, ref: { entity: 'HarmfulFactor', label: 'name' } },
    { key: 'source', type: 100, label: { zh: '危害源', en: 'Source' }, ref: { entity: 'HazardSource', label: 'name' } },
    { key: 'region', type: 2, label: { zh: '区域', en: 'Region' }, required: true },
    {
      key: 'route',
      type: 7,
      label: { zh: '接触途径', en: 'Route' },
      required: true,
      options: [
        { value: 'inhalation', label: { zh: '呼吸道吸入', en: 'Inhalation' } },
        { value: 'skin', label: { zh: '皮肤接触', en: 'Skin' } },
        { value: 'ingestion', label: { zh: '消化道', en: 'Ingestion' } },
        { value: 'physical', label: { zh: '物理作用（噪声、高温等）', en: 'Physical (noise, heat …)' } },
      ],
    },
    { key: 'hours', type: 22, label: { zh: '每班接触时间（小时）', en: 'Hours per shift' }, min: 0, max: 24, decimals: 1 },
    {
      key: 'method',
      type: 7,
      label: { zh: '辨识方法', en: 'Method' },
      options: [
        { value: 'survey', label: { zh: '现场调查', en: 'Site survey' } },
        { value: 'measurement', label: { zh: '检测检验', en: 'Measurement' } },
        { value: 'analogy', label: { zh: '类比法', en: 'Analogy' } },
        { value: 'checklist', label: { zh: '检查表法', en: 'Checklist' } },
      ],
    },
    { key: 'date', type: 5, label: { zh: '辨识日期', en: 'Identified on' }, required: true },
    { key: 'identifiedBy', type: 4, label: { zh: '辨识人', en: 'Identified by' }, max: 50 },
    { key: 'retestDate', type: 5, label: { zh: '复测日期', en: 'Re-test on' }, notBefore: 'date' },
    remark,
  ],
  list: {
    columns: ['name', 'position', 'factor', 'source', 'region', 'route', 'date', 'retestDate'],
    filters: ['name', 'region', 'route'],
    sort: { field: 'date', order: 'desc' },
  },
  isolation: { region: 'region' },
  seedCalls: [
    { name: 'Add', call: 'Add' },
    { name: 'Delete', call: 'Delete' },
    { name: 'PositionListOfAccountsDetail', call: 'List' },
  ],
});

/** hazardFactorAssessment: assessments of a position's hazard (GBZ/T 229 grades). */
export const hazardAssessmentLedger = ledger({
  area: 'HMHazardManagement',
  entity: 'HazardAssessment',
  name: { zh: '职业病危害评价', en: 'Hazard assessments' },
  titleField: 'title',
  fields: [
    { key: 'title', type: 4, label: { zh: '评价名称', en: 'Assessment' }, required: true, max: 100 },
    { key: 'position', type: 100, label: { zh: '岗位', en: 'Position' }, required: true, ref: { entity: 'HazardousPosition', label: 'name' } },
    { key: 'hazard', type: 7, label: { zh: '危害因素', en: 'Hazard' }, required: true, options: hazardOptions },
    {
      key: 'kind',
      type: 7,
      label: { zh: '评价类型', en: 'Kind' },
      required: true,
      options: [
        { value: 'routine', label: { zh: '定期检测', en: 'Routine monitoring' } },
        { value: 'status', label: { zh: '现状评价', en: 'Current-status evaluation' } },
        { value: 'pre', label: { zh: '预评价', en: 'Pre-assessment' } },
        { value: 'effect', label: { zh: '控制效果评价', en: 'Control effect evaluation' } },
      ],
    },
    { key: 'date', type: 5, label: { zh: '评价日期', en: 'Date' }, required: true },
    { key: 'agency', type: 4, label: { zh: '评价机构', en: 'Agency' }, max: 100 },
    {
      key: 'grade',
      type: 7,
      label: { zh: '作业分级（GBZ/T 229）', en: 'Work grade (GBZ/T 229)' },
      required: true,
      options: [
        { value: '0', label: { zh: '0级 相对无害作业', en: '0 Relatively harmless' } },
        { value: 'I', label: { zh: 'Ⅰ级 轻度危害作业', en: 'I Mild' } },
        { value: 'II', label: { zh: 'Ⅱ级 中度危害作业', en: 'II Moderate' } },
        { value: 'III', label: { zh: 'Ⅲ级 重度危害作业', en: 'III Severe' } },
        { value: 'IV', label: { zh: 'Ⅳ级 极重危害作业', en: 'IV Extreme' } },
      ],
    },
    { key: 'nextDate', type: 5, label: { zh: '下次评价日期', en: 'Next assessment' }, notBefore: 'date' },
    { key: 'files', type: 6, label: { zh: '报告', en: 'Report' } },
    remark,
  ],
  list: {
    columns: ['title', 'position', 'hazard', 'kind', 'date', 'grade', 'nextDate'],
    filters: ['title', 'hazard', 'grade'],
    sort: { field: 'date', order: 'desc' },
  },
  seedCalls: [
    { name: 'QueryAssessment', call: 'List' },
    { name: 'AddAssessment', call: 'Add' },
    { name: 'EditAssessment', call: 'Update' },
    { name: 'DeleteAssessment', call: 'Delete' },
  ],
});

/** physicalAbnormalitiesConfig: what follows each abnormal result, and within how many days. */
export const abnormalityRuleLedger = ledger({
  area: 'HMPhysicalAbnormalitiesConfig',
  entity: 'ExamAbnormalityRule',
  name: { zh: '体检异常处理配置', en: 'Abnormal result follow-up' },
  titleField: 'result',
  fields: [
    {
      key: 'result',
      type: 7,
      label: { zh: '体检结论', en: 'Conclusion' },
      required: true,
      unique: true,
      options: examResultOptions.filter((o) => o.value !== 'normal'),
    },
    {
      key: 'action',
      type: 7,
      label: { zh: '处理方式', en: 'Follow-up' },
      required: true,
      options: [
        { value: 'recheck', label: { zh: '安排复查', en: 'Re-check' } },
        { value: 'diagnose', label: { zh: '送职业病诊断', en: 'Refer for diagnosis' } },
        { value: 'reassign', label: { zh: '调离原岗位', en: 'Move off the position' } },
        { value: 'treat', label: { zh: '治疗并随访', en: 'Treat and follow up' } },
        { value: 'inform', label: { zh: '书面告知本人', en: 'Inform in writing' } },
      ],
    },
    { key: 'days', type: 22, label: { zh: '处理时限（天）', en: 'Within (days)' }, required: true, min: 1, max: 365, decimals: 0 },
    remark,
  ],
  list: { columns: ['result', 'action', 'days'], filters: ['result'], sort: { field: 'days', order: 'asc' } },
  seedCalls: crud,
});

/** The sections of a personal file (`personalFile`), in the order and visibility a plant sets. */
export const profileSectionOptions = [
  { value: 'exposure', label: { zh: '本班次估算接触（毒物）', en: 'Estimated shift exposure (toxic gases)' } },
  { value: 'noise', label: { zh: '噪声接触 L_EX,8h', en: 'Noise exposure L_EX,8h' } },
  { value: 'exams', label: { zh: '体检记录', en: 'Exams' } },
];

/** profileCardConfigurationPage: the personal file's sections (seed `PersonalArchives/TagQuery`, `TagSort`). */
export const profileCardLedger = ledger({
  area: 'PersonalArchives',
  entity: 'ProfileCardSection',
  name: { zh: '个人档案卡片配置', en: 'Personal file sections' },
  titleField: 'section',
  fields: [
    { key: 'section', type: 7, label: { zh: '栏目', en: 'Section' }, required: true, unique: true, options: profileSectionOptions },
    {
      key: 'visible',
      type: 7,
      label: { zh: '显示', en: 'Shown' },
      required: true,
      options: [
        { value: 'yes', label: { zh: '显示', en: 'Shown' } },
        { value: 'no', label: { zh: '隐藏', en: 'Hidden' } },
      ],
    },
    { key: 'sort', type: 22, label: { zh: '顺序', en: 'Order' }, required: true, min: 0, max: 999, decimals: 0 },
    remark,
  ],
  list: { columns: ['section', 'visible', 'sort'], sort: { field: 'sort', order: 'asc' } },
  seedCalls: [
    { name: 'TagQuery', call: 'List' },
    { name: 'TagSort', call: 'Update' },
  ],
});

/** Days before a periodic exam is due that its reminder opens, when no setting is saved (GBZ 188 plans a month ahead). */
export const DEFAULT_REMINDER_DAYS = 30;

/** occupationalHealthDatabaseConfiguration: the area's settings (the latest record holds). */
export const healthSettingLedger = ledger({
  area: 'HMHazardManagement',
  entity: 'HealthSetting',
  name: { zh: '职业健康基础配置', en: 'Occupational health settings' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '配置名称', en: 'Setting' }, required: true, max: 60 },
    {
      key: 'reminderDays',
      type: 22,
      label: { zh: '体检到期提前提醒（天）', en: 'Remind before an exam is due (days)' },
      required: true,
      min: 1,
      max: 365,
      decimals: 0,
    },
    remark,
  ],
  list: { columns: ['name', 'reminderDays'], sort: { field: 'updated', order: 'desc' } },
  seedCalls: [{ name: 'GetConfig', call: 'List' }],
});

/**
 * exposureFactors: which catalogue substance each toxic gas detector measures.
 * A person's shift exposure reads the zone detectors bound here (DOMAIN.md
 * §11), never a formula guessed from the tag's name; a ppm tag without a row
 * is not used, and its zone's time is "not estimated".
 */
export const gasDetectorLedger = ledger({
  area: 'HMGasDetector',
  entity: 'GasDetectorSubstance',
  name: { zh: '气体检测仪测量物质', en: 'Gas detector substances' },
  titleField: 'tag',
  fields: [
    { key: 'tag', type: 4, label: { zh: '检测仪位号', en: 'Detector tag' }, required: true, unique: true, max: 64 },
    { key: 'cas', type: 7, label: { zh: '测量物质', en: 'Substance measured' }, required: true, options: substanceOptions },
    remark,
  ],
  list: { columns: ['tag', 'cas', 'remark'], filters: ['tag', 'cas'], sort: { field: 'tag', order: 'asc' } },
  seedCalls: crud,
});

export const healthMoreLedgers = [
  hazardSourceLedger,
  hazardIdentificationLedger,
  hazardAssessmentLedger,
  abnormalityRuleLedger,
  profileCardLedger,
  healthSettingLedger,
  gasDetectorLedger,
];
