import { storageClasses, storageClassCodes } from '../domain/storage-classes.js';
import { defineRecord } from '../records/definition.js';

/** The storage classes of DOMAIN.md §10 as the options of a ledger field. */
export const storageClassOptions = storageClassCodes.map((c) => ({ value: c, label: { zh: storageClasses[c].zh, en: storageClasses[c].en } }));

/**
 * Chemical stores (StorageFacilities, issue 26 §1): a warehouse or store with
 * its region, the storage classes it may hold and its capacity. Stock is not
 * a field here: it is the sum of the movements (`chemical_movement`).
 */
export const chemicalStoreLedger = defineRecord({
  area: 'ChemicalsManagement',
  entity: 'ChemicalStore',
  name: { zh: '储存设施', en: 'Chemical stores' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '名称', en: 'Name' }, required: true, max: 60 },
    { key: 'code', type: 4, label: { zh: '编号', en: 'Code' }, required: true, unique: true, max: 30 },
    { key: 'region', type: 2, label: { zh: '所在区域', en: 'Region' }, required: true },
    { key: 'classes', type: 21, label: { zh: '允许储存类别', en: 'Storage classes allowed' }, required: true, options: storageClassOptions },
    { key: 'capacity', type: 22, label: { zh: '设计容量（t）', en: 'Capacity (t)' }, required: true },
    /** The major hazard storage unit (GB 18218-2018 §3.5) this store belongs to: its stock shows on that unit beside the design maximum. */
    { key: 'hazardUnit', type: 100, label: { zh: '所属重大危险源储存单元', en: 'Major hazard storage unit' }, ref: { entity: 'DangerSource', label: 'name' } },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['code', 'name', 'region', 'classes', 'capacity'], filters: ['name', 'code', 'region'], sort: { field: 'code', order: 'asc' } },
  isolation: { region: 'region' },
  permissions: { view: ['chemical:view'], edit: ['chemical:manage'], delete: ['chemical:manage'] },
});
