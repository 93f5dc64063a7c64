import { defineRecord } from '../definition.js';

/** Work types (/systemConfig/WorkTypeConfig), used later by permits and positioning. */
export const workTypeLedger = defineRecord({
  area: 'SystemConfig',
  entity: 'WorkType',
  name: { zh: '工种配置', en: 'Work types' },
  fields: [
    { key: 'name', type: 4, label: { zh: '工种名称', en: 'Name' }, required: true, unique: true, max: 50 },
    // Work-type fields of other ledgers show this to English readers (WORK_TYPE_REF).
    { key: 'name_en', type: 4, label: { zh: '英文名称', en: 'English name' }, max: 50 },
    { key: 'code', type: 4, label: { zh: '工种编码', en: 'Code' }, required: true, unique: true, max: 30 },
    { key: 'certificate', type: 7, label: { zh: '需持证', en: 'Certificate needed' }, options: [{ value: 'yes', label: { zh: '是', en: 'Yes' } }, { value: 'no', label: { zh: '否', en: 'No' } }] },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['name', 'name_en', 'code', 'certificate'], filters: ['name'] },
  titleField: 'name',
  permissions: { view: [], edit: ['system:config'], delete: ['system:config'] },
});
