import { permitTypeCodes } from '../domain/gb30871-input.js';
import { defineRecord } from '../records/definition.js';

/*
 * Job safety analysis, JSA (issue 25 §2 "hazard identification", spec 2 §2.3
 * /JSA/*) on the record engine: the analysis of a piece of work (its task
 * steps, each with its hazards, consequences and control measures, the
 * analyst and the participants), its hazard library (the data centre), work
 * types and the two configurations. A permit's statutory JSA step links the
 * JSA by the permit's number; a hot-work permit's JSA step waits for a
 * completed JSA of hot work naming it (`permits.jsaMissing`).
 */

const VIEW = ['permit:view'];
const EDIT = ['permit:apply'];
const CONFIG = ['permit:ticket'];
const l = (zh: string, en: string) => ({ zh, en });

/** JSA statuses (seed record statuses): analysing, completed, voided. */
export const jsaStatus = { analysing: 1, completed: 4, voided: -1 } as const;

export const permitTypeOptions = permitTypeCodes.map((value) => ({
  value,
  label: {
    hot: l('动火作业', 'Hot work'),
    confined: l('受限空间作业', 'Confined space entry'),
    blind: l('盲板抽堵作业', 'Blind plate'),
    lifting: l('吊装作业', 'Lifting'),
    height: l('高处作业', 'Work at height'),
    power: l('临时用电作业', 'Temporary power'),
    excavation: l('动土作业', 'Excavation'),
    road: l('断路作业', 'Road closure'),
  }[value],
}));

/** Kinds of hazard the analysis counts by (GB/T 13861 categories as a plant names them). */
export const hazardTypeOptions = [
  { value: 'fire', label: l('火灾爆炸', 'Fire and explosion') },
  { value: 'poison', label: l('中毒窒息', 'Poisoning and asphyxiation') },
  { value: 'fall', label: l('高处坠落', 'Fall from height') },
  { value: 'struck', label: l('物体打击', 'Struck by objects') },
  { value: 'electric', label: l('触电', 'Electric shock') },
  { value: 'burn', label: l('灼烫', 'Burns and scalds') },
  { value: 'collapse', label: l('坍塌', 'Collapse') },
  { value: 'mechanical', label: l('机械伤害', 'Mechanical injury') },
  { value: 'lifting', label: l('起重伤害', 'Lifting injury') },
  { value: 'other', label: l('其他', 'Other') },
];
export const hazardTypeCodes = hazardTypeOptions.map((o) => o.value);

export const jsaWorkTypeLedger = defineRecord({
  area: 'JSA',
  entity: 'JSAWorkType',
  name: l('JSA作业类型', 'JSA work types'),
  titleField: 'name',
  fields: [
    { key: 'code', type: 4, label: l('类型编码', 'Code'), required: true, unique: true, max: 40 },
    { key: 'name', type: 4, label: l('类型名称', 'Name'), required: true, max: 100 },
    { key: 'permitType', type: 7, label: l('对应作业票类型', 'Permit type'), required: true, options: permitTypeOptions },
    { key: 'remark', type: 17, label: l('说明', 'Description'), max: 1000 },
  ],
  list: { columns: ['code', 'name', 'permitType'], filters: ['name', 'permitType'], sort: { field: 'updated', order: 'desc' } },
  permissions: { view: VIEW, edit: CONFIG, delete: CONFIG },
});

/** The data centre: the plant's library of hazards by work type, with their consequences and standard controls. */
export const jsaHazardLedger = defineRecord({
  area: 'JSA',
  entity: 'JSAHazard',
  name: l('JSA数据中心（危害库）', 'JSA data centre (hazard library)'),
  titleField: 'hazard',
  fields: [
    { key: 'permitType', type: 7, label: l('作业类型', 'Work type'), required: true, options: permitTypeOptions },
    { key: 'hazardType', type: 7, label: l('危害类别', 'Hazard kind'), required: true, options: hazardTypeOptions },
    { key: 'hazard', type: 4, label: l('危害因素', 'Hazard'), required: true, max: 200 },
    { key: 'consequence', type: 17, label: l('可能后果', 'Consequence'), max: 1000 },
    { key: 'controls', type: 17, label: l('控制措施', 'Control measures'), required: true, max: 2000 },
  ],
  list: { columns: ['permitType', 'hazardType', 'hazard', 'controls'], filters: ['permitType', 'hazardType', 'hazard'], sort: { field: 'updated', order: 'desc' } },
  permissions: { view: VIEW, edit: CONFIG, delete: CONFIG },
});

