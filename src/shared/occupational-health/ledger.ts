import { defaultPeriodicCycles, examResultCategories, examTypes, hazardNames, type KnownHazard } from '../domain/medical-surveillance.js';
import { seedSubstances } from '../domain/substances.js';
import { defineRecord, type RecordDefinitionInput } from '../records/definition.js';

/*
 * Occupational health ledgers (issue 26 §2, seed 3 /occupationalHealthManagement):
 * plain registers on the record engine, each under the seed's call family
 * (`/UAPI/HMHarmfulFactor/List`, `Add`, `Update`, `Remove`, …).
 */

const VIEW = ['health:view'];
const MANAGE = ['health:manage'];
const perms = { view: VIEW, edit: MANAGE, delete: MANAGE };

/** The seed's list/add/update/remove names of a family, each the record engine's generic call. */
const seedCalls = (names: { list?: string[]; add?: string; update?: string; remove?: string }) => [
  ...(names.list ?? ['List', 'SearchList']).map((name) => ({ name, call: 'List' as const })),
  ...(names.add ? [{ name: names.add, call: 'Add' as const }] : []),
  ...(names.update ? [{ name: names.update, call: 'Update' as const }] : []),
  ...(names.remove ? [{ name: names.remove, call: 'Delete' as const }] : []),
];

/** Hazards with a GBZ 188 periodic cycle (data in `medical-surveillance.ts`). */
export const hazardOptions = (Object.keys(defaultPeriodicCycles) as KnownHazard[]).map((h) => ({ value: h, label: { zh: hazardNames[h].zh, en: hazardNames[h].en } }));
/** Substances of the one chemical catalogue that have GBZ 2.1 limits, by CAS. */
export const substanceOptions = seedSubstances
  .filter((s) => s.cas && s.oel && (s.oel.mac !== null || s.oel.twa !== null || s.oel.stel !== null))
  .map((s) => ({ value: s.cas as string, label: { zh: s.name.zh, en: s.name.en } }));
export const examTypeOptions = Object.entries(examTypes).map(([value, label]) => ({ value, label: { zh: label.zh, en: label.en } }));
export const examResultOptions = Object.entries(examResultCategories).map(([value, label]) => ({ value, label: { zh: label.zh, en: label.en } }));
const factorCategories = [
  { value: 'chemical', label: { zh: '化学因素', en: 'Chemical' } },
  { value: 'dust', label: { zh: '粉尘', en: 'Dust' } },
  { value: 'physical', label: { zh: '物理因素', en: 'Physical' } },
  { value: 'radiation', label: { zh: '放射性因素', en: 'Radiation' } },
  { value: 'biological', label: { zh: '生物因素', en: 'Biological' } },
  { value: 'other', label: { zh: '其他因素', en: 'Other' } },
];
const levelOptions = [
  { value: 'high', label: { zh: '一般/较高', en: 'Usual or higher' } },
  { value: 'low', label: { zh: '较低（粉尘Ⅰ级、噪声80~85 dB(A)）', en: 'Low (dust class I, noise 80–85 dB(A))' } },
];
const PERSON = { entity: 'PositioningObject', label: 'name' };

function ledger(d: RecordDefinitionInput) {
  return defineRecord({ permissions: perms, ...d });
}

/** occupationalHealthdatabase: the hazard factor library. */
export const harmfulFactorLedger = ledger({
  area: 'HMHarmfulFactor',
  entity: 'HarmfulFactor',
  name: { zh: '职业病危害因素库', en: 'Hazard factor library' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '危害因素名称', en: 'Hazard factor' }, required: true, unique: true, max: 60 },
    { key: 'category', type: 7, label: { zh: '类别', en: 'Category' }, required: true, options: factorCategories },
    { key: 'cas', type: 7, label: { zh: '化学品（目录）', en: 'Substance (catalogue)' }, options: substanceOptions },
    { key: 'hazard', type: 7, label: { zh: '体检周期类别', en: 'Exam cycle class' }, options: hazardOptions },
    { key: 'disease', type: 4, label: { zh: '可能导致的职业病', en: 'Possible occupational disease' }, max: 100 },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['name', 'category', 'cas', 'hazard', 'disease'], filters: ['name', 'category'], sort: { field: 'name', order: 'asc' } },
  seedCalls: seedCalls({ list: ['List', 'SearchList', 'SearchPossibleList'], add: 'Add', update: 'Update', remove: 'Remove' }),
});

