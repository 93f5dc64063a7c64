import { defineRecord, type RecordDefinition } from '../records/definition.js';
import { storageClassOptions } from './ledger.js';

/*
 * The chemicals area's ledgers besides the stores (issue 26 §1), on the record
 * engine. Their calls are `/UAPI/ChemicalsInfor/<Entity>List|Get|Save|…` plus
 * the names seed 3 gives them (its `UAPI/ChemicalsInfor/*` families). Every
 * substance is a reference into the one chemical catalogue (field type 52, the
 * major-hazard catalogue); no ledger here keeps a second list of substances.
 */

const AREA = 'ChemicalsInfor';
const VIEW = ['chemical:view'];
const INFO = { view: VIEW, edit: ['chemical:info'], delete: ['chemical:info'] };
const DB = { view: VIEW, edit: ['chemical:database'], delete: ['chemical:database'] };
const STORE = { view: VIEW, edit: ['chemical:manage'], delete: ['chemical:manage'] };
const yesNo = [
  { value: 'yes', label: { zh: '是', en: 'Yes' } },
  { value: 'no', label: { zh: '否', en: 'No' } },
];

/** ChemicalLists / AddChemical / Database: the plant's chemicals, each a substance of the catalogue with who uses it, where it is kept and its files. */
export const chemicalInfoLedger = defineRecord({
  area: AREA,
  entity: 'ChemicalInfo',
  name: { zh: '化学品清单', en: 'Chemical list' },
  titleField: 'substance',
  fields: [
    { key: 'substance', type: 52, label: { zh: '化学品', en: 'Substance' }, required: true, unique: true },
    { key: 'dept', type: 1, label: { zh: '使用部门', en: 'Department' }, required: true },
    { key: 'use', type: 4, label: { zh: '用途', en: 'Use' }, max: 100 },
    { key: 'supplier', type: 4, label: { zh: '供应商', en: 'Supplier' }, max: 100 },
    { key: 'annualUsage', type: 22, label: { zh: '年用量（t）', en: 'Annual use (t)' }, min: 0, decimals: 3 },
    { key: 'maxStock', type: 22, label: { zh: '最大储存量（t）', en: 'Maximum stock (t)' }, min: 0, decimals: 3 },
    { key: 'store', type: 50, label: { zh: '储存设施', en: 'Store' } },
    { key: 'msds', type: 54, label: { zh: 'MSDS（到期提醒）', en: 'MSDS (expiry reminder)' } },
    { key: 'licence', type: 54, label: { zh: '许可证（到期提醒）', en: 'Licence (expiry reminder)' } },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['substance', 'dept', 'use', 'supplier', 'maxStock', 'store'], filters: ['substance', 'dept'], sort: { field: 'updated', order: 'desc' } },
  isolation: { dept: 'dept' },
  permissions: INFO,
  seedCalls: [
    { name: 'SearchBasicRecord', call: 'List' },
    { name: 'RequestBasicRecord', call: 'Get' },
    { name: 'SubmitBasicRecord', call: 'Save' },
    { name: 'DeleteBasicRecord', call: 'Delete' },
  ],
});

/** The fields a configuration may name: the chemical list's own and the catalogue's. */
const configFieldOptions = [
  ...chemicalInfoLedger.fields.map((f) => ({ value: f.key, label: f.label })),
  { value: 'cas', label: { zh: 'CAS号', en: 'CAS No.' } },
  { value: 'un', label: { zh: 'UN号', en: 'UN No.' } },
  { value: 'storageClasses', label: { zh: '储存类别', en: 'Storage classes' } },
  { value: 'categories', label: { zh: 'GB 18218 危险性类别', en: 'GB 18218 categories' } },
  { value: 'oel', label: { zh: '职业接触限值', en: 'Exposure limits' } },
  { value: 'physical', label: { zh: '理化特性', en: 'Physical data' } },
  { value: 'msdsSheet', label: { zh: '安全技术说明书', en: 'Safety data sheet' } },
];

