import { defineRecord } from '../records/definition.js';
import { permitTypeOptions } from './jsa-ledgers.js';

/*
 * The permit report (spec 2 §2.5 /autoWorkingBillReport: confirmSetting,
 * reportSearch, myReport, SendReport, ReportDetail): a daily or weekly report
 * of the permits, its figures taken from the statistics call, sent through
 * the approval flow its configuration names (reviewer, then approver; the
 * record engine's flow with its to-dos and audit).
 */

const VIEW = ['permit:view'];
const SEND = ['permit:apply'];
const CONFIG = ['permit:ticket'];
const l = (zh: string, en: string) => ({ zh, en });

export const reportKindOptions = [
  { value: 'daily', label: l('日报', 'Daily') },
  { value: 'weekly', label: l('周报', 'Weekly') },
];

export const reportFlowLedger = defineRecord({
  area: 'AutoWorkingBillReport',
  entity: 'PermitReportFlow',
  name: l('报告审批流程配置', 'Report approval flows'),
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: l('流程名称', 'Name'), required: true, unique: true, max: 100 },
    { key: 'kind', type: 7, label: l('报告类型', 'Report kind'), required: true, options: reportKindOptions },
    { key: 'reviewer', type: 3, label: l('审核人', 'Reviewer'), required: true },
    { key: 'approver', type: 3, label: l('审批人', 'Approver'), required: true },
    { key: 'remark', type: 17, label: l('说明', 'Remark'), max: 500 },
  ],
  list: { columns: ['name', 'kind', 'reviewer', 'approver'], filters: ['name', 'kind'], sort: { field: 'updated', order: 'desc' } },
  permissions: { view: VIEW, edit: CONFIG, delete: CONFIG },
});

export const reportStatus = { toReview: 2, toApprove: 6, completed: 4, rejected: -1 } as const;

export const permitReportLedger = defineRecord({
  area: 'AutoWorkingBillReport',
  entity: 'PermitReport',
  name: l('作业票报告', 'Permit reports'),
  titleField: 'number',
  fields: [
    { key: 'number', type: 15, label: l('报告编号', 'Number') },
    { key: 'kind', type: 7, label: l('报告类型', 'Report kind'), required: true, options: reportKindOptions },
    { key: 'from', type: 5, label: l('统计开始', 'From'), required: true },
    { key: 'to', type: 5, label: l('统计结束', 'To'), required: true, notBefore: 'from' },
    { key: 'flow', type: 100, label: l('审批流程', 'Approval flow'), required: true, ref: { entity: 'PermitReportFlow', label: 'name' } },
    {
      key: 'summary',
      type: 12,
      label: l('作业票统计', 'Permits in the period'),
      max: 20,
      columns: [
        { key: 'permitType', type: 7, label: l('作业类型', 'Work type'), required: true, options: permitTypeOptions },
        { key: 'total', type: 22, label: l('合计', 'Total'), decimals: 0 },
        { key: 'open', type: 22, label: l('进行中', 'Open'), decimals: 0 },
        { key: 'closed', type: 22, label: l('已关闭', 'Closed'), decimals: 0 },
      ],
    },
    { key: 'remark', type: 17, label: l('情况说明', 'Notes'), max: 2000 },
    { key: 'sender', type: 3, label: l('报送人', 'Sent by'), required: true },
    { key: 'reviewer', type: 3, label: l('审核人', 'Reviewer'), required: true },
    { key: 'approver', type: 3, label: l('审批人', 'Approver'), required: true },
  ],
  list: { columns: ['number', 'kind', 'from', 'to', 'sender', 'reviewer', 'approver'], filters: ['number', 'kind', 'sender'], sort: { field: 'updated', order: 'desc' } },
  permissions: { view: VIEW, edit: SEND, delete: SEND },
  workflow: {
    initial: reportStatus.toReview,
    states: [
      { code: reportStatus.toReview, label: l('待审核', 'To be reviewed'), approvers: { field: 'reviewer' } },
      { code: reportStatus.toApprove, label: l('待审批', 'To be approved'), approvers: { field: 'approver' } },
      { code: reportStatus.completed, label: l('已完成', 'Completed') },
      { code: reportStatus.rejected, label: l('已驳回', 'Rejected') },
    ],
    transitions: [
      { action: 'review', label: l('审核通过', 'Reviewed'), from: [reportStatus.toReview], to: reportStatus.toApprove, approverOnly: true },
      { action: 'approve', label: l('审批通过', 'Approve'), from: [reportStatus.toApprove], to: reportStatus.completed, approverOnly: true },
      { action: 'reject', label: l('驳回', 'Reject'), from: [reportStatus.toReview, reportStatus.toApprove], to: reportStatus.rejected, approverOnly: true, inputs: ['reason'] },
    ],
  },
});

export const reportLedgers = [reportFlowLedger, permitReportLedger];
