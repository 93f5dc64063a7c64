import { defineRecord } from '../records/definition.js';

/*
 * Energy isolation, LOTO (issue 25 §6, DOMAIN.md §7; spec 2 §3 "Energy
 * isolation sheet / plan", §4 statuses −1, 1, 2, 3, 4, 7, 8) on the record
 * engine. The sheet's flow: assessed (1 → 2) and approved (2 → 3) by the
 * engine's transitions, signed on the pad by the person named; then the steps
 * held in code (`UAPI/EnergyIsolation/Lock|Verify|Remove`): the first
 * confirmation locks and tags every point, the second, another person,
 * verifies it (3 → 4, in effect); removal is asked for (4 → 7) and signed
 * (7 → 8) only once no linked permit's work is open. A permit linked by its
 * number may not start until each of its sheets is in effect.
 */

const VIEW = ['permit:view'];
const EDIT = ['permit:ticket'];
const l = (zh: string, en: string) => ({ zh, en });

export const isolationStatus = { cancelled: -1, toAssess: 1, toApprove: 2, toImplement: 3, inEffect: 4, toRemove: 7, closed: 8 } as const;

export const energyTypes = [
  { value: 'electric', label: l('电能', 'Electrical') },
  { value: 'mechanical', label: l('机械能', 'Mechanical') },
  { value: 'hydraulic', label: l('液压能', 'Hydraulic') },
  { value: 'pneumatic', label: l('气压能', 'Pneumatic') },
  { value: 'chemical', label: l('化学能（物料）', 'Chemical (process media)') },
  { value: 'thermal', label: l('热能', 'Thermal') },
  { value: 'gravity', label: l('重力势能', 'Gravity') },
  { value: 'radiation', label: l('辐射能', 'Radiation') },
];

export const isolationTypes = [
  { value: 'valve', label: l('关闭阀门', 'Valve closed') },
  { value: 'blind', label: l('加盲板', 'Blind inserted') },
  { value: 'breaker', label: l('断开断路器', 'Breaker open') },
  { value: 'disconnect', label: l('拆除连接', 'Disconnected') },
  { value: 'bleed', label: l('泄压排空', 'Bled and vented') },
];

export const isolationPlanLedger = defineRecord({
  area: 'EnergyIsolation',
  entity: 'EnergyIsolationPlan',
  name: l('能量隔离方案', 'Energy isolation plans'),
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: l('方案名称', 'Name'), required: true, max: 100 },
    { key: 'planner', type: 3, label: l('编制人', 'Planner'), required: true },
    { key: 'date', type: 5, label: l('编制日期', 'Date'), required: true },
    { key: 'order', type: 22, label: l('顺序', 'Order'), decimals: 0 },
    { key: 'region', type: 2, label: l('所在区域', 'Region'), required: true },
    { key: 'steps', type: 17, label: l('隔离步骤', 'Isolation steps'), max: 4000 },
  ],
  list: { columns: ['name', 'planner', 'date', 'region'], filters: ['name', 'region'], sort: { field: 'updated', order: 'desc' } },
  isolation: { region: 'region' },
  permissions: { view: VIEW, edit: EDIT, delete: EDIT },
});

