import { defineRecord } from '../records/definition.js';

/*
 * Safety inspections (安全检查, /SecurityCheck/SafeInspection) and special
 * inspections (专项检查, /SpecialInspection/*) are paperwork: ledgers on the
 * record engine. A check is planned, done with its items and result, and its
 * findings go on as hidden dangers (the hidden-danger loop's own ledger, source
 * "special").
 */

const opt = (value: string, zh: string, en: string) => ({ value, label: { zh, en } });

/** Kinds of safety inspection (应急〔2019〕78 号 check cycles: daily, weekly, monthly, seasonal, holiday, comprehensive). */
export const safeInspectionKinds = [
  opt('daily', '日常检查', 'Daily'),
  opt('comprehensive', '综合检查', 'Comprehensive'),
  opt('special', '专项检查', 'Special'),
  opt('seasonal', '季节性检查', 'Seasonal'),
  opt('holiday', '节假日检查', 'Holiday'),
  opt('shift', '班组检查', 'Shift team'),
];

/** Kinds of special inspection. */
export const specialInspectionKinds = [
  opt('fire', '消防安全', 'Fire safety'),
  opt('flood', '防汛防台', 'Flood and typhoon'),
  opt('lightning', '防雷防静电', 'Lightning and static'),
  opt('chemicals', '危险化学品', 'Hazardous chemicals'),
  opt('equipment', '特种设备', 'Special equipment'),
  opt('electric', '电气安全', 'Electrical safety'),
  opt('winter', '冬季防冻防凝', 'Winter freeze protection'),
  opt('other', '其他', 'Other'),
];

export const checkResults = [opt('ok', '合格', 'Qualified'), opt('fail', '不合格', 'Unqualified'), opt('na', '不适用', 'Not applicable')];

const checkTable = {
  key: 'items',
  type: 12 as const,
  label: { zh: '检查项目', en: 'Check items' },
  max: 100,
  columns: [
    { key: 'item', type: 4 as const, label: { zh: '检查内容', en: 'What is checked' }, required: true, max: 200 },
    { key: 'standard', type: 4 as const, label: { zh: '检查标准', en: 'Standard' }, max: 200 },
    { key: 'result', type: 7 as const, label: { zh: '检查结果', en: 'Result' }, options: checkResults },
    { key: 'remark', type: 4 as const, label: { zh: '问题描述', en: 'Problem found' }, max: 200 },
  ],
};

/** States of a check: planned (to be implemented), done (to be confirmed), confirmed by the leader (completed). */
const checkFlow = (grantManage: string) => ({
  initial: 7,
  states: [
    { code: 7 as const, label: { zh: '待检查', en: 'To be checked' } },
    { code: 3 as const, label: { zh: '待确认', en: 'To be confirmed' } },
    { code: 4 as const, label: { zh: '已完成', en: 'Completed' } },
    { code: -1 as const, label: { zh: '已取消', en: 'Canceled' } },
  ],
  transitions: [
    { action: 'submit', label: { zh: '提交检查结果', en: 'Submit the results' }, from: [7], to: 3, inputs: ['signature' as const] },
    { action: 'confirm', label: { zh: '确认', en: 'Confirm' }, from: [3], to: 4, grant: [grantManage] },
    { action: 'sendBack', label: { zh: '退回', en: 'Send back' }, from: [3], to: 7, grant: [grantManage], inputs: ['reason' as const] },
    { action: 'cancel', label: { zh: '取消', en: 'Cancel' }, from: [7], to: -1, grant: [grantManage], inputs: ['reason' as const] },
  ],
});

