import { tagKinds, type TagKind } from '../../realtime/contracts.js';
import { defineRecord } from '../definition.js';

const kindLabels: Record<TagKind, { zh: string; en: string }> = {
  level: { zh: '液位', en: 'Level' },
  pressure: { zh: '压力', en: 'Pressure' },
  temperature: { zh: '温度', en: 'Temperature' },
  flow: { zh: '流量', en: 'Flow' },
  lel: { zh: '可燃气体', en: 'Combustible gas' },
  ppm: { zh: '有毒气体', en: 'Toxic gas' },
  discrete: { zh: '开关量', en: 'Discrete' },
};

/**
 * Tags (data items, /realTimeData/manage) as a definition: the form of the
 * tag page is built from it. The tag keeps its typed table and its own calls
 * (`/UAPI/RealTimeData/Tag*`, contracts/realtime.ts), whose schema adds what a
 * definition cannot say (id characters, limits inside the range and ordered),
 * so this ledger is not served by the generic record calls.
 */
export const tagLedger = defineRecord({
  area: 'RealTimeData',
  entity: 'Tag',
  name: { zh: '数据项', en: 'Data items' },
  fields: [
    { key: 'id', type: 4, label: { zh: '位号', en: 'Tag id' }, required: true, max: 128 },
    { key: 'kind', type: 7, label: { zh: '类型', en: 'Kind' }, required: true, options: tagKinds.map((k) => ({ value: k, label: kindLabels[k] })) },
    { key: 'name', type: 4, label: { zh: '名称', en: 'Name' }, required: true, max: 100 },
    { key: 'name_en', type: 4, label: { zh: '英文名称', en: 'English name' }, max: 100 },
    { key: 'unit', type: 4, label: { zh: '单位', en: 'Unit' }, max: 20 },
    { key: 'device', type: 4, label: { zh: '设备', en: 'Equipment' }, max: 64 },
    { key: 'hazard_source', type: 4, label: { zh: '危险源单元', en: 'Hazard unit' }, max: 64 },
    { key: 'regionid', type: 2, label: { zh: '区域', en: 'Region' } },
    { key: 'classids', type: 21, label: { zh: '分类', en: 'Classification' }, dictionary: 'tagClass' },
    { key: 'range_lo', type: 22, label: { zh: '量程下限', en: 'Range bottom' }, required: true },
    { key: 'range_hi', type: 22, label: { zh: '量程上限', en: 'Range top' }, required: true },
    { key: 'deadband', type: 22, label: { zh: '死区', en: 'Deadband' }, min: 0 },
    { key: 'll', type: 22, label: { zh: '低低限 LL', en: 'Low-low LL' } },
    { key: 'l', type: 22, label: { zh: '低限 L', en: 'Low L' } },
    { key: 'h', type: 22, label: { zh: '高限 H', en: 'High H' } },
    { key: 'hh', type: 22, label: { zh: '高高限 HH', en: 'High-high HH' } },
    { key: 'comp_dev', type: 22, label: { zh: '压缩偏差', en: 'Compression deviation' }, min: 0 },
    {
      key: 'enabled',
      type: 7,
      label: { zh: '启用', en: 'Enabled' },
      required: true,
      options: [
        { value: '1', label: { zh: '启用', en: 'In service' } },
        { value: '0', label: { zh: '停用', en: 'Out of service' } },
      ],
    },
  ],
  list: { columns: ['id', 'name', 'kind', 'device', 'regionid', 'deadband', 'classids'], filters: ['regionid', 'kind', 'device'], sort: { field: 'id', order: 'asc' } },
  isolation: { region: 'regionid' },
  permissions: { view: ['realtime:read'], edit: ['realtime:manage'], delete: ['realtime:manage'] },
  titleField: 'name',
});