/** ApplyConfig, DetailsConfig, DatabaseDetailsConfig: which fields a form or detail page shows, under which title, in which order. */
function fieldConfigLedger(entity: string, name: { zh: string; en: string }, seed: string): RecordDefinition {
  return defineRecord({
    area: AREA,
    entity,
    name,
    titleField: 'field',
    fields: [
      { key: 'field', type: 7, label: { zh: '字段', en: 'Field' }, required: true, unique: true, options: configFieldOptions },
      { key: 'label', type: 4, label: { zh: '显示名称', en: 'Title shown' }, max: 40 },
      { key: 'shown', type: 7, label: { zh: '显示', en: 'Shown' }, required: true, options: yesNo },
      { key: 'sort', type: 22, label: { zh: '排序', en: 'Order' }, decimals: 0, min: 0, max: 999 },
    ],
    list: { columns: ['sort', 'field', 'label', 'shown'], filters: ['field'], sort: { field: 'sort', order: 'asc' } },
    permissions: entity === 'ChemicalDatabaseDetailsConfig' ? DB : INFO,
    seedCalls: [
      { name: `Get${seed}List`, call: 'List' },
      { name: `Add${seed}`, call: 'Add' },
      { name: `Edit${seed}`, call: 'Update' },
      { name: `Delete${seed}`, call: 'Delete' },
    ],
  });
}

export const applyConfigLedger = fieldConfigLedger('ChemicalApplyConfig', { zh: '化学品新增配置', en: 'Add form configuration' }, 'BasicConfig');
export const detailsConfigLedger = fieldConfigLedger('ChemicalDetailsConfig', { zh: '化学品详情配置', en: 'Detail page configuration' }, 'RecordConfig');
export const databaseDetailsConfigLedger = fieldConfigLedger(
  'ChemicalDatabaseDetailsConfig',
  { zh: '基础库详情页配置', en: 'Basic database detail configuration' },
  'BasicConfigItem',
);

/** CategoricalInformation: the plant's categories of chemicals (class configuration with its items), each tied to storage classes. */
export const chemicalCategoryLedger = defineRecord({
  area: AREA,
  entity: 'ChemicalCategory',
  name: { zh: '分类信息配置', en: 'Category configuration' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '分类名称', en: 'Category' }, required: true, unique: true, max: 40 },
    { key: 'code', type: 4, label: { zh: '编码', en: 'Code' }, max: 20 },
    { key: 'classes', type: 21, label: { zh: '对应储存类别', en: 'Storage classes' }, options: storageClassOptions },
    {
      key: 'items',
      type: 12,
      label: { zh: '分类项', en: 'Items' },
      columns: [
        { key: 'item', type: 4, label: { zh: '分类项', en: 'Item' }, required: true, max: 40 },
        { key: 'note', type: 4, label: { zh: '说明', en: 'Note' }, max: 100 },
      ],
    },
    { key: 'sort', type: 22, label: { zh: '排序', en: 'Order' }, decimals: 0, min: 0, max: 999 },
  ],
  list: { columns: ['sort', 'name', 'code', 'classes'], filters: ['name'], sort: { field: 'sort', order: 'asc' } },
  permissions: DB,
  seedCalls: [
    { name: 'SearchClassConfig', call: 'List' },
    { name: 'AddClassConfig', call: 'Add' },
    { name: 'EditClassConfig', call: 'Update' },
    { name: 'DeleteClassConfig', call: 'Delete' },
  ],
});

/** StorageFacilitiesInformation: a store's regions, zones and columns (库区、分区、货架列), each with the classes it may hold. */
export const storeZoneLedger = defineRecord({
  area: AREA,
  entity: 'ChemicalStoreZone',
  name: { zh: '储存设施信息配置', en: 'Store regions, zones and columns' },
  titleField: 'name',
  fields: [
    { key: 'store', type: 50, label: { zh: '储存设施', en: 'Store' }, required: true },
    {
      key: 'kind',
      type: 7,
      label: { zh: '层级', en: 'Level' },
      required: true,
      options: [
        { value: 'region', label: { zh: '库区', en: 'Region' } },
        { value: 'zone', label: { zh: '分区', en: 'Zone' } },
        { value: 'column', label: { zh: '货架列', en: 'Column' } },
      ],
    },
    { key: 'name', type: 4, label: { zh: '名称', en: 'Name' }, required: true, max: 60 },
    { key: 'code', type: 4, label: { zh: '编号', en: 'Code' }, required: true, unique: true, max: 30 },
    { key: 'classes', type: 21, label: { zh: '允许储存类别', en: 'Storage classes allowed' }, options: storageClassOptions },
    { key: 'capacity', type: 22, label: { zh: '容量（t）', en: 'Capacity (t)' }, min: 0 },
    { key: 'sort', type: 22, label: { zh: '排序', en: 'Order' }, decimals: 0, min: 0, max: 999 },
  ],
  list: { columns: ['store', 'kind', 'code', 'name', 'classes', 'capacity'], filters: ['store', 'kind', 'name'], sort: { field: 'code', order: 'asc' } },
  permissions: STORE,
  seedCalls: [
    { name: 'GetStorageFacilityColumnList', call: 'List' },
    { name: 'AddStorageFacilityColumn', call: 'Add' },
    { name: 'DeleteStorageFacilityColumn', call: 'Delete' },
  ],
});

