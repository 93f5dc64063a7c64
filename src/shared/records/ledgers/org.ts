import { defineRecord, type RecordDefinition } from '../definition.js';

/*
 * The organisation's departments, regions and posts as definitions: their
 * forms are built from these. They keep their typed tables and their own
 * calls (`/UAPI/Org/DeptSave`, `RegionSave`, `PostSave`), whose schemas add
 * the code's characters, so they are not served by the generic record calls.
 */

const permissions = { view: ['org:read'], edit: ['org:manage'], delete: ['org:manage'] };

/** A department or a region: one shape of tree unit, each with its own words. */
function unitLedger(entity: 'Dept' | 'Region', type: 1 | 2, words: { unit: { zh: string; en: string }; parent: { zh: string; en: string } }): RecordDefinition {
  return defineRecord({
    area: 'Org',
    entity,
    name: words.unit,
    fields: [
      { key: 'parentId', type, label: words.parent, required: true },
      { key: 'name', type: 4, label: { zh: `${words.unit.zh}名称`, en: `${words.unit.en} name` }, required: true, max: 100 },
      { key: 'name_en', type: 4, label: { zh: '英文名称', en: 'English name' }, max: 100 },
      { key: 'code', type: 4, label: { zh: `${words.unit.zh}编码`, en: `${words.unit.en} code` }, required: true, max: 64 },
      { key: 'sort', type: 22, label: { zh: '排序', en: 'Order' }, decimals: 0 },
    ],
    permissions,
    titleField: 'name',
  });
}

export const deptUnitLedger = unitLedger('Dept', 1, { unit: { zh: '部门', en: 'Department' }, parent: { zh: '上级部门', en: 'Parent department' } });
export const regionUnitLedger = unitLedger('Region', 2, { unit: { zh: '区域', en: 'Region' }, parent: { zh: '上级区域', en: 'Parent region' } });

export const postLedger = defineRecord({
  area: 'Org',
  entity: 'Post',
  name: { zh: '岗位', en: 'Posts' },
  fields: [
    { key: 'postname', type: 4, label: { zh: '岗位名称', en: 'Post name' }, required: true, max: 100 },
    { key: 'postname_en', type: 4, label: { zh: '英文名称', en: 'English name' }, max: 100 },
    { key: 'deptid', type: 1, label: { zh: '所属部门', en: 'Department' }, required: true },
  ],
  isolation: { dept: 'deptid' },
  permissions,
  titleField: 'postname',
});
