import { categoryCodes } from '../domain/gb18218-tables.js';
import { defineRecord } from '../records/definition.js';

export const unitKinds = [
  { value: 'storage', label: { zh: '储存单元', en: 'Storage unit' } },
  { value: 'production', label: { zh: '生产单元', en: 'Production unit' } },
];

export const deviceTypes = [
  { value: 'tank', label: { zh: '储罐', en: 'Tank' } },
  { value: 'sphere', label: { zh: '球罐', en: 'Sphere' } },
  { value: 'vessel', label: { zh: '压力容器', en: 'Pressure vessel' } },
  { value: 'reactor', label: { zh: '反应器', en: 'Reactor' } },
  { value: 'warehouse', label: { zh: '仓库', en: 'Warehouse' } },
  { value: 'other', label: { zh: '其他', en: 'Other' } },
];

/**
 * Major hazard units (GB 18218-2018 §3.4–3.5, issue 20 §2–3): a production
 * unit bounded by its shut-off valves or a storage unit bounded by its dike or
 * warehouse, with the population outside the plant within 500 m (Table 5) and
 * its substances at their design-maximum quantities (q counts the design
 * maximum, not what the unit holds now). Each save re-runs the unit's
 * identification; the result is kept beside the record.
 */
export const dangerSourceLedger = defineRecord({
  area: 'MajorHazard',
  entity: 'DangerSource',
  name: { zh: '重大危险源', en: 'Major hazard units' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '单元名称', en: 'Unit name' }, required: true, unique: true, max: 60 },
    { key: 'code', type: 4, label: { zh: '编号', en: 'Code' }, max: 40 },
    { key: 'kind', type: 7, label: { zh: '单元类型', en: 'Kind' }, required: true, options: unitKinds },
    { key: 'region', type: 2, label: { zh: '所在区域', en: 'Region' } },
    {
      key: 'population',
      type: 22,
      label: { zh: '厂外500 m内人数', en: 'People within 500 m outside the plant' },
      required: true,
      min: 0,
      max: 1_000_000,
      decimals: 0,
    },
    {
      key: 'substances',
      type: 12,
      label: { zh: '危险化学品及设计最大量', en: 'Hazardous chemicals and design-maximum quantities' },
      required: true,
      min: 1,
      columns: [
        { key: 'name', type: 4, label: { zh: '名称', en: 'Name' }, max: 100 },
        { key: 'cas', type: 4, label: { zh: 'CAS号', en: 'CAS' }, max: 40 },
        {
          key: 'categories',
          type: 21,
          label: { zh: '危险性类别（表2）', en: 'Categories (Table 2)' },
          options: categoryCodes.map((c) => ({ value: c, label: { zh: c, en: c } })),
        },
        { key: 'q', type: 22, label: { zh: '设计最大量 q (t)', en: 'Design maximum q (t)' }, required: true, min: 0, decimals: 3 },
      ],
    },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: {
    columns: ['name', 'code', 'kind', 'region', 'population'],
    filters: ['name', 'kind', 'region'],
    sort: { field: 'name', order: 'asc' },
  },
  isolation: { region: 'region' },
  permissions: { view: ['majorHazard:view'], edit: ['majorHazard:manage'], delete: ['majorHazard:manage'] },
});

/**
 * Tanks, vessels and devices of each source (issue 20 §3,
 * /majorHazard88/dangerSourceDeviceInfo) with the tags that measure them; the
 * live monitoring page draws a level gauge for each device with a level tag.
 */
