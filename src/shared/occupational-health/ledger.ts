import { defaultPeriodicCycles, examResultCategories, examTypes, hazardNames, specialWorks, type KnownHazard, type SpecialWork } from '../domain/medical-surveillance.js';
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
export const hazardOptions = (Object.keys(defaultPeriodicCycles) as KnownHazard[]).map((h) => ({
  value: h,
  label: { zh: hazardNames[h].zh, en: hazardNames[h].en },
}));
/** What an exam concludes on: a hazard of the cycle table, or a special work (a contraindication to it bars the matching permits). */
export const examTargetOptions = [
  ...hazardOptions,
  ...(Object.keys(specialWorks) as SpecialWork[]).map((w) => ({ value: w, label: { zh: specialWorks[w].zh, en: specialWorks[w].en } })),
];
/** Substances of the one chemical catalogue that have GBZ 2.1 limits, by CAS. */
export const substanceOptions = seedSubstances
  .filter((s) => s.cas && s.oel && (s.oel.mac !== null || s.oel.twa !== null || s.oel.stel !== null))
  .map((s) => ({ value: s.cas as string, label: { zh: s.name.zh, en: s.name.en } }));
export const examTypeOptions = Object.entries(examTypes).map(([value, label]) => ({ value, label: { zh: label.zh, en: label.en } }));
export const examResultOptions = Object.entries(examResultCategories).map(([value, label]) => ({
  value,
  label: { zh: label.zh, en: label.en },
}));
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
  list: {
    columns: ['name', 'dept', 'region', 'hazards', 'level'],
    filters: ['name', 'dept', 'region'],
    sort: { field: 'name', order: 'asc' },
  },
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
  list: {
    columns: ['name', 'kind', 'region', 'location', 'hazards'],
    filters: ['name', 'kind', 'region'],
    sort: { field: 'name', order: 'asc' },
  },
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
  list: {
    columns: ['personName', 'person', 'position', 'dept', 'since'],
    filters: ['personName', 'dept'],
    sort: { field: 'personName', order: 'asc' },
  },
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
    { key: 'hazards', type: 21, label: { zh: '体检危害因素/特殊作业', en: 'Hazards or special work examined for' }, options: examTargetOptions },
    { key: 'result', type: 7, label: { zh: '体检结论', en: 'Conclusion' }, required: true, options: examResultOptions },
    { key: 'institution', type: 4, label: { zh: '体检机构', en: 'Institution' }, max: 100 },
    { key: 'dept', type: 1, label: { zh: '部门', en: 'Department' } },
    { key: 'remark', type: 17, label: { zh: '异常说明/处理意见', en: 'Findings and advice' } },
  ],
  list: {
    columns: ['personName', 'examType', 'date', 'hazards', 'result', 'institution'],
    filters: ['personName', 'examType', 'result', 'dept'],
    sort: { field: 'date', order: 'desc' },
  },
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
  list: {
    columns: ['name', 'examType', 'planDate', 'institution', 'hazards'],
    filters: ['name', 'examType'],
    sort: { field: 'planDate', order: 'desc' },
  },
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
  list: {
    columns: ['samplePoint', 'region', 'cas', 'date'],
    filters: ['samplePoint', 'region', 'cas'],
    sort: { field: 'date', order: 'desc' },
  },
  isolation: { region: 'region' },
  seedCalls: seedCalls({ list: ['QueryLog'], add: 'AddDetail', update: 'EditDetail', remove: 'DeleteDetail' }),
});

const yesNoResult = [
  { value: 'ok', label: { zh: '合格/正常', en: 'Satisfactory' } },
  { value: 'defect', label: { zh: '存在问题', en: 'Defects found' } },
];
const attachment = { key: 'files', type: 6, label: { zh: '附件', en: 'Attachments' } } as const;
const remark = { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } } as const;
const crud = seedCalls({ list: ['List', 'SearchList'], add: 'Add', update: 'Update', remove: 'Remove' });

/** occupationalDiseasePatient: diagnosed occupational disease cases. */
export const diseasePatientLedger = ledger({
  area: 'HMOccupationalDiseasePatient',
  entity: 'OccupationalDiseasePatient',
  name: { zh: '职业病病人', en: 'Occupational disease patients' },
  titleField: 'personName',
  fields: [
    { key: 'person', type: 100, label: { zh: '人员（定位对象）', en: 'Person (tracked)' }, ref: PERSON },
    { key: 'personName', type: 4, label: { zh: '姓名', en: 'Name' }, required: true, max: 50 },
    { key: 'disease', type: 4, label: { zh: '职业病名称', en: 'Occupational disease' }, required: true, max: 100 },
    { key: 'hazards', type: 21, label: { zh: '致病危害因素', en: 'Causing hazards' }, options: hazardOptions },
    { key: 'diagnosed', type: 5, label: { zh: '诊断日期', en: 'Diagnosed on' }, required: true },
    { key: 'institution', type: 4, label: { zh: '诊断机构', en: 'Diagnosing institution' }, max: 100 },
    { key: 'dept', type: 1, label: { zh: '部门', en: 'Department' } },
    remark,
  ],
  list: {
    columns: ['personName', 'disease', 'hazards', 'diagnosed', 'institution'],
    filters: ['personName', 'disease', 'dept'],
    sort: { field: 'diagnosed', order: 'desc' },
  },
  isolation: { dept: 'dept' },
  seedCalls: crud,
});

