import { defineRecord } from '../records/definition.js';

/**
 * /majorHazard88/baseInfo: the enterprise's information ledger (issue 20 §3,
 * the seed's BasicInfo): who the enterprise is, who answers for it, its
 * licence and its regulator, as the regulator's early-warning system asks.
 */
export const enterpriseInfoLedger = defineRecord({
  area: 'MajorHazard',
  entity: 'MajorHazardEnterprise',
  name: { zh: '企业基本信息', en: 'Enterprise information' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '企业名称', en: 'Enterprise name' }, required: true, unique: true, max: 100 },
    { key: 'creditCode', type: 4, label: { zh: '统一社会信用代码', en: 'Unified social credit code' }, required: true, unique: true, max: 18 },
    { key: 'legalPerson', type: 4, label: { zh: '法定代表人', en: 'Legal representative' }, required: true, max: 40 },
    { key: 'mainPerson', type: 4, label: { zh: '主要负责人', en: 'Principal responsible person' }, max: 40 },
    { key: 'safetyDirector', type: 4, label: { zh: '安全负责人', en: 'Safety director' }, max: 40 },
    { key: 'phone', type: 4, label: { zh: '联系电话', en: 'Phone' }, max: 40 },
    { key: 'dutyPhone', type: 4, label: { zh: '24小时值班电话', en: '24-hour duty phone' }, max: 40 },
    { key: 'address', type: 4, label: { zh: '生产经营地址', en: 'Address' }, required: true, max: 200 },
    { key: 'industry', type: 4, label: { zh: '行业类别', en: 'Industry' }, max: 60 },
    { key: 'staff', type: 22, label: { zh: '从业人员数', en: 'Employees' }, min: 0, max: 1_000_000, decimals: 0 },
    { key: 'safetyStaff', type: 22, label: { zh: '专职安全管理人员数', en: 'Full-time safety staff' }, min: 0, max: 100_000, decimals: 0 },
    { key: 'siteArea', type: 22, label: { zh: '厂区面积 (m²)', en: 'Site area (m²)' }, min: 0, decimals: 0 },
    { key: 'licence', type: 4, label: { zh: '安全生产许可证编号', en: 'Safety production licence No.' }, max: 60 },
    { key: 'licenceExpiry', type: 5, label: { zh: '许可证有效期至', en: 'Licence valid until' } },
    { key: 'standardisation', type: 4, label: { zh: '安全生产标准化等级', en: 'Safety standardisation level' }, max: 40 },
    { key: 'regulator', type: 4, label: { zh: '属地监管部门', en: 'Local regulator' }, max: 100 },
    { key: 'longitude', type: 22, label: { zh: '经度', en: 'Longitude' }, min: -180, max: 180, decimals: 6 },
    { key: 'latitude', type: 22, label: { zh: '纬度', en: 'Latitude' }, min: -90, max: 90, decimals: 6 },
    { key: 'files', type: 6, label: { zh: '证照附件', en: 'Licences (scans)' } },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: {
    columns: ['name', 'creditCode', 'legalPerson', 'safetyDirector', 'dutyPhone', 'licence', 'licenceExpiry'],
    filters: ['name', 'creditCode'],
    sort: { field: 'name', order: 'asc' },
  },
  permissions: { view: ['majorHazard:view'], edit: ['majorHazard:manage'], delete: ['majorHazard:manage'] },
});

/** The three cards of a major hazard source (issue 20 §6). */
export const cardTypes = [
  { value: 'risk', label: { zh: '风险告知卡', en: 'Risk notice card' } },
  { value: 'emergency', label: { zh: '应急处置卡', en: 'Emergency response card' } },
  { value: 'post', label: { zh: '岗位安全卡', en: 'Post safety card' } },
];

/** What a card template may print from the register (`source.*`) and the chemical catalogue (`chem.*`). */
export const cardFields = [
  { value: 'source.basic', label: { zh: '危险源名称、编号、类型', en: 'Source name, code and kind' } },
  { value: 'source.grade', label: { zh: '重大危险源级别与R值', en: 'Grade and R' } },
  { value: 'source.substances', label: { zh: '危险化学品及设计最大量', en: 'Chemicals and design-maximum quantities' } },
  { value: 'source.devices', label: { zh: '设备设施（储罐、容器）', en: 'Devices (tanks, vessels)' } },
  { value: 'chem.ids', label: { zh: 'CAS号、UN号、危险性类别', en: 'CAS, UN number, categories' } },
  { value: 'chem.hazards', label: { zh: '危险性概述（MSDS第2部分）', en: 'Hazards (SDS section 2)' } },
  { value: 'chem.physical', label: { zh: '闪点、沸点、爆炸极限', en: 'Flash point, boiling point, explosive limits' } },
  { value: 'chem.oel', label: { zh: '职业接触限值', en: 'Occupational exposure limits' } },
  { value: 'chem.firstAid', label: { zh: '急救措施（MSDS第4部分）', en: 'First aid (SDS section 4)' } },
  { value: 'chem.fireFighting', label: { zh: '消防措施（MSDS第5部分）', en: 'Fire-fighting (SDS section 5)' } },
  { value: 'chem.release', label: { zh: '泄漏应急处理（MSDS第6部分）', en: 'Accidental release (SDS section 6)' } },
  { value: 'chem.handling', label: { zh: '操作处置与储存（MSDS第7部分）', en: 'Handling and storage (SDS section 7)' } },
  { value: 'chem.protection', label: { zh: '个体防护（MSDS第8部分）', en: 'Personal protection (SDS section 8)' } },
];
export type CardField = (typeof cardFields)[number]['value'];