/** /SecurityCheck/SafeInspection: a safety inspection, its items and result. */
export const safeInspectionLedger = defineRecord({
  area: 'SecurityCheck',
  entity: 'SafeInspection',
  name: { zh: '安全检查', en: 'Safety inspections' },
  titleField: 'title',
  fields: [
    { key: 'title', type: 4, label: { zh: '检查名称', en: 'Title' }, required: true, max: 100 },
    { key: 'kind', type: 7, label: { zh: '检查类型', en: 'Kind' }, required: true, options: safeInspectionKinds },
    { key: 'region', type: 2, label: { zh: '检查区域', en: 'Region' }, required: true },
    { key: 'dept', type: 1, label: { zh: '受检部门', en: 'Department checked' } },
    { key: 'date', type: 5, label: { zh: '检查日期', en: 'Date' }, required: true },
    { key: 'leader', type: 3, label: { zh: '检查负责人', en: 'Leader' }, required: true },
    { key: 'checkers', type: 9, label: { zh: '检查人员', en: 'Checkers' } },
    checkTable,
    { key: 'problems', type: 22, label: { zh: '发现问题数', en: 'Problems found' }, min: 0, max: 10000, decimals: 0 },
    { key: 'dangers', type: 22, label: { zh: '登记隐患数', en: 'Hidden dangers registered' }, min: 0, max: 10000, decimals: 0 },
    { key: 'conclusion', type: 17, label: { zh: '检查结论', en: 'Conclusion' }, max: 2000 },
    { key: 'photos', type: 53, label: { zh: '现场照片', en: 'Photos' }, max: 9 },
    { key: 'files', type: 6, label: { zh: '附件', en: 'Attachments' }, max: 9 },
  ],
  list: { columns: ['title', 'kind', 'region', 'dept', 'date', 'leader', 'problems', 'dangers'], filters: ['title', 'kind', 'region', 'dept', 'date'], sort: { field: 'date', order: 'desc' } },
  isolation: { region: 'region' },
  permissions: { view: [], edit: ['inspection:check', 'inspection:manage'], delete: ['inspection:manage'] },
  workflow: checkFlow('inspection:manage'),
});

/** /SpecialInspection/plan: a special inspection plan (what, where, how often, who). */
export const specialPlanLedger = defineRecord({
  area: 'SpecialInspection',
  entity: 'SpecialInspectionPlan',
  name: { zh: '专项检查计划', en: 'Special inspection plans' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '计划名称', en: 'Plan name' }, required: true, unique: true, max: 100 },
    { key: 'kind', type: 7, label: { zh: '专项类型', en: 'Kind' }, required: true, options: specialInspectionKinds },
    { key: 'region', type: 2, label: { zh: '检查区域', en: 'Region' }, required: true },
    { key: 'dept', type: 1, label: { zh: '负责部门', en: 'Department' } },
    { key: 'responsible', type: 3, label: { zh: '负责人', en: 'Responsible' }, required: true },
    {
      key: 'cycle',
      type: 7,
      label: { zh: '检查周期', en: 'Cycle' },
      required: true,
      options: [opt('once', '一次', 'Once'), opt('month', '每月', 'Monthly'), opt('quarter', '每季度', 'Quarterly'), opt('half', '每半年', 'Half-yearly'), opt('year', '每年', 'Yearly')],
    },
    { key: 'start', type: 5, label: { zh: '开始日期', en: 'Start' }, required: true },
    { key: 'end', type: 5, label: { zh: '结束日期', en: 'End' }, notBefore: 'start' },
    { ...checkTable, label: { zh: '检查内容', en: 'What to check' } },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' }, max: 1000 },
  ],
  list: { columns: ['name', 'kind', 'region', 'responsible', 'cycle', 'start', 'end'], filters: ['name', 'kind', 'region'], sort: { field: 'start', order: 'desc' } },
  isolation: { region: 'region' },
  permissions: { view: [], edit: ['inspection:manage'], delete: ['inspection:manage'] },
});

