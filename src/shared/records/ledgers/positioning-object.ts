import { defineRecord } from '../definition.js';

/**
 * People and vehicles that carry positioning tags (issue 10, /SystesmManeges):
 * the card binds a position stream (`position/person`, `position/vehicle`) to
 * who or what it is. Department, work type and certificates decide where a
 * person may go (fence rules); the department decides who sees the record.
 */
export const positioningObjectLedger = defineRecord({
  area: 'Positioning',
  entity: 'PositioningObject',
  name: { zh: '定位对象', en: 'Tracked people and vehicles' },
  titleField: 'name',
  fields: [
    { key: 'card', type: 4, label: { zh: '定位卡号', en: 'Tag (card) id' }, required: true, unique: true, max: 64 },
    {
      key: 'kind',
      type: 7,
      label: { zh: '对象类型', en: 'Kind' },
      required: true,
      options: [
        { value: 'person', label: { zh: '人员', en: 'Person' } },
        { value: 'vehicle', label: { zh: '车辆', en: 'Vehicle' } },
      ],
    },
    { key: 'name', type: 4, label: { zh: '姓名/车辆名称', en: 'Name' }, required: true, max: 50 },
    {
      key: 'personType',
      type: 7,
      label: { zh: '人员类别', en: 'Person type' },
      options: [
        { value: 'staff', label: { zh: '员工', en: 'Staff' } },
        { value: 'contractor', label: { zh: '承包商', en: 'Contractor' } },
        { value: 'visitor', label: { zh: '访客', en: 'Visitor' } },
      ],
    },
    { key: 'dept', type: 1, label: { zh: '所属部门', en: 'Department' } },
    { key: 'workType', type: 11, label: { zh: '工种', en: 'Work type' } },
    {
      key: 'certificates',
      type: 21,
      label: { zh: '持有证书', en: 'Certificates' },
      options: [
        { value: 'special-operation', label: { zh: '特种作业操作证', en: 'Special operation' } },
        { value: 'hazardous-chemicals', label: { zh: '危险化学品作业证', en: 'Hazardous chemicals' } },
        { value: 'hot-work', label: { zh: '动火作业证', en: 'Hot work' } },
        { value: 'confined-space', label: { zh: '受限空间作业证', en: 'Confined space' } },
        { value: 'work-at-height', label: { zh: '高处作业证', en: 'Work at height' } },
        { value: 'electrician', label: { zh: '电工证', en: 'Electrician' } },
        { value: 'lifting', label: { zh: '起重作业证', en: 'Lifting operation' } },
      ],
    },
    { key: 'plate', type: 4, label: { zh: '车牌号', en: 'Plate number' }, max: 20 },
    { key: 'phone', type: 4, label: { zh: '联系电话', en: 'Phone' }, max: 30 },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['card', 'name', 'kind', 'personType', 'dept', 'workType'], filters: ['card', 'name', 'kind', 'personType', 'dept'], sort: { field: 'card', order: 'asc' } },
  isolation: { dept: 'dept' },
  permissions: { view: ['positioning:read'], edit: ['system:config'], delete: ['system:config'] },
});
