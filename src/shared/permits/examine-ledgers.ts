import { defineRecord } from '../records/definition.js';
import { permitTypeOptions } from './jsa-ledgers.js';

/*
 * Gas analysis configuration (spec 2 §2.3 /Examine: AnalysisItemConfig,
 * GasAnalysisConfig). The readings themselves are the permits' own (their
 * gas analysis) and are judged by the GB 30871 rules (`checkGas`); the pass
 * limit of a combustible follows from its LEL (≥ 4 % vol: 0.5 %, below: 0.2 %).
 */

const VIEW = ['permit:view'];
const EDIT = ['permit:ticket'];
const l = (zh: string, en: string) => ({ zh, en });

export const analysisItemLedger = defineRecord({
  area: 'Examine',
  entity: 'AnalysisItem',
  name: l('分析项目配置', 'Analysis items'),
  titleField: 'gas',
  fields: [
    { key: 'gas', type: 4, label: l('气体名称', 'Gas'), required: true, unique: true, max: 60 },
    { key: 'kind', type: 7, label: l('类别', 'Kind'), required: true, options: [
      { value: 'combustible', label: l('可燃气体', 'Combustible') },
      { value: 'toxic', label: l('有毒气体', 'Toxic') },
      { value: 'oxygen', label: l('氧气', 'Oxygen') },
    ] },
    { key: 'lel', type: 22, label: l('爆炸下限 LEL（%vol）', 'LEL (% vol)'), min: 0, max: 100, decimals: 2 },
    { key: 'passLimit', type: 22, label: l('合格限值', 'Pass limit'), required: true, min: 0, max: 1000000, decimals: 3 },
    { key: 'unit', type: 7, label: l('单位', 'Unit'), required: true, options: [
      { value: '%vol', label: l('%vol', '% vol') },
      { value: '%LEL', label: l('%LEL', '% LEL') },
      { value: 'mg/m3', label: l('mg/m³', 'mg/m³') },
      { value: 'ppm', label: l('ppm', 'ppm') },
    ] },
    { key: 'remark', type: 17, label: l('说明', 'Remark'), max: 500 },
  ],
  list: { columns: ['gas', 'kind', 'lel', 'passLimit', 'unit'], filters: ['gas', 'kind'], sort: { field: 'updated', order: 'desc' } },
  permissions: { view: VIEW, edit: EDIT, delete: EDIT },
});

export const gasAnalysisConfigLedger = defineRecord({
  area: 'Examine',
  entity: 'GasAnalysisConfig',
  name: l('气体分析配置', 'Gas analysis configuration'),
  titleField: 'permitType',
  fields: [
    { key: 'permitType', type: 7, label: l('作业类型', 'Work type'), required: true, options: permitTypeOptions },
    { key: 'item', type: 100, label: l('分析项目', 'Analysis item'), required: true, ref: { entity: 'AnalysisItem', label: 'gas' } },
    { key: 'analyst', type: 3, label: l('默认分析人', 'Default analyst') },
    { key: 'remark', type: 17, label: l('说明', 'Remark'), max: 500 },
  ],
  list: { columns: ['permitType', 'item', 'analyst'], filters: ['permitType', 'item'], sort: { field: 'updated', order: 'desc' } },
  permissions: { view: VIEW, edit: EDIT, delete: EDIT },
});

export const examineLedgers = [analysisItemLedger, gasAnalysisConfigLedger];
