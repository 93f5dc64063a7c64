import { defineRecord } from '../records/definition.js';

/*
 * The blind-plate register (spec 2 §2.5 /BlindPlate/*: Config, BlindSearch,
 * TemporarySearch, DesignSearch): every blind of the plant with its line,
 * place, size and material, and its state. A blind-plate permit names one
 * blind (by its number) and one action (GB 30871-2022 §7); when its work is
 * completed as done, the register takes the action, the permit's number and
 * the time (`blind.register` in the permits module).
 */

const VIEW = ['permit:view'];
const EDIT = ['permit:ticket'];
const l = (zh: string, en: string) => ({ zh, en });

export const blindKinds = ['blind', 'temporary', 'design'] as const;
export type BlindKind = (typeof blindKinds)[number];

export const blindPlateLedger = defineRecord({
  area: 'BlindPlate',
  entity: 'BlindPlate',
  name: l('盲板台账', 'Blind-plate register'),
  titleField: 'code',
  fields: [
    { key: 'code', type: 4, label: l('盲板编号', 'Blind number'), required: true, unique: true, max: 60 },
    { key: 'kind', type: 7, label: l('盲板类别', 'Kind'), required: true, options: [
      { value: 'blind', label: l('检修盲板', 'Maintenance blind') },
      { value: 'temporary', label: l('临时盲板', 'Temporary blind') },
      { value: 'design', label: l('设计盲板', 'Design blind') },
    ] },
    { key: 'line', type: 4, label: l('所在管道', 'Line'), required: true, max: 100 },
    { key: 'location', type: 4, label: l('安装位置', 'Location'), required: true, max: 200 },
    { key: 'region', type: 2, label: l('所在区域', 'Region'), required: true },
    { key: 'medium', type: 4, label: l('介质', 'Medium'), max: 60 },
    { key: 'size', type: 4, label: l('规格（DN）', 'Size (DN)'), required: true, max: 40 },
    { key: 'pressure', type: 4, label: l('压力等级（PN）', 'Rating (PN)'), max: 40 },
    { key: 'material', type: 7, label: l('材质', 'Material'), required: true, options: [
      { value: 'cs', label: l('碳钢', 'Carbon steel') },
      { value: 'ss', label: l('不锈钢', 'Stainless steel') },
      { value: 'alloy', label: l('合金钢', 'Alloy steel') },
      { value: 'other', label: l('其他', 'Other') },
    ] },
    { key: 'state', type: 7, label: l('当前状态', 'State'), required: true, options: [
      { value: 'inserted', label: l('已堵（盲）', 'Inserted (blinded)') },
      { value: 'removed', label: l('已抽（通）', 'Removed (open)') },
    ] },
    { key: 'lastAction', type: 7, label: l('最近操作', 'Last action'), readOnly: true, options: [
      { value: 'insert', label: l('堵盲板', 'Insert') },
      { value: 'remove', label: l('抽盲板', 'Remove') },
    ] },
    { key: 'permitNo', type: 4, label: l('最近作业票号', 'Last permit'), readOnly: true, max: 60 },
    { key: 'actionAt', type: 5, label: l('操作时间', 'Action time'), readOnly: true },
  ],
  list: {
    columns: ['code', 'kind', 'line', 'location', 'region', 'size', 'material', 'state', 'lastAction', 'permitNo', 'actionAt'],
    filters: ['code', 'kind', 'line', 'region', 'state', 'permitNo'],
    sort: { field: 'updated', order: 'desc' },
  },
  isolation: { region: 'region' },
  permissions: { view: VIEW, edit: EDIT, delete: EDIT },
});

export const blindLedgers = [blindPlateLedger];
