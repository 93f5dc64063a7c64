import { keyProcessOptions } from '../domain/key-processes.js';
import { defineRecord } from '../records/definition.js';

const yesNo = [
  { value: 'yes', label: { zh: '是', en: 'Yes' } },
  { value: 'no', label: { zh: '否', en: 'No' } },
];

/** The safety controls the documents require of a key-supervised process (基本控制要求, abridged). */
export const processControls = [
  { value: 'dcs', label: { zh: 'DCS自动控制', en: 'Automatic control (DCS)' } },
  { value: 'interlock', label: { zh: '报警和联锁', en: 'Alarms and interlocks' } },
  { value: 'esd', label: { zh: '紧急停车系统', en: 'Emergency shutdown (ESD)' } },
  { value: 'sis', label: { zh: '安全仪表系统', en: 'Safety instrumented system (SIS)' } },
  { value: 'relief', label: { zh: '紧急冷却/泄放', en: 'Emergency cooling / relief' } },
  { value: 'gas', label: { zh: '可燃/有毒气体检测', en: 'Flammable / toxic gas detection' } },
];

export const silLevels = ['SIL1', 'SIL2', 'SIL3', 'SIL4'].map((v) => ({ value: v, label: { zh: v, en: v } }));

/**
 * /dangerSourceManagement/chemicalProcessRecord (issue 20 §3): the hazardous
 * chemical processes under key supervision run at each unit (the 18 of
 * 安监总管三〔2009〕116号 and 〔2013〕3号, `shared/domain/key-processes.ts`),
 * with their key parameters, the controls in place and whether the
 * automation retrofit and the HAZOP are done.
 */
export const chemicalProcessLedger = defineRecord({
  area: 'MajorHazard',
  entity: 'ChemicalProcessRecord',
  name: { zh: '重点监管危险化工工艺', en: 'Key-supervised hazardous processes' },
  titleField: 'unitName',
  fields: [
    { key: 'unitName', type: 4, label: { zh: '装置名称', en: 'Plant unit' }, required: true, max: 80 },
    { key: 'process', type: 7, label: { zh: '危险化工工艺', en: 'Hazardous process' }, required: true, options: keyProcessOptions },
    {
      key: 'source',
      type: 100,
      label: { zh: '所属重大危险源', en: 'Major hazard unit' },
      ref: { entity: 'DangerSource', label: 'name' },
    },
    { key: 'region', type: 2, label: { zh: '所在区域', en: 'Region' } },
    { key: 'reaction', type: 4, label: { zh: '反应类型', en: 'Reaction' }, max: 100 },
    { key: 'keyParameters', type: 17, label: { zh: '重点监控工艺参数', en: 'Key parameters monitored' }, required: true, max: 2000 },
    { key: 'controls', type: 21, label: { zh: '安全控制措施', en: 'Safety controls' }, required: true, options: processControls },
    { key: 'sil', type: 7, label: { zh: 'SIS安全完整性等级', en: 'SIS integrity level' }, options: silLevels },
    { key: 'automated', type: 7, label: { zh: '已完成自动化改造', en: 'Automation retrofit done' }, required: true, options: yesNo },
    { key: 'hazopDate', type: 5, label: { zh: '最近HAZOP分析日期', en: 'Last HAZOP' } },
    { key: 'responsible', type: 4, label: { zh: '工艺负责人', en: 'Process owner' }, max: 40 },
    { key: 'files', type: 6, label: { zh: '工艺安全资料', en: 'Process safety documents' } },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: {
    columns: ['unitName', 'process', 'source', 'region', 'controls', 'automated', 'hazopDate'],
    filters: ['unitName', 'process', 'source', 'region'],
    sort: { field: 'unitName', order: 'asc' },
  },
  isolation: { region: 'region' },
  permissions: { view: ['majorHazard:view'], edit: ['majorHazard:manage'], delete: ['majorHazard:manage'] },
});
