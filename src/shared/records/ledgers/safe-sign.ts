import { defineRecord } from '../definition.js';

/** Safety sign types (seed 2 §7.4, /UAPI/SafeSign/). */
export const safeSignTypeLedger = defineRecord({
  area: 'SafeSign',
  entity: 'SafeSignType',
  name: { zh: '安全标志类型', en: 'Safety sign types' },
  fields: [
    { key: 'name', type: 4, label: { zh: '类型名称', en: 'Name' }, required: true, unique: true, max: 50 },
    { key: 'name_en', type: 4, label: { zh: '英文名称', en: 'English name' }, max: 50 },
    {
      key: 'category',
      type: 7,
      label: { zh: '类别', en: 'Category' },
      required: true,
      // GB 2894-2008 §4: the four basic kinds of safety signs.
      options: [
        { value: 'prohibition', label: { zh: '禁止标志', en: 'Prohibition' } },
        { value: 'warning', label: { zh: '警告标志', en: 'Warning' } },
        { value: 'mandatory', label: { zh: '指令标志', en: 'Mandatory' } },
        { value: 'information', label: { zh: '提示标志', en: 'Information' } },
      ],
    },
    { key: 'image', type: 53, label: { zh: '图例', en: 'Image' }, max: 1 },
  ],
  list: { columns: ['name', 'name_en', 'category'], filters: ['name', 'category'] },
  titleField: 'name',
  permissions: { view: [], edit: ['system:config'], delete: ['system:config'] },
  // Seed 2 §7.4, names as the seed spells them.
  seedCalls: [
    { name: 'GetSafeSignTypeList', call: 'List' },
    { name: 'AddSafeSignType', call: 'Add' },
    { name: 'updateSafeSignType', call: 'Update' },
    { name: 'DeleteSafeSignType', call: 'Delete', idIn: 'query' },
  ],
});

/** Safety signs placed on the plant, by region. */
export const safeSignLedger = defineRecord({
  area: 'SafeSign',
  entity: 'SafeSign',
  name: { zh: '安全标志', en: 'Safety signs' },
  fields: [
    { key: 'name', type: 4, label: { zh: '标志名称', en: 'Name' }, required: true, max: 50 },
    { key: 'code', type: 4, label: { zh: '编号', en: 'Number' }, unique: true, max: 30 },
    // A safety sign type record (migration 0096 turned the former free text into these ids by name).
    { key: 'signType', type: 100, label: { zh: '标志类型', en: 'Type' }, required: true, ref: { entity: 'SafeSignType', label: 'name', labelEn: 'name_en' } },
    // The former free-text type when migration 0096 found no type of that name: kept to be seen, until someone picks the type.
    { key: 'signTypeOld', type: 4, label: { zh: '原标志类型（未匹配）', en: 'Former type (unmatched)' }, readOnly: true, max: 50 },
    { key: 'region', type: 2, label: { zh: '所在区域', en: 'Region' }, required: true },
    { key: 'location', type: 4, label: { zh: '设置位置', en: 'Location' }, max: 100 },
    { key: 'checkedAt', type: 5, label: { zh: '检查时间', en: 'Checked' } },
    { key: 'photo', type: 53, label: { zh: '照片', en: 'Photo' }, max: 3 },
  ],
  list: { columns: ['name', 'code', 'signType', 'region'], filters: ['name', 'signType'] },
  isolation: { region: 'region' },
  // Signs are placed and removed by the safety staff who manage risk control (GB 2894 signs are a control measure); everyone sees them.
  permissions: { view: [], edit: ['risk:manage'], delete: ['risk:manage'] },
  // Seed 2 §7.4, names as the seed spells them.
  seedCalls: [
    { name: 'GetSafeSignList', call: 'List' },
    { name: 'AddSafeSign', call: 'Add' },
    { name: 'updateSafeSign', call: 'Update' },
    { name: 'DeleteSafeSign', call: 'Delete', idIn: 'query' },
  ],
});