/** anamnesis: a person's past medical history. */
export const pastHistoryLedger = ledger({
  area: 'HMPastMedicalHistory',
  entity: 'PastMedicalHistory',
  name: { zh: '既往病史', en: 'Past medical history' },
  titleField: 'personName',
  fields: [
    { key: 'person', type: 100, label: { zh: '人员（定位对象）', en: 'Person (tracked)' }, ref: PERSON },
    { key: 'personName', type: 4, label: { zh: '姓名', en: 'Name' }, required: true, max: 50 },
    { key: 'disease', type: 4, label: { zh: '疾病名称', en: 'Condition' }, required: true, max: 100 },
    { key: 'diagnosed', type: 5, label: { zh: '诊断时间', en: 'Diagnosed on' } },
    { key: 'outcome', type: 4, label: { zh: '转归', en: 'Outcome' }, max: 100 },
    remark,
  ],
  list: {
    columns: ['personName', 'disease', 'diagnosed', 'outcome'],
    filters: ['personName', 'disease'],
    sort: { field: 'diagnosed', order: 'desc' },
  },
  seedCalls: crud,
});

/** occupationalHealthRecords: three-simultaneous (三同时) archives of construction projects. */
export const threeSimultaneousLedger = ledger({
  area: 'HMThreeSimultaneousArchives',
  entity: 'ThreeSimultaneousArchive',
  name: { zh: '职业卫生“三同时”档案', en: 'Three-simultaneous archives' },
  titleField: 'project',
  fields: [
    { key: 'project', type: 4, label: { zh: '建设项目', en: 'Project' }, required: true, max: 100 },
    {
      key: 'stage',
      type: 7,
      label: { zh: '阶段', en: 'Stage' },
      required: true,
      options: [
        { value: 'pre-assessment', label: { zh: '职业病危害预评价', en: 'Pre-assessment' } },
        { value: 'design', label: { zh: '防护设施设计', en: 'Protective facility design' } },
        { value: 'effect', label: { zh: '控制效果评价', en: 'Control effect evaluation' } },
        { value: 'acceptance', label: { zh: '竣工验收', en: 'Acceptance' } },
      ],
    },
    { key: 'date', type: 5, label: { zh: '日期', en: 'Date' }, required: true },
    { key: 'agency', type: 4, label: { zh: '评价机构', en: 'Agency' }, max: 100 },
    attachment,
    remark,
  ],
  list: { columns: ['project', 'stage', 'date', 'agency'], filters: ['project', 'stage'], sort: { field: 'date', order: 'desc' } },
  seedCalls: crud,
});

/** diseasePrevention: the prevention and control plan. */
export const preventionPlanLedger = ledger({
  area: 'HMPreventionAndControlPlan',
  entity: 'PreventionAndControlPlan',
  name: { zh: '职业病防治计划', en: 'Prevention and control plans' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '计划名称', en: 'Plan' }, required: true, max: 100 },
    { key: 'year', type: 22, label: { zh: '年度', en: 'Year' }, required: true, min: 2000, max: 2100, decimals: 0 },
    { key: 'content', type: 17, label: { zh: '主要内容', en: 'Content' }, required: true },
    attachment,
  ],
  list: { columns: ['name', 'year'], filters: ['name', 'year'], sort: { field: 'year', order: 'desc' } },
  seedCalls: crud,
});

/** declarationOccupational: project declarations of occupational hazards. */
export const declarationLedger = ledger({
  area: 'HMOccupationalDiseaseProjectDeclaration',
  entity: 'ProjectDeclaration',
  name: { zh: '职业病危害项目申报', en: 'Hazard project declarations' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '申报名称', en: 'Declaration' }, required: true, max: 100 },
    {
      key: 'kind',
      type: 7,
      label: { zh: '申报类型', en: 'Kind' },
      required: true,
      options: [
        { value: 'initial', label: { zh: '初次申报', en: 'Initial' } },
        { value: 'change', label: { zh: '变更申报', en: 'Change' } },
        { value: 'annual', label: { zh: '年度更新', en: 'Annual update' } },
      ],
    },
    { key: 'date', type: 5, label: { zh: '申报日期', en: 'Date' }, required: true },
    { key: 'hazards', type: 21, label: { zh: '危害因素', en: 'Hazards' }, options: hazardOptions },
    { key: 'exposed', type: 22, label: { zh: '接害人数', en: 'People exposed' }, min: 0, max: 100000, decimals: 0 },
    attachment,
  ],
  list: { columns: ['name', 'kind', 'date', 'hazards', 'exposed'], filters: ['name', 'kind'], sort: { field: 'date', order: 'desc' } },
  seedCalls: [...crud, { name: 'Detail', call: 'Get' }],
});