export const dangerSourceDeviceLedger = defineRecord({
  area: 'MajorHazard',
  entity: 'DangerSourceDevice',
  name: { zh: '危险源设备设施', en: 'Hazard source devices' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '设备名称', en: 'Device name' }, required: true, max: 60 },
    { key: 'code', type: 4, label: { zh: '设备位号', en: 'Device code' }, required: true, unique: true, max: 40 },
    {
      key: 'source',
      type: 100,
      label: { zh: '所属危险源', en: 'Major hazard unit' },
      required: true,
      ref: { entity: 'DangerSource', label: 'name' },
    },
    { key: 'type', type: 7, label: { zh: '设备类型', en: 'Type' }, required: true, options: deviceTypes },
    { key: 'region', type: 2, label: { zh: '所在区域', en: 'Region' } },
    { key: 'capacity', type: 22, label: { zh: '容积 (m³)', en: 'Capacity (m³)' }, min: 0, decimals: 1 },
    { key: 'medium', type: 4, label: { zh: '介质', en: 'Medium' }, max: 60 },
    { key: 'designPressure', type: 22, label: { zh: '设计压力 (MPa)', en: 'Design pressure (MPa)' }, min: -0.1, decimals: 3 },
    { key: 'designTemperature', type: 22, label: { zh: '设计温度 (°C)', en: 'Design temperature (°C)' }, min: -273, decimals: 1 },
    { key: 'levelTag', type: 4, label: { zh: '液位位号', en: 'Level tag' }, max: 120 },
    { key: 'temperatureTag', type: 4, label: { zh: '温度位号', en: 'Temperature tag' }, max: 120 },
    { key: 'pressureTag', type: 4, label: { zh: '压力位号', en: 'Pressure tag' }, max: 120 },
    { key: 'gasTag', type: 4, label: { zh: '气体检测位号', en: 'Gas detector tag' }, max: 120 },
    { key: 'esdTag', type: 4, label: { zh: '紧急停车(ESD)状态位号', en: 'Emergency shutdown (ESD) status tag' }, max: 120 },
    { key: 'sisTag', type: 4, label: { zh: '安全仪表(SIS)状态位号', en: 'SIS status tag' }, max: 120 },
    {
      key: 'expectedPeriod',
      type: 22,
      label: { zh: '采集周期上限 (s，超时为未监测)', en: 'Expected sample period (s; longer silence = not monitored)' },
      min: 0,
      max: 86_400,
      decimals: 0,
    },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: {
    columns: ['name', 'code', 'source', 'type', 'capacity', 'medium', 'levelTag'],
    filters: ['name', 'code', 'source', 'type'],
    sort: { field: 'code', order: 'asc' },
  },
  isolation: { region: 'region' },
  permissions: { view: ['majorHazard:view'], edit: ['majorHazard:manage'], delete: ['majorHazard:manage'] },
});

/** The device fields that bind a tag; every tag so bound is a member of the realtime class 重大危险源. */
export const deviceTagKeys = ['levelTag', 'temperatureTag', 'pressureTag', 'gasTag', 'esdTag', 'sisTag'] as const;

/** The three responsible people of a source (2021 包保 rules, DOMAIN.md §1) with the default check cycle of each, days. */
export const responsibleRoles = [
  { value: 'main', label: { zh: '主要负责人', en: 'Principal responsible person' }, cycleDays: 90 },
  { value: 'technical', label: { zh: '技术负责人', en: 'Technical responsible person' }, cycleDays: 90 },
  { value: 'operation', label: { zh: '操作负责人', en: 'Operational responsible person' }, cycleDays: 7 },
];

/**
 * /dangerSourceManagement/responsibleAllocation: who answers for each major
 * hazard source at each of the three tiers and how often they check it (an
 * empty cycle takes the tier's default: quarterly, quarterly, weekly).
 */
export const dangerSourceResponsibleLedger = defineRecord({
  area: 'MajorHazard',
  entity: 'DangerSourceResponsible',
  name: { zh: '包保责任人', en: 'Responsible persons' },
  titleField: 'role',
  fields: [
    {
      key: 'source',
      type: 100,
      label: { zh: '重大危险源', en: 'Major hazard source' },
      required: true,
      ref: { entity: 'DangerSource', label: 'name' },
    },
    {
      key: 'role',
      type: 7,
      label: { zh: '包保责任', en: 'Tier' },
      required: true,
      options: responsibleRoles.map(({ value, label }) => ({ value, label })),
    },
    { key: 'person', type: 3, label: { zh: '责任人', en: 'Person' }, required: true },
    { key: 'cycleDays', type: 22, label: { zh: '检查周期（天）', en: 'Check cycle (days)' }, min: 1, max: 366, decimals: 0 },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: {
    columns: ['source', 'role', 'person', 'cycleDays'],
    filters: ['source', 'role', 'person'],
    sort: { field: 'source', order: 'asc' },
  },
  permissions: { view: ['majorHazard:view'], edit: ['majorHazard:manage'], delete: ['majorHazard:manage'] },
});