/** /SpecialInspection/task: one special inspection to carry out, from a plan or on its own. */
export const specialTaskLedger = defineRecord({
  area: 'SpecialInspection',
  entity: 'SpecialInspectionTask',
  name: { zh: '专项检查任务', en: 'Special inspection tasks' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '任务名称', en: 'Task' }, required: true, max: 100 },
    { key: 'plan', type: 100, label: { zh: '所属计划', en: 'Plan' }, ref: { entity: 'SpecialInspectionPlan', label: 'name' } },
    { key: 'kind', type: 7, label: { zh: '专项类型', en: 'Kind' }, required: true, options: specialInspectionKinds },
    { key: 'region', type: 2, label: { zh: '检查区域', en: 'Region' }, required: true },
    { key: 'inspectors', type: 9, label: { zh: '检查人员', en: 'Inspectors' }, required: true },
    { key: 'due', type: 5, label: { zh: '完成期限', en: 'Due' }, required: true },
    { key: 'content', type: 17, label: { zh: '检查要求', en: 'Requirements' }, max: 2000 },
  ],
  list: { columns: ['name', 'plan', 'kind', 'region', 'inspectors', 'due'], filters: ['name', 'kind', 'region', 'due'], sort: { field: 'due', order: 'asc' } },
  isolation: { region: 'region' },
  permissions: { view: [], edit: ['inspection:manage'], delete: ['inspection:manage'] },
  workflow: {
    initial: 7,
    states: [
      { code: 7, label: { zh: '待执行', en: 'To do' } },
      { code: 4, label: { zh: '已完成', en: 'Done' } },
      { code: -1, label: { zh: '已取消', en: 'Canceled' } },
    ],
    transitions: [
      { action: 'finish', label: { zh: '完成', en: 'Finish' }, from: [7], to: 4, grant: ['inspection:check', 'inspection:manage'] },
      { action: 'cancel', label: { zh: '取消', en: 'Cancel' }, from: [7], to: -1, grant: ['inspection:manage'], inputs: ['reason'] },
    ],
  },
});

/** /SpecialInspection/records: what was found on a special inspection; its detail page is /SpecialInspection/recordsDetail. */
export const specialRecordLedger = defineRecord({
  area: 'SpecialInspection',
  entity: 'SpecialInspectionRecord',
  name: { zh: '专项检查记录', en: 'Special inspection records' },
  titleField: 'title',
  fields: [
    { key: 'title', type: 4, label: { zh: '记录名称', en: 'Title' }, required: true, max: 100 },
    { key: 'task', type: 100, label: { zh: '检查任务', en: 'Task' }, ref: { entity: 'SpecialInspectionTask', label: 'name' } },
    { key: 'kind', type: 7, label: { zh: '专项类型', en: 'Kind' }, required: true, options: specialInspectionKinds },
    { key: 'region', type: 2, label: { zh: '检查区域', en: 'Region' }, required: true },
    { key: 'date', type: 5, label: { zh: '检查日期', en: 'Date' }, required: true },
    { key: 'leader', type: 3, label: { zh: '检查负责人', en: 'Leader' }, required: true },
    { key: 'checkers', type: 9, label: { zh: '检查人员', en: 'Checkers' } },
    checkTable,
    { key: 'problems', type: 22, label: { zh: '发现问题数', en: 'Problems found' }, min: 0, max: 10000, decimals: 0 },
    { key: 'conclusion', type: 17, label: { zh: '检查结论', en: 'Conclusion' }, max: 2000 },
    { key: 'photos', type: 53, label: { zh: '现场照片', en: 'Photos' }, max: 9 },
  ],
  list: { columns: ['title', 'task', 'kind', 'region', 'date', 'leader', 'problems'], filters: ['title', 'kind', 'region', 'date'], sort: { field: 'date', order: 'desc' } },
  isolation: { region: 'region' },
  permissions: { view: [], edit: ['inspection:check', 'inspection:manage'], delete: ['inspection:manage'] },
  workflow: checkFlow('inspection:manage'),
});