/** fundsDisease: prevention and control funds. */
export const fundsLedger = ledger({
  area: 'HMPreventionAndControlFunds',
  entity: 'PreventionAndControlFund',
  name: { zh: '职业病防治经费', en: 'Prevention funds' },
  titleField: 'item',
  fields: [
    { key: 'item', type: 4, label: { zh: '项目', en: 'Item' }, required: true, max: 100 },
    {
      key: 'purpose',
      type: 7,
      label: { zh: '用途', en: 'Purpose' },
      required: true,
      options: [
        { value: 'exam', label: { zh: '职业健康检查', en: 'Medical exams' } },
        { value: 'monitoring', label: { zh: '检测评价', en: 'Monitoring and assessment' } },
        { value: 'ppe', label: { zh: '个体防护用品', en: 'PPE' } },
        { value: 'facility', label: { zh: '防护设施', en: 'Protective facilities' } },
        { value: 'training', label: { zh: '培训', en: 'Training' } },
        { value: 'other', label: { zh: '其他', en: 'Other' } },
      ],
    },
    { key: 'amount', type: 22, label: { zh: '金额（元）', en: 'Amount (CNY)' }, required: true, min: 0, max: 1e10, decimals: 2 },
    { key: 'date', type: 5, label: { zh: '日期', en: 'Date' }, required: true },
    remark,
  ],
  list: { columns: ['item', 'purpose', 'amount', 'date'], filters: ['item', 'purpose'], sort: { field: 'date', order: 'desc' } },
  seedCalls: crud,
});

/** facilityInspection: maintenance of protective facilities. */
export const facilityMaintenanceLedger = ledger({
  area: 'HMInspectionAndMaintenanceRecord',
  entity: 'FacilityMaintenanceRecord',
  name: { zh: '防护设施维护检修记录', en: 'Protective facility maintenance' },
  titleField: 'facility',
  fields: [
    { key: 'facility', type: 4, label: { zh: '防护设施', en: 'Facility' }, required: true, max: 100 },
    { key: 'region', type: 2, label: { zh: '区域', en: 'Region' }, required: true },
    { key: 'date', type: 5, label: { zh: '检修日期', en: 'Date' }, required: true },
    { key: 'result', type: 7, label: { zh: '结果', en: 'Result' }, required: true, options: yesNoResult },
    remark,
  ],
  list: {
    columns: ['facility', 'region', 'date', 'result'],
    filters: ['facility', 'region', 'result'],
    sort: { field: 'date', order: 'desc' },
  },
  isolation: { region: 'region' },
  seedCalls: crud,
});

/** healthInspections: the employer's own occupational hygiene inspections. */
export const hygieneInspectionLedger = ledger({
  area: 'HMOccupationalHygieneInspection',
  entity: 'OccupationalHygieneInspection',
  name: { zh: '用人单位职业卫生检查', en: 'Employer hygiene inspections' },
  titleField: 'subject',
  fields: [
    { key: 'subject', type: 4, label: { zh: '检查内容', en: 'Subject' }, required: true, max: 100 },
    { key: 'region', type: 2, label: { zh: '区域', en: 'Region' }, required: true },
    { key: 'date', type: 5, label: { zh: '检查日期', en: 'Date' }, required: true },
    { key: 'inspector', type: 4, label: { zh: '检查人', en: 'Inspector' }, max: 50 },
    { key: 'result', type: 7, label: { zh: '结果', en: 'Result' }, required: true, options: yesNoResult },
    { key: 'findings', type: 17, label: { zh: '发现问题', en: 'Findings' } },
  ],
  list: {
    columns: ['subject', 'region', 'date', 'inspector', 'result'],
    filters: ['subject', 'region', 'result'],
    sort: { field: 'date', order: 'desc' },
  },
  isolation: { region: 'region' },
  seedCalls: crud,
});