/** The fields a card prints when its template chooses none. */
export const defaultCardFields: Record<string, readonly string[]> = {
  risk: ['source.basic', 'source.grade', 'source.substances', 'chem.ids', 'chem.hazards', 'chem.physical', 'chem.oel', 'chem.protection'],
  emergency: ['source.basic', 'source.substances', 'chem.firstAid', 'chem.fireFighting', 'chem.release'],
  post: ['source.basic', 'source.devices', 'chem.hazards', 'chem.handling', 'chem.protection'],
};

/**
 * /dangerSourceManagement/dangerCardConfig: the templates of the three cards:
 * which register and catalogue fields a card prints and the plant's own text
 * (risks, controls, emergency steps, phone numbers).
 */
export const dangerCardTemplateLedger = defineRecord({
  area: 'MajorHazard',
  entity: 'DangerCardTemplate',
  name: { zh: '三卡模板', en: 'Card templates' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '模板名称', en: 'Template name' }, required: true, unique: true, max: 60 },
    { key: 'cardType', type: 7, label: { zh: '卡片类型', en: 'Card type' }, required: true, options: cardTypes },
    { key: 'fields', type: 21, label: { zh: '引用台账与化学品目录的内容', en: 'Register and catalogue content' }, options: cardFields },
    { key: 'hazardText', type: 17, label: { zh: '主要风险', en: 'Main risks' }, max: 4000 },
    { key: 'controlText', type: 17, label: { zh: '管控措施 / 操作要点', en: 'Controls / operating rules' }, max: 4000 },
    { key: 'emergencyText', type: 17, label: { zh: '应急处置措施', en: 'Emergency steps' }, max: 4000 },
    { key: 'contacts', type: 4, label: { zh: '应急电话', en: 'Emergency phones' }, max: 200 },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: { columns: ['name', 'cardType', 'contacts'], filters: ['name', 'cardType'], sort: { field: 'name', order: 'asc' } },
  permissions: { view: ['majorHazard:view'], edit: ['majorHazard:manage'], delete: ['majorHazard:manage'] },
});

/**
 * /dangerSourceManagement/dangerCardConfigNew: the cards themselves, one per
 * source, post and template; /DangerThreeCards/index shows, prints and
 * publishes them.
 */
export const dangerCardLedger = defineRecord({
  area: 'MajorHazard',
  entity: 'DangerCard',
  name: { zh: '危险源三卡', en: 'Hazard source cards' },
  titleField: 'name',
  fields: [
    { key: 'name', type: 4, label: { zh: '卡片名称', en: 'Card name' }, required: true, unique: true, max: 80 },
    {
      key: 'source',
      type: 100,
      label: { zh: '重大危险源', en: 'Major hazard source' },
      required: true,
      ref: { entity: 'DangerSource', label: 'name' },
    },
    {
      key: 'template',
      type: 100,
      label: { zh: '模板', en: 'Template' },
      required: true,
      ref: { entity: 'DangerCardTemplate', label: 'name' },
    },
    { key: 'post', type: 4, label: { zh: '岗位', en: 'Post' }, max: 60 },
    { key: 'region', type: 2, label: { zh: '张贴区域', en: 'Posted in region' } },
    { key: 'responsible', type: 4, label: { zh: '责任人', en: 'Responsible person' }, max: 40 },
    { key: 'remark', type: 17, label: { zh: '补充说明', en: 'Notes' }, max: 2000 },
  ],
  list: { columns: ['name', 'source', 'template', 'post', 'region'], filters: ['name', 'source', 'template'], sort: { field: 'name', order: 'asc' } },
  isolation: { region: 'region' },
  permissions: { view: ['majorHazard:view'], edit: ['majorHazard:manage'], delete: ['majorHazard:manage'] },
});