/** What kind of sealing point was checked (HJ 733-2014 泄漏和敞开液面排放的挥发性有机物检测技术导则, 密封点类型). */
const leakComponents = [
  { value: 'valve', label: { zh: '阀门', en: 'Valve' } },
  { value: 'flange', label: { zh: '法兰', en: 'Flange' } },
  { value: 'connector', label: { zh: '连接件', en: 'Connector' } },
  { value: 'pump', label: { zh: '泵', en: 'Pump seal' } },
  { value: 'compressor', label: { zh: '压缩机', en: 'Compressor seal' } },
  { value: 'reliefValve', label: { zh: '泄压设备', en: 'Pressure relief device' } },
  { value: 'openLine', label: { zh: '开口阀或开口管线', en: 'Open-ended line' } },
  { value: 'sampling', label: { zh: '取样连接系统', en: 'Sampling connection' } },
  { value: 'other', label: { zh: '其他', en: 'Other' } },
];

/**
 * /inspection/LeakCheckRecord: leak detection and repair (LDAR) records, one
 * sealing point checked: where, what, the reading against the leak threshold,
 * and the repair and recheck of a leak. Paperwork on the record engine.
 */
export const leakCheckLedger = defineRecord({
  area: 'Inspection',
  entity: 'LeakCheckRecord',
  name: { zh: '泄漏检测记录', en: 'Leak check records' },
  titleField: 'place',
  fields: [
    { key: 'place', type: 4, label: { zh: '检测位置（装置/设备）', en: 'Place (unit / equipment)' }, required: true, max: 100 },
    { key: 'region', type: 2, label: { zh: '所在区域', en: 'Region' }, required: true },
    { key: 'tagNo', type: 4, label: { zh: '密封点编号', en: 'Sealing point No.' }, max: 50 },
    { key: 'component', type: 7, label: { zh: '密封点类型', en: 'Component' }, required: true, options: leakComponents },
    { key: 'medium', type: 4, label: { zh: '介质', en: 'Medium' }, max: 50 },
    { key: 'date', type: 5, label: { zh: '检测日期', en: 'Checked on' }, required: true },
    { key: 'checker', type: 3, label: { zh: '检测人', en: 'Checked by' }, required: true },
    { key: 'instrument', type: 4, label: { zh: '检测仪器', en: 'Instrument' }, max: 50 },
    { key: 'background', type: 22, label: { zh: '环境本底值（μmol/mol）', en: 'Background (μmol/mol)' }, min: 0, max: 1000000, decimals: 1 },
    { key: 'reading', type: 22, label: { zh: '检测值（μmol/mol）', en: 'Reading (μmol/mol)' }, required: true, min: 0, max: 1000000, decimals: 1 },
    { key: 'threshold', type: 22, label: { zh: '泄漏认定浓度（μmol/mol）', en: 'Leak threshold (μmol/mol)' }, min: 0, max: 1000000, decimals: 0 },
    { key: 'leak', type: 7, label: { zh: '是否泄漏', en: 'Leaking' }, required: true, options: [
      { value: 'no', label: { zh: '否', en: 'No' } },
      { value: 'yes', label: { zh: '是', en: 'Yes' } },
    ] },
    { key: 'repairDeadline', type: 5, label: { zh: '修复期限', en: 'Repair deadline' } },
    { key: 'repairedOn', type: 5, label: { zh: '修复日期', en: 'Repaired on' } },
    { key: 'recheck', type: 22, label: { zh: '复测值（μmol/mol）', en: 'Recheck (μmol/mol)' }, min: 0, max: 1000000, decimals: 1 },
    { key: 'note', type: 17, label: { zh: '备注', en: 'Note' }, max: 2000 },
    { key: 'photos', type: 53, label: { zh: '现场照片', en: 'Photos' }, max: 9 },
  ],
  list: { columns: ['place', 'tagNo', 'component', 'region', 'date', 'reading', 'leak', 'repairedOn'], filters: ['place', 'component', 'region', 'leak', 'date'], sort: { field: 'date', order: 'desc' } },
  isolation: { region: 'region' },
  permissions: { view: [], edit: ['inspection:check', 'inspection:manage'], delete: ['inspection:manage'] },
});

export const inspectionLedgers = [safeInspectionLedger, specialPlanLedger, specialTaskLedger, specialRecordLedger, leakCheckLedger];
