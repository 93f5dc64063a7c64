import { defineRecord, type RecordDefinitionInput } from '../records/definition.js';

/*
 * Electrical and simple work tickets (issue 25 §6; spec 2 §2.3 /PowerSwitchBill,
 * /PowerSwitch, §2.5 /ElectricalBill/*, /SimpleWorkingBill/*) on the record
 * engine: each ticket a ledger with its workflow over the seed's statuses,
 * every transition signed on the pad by the person taking it (the engine
 * keeps the step with its signature and audits it); ticket types and content
 * templates are ledgers of their own.
 */

const VIEW = ['permit:view'];
const EDIT = ['permit:ticket'];

const yes = (zh: string, en: string) => ({ zh, en });

/** The switches and breakers power is cut and restored at (/PowerSwitch). */
export const powerSwitchLedger = defineRecord({
  area: 'PowerSwitch',
  entity: 'PowerSwitch',
  name: yes('电源开关台账', 'Power switches'),
  titleField: 'name',
  fields: [
    { key: 'code', type: 4, label: yes('开关编号', 'Switch number'), required: true, unique: true, max: 60 },
    { key: 'name', type: 4, label: yes('开关名称', 'Name'), required: true, max: 100 },
    { key: 'cabinet', type: 4, label: yes('所在配电柜', 'Switchgear / cabinet'), max: 100 },
    { key: 'voltage', type: 7, label: yes('电压等级', 'Voltage'), options: [
      { value: 'lv', label: yes('低压（0.4kV）', 'Low voltage (0.4 kV)') },
      { value: 'mv', label: yes('中压（6/10kV）', 'Medium voltage (6/10 kV)') },
      { value: 'hv', label: yes('高压（35kV及以上）', 'High voltage (35 kV and up)') },
    ] },
    { key: 'region', type: 2, label: yes('所在区域', 'Region'), required: true },
    { key: 'device', type: 13, label: yes('所供设备', 'Equipment supplied') },
    { key: 'state', type: 7, label: yes('当前状态', 'State'), options: [
      { value: 'on', label: yes('合闸（送电）', 'Closed (powered)') },
      { value: 'off', label: yes('分闸（停电）', 'Open (isolated)') },
    ] },
    { key: 'remark', type: 17, label: yes('备注', 'Remark') },
  ],
  list: { columns: ['code', 'name', 'cabinet', 'voltage', 'region', 'state'], filters: ['code', 'name', 'region', 'state'], sort: { field: 'updated', order: 'desc' } },
  isolation: { region: 'region' },
  permissions: { view: VIEW, edit: EDIT, delete: EDIT },
});

/** A power cut / restore ticket (停送电票, /PowerSwitchBill): approved, cut, restored, each signed. */
export const powerSwitchBillLedger = defineRecord({
  area: 'PowerSwitch',
  entity: 'PowerSwitchBill',
  name: yes('停送电票', 'Power cut and restore tickets'),
  titleField: 'number',
  fields: [
    { key: 'number', type: 15, label: yes('票号', 'Number') },
    { key: 'switch', type: 100, label: yes('电源开关', 'Switch'), required: true, ref: { entity: 'PowerSwitch', label: 'name' } },
    { key: 'region', type: 2, label: yes('所在区域', 'Region'), required: true },
    { key: 'permitNo', type: 4, label: yes('关联作业票号', 'Permit number served'), max: 60 },
    { key: 'reason', type: 17, label: yes('停电原因及作业内容', 'Reason and work'), required: true, max: 1000 },
    { key: 'cutAt', type: 5, label: yes('计划停电时间', 'Planned cut'), required: true },
    { key: 'restoreAt', type: 5, label: yes('计划送电时间', 'Planned restore'), required: true, notBefore: 'cutAt' },
    { key: 'approver', type: 3, label: yes('审批人', 'Approver'), required: true },
    { key: 'electrician', type: 3, label: yes('操作电工', 'Electrician'), required: true },
    { key: 'applicantSign', type: 44, label: yes('申请人签名', 'Applicant’s signature'), required: true },
  ],
  list: { columns: ['number', 'switch', 'region', 'permitNo', 'cutAt', 'restoreAt', 'electrician'], filters: ['number', 'region', 'permitNo'], sort: { field: 'updated', order: 'desc' } },
  isolation: { region: 'region' },
  permissions: { view: VIEW, edit: EDIT, delete: EDIT },
  workflow: {
    initial: 6,
    states: [
      { code: 6, label: yes('待审批', 'To be approved'), approvers: { field: 'approver' } },
      { code: 7, label: yes('待停电', 'To be cut'), approvers: { field: 'electrician' } },
      { code: 8, label: yes('已停电', 'Power cut'), approvers: { field: 'electrician' } },
      { code: 4, label: yes('已送电', 'Power restored') },
      { code: -1, label: yes('已作废', 'Voided') },
    ],
    transitions: [
      { action: 'approve', label: yes('审批通过', 'Approve'), from: [6], to: 7, approverOnly: true, inputs: ['signature'] },
      { action: 'reject', label: yes('驳回', 'Reject'), from: [6], to: -1, approverOnly: true, inputs: ['reason', 'signature'] },
      { action: 'cut', label: yes('停电确认', 'Confirm the cut'), from: [7], to: 8, approverOnly: true, inputs: ['signature'] },
      { action: 'restore', label: yes('送电确认', 'Confirm the restore'), from: [8], to: 4, approverOnly: true, inputs: ['signature'] },
    ],
  },
});