/** carrySituation: regulators' opinions and how they were carried out. */
export const regulatoryOpinionLedger = ledger({
  area: 'HMRegulatoryOpinionRecord',
  entity: 'RegulatoryOpinionRecord',
  name: { zh: '监管意见落实情况', en: 'Supervision opinions' },
  titleField: 'opinion',
  fields: [
    { key: 'authority', type: 4, label: { zh: '监管部门', en: 'Authority' }, required: true, max: 100 },
    { key: 'opinion', type: 4, label: { zh: '意见', en: 'Opinion' }, required: true, max: 200 },
    { key: 'date', type: 5, label: { zh: '下达日期', en: 'Issued on' }, required: true },
    { key: 'deadline', type: 5, label: { zh: '整改期限', en: 'Deadline' }, notBefore: 'date' },
    {
      key: 'state',
      type: 7,
      label: { zh: '落实情况', en: 'Carried out' },
      required: true,
      options: [
        { value: 'open', label: { zh: '落实中', en: 'In progress' } },
        { value: 'done', label: { zh: '已落实', en: 'Done' } },
      ],
    },
    remark,
  ],
  list: {
    columns: ['authority', 'opinion', 'date', 'deadline', 'state'],
    filters: ['authority', 'state'],
    sort: { field: 'date', order: 'desc' },
  },
  seedCalls: crud,
});

/** publicityFiles: occupational health training and publicity archive. */
export const trainingArchiveLedger = ledger({
  area: 'HMPublicityFiles',
  entity: 'OccupationalHealthTraining',
  name: { zh: '职业卫生培训档案', en: 'Training archive' },
  titleField: 'title',
  fields: [
    { key: 'title', type: 4, label: { zh: '培训/宣传主题', en: 'Topic' }, required: true, max: 100 },
    { key: 'date', type: 5, label: { zh: '日期', en: 'Date' }, required: true },
    { key: 'hours', type: 22, label: { zh: '学时', en: 'Hours' }, min: 0, max: 1000, decimals: 1 },
    { key: 'participants', type: 22, label: { zh: '参加人数', en: 'Participants' }, min: 0, max: 100000, decimals: 0 },
    attachment,
  ],
  list: { columns: ['title', 'date', 'hours', 'participants'], filters: ['title'], sort: { field: 'date', order: 'desc' } },
  seedCalls: crud,
});

/** diseaseEquipmentMaterials: equipment and materials that give rise to hazards. */
export const equipmentMaterialLedger = ledger({
  area: 'HMEquipmentMaterials',
  entity: 'HazardEquipmentMaterial',
  name: { zh: '产生危害的设备与材料', en: 'Hazard equipment and materials' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '名称', en: 'Name' }, required: true, max: 100 },
    {
      key: 'kind',
      type: 7,
      label: { zh: '类别', en: 'Kind' },
      required: true,
      options: [
        { value: 'equipment', label: { zh: '设备', en: 'Equipment' } },
        { value: 'material', label: { zh: '材料', en: 'Material' } },
      ],
    },
    { key: 'region', type: 2, label: { zh: '区域', en: 'Region' } },
    { key: 'hazards', type: 21, label: { zh: '产生的危害因素', en: 'Hazards' }, options: hazardOptions },
    remark,
  ],
  list: { columns: ['name', 'kind', 'region', 'hazards'], filters: ['name', 'kind', 'region'], sort: { field: 'name', order: 'asc' } },
  isolation: { region: 'region' },
  seedCalls: crud,
});

/** limitType: kinds of exposure limit (the three of GBZ 2.1 and any a plant adds). */
export const boundTypeLedger = ledger({
  area: 'HMOccupationalExposureBoundType',
  entity: 'OccupationalExposureBoundType',
  name: { zh: '接触限值类型', en: 'Exposure limit types' },
  titleField: 'name',
  fields: [
    { key: 'code', type: 4, label: { zh: '代码', en: 'Code' }, required: true, unique: true, max: 20 },
    { key: 'name', type: 4, label: { zh: '名称', en: 'Name' }, required: true, max: 60 },
    { key: 'minutes', type: 22, label: { zh: '参考时间（分钟）', en: 'Reference period (min)' }, min: 0, max: 1440, decimals: 0 },
    remark,
  ],
  list: { columns: ['code', 'name', 'minutes'], filters: ['code', 'name'], sort: { field: 'code', order: 'asc' } },
  seedCalls: crud,
});

/** Every ledger of the module (the pages of `healthLedgerPages` in the manifest name the plain ones by entity). */
export const healthLedgers = [
  harmfulFactorLedger,
  hazardousPositionLedger,
  safeguardLedger,
  warningSignLedger,
  personalArchiveLedger,
  examRecordLedger,
  examPlanLedger,
  measurementLedger,
  diseasePatientLedger,
  pastHistoryLedger,
  threeSimultaneousLedger,
  preventionPlanLedger,
  declarationLedger,
  fundsLedger,
  facilityMaintenanceLedger,
  hygieneInspectionLedger,
  regulatoryOpinionLedger,
  trainingArchiveLedger,
  equipmentMaterialLedger,
  boundTypeLedger,
];
