import { hiddenDangerSeedStatus, majorHazardCriteria2017 } from '../domain/hidden-danger.js';
import { defineRecord, SIGNED_IN } from '../records/definition.js';

/** What kind of danger (TroubleAnalysis groups by it). */
export const hiddenDangerCategories = [
  { value: 'equipment', label: { zh: '设备设施', en: 'Equipment' } },
  { value: 'electrical', label: { zh: '电气', en: 'Electrical' } },
  { value: 'fire', label: { zh: '消防', en: 'Fire protection' } },
  { value: 'process', label: { zh: '工艺', en: 'Process' } },
  { value: 'storage', label: { zh: '危化品储存', en: 'Chemical storage' } },
  { value: 'behaviour', label: { zh: '人的不安全行为', en: 'Unsafe behaviour' } },
  { value: 'management', label: { zh: '管理', en: 'Management' } },
  { value: 'other', label: { zh: '其他', en: 'Other' } },
];

/** How it was found. */
export const hiddenDangerSources = [
  { value: 'report', label: { zh: '随手拍', en: 'Reported' } },
  { value: 'inspection', label: { zh: '巡检', en: 'Inspection' } },
  { value: 'check', label: { zh: '隐患排查', en: 'Hazard check' } },
  { value: 'special', label: { zh: '专项检查', en: 'Special inspection' } },
];

const S = hiddenDangerSeedStatus;

/**
 * The hidden-danger register (issue 24 §1, DOMAIN.md §8). Anyone reports one
 * (description, place, photos); the loop's steps are a statutory flow held in
 * code (`UAPI/HiddenDanger/<Step>`, domain/hidden-danger.ts decides), so the
 * workflow here names the statuses and has no generic transitions: the fields
 * a step sets are read-only in the form.
 */
export const hiddenDangerLedger = defineRecord({
  area: 'SecurityRiskManagement',
  entity: 'HiddenDanger',
  name: { zh: '隐患台账', en: 'Hidden dangers' },
  titleField: 'title',
  fields: [
    { key: 'title', type: 4, label: { zh: '隐患描述', en: 'Description' }, required: true, max: 200 },
    { key: 'category', type: 7, label: { zh: '隐患类别', en: 'Category' }, required: true, options: hiddenDangerCategories },
    { key: 'source', type: 7, label: { zh: '隐患来源', en: 'Source' }, options: hiddenDangerSources },
    { key: 'region', type: 2, label: { zh: '所在区域', en: 'Region' }, required: true },
    { key: 'dept', type: 1, label: { zh: '责任部门', en: 'Department' } },
    { key: 'place', type: 4, label: { zh: '具体位置', en: 'Place' }, max: 200 },
    { key: 'lon', type: 22, label: { zh: '经度', en: 'Longitude' }, min: -180, max: 180, decimals: 6 },
    { key: 'lat', type: 22, label: { zh: '纬度', en: 'Latitude' }, min: -90, max: 90, decimals: 6 },
    { key: 'photos', type: 6, label: { zh: '隐患照片', en: 'Photos' }, max: 9 },
    { key: 'detail', type: 17, label: { zh: '补充说明', en: 'Details' }, max: 2000 },
    { key: 'grade', type: 7, label: { zh: '隐患等级', en: 'Grade' }, readOnly: true, options: [
      { value: 'general', label: { zh: '一般隐患', en: 'General' } },
      { value: 'major', label: { zh: '重大隐患', en: 'Major' } },
    ] },
    {
      key: 'criteria',
      type: 21,
      label: { zh: '重大隐患判定依据', en: 'Major-hazard criteria' },
      readOnly: true,
      options: majorHazardCriteria2017.map((c) => ({ value: String(c.no), label: { zh: `第${c.no}条`, en: `Item ${c.no}` } })),
    },
    { key: 'finder', type: 3, label: { zh: '发现人', en: 'Found by' }, readOnly: true },
    { key: 'assigner', type: 3, label: { zh: '下发人', en: 'Assigned by' }, readOnly: true },
    { key: 'responsible', type: 3, label: { zh: '整改责任人', en: 'Responsible' }, readOnly: true },
    { key: 'deadline', type: 5, label: { zh: '整改期限', en: 'Deadline' }, readOnly: true },
    { key: 'measures', type: 17, label: { zh: '整改措施', en: 'Measures' }, readOnly: true },
    { key: 'money', type: 22, label: { zh: '整改资金（元）', en: 'Money (yuan)' }, readOnly: true, decimals: 2 },
    { key: 'majorPlan', type: 45, label: { zh: '重大隐患治理方案', en: 'Major rectification plan' }, readOnly: true },
    { key: 'rectifyNote', type: 17, label: { zh: '整改情况', en: 'Rectification' }, readOnly: true },
    { key: 'afterPhotos', type: 6, label: { zh: '整改后照片', en: 'Photos after' }, readOnly: true, max: 9 },
    { key: 'rectifier', type: 3, label: { zh: '整改人', en: 'Rectified by' }, readOnly: true },
    { key: 'rectifiedAt', type: 5, label: { zh: '整改完成时间', en: 'Rectified at' }, readOnly: true },
    { key: 'verifier', type: 3, label: { zh: '验收人', en: 'Accepted by' }, readOnly: true },
    { key: 'verifiedAt', type: 5, label: { zh: '验收时间', en: 'Accepted at' }, readOnly: true },
    { key: 'closedAt', type: 5, label: { zh: '销号时间', en: 'Closed at' }, readOnly: true },
    { key: 'lastReason', type: 17, label: { zh: '退回/作废原因', en: 'Reason sent back / voided' }, readOnly: true },
    { key: 'point', type: 4, label: { zh: '巡检点', en: 'Inspection point' }, readOnly: true },
  ],
  list: {
    columns: ['title', 'category', 'grade', 'region', 'responsible', 'deadline'],
    filters: ['title', 'category', 'grade', 'source', 'region', 'dept'],
    sort: { field: 'updated', order: 'desc' },
  },
  isolation: { region: 'region' },
  // Anyone may report a hidden danger (the flow's steps then decide who acts); voiding one is the managers'.
  permissions: { view: [], edit: [SIGNED_IN], delete: ['hiddenDanger:manage'] },
  workflow: {
    initial: S.found,
    states: [
      { code: S.found as 1, label: { zh: '待定级', en: 'Reported' } },
      { code: S.registered as 2, label: { zh: '待下发', en: 'To be assigned' } },
      { code: S.assigned as 7, label: { zh: '待整改', en: 'To be rectified' } },
      { code: S.rectified as 3, label: { zh: '待验收', en: 'To be accepted' } },
      { code: S.verified as 4, label: { zh: '已验收', en: 'Accepted' } },
      { code: S.closed as 5, label: { zh: '已销号', en: 'Closed' } },
      { code: S.voided as -1, label: { zh: '已作废', en: 'Voided' } },
    ],
    transitions: [],
  },
});