/** A ticket family: its types, its content templates and the tickets with their flow (电气工作票, 简易作业票). */
function ticketFamily(area: 'ElectricalBill' | 'SimpleWorkingBill', names: { zh: string; en: string }) {
  const type = defineRecord({
    area,
    entity: `${area}Type`,
    name: { zh: `${names.zh}类型`, en: `${names.en} types` },
    titleField: 'name',
    fields: [
      { key: 'code', type: 4, label: yes('类型编码', 'Code'), required: true, unique: true, max: 40 },
      { key: 'name', type: 4, label: yes('类型名称', 'Name'), required: true, max: 100 },
      { key: 'validityH', type: 22, label: yes('有效期（小时）', 'Validity (hours)'), min: 1, max: 720, decimals: 0 },
      { key: 'remark', type: 17, label: yes('说明', 'Description') },
    ],
    list: { columns: ['code', 'name', 'validityH'], filters: ['code', 'name'], sort: { field: 'updated', order: 'desc' } },
    permissions: { view: VIEW, edit: EDIT, delete: EDIT },
  });
  const content = defineRecord({
    area,
    entity: `${area}Content`,
    name: { zh: `${names.zh}安全措施内容`, en: `${names.en} safety measures` },
    titleField: 'title',
    fields: [
      { key: 'ticketType', type: 100, label: yes('票种', 'Ticket type'), required: true, ref: { entity: `${area}Type`, label: 'name' } },
      { key: 'title', type: 4, label: yes('措施名称', 'Measure'), required: true, max: 200 },
      { key: 'content', type: 17, label: yes('措施内容', 'Content'), required: true, max: 2000 },
      { key: 'sort', type: 22, label: yes('排序', 'Order'), decimals: 0 },
    ],
    list: { columns: ['ticketType', 'title', 'sort'], filters: ['ticketType', 'title'], sort: { field: 'updated', order: 'desc' } },
    permissions: { view: VIEW, edit: EDIT, delete: EDIT },
  });
  const ticket: RecordDefinitionInput = {
    area,
    entity: area,
    name: names,
    titleField: 'number',
    fields: [
      { key: 'number', type: 15, label: yes('票号', 'Number') },
      { key: 'ticketType', type: 100, label: yes('票种', 'Ticket type'), required: true, ref: { entity: `${area}Type`, label: 'name' } },
      { key: 'content', type: 17, label: yes('工作内容', 'Work'), required: true, max: 1000 },
      { key: 'place', type: 4, label: yes('工作地点', 'Place'), required: true, max: 200 },
      { key: 'region', type: 2, label: yes('所在区域', 'Region'), required: true },
      { key: 'dept', type: 1, label: yes('工作单位', 'Department'), required: true },
      { key: 'start', type: 5, label: yes('计划开始', 'Planned start'), required: true },
      { key: 'end', type: 5, label: yes('计划结束', 'Planned end'), required: true, notBefore: 'start' },
      { key: 'leader', type: 3, label: yes('工作负责人', 'Work leader'), required: true },
      { key: 'members', type: 9, label: yes('工作班成员', 'Crew'), max: 30 },
      { key: 'measures', type: 17, label: yes('安全措施', 'Safety measures'), required: true, max: 2000 },
      { key: 'issuer', type: 3, label: yes('签发人', 'Issuer'), required: true },
      { key: 'permitter', type: 3, label: yes('许可人', 'Permitting person'), required: true },
      { key: 'permitNo', type: 4, label: yes('关联作业票号', 'Related permit number'), max: 60 },
      { key: 'applicantSign', type: 44, label: yes('工作负责人签名', 'Leader’s signature'), required: true },
    ],
    list: { columns: ['number', 'ticketType', 'place', 'region', 'leader', 'start', 'end'], filters: ['number', 'ticketType', 'region', 'dept', 'leader'], sort: { field: 'updated', order: 'desc' } },
    isolation: { region: 'region', dept: 'dept' },
    permissions: { view: VIEW, edit: EDIT, delete: EDIT },
    workflow: {
      initial: 6,
      states: [
        { code: 6, label: yes('待签发', 'To be issued'), approvers: { field: 'issuer' } },
        { code: 7, label: yes('待许可', 'To be permitted'), approvers: { field: 'permitter' } },
        { code: 8, label: yes('工作中', 'In progress'), approvers: { field: 'permitter' } },
        { code: 4, label: yes('已终结', 'Finished') },
        { code: -1, label: yes('已作废', 'Voided') },
      ],
      transitions: [
        { action: 'issue', label: yes('签发', 'Issue'), from: [6], to: 7, approverOnly: true, inputs: ['signature'] },
        { action: 'permit', label: yes('许可开工', 'Permit the work'), from: [7], to: 8, approverOnly: true, inputs: ['signature'] },
        { action: 'finish', label: yes('工作终结', 'Finish'), from: [8], to: 4, approverOnly: true, inputs: ['signature'] },
        { action: 'void', label: yes('作废', 'Void'), from: [6, 7], to: -1, approverOnly: true, inputs: ['reason', 'signature'] },
      ],
    },
  };
  return [type, content, defineRecord(ticket)];
}

export const electricalBillLedgers = ticketFamily('ElectricalBill', yes('电气工作票', 'Electrical work tickets'));
export const simpleWorkingBillLedgers = ticketFamily('SimpleWorkingBill', yes('简易作业票', 'Simple work tickets'));

export const ticketLedgers = [powerSwitchLedger, powerSwitchBillLedger, ...electricalBillLedgers, ...simpleWorkingBillLedgers];
