import { defineRecord } from '../records/definition.js';

/** Kinds of certificate the fence rules and the permits check (the same codes as the roster's `certificates`). */
export const certificateKinds = [
  { value: 'special-operation', label: { zh: '特种作业操作证', en: 'Special operation' } },
  { value: 'hazardous-chemicals', label: { zh: '危险化学品作业证', en: 'Hazardous chemicals' } },
  { value: 'hot-work', label: { zh: '动火作业证', en: 'Hot work' } },
  { value: 'confined-space', label: { zh: '受限空间作业证', en: 'Confined space' } },
  { value: 'work-at-height', label: { zh: '高处作业证', en: 'Work at height' } },
  { value: 'electrician', label: { zh: '电工证', en: 'Electrician' } },
  { value: 'lifting', label: { zh: '起重作业证', en: 'Lifting operation' } },
];

/**
 * The certificate register (issue 25 §4): who holds which certificate, its
 * number and validity, with the scanned document. Permits block a worker whose
 * certificate for the work's type is missing or expired; the training module
 * will feed the register later.
 */
export const certificateLedger = defineRecord({
  area: 'Training',
  entity: 'Certificate',
  name: { zh: '证书台账', en: 'Certificates' },
  titleField: 'number',
  fields: [
    { key: 'holder', type: 4, label: { zh: '持证人', en: 'Holder' }, required: true, max: 50 },
    { key: 'card', type: 4, label: { zh: '定位卡号', en: 'Tag (card) id' }, max: 64 },
    { key: 'dept', type: 1, label: { zh: '所属部门', en: 'Department' } },
    { key: 'kind', type: 7, label: { zh: '证书类型', en: 'Kind' }, required: true, options: certificateKinds },
    { key: 'number', type: 4, label: { zh: '证书编号', en: 'Number' }, required: true, unique: true, max: 60 },
    { key: 'issued', type: 5, label: { zh: '发证日期', en: 'Issued' }, required: true },
    { key: 'expiry', type: 5, label: { zh: '有效期至', en: 'Valid until' }, required: true },
    { key: 'file', type: 6, label: { zh: '证书扫描件', en: 'Scanned certificate' } },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['holder', 'kind', 'number', 'dept', 'expiry'], filters: ['holder', 'kind', 'number', 'dept'], sort: { field: 'expiry', order: 'asc' } },
  isolation: { dept: 'dept' },
  permissions: { view: [], edit: ['certificate:manage'], delete: ['certificate:manage'] },
});