/** hazardousPositions: positions with the hazards they expose to; a person's file names their position. */
export const hazardousPositionLedger = ledger({
  area: 'HMOccupationalHazard',
  entity: 'HazardousPosition',
  name: { zh: '危害岗位', en: 'Hazardous positions' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '岗位名称', en: 'Position' }, required: true, unique: true, max: 60 },
    { key: 'dept', type: 1, label: { zh: '所属部门', en: 'Department' } },
    { key: 'region', type: 2, label: { zh: '作业区域', en: 'Work area' } },
    { key: 'hazards', type: 21, label: { zh: '接触危害因素', en: 'Hazards exposed to' }, required: true, options: hazardOptions },
    { key: 'level', type: 7, label: { zh: '接触水平', en: 'Exposure level' }, options: levelOptions },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['name', 'dept', 'region', 'hazards', 'level'], filters: ['name', 'dept', 'region'], sort: { field: 'name', order: 'asc' } },
  isolation: { dept: 'dept' },
  seedCalls: [
    { name: 'List', call: 'List' },
    { name: 'SearchList', call: 'List' },
    { name: 'Detail', call: 'Get' },
    { name: 'Add', call: 'Add' },
    { name: 'Update', call: 'Update' },
  ],
});

/** protectiveMeasuresdatabase / diseaseSafeguard: protective measures. */
export const safeguardLedger = ledger({
  area: 'HMSafeguardDatabase',
  entity: 'Safeguard',
  name: { zh: '防护措施库', en: 'Protective measures' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '措施名称', en: 'Measure' }, required: true, unique: true, max: 60 },
    {
      key: 'kind',
      type: 7,
      label: { zh: '类型', en: 'Kind' },
      required: true,
      options: [
        { value: 'engineering', label: { zh: '工程防护', en: 'Engineering control' } },
        { value: 'ppe', label: { zh: '个体防护用品', en: 'Personal protective equipment' } },
        { value: 'admin', label: { zh: '管理措施', en: 'Administrative control' } },
      ],
    },
    { key: 'hazards', type: 21, label: { zh: '针对危害因素', en: 'Against hazards' }, options: hazardOptions },
    { key: 'remark', type: 17, label: { zh: '说明', en: 'Description' } },
  ],
  list: { columns: ['name', 'kind', 'hazards'], filters: ['name', 'kind'], sort: { field: 'name', order: 'asc' } },
  seedCalls: seedCalls({ list: ['List', 'HMSafeguardAllList'], add: 'Add', update: 'Update', remove: 'Remove' }),
});

/** warningLabelDatabase / workplaceWarningSigns: warning signs at workplaces (GBZ 158). */
export const warningSignLedger = ledger({
  area: 'HMWorkplaceWarningSigns',
  entity: 'WorkplaceWarningSign',
  name: { zh: '警示标识', en: 'Warning signs' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '标识名称', en: 'Sign' }, required: true, max: 60 },
    {
      key: 'kind',
      type: 7,
      label: { zh: '标识类别', en: 'Kind' },
      required: true,
      options: [
        { value: 'warning', label: { zh: '警告标识', en: 'Warning' } },
        { value: 'prohibition', label: { zh: '禁止标识', en: 'Prohibition' } },
        { value: 'instruction', label: { zh: '指令标识', en: 'Mandatory' } },
        { value: 'notice', label: { zh: '提示标识', en: 'Information' } },
        { value: 'card', label: { zh: '职业病危害告知卡', en: 'Hazard notification card' } },
      ],
    },
    { key: 'region', type: 2, label: { zh: '设置区域', en: 'Region' }, required: true },
    { key: 'location', type: 4, label: { zh: '设置位置', en: 'Location' }, max: 100 },
    { key: 'hazards', type: 21, label: { zh: '警示危害因素', en: 'Hazards' }, options: hazardOptions },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['name', 'kind', 'region', 'location', 'hazards'], filters: ['name', 'kind', 'region'], sort: { field: 'name', order: 'asc' } },
  isolation: { region: 'region' },
  seedCalls: seedCalls({ add: 'Add', update: 'Update', remove: 'Remove' }),
});

/** personalFileSearch: each person's occupational health file: who (a tracked person), their position, since when. */
export const personalArchiveLedger = ledger({
  area: 'PersonalArchives',
  entity: 'PersonalArchive',
  name: { zh: '职业健康个人档案', en: 'Personal health files' },
  titleField: 'personName',
  fields: [
    { key: 'person', type: 100, label: { zh: '人员（定位对象）', en: 'Person (tracked)' }, required: true, unique: true, ref: PERSON },
    { key: 'personName', type: 4, label: { zh: '姓名', en: 'Name' }, required: true, max: 50 },
    { key: 'position', type: 100, label: { zh: '岗位', en: 'Position' }, ref: { entity: 'HazardousPosition', label: 'name' } },
    { key: 'dept', type: 1, label: { zh: '部门', en: 'Department' } },
    { key: 'since', type: 5, label: { zh: '接害开始日期', en: 'Exposed since' } },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['personName', 'person', 'position', 'dept', 'since'], filters: ['personName', 'dept'], sort: { field: 'personName', order: 'asc' } },
  isolation: { dept: 'dept' },
  seedCalls: [
    { name: 'PersonalDataList', call: 'List' },
    { name: 'TagEdit', call: 'Update' },
  ],
});