/** StorageFacilitiesStockRules: the most a store may hold (of one substance, or in all), refused or warned when a stock-in would pass it. */
export const stockRuleLedger = defineRecord({
  area: AREA,
  entity: 'ChemicalStockRule',
  name: { zh: '储存设施库存量规则', en: 'Store stock rules' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '规则名称', en: 'Rule' }, required: true, max: 60 },
    { key: 'store', type: 50, label: { zh: '储存设施', en: 'Store' }, required: true },
    { key: 'substance', type: 52, label: { zh: '化学品（空：全部）', en: 'Substance (empty: all)' } },
    { key: 'max', type: 22, label: { zh: '最大库存量（t）', en: 'Maximum stock (t)' }, required: true, min: 0 },
    {
      key: 'action',
      type: 7,
      label: { zh: '超出时', en: 'When exceeded' },
      required: true,
      options: [
        { value: 'refuse', label: { zh: '拒绝入库', en: 'Refuse the stock-in' } },
        { value: 'warn', label: { zh: '提示警告', en: 'Warn' } },
      ],
    },
  ],
  list: { columns: ['name', 'store', 'substance', 'max', 'action'], filters: ['store', 'substance'], sort: { field: 'name', order: 'asc' } },
  permissions: STORE,
  seedCalls: [
    { name: 'SearchStockRule', call: 'List' },
    { name: 'AddStockRule', call: 'Save' },
    { name: 'DeleteStockRule', call: 'Delete' },
  ],
});

/** PromptInformation: the prompts shown on stock-in (per store or everywhere) and the reminders of the area. */
export const promptLedger = defineRecord({
  area: AREA,
  entity: 'ChemicalPrompt',
  name: { zh: '提示信息配置', en: 'Prompts and reminders' },
  titleField: 'subject',
  fields: [
    { key: 'subject', type: 4, label: { zh: '标题', en: 'Title' }, required: true, max: 60 },
    {
      key: 'kind',
      type: 7,
      label: { zh: '类型', en: 'Kind' },
      required: true,
      options: [
        { value: 'stockIn', label: { zh: '入库提示', en: 'On stock-in' } },
        { value: 'taboo', label: { zh: '禁忌提醒', en: 'Taboo reminder' } },
        { value: 'inventory', label: { zh: '盘点提醒', en: 'Inventory reminder' } },
        { value: 'fileExpiry', label: { zh: '文件到期提醒', en: 'File expiry reminder' } },
      ],
    },
    { key: 'store', type: 50, label: { zh: '储存设施（空：全部）', en: 'Store (empty: all)' } },
    { key: 'content', type: 17, label: { zh: '提示内容', en: 'Content' }, required: true },
    { key: 'days', type: 22, label: { zh: '提前天数', en: 'Days ahead' }, decimals: 0, min: 0, max: 365 },
    { key: 'enabled', type: 7, label: { zh: '启用', en: 'Enabled' }, required: true, options: yesNo },
  ],
  list: { columns: ['subject', 'kind', 'store', 'days', 'enabled'], filters: ['kind', 'store'], sort: { field: 'updated', order: 'desc' } },
  permissions: STORE,
  seedCalls: [
    { name: 'SearchRemind', call: 'List' },
    { name: 'EditTabooRemind', call: 'Save' },
    { name: 'DeleteRemind', call: 'Delete' },
  ],
});

export const chemicalsLedgers = [
  chemicalInfoLedger,
  applyConfigLedger,
  detailsConfigLedger,
  databaseDetailsConfigLedger,
  chemicalCategoryLedger,
  storeZoneLedger,
  stockRuleLedger,
  promptLedger,
] as const;