export const isolationSheetLedger = defineRecord({
  area: 'EnergyIsolation',
  entity: 'EnergyIsolation',
  name: l('能量隔离单', 'Energy isolation sheets'),
  titleField: 'number',
  fields: [
    { key: 'number', type: 15, label: l('隔离单号', 'Number') },
    { key: 'plan', type: 100, label: l('隔离方案', 'Plan'), ref: { entity: 'EnergyIsolationPlan', label: 'name' } },
    { key: 'equipment', type: 4, label: l('隔离设备', 'Equipment'), required: true, max: 200 },
    { key: 'region', type: 2, label: l('所在区域', 'Region'), required: true },
    { key: 'energyTypes', type: 21, label: l('能量类型', 'Energy types'), required: true, options: energyTypes },
    {
      key: 'points',
      type: 12,
      label: l('隔离点', 'Isolation points'),
      required: true,
      max: 50,
      columns: [
        { key: 'point', type: 4, label: l('隔离点描述', 'Point'), required: true, max: 200 },
        { key: 'isolationType', type: 7, label: l('隔离方式', 'Isolation type'), required: true, options: isolationTypes },
        { key: 'lockNo', type: 4, label: l('锁号', 'Lock number'), max: 40 },
        { key: 'tagNo', type: 4, label: l('标签号', 'Tag number'), max: 40 },
      ],
    },
    { key: 'implementers', type: 9, label: l('实施人', 'Implementers'), required: true, max: 20 },
    { key: 'assessor', type: 3, label: l('评估人', 'Assessor'), required: true },
    { key: 'approver', type: 3, label: l('审批人', 'Approver'), required: true },
    { key: 'doneBy1', type: 3, label: l('上锁挂牌确认人', 'First confirmation (lock and tag)'), required: true },
    { key: 'doneBy2', type: 3, label: l('隔离效果验证人', 'Second confirmation (verification)'), required: true },
    { key: 'permitNos', type: 4, label: l('关联作业票号（逗号分隔）', 'Linked permit numbers (comma separated)'), max: 500 },
    { key: 'lockSign', type: 44, label: l('上锁挂牌签名', 'Lock and tag signature'), readOnly: true },
    { key: 'lockedAt', type: 5, label: l('上锁时间', 'Locked at'), readOnly: true },
    { key: 'verifySign', type: 44, label: l('验证签名', 'Verification signature'), readOnly: true },
    { key: 'verifiedAt', type: 5, label: l('验证时间', 'Verified at'), readOnly: true },
    { key: 'removeSign', type: 44, label: l('解除签名', 'Removal signature'), readOnly: true },
    { key: 'removedBy', type: 3, label: l('解除人', 'Removed by'), readOnly: true },
    { key: 'removedAt', type: 5, label: l('解除时间', 'Removed at'), readOnly: true },
  ],
  list: { columns: ['number', 'equipment', 'region', 'energyTypes', 'permitNos', 'doneBy1', 'doneBy2'], filters: ['number', 'equipment', 'region', 'permitNos'], sort: { field: 'updated', order: 'desc' } },
  isolation: { region: 'region' },
  permissions: { view: VIEW, edit: EDIT, delete: EDIT },
  workflow: {
    initial: 1,
    states: [
      { code: -1, label: l('已取消', 'Cancelled') },
      { code: 1, label: l('待评估', 'To be assessed'), approvers: { field: 'assessor' } },
      { code: 2, label: l('待审批', 'To be approved'), approvers: { field: 'approver' } },
      { code: 3, label: l('待实施', 'To be implemented'), approvers: { field: 'doneBy1' } },
      { code: 4, label: l('生效中', 'In effect') },
      { code: 7, label: l('待解除', 'To be removed'), approvers: { field: 'doneBy1' } },
      { code: 8, label: l('已关闭', 'Closed') },
    ],
    transitions: [
      { action: 'assess', label: l('评估通过', 'Assessed'), from: [1], to: 2, approverOnly: true, inputs: ['signature'] },
      { action: 'approve', label: l('审批通过', 'Approve'), from: [2], to: 3, approverOnly: true, inputs: ['signature'] },
      { action: 'requestRemoval', label: l('申请解除隔离', 'Ask for removal'), from: [4], to: 7, grant: EDIT, inputs: ['signature'] },
      { action: 'cancel', label: l('取消', 'Cancel'), from: [1, 2, 3], to: -1, grant: EDIT, inputs: ['reason'] },
    ],
  },
});

export const isolationLedgers = [isolationPlanLedger, isolationSheetLedger];

/** The permit numbers a sheet names (`DH202611250001, SX…`). */
export const permitNosOf = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
        .split(/[,，;；\s]+/)
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