/** medicalRecord: one exam of one person with its conclusion (GBZ 188-2014). */
export const examRecordLedger = ledger({
  area: 'HMPhysicalExaminationRecord',
  entity: 'PhysicalExaminationRecord',
  name: { zh: '职业健康体检记录', en: 'Medical exam records' },
  titleField: 'personName',
  fields: [
    { key: 'person', type: 100, label: { zh: '人员（定位对象）', en: 'Person (tracked)' }, required: true, ref: PERSON },
    { key: 'personName', type: 4, label: { zh: '姓名', en: 'Name' }, required: true, max: 50 },
    { key: 'examType', type: 7, label: { zh: '体检类型', en: 'Exam type' }, required: true, options: examTypeOptions },
    { key: 'date', type: 5, label: { zh: '体检日期', en: 'Exam date' }, required: true },
    { key: 'hazards', type: 21, label: { zh: '体检危害因素', en: 'Hazards examined for' }, options: hazardOptions },
    { key: 'result', type: 7, label: { zh: '体检结论', en: 'Conclusion' }, required: true, options: examResultOptions },
    { key: 'institution', type: 4, label: { zh: '体检机构', en: 'Institution' }, max: 100 },
    { key: 'dept', type: 1, label: { zh: '部门', en: 'Department' } },
    { key: 'remark', type: 17, label: { zh: '异常说明/处理意见', en: 'Findings and advice' } },
  ],
  list: { columns: ['personName', 'examType', 'date', 'hazards', 'result', 'institution'], filters: ['personName', 'examType', 'result', 'dept'], sort: { field: 'date', order: 'desc' } },
  isolation: { dept: 'dept' },
  seedCalls: seedCalls({ list: ['List', 'SearchList'], add: 'Add', update: 'Update', remove: 'Remove' }),
});

/** medicalPlan: an exam campaign (who is due comes from the files, positions and exams: `ShowUserList`). */
export const examPlanLedger = ledger({
  area: 'HMPhysicalExaminationPlan',
  entity: 'PhysicalExaminationPlan',
  name: { zh: '体检计划', en: 'Medical exam plans' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '计划名称', en: 'Plan' }, required: true, max: 60 },
    { key: 'examType', type: 7, label: { zh: '体检类型', en: 'Exam type' }, required: true, options: examTypeOptions },
    { key: 'planDate', type: 5, label: { zh: '计划体检日期', en: 'Planned date' }, required: true },
    { key: 'institution', type: 4, label: { zh: '体检机构', en: 'Institution' }, max: 100 },
    { key: 'hazards', type: 21, label: { zh: '危害因素', en: 'Hazards' }, options: hazardOptions },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['name', 'examType', 'planDate', 'institution', 'hazards'], filters: ['name', 'examType'], sort: { field: 'planDate', order: 'desc' } },
  seedCalls: seedCalls({ list: ['SearchList'], add: 'Add', remove: 'Remove' }),
});

/** jobHazard: a workplace measurement: timed samples of one substance at one sample point (GBZ 159 / GBZ 2.1). */
export const measurementLedger = ledger({
  area: 'HMHazardManagement',
  entity: 'WorkplaceMeasurement',
  name: { zh: '岗位危害因素检测', en: 'Workplace measurements' },
  titleField: 'samplePoint',
  fields: [
    { key: 'samplePoint', type: 4, label: { zh: '采样点', en: 'Sample point' }, required: true, max: 60 },
    { key: 'region', type: 2, label: { zh: '区域', en: 'Region' }, required: true },
    { key: 'cas', type: 7, label: { zh: '检测物质', en: 'Substance' }, required: true, options: substanceOptions },
    { key: 'date', type: 5, label: { zh: '检测日期', en: 'Date' }, required: true },
    {
      key: 'samples',
      type: 12,
      label: { zh: '定时采样（mg/m³ × 分钟）', en: 'Timed samples (mg/m³ × min)' },
      required: true,
      min: 1,
      max: 20,
      columns: [
        { key: 'c', type: 22, label: { zh: '浓度 mg/m³', en: 'Concentration mg/m³' }, required: true, min: 0, max: 100000, decimals: 3 },
        { key: 'minutes', type: 22, label: { zh: '时长（分钟）', en: 'Minutes' }, required: true, min: 1, max: 720, decimals: 1 },
      ],
    },
    { key: 'peak', type: 22, label: { zh: '最高读数 mg/m³', en: 'Peak reading mg/m³' }, min: 0, max: 100000, decimals: 3 },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['samplePoint', 'region', 'cas', 'date'], filters: ['samplePoint', 'region', 'cas'], sort: { field: 'date', order: 'desc' } },
  isolation: { region: 'region' },
  seedCalls: seedCalls({ list: ['QueryLog'], add: 'AddDetail', update: 'EditDetail', remove: 'DeleteDetail' }),
});

export const healthLedgers = [
  harmfulFactorLedger,
  hazardousPositionLedger,
  safeguardLedger,
  warningSignLedger,
  personalArchiveLedger,
  examRecordLedger,
  examPlanLedger,
  measurementLedger,
];