/** Apply config: which permit types need a JSA before their JSA step, and the template the analysis starts from. */
export const jsaApplyConfigLedger = defineRecord({
  area: 'JSA',
  entity: 'JSAApplyConfig',
  name: l('JSA申请配置', 'JSA apply configuration'),
  titleField: 'permitType',
  fields: [
    { key: 'permitType', type: 7, label: l('作业类型', 'Work type'), required: true, unique: true, options: permitTypeOptions },
    { key: 'required', type: 7, label: l('是否必须JSA', 'JSA required'), required: true, options: [
      { value: 'yes', label: l('必须', 'Required') },
      { value: 'no', label: l('可选', 'Optional') },
    ] },
    { key: 'template', type: 17, label: l('分析模板（作业步骤）', 'Template (task steps)'), max: 2000 },
  ],
  list: { columns: ['permitType', 'required'], filters: ['permitType'], sort: { field: 'updated', order: 'desc' } },
  permissions: { view: VIEW, edit: CONFIG, delete: CONFIG },
});

/** Evaluate config: the risk bands an analysis grades its residual risk by (LEC score → level and what it requires). */
export const jsaEvaluateConfigLedger = defineRecord({
  area: 'JSA',
  entity: 'JSAEvaluateConfig',
  name: l('JSA评价配置', 'JSA evaluation configuration'),
  titleField: 'level',
  fields: [
    { key: 'level', type: 4, label: l('风险等级', 'Risk level'), required: true, unique: true, max: 40 },
    { key: 'minScore', type: 22, label: l('分值下限', 'Score from'), required: true, min: 0, decimals: 0 },
    { key: 'maxScore', type: 22, label: l('分值上限', 'Score to'), min: 0, decimals: 0 },
    { key: 'requirement', type: 17, label: l('管控要求', 'What it requires'), required: true, max: 1000 },
  ],
  list: { columns: ['level', 'minScore', 'maxScore', 'requirement'], filters: ['level'], sort: { field: 'updated', order: 'desc' } },
  permissions: { view: VIEW, edit: CONFIG, delete: CONFIG },
});

export const jsaLedger = defineRecord({
  area: 'JSA',
  entity: 'JSA',
  name: l('工作安全分析（JSA）', 'Job safety analyses (JSA)'),
  titleField: 'title',
  fields: [
    { key: 'number', type: 15, label: l('JSA编号', 'Number') },
    { key: 'title', type: 4, label: l('作业名称', 'Work'), required: true, max: 200 },
    { key: 'permitType', type: 7, label: l('作业类型', 'Work type'), required: true, options: permitTypeOptions },
    { key: 'workType', type: 100, label: l('JSA作业类型', 'JSA work type'), ref: { entity: 'JSAWorkType', label: 'name' } },
    { key: 'permitNo', type: 4, label: l('关联作业票号', 'Permit number'), max: 60 },
    { key: 'region', type: 2, label: l('所在区域', 'Region'), required: true },
    { key: 'place', type: 4, label: l('作业地点', 'Place'), max: 200 },
    {
      key: 'steps',
      type: 12,
      label: l('作业步骤与危害分析', 'Task steps and hazards'),
      required: true,
      max: 30,
      columns: [
        { key: 'step', type: 4, label: l('作业步骤', 'Task step'), required: true, max: 200 },
        { key: 'hazardType', type: 7, label: l('危害类别', 'Hazard kind'), required: true, options: hazardTypeOptions },
        { key: 'hazards', type: 17, label: l('危害因素', 'Hazards'), required: true, max: 1000 },
        { key: 'consequences', type: 17, label: l('可能后果', 'Consequences'), max: 1000 },
        { key: 'controls', type: 17, label: l('控制措施', 'Control measures'), required: true, max: 1000 },
      ],
    },
    { key: 'analyst', type: 3, label: l('分析人', 'Analyst'), required: true },
    { key: 'participants', type: 9, label: l('参与人员', 'Participants'), max: 30 },
    { key: 'analysedAt', type: 5, label: l('分析时间', 'Analysed at'), required: true },
  ],
  list: { columns: ['number', 'title', 'permitType', 'permitNo', 'region', 'analyst', 'analysedAt'], filters: ['title', 'permitType', 'permitNo', 'region', 'analyst'], sort: { field: 'updated', order: 'desc' } },
  isolation: { region: 'region' },
  permissions: { view: VIEW, edit: EDIT, delete: EDIT },
  workflow: {
    initial: jsaStatus.analysing,
    states: [
      { code: jsaStatus.analysing, label: l('分析中', 'Analysing'), approvers: { field: 'analyst' } },
      { code: jsaStatus.completed, label: l('已完成', 'Completed') },
      { code: jsaStatus.voided, label: l('已作废', 'Voided') },
    ],
    transitions: [
      { action: 'complete', label: l('完成分析', 'Complete the analysis'), from: [jsaStatus.analysing], to: jsaStatus.completed, approverOnly: true },
      { action: 'void', label: l('作废', 'Void'), from: [jsaStatus.analysing], to: jsaStatus.voided, approverOnly: true, inputs: ['reason'] },
    ],
  },
});

export const jsaLedgers = [jsaWorkTypeLedger, jsaHazardLedger, jsaApplyConfigLedger, jsaEvaluateConfigLedger, jsaLedger];
