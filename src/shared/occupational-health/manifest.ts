import { healthMessages } from '../health/messages.js';
import { defineSharedModule } from '../module.js';
import { healthMoreMessages } from './messages-more.js';
import { healthFormPages, healthMorePages } from './pages-more.js';

export const OHM = '/occupationalHealthManagement';
const VIEWERS = ['admin', 'supervisor', 'operator', 'inspector'] as const;

/** The children of seed 3 that are working pages here, with their titles (seed names kept). */
export const healthPages = [
  { child: 'occupationalHealthHomePage', name: '职业健康首页', name_en: 'Occupational health home', icon: 'home' },
  { child: 'occupationalHealthdatabase', name: '危害因素库', name_en: 'Hazard factor library', icon: 'database' },
  { child: 'hazardousPositions', name: '危害岗位', name_en: 'Hazardous positions', icon: 'team' },
  { child: 'jobHazard', name: '岗位危害监测', name_en: 'Workplace measurements', icon: 'experiment' },
  { child: 'protectiveMeasuresdatabase', name: '防护措施库', name_en: 'Protective measures', icon: 'safety' },
  { child: 'warningLabelDatabase', name: '警示标识库', name_en: 'Warning signs', icon: 'warning' },
  { child: 'personalFileSearch', name: '个人档案查询', name_en: 'Personal files', icon: 'idcard' },
  { child: 'medicalPlan', name: '体检计划', name_en: 'Medical exam plans', icon: 'calendar' },
  { child: 'medicalRecord', name: '体检记录', name_en: 'Medical exam records', icon: 'file-text' },
  { child: 'physicalAbnormalities', name: '体检异常', name_en: 'Exam abnormalities', icon: 'alert' },
] as const;

/** Children of seed 3 that are plain ledgers (definitions in `ledger.ts`, entity named here so the manifest stays light). */
export const healthLedgerPages = [
  {
    child: 'occupationalDiseasePatient',
    entity: 'OccupationalDiseasePatient',
    name: '职业病病人',
    name_en: 'Occupational disease patients',
    icon: 'medicine-box',
  },
  { child: 'anamnesis', entity: 'PastMedicalHistory', name: '既往病史', name_en: 'Past medical history', icon: 'history' },
  {
    child: 'occupationalHealthRecords',
    entity: 'ThreeSimultaneousArchive',
    name: '“三同时”档案',
    name_en: 'Three-simultaneous archives',
    icon: 'folder',
  },
  { child: 'diseasePrevention', entity: 'PreventionAndControlPlan', name: '职业病防治计划', name_en: 'Prevention plans', icon: 'schedule' },
  {
    child: 'declarationOccupational',
    entity: 'ProjectDeclaration',
    name: '危害项目申报',
    name_en: 'Hazard project declarations',
    icon: 'audit',
  },
  { child: 'fundsDisease', entity: 'PreventionAndControlFund', name: '防治经费', name_en: 'Prevention funds', icon: 'money-collect' },
  {
    child: 'facilityInspection',
    entity: 'FacilityMaintenanceRecord',
    name: '防护设施维护检修',
    name_en: 'Facility maintenance',
    icon: 'tool',
  },
  {
    child: 'healthInspections',
    entity: 'OccupationalHygieneInspection',
    name: '用人单位检查',
    name_en: 'Employer inspections',
    icon: 'file-search',
  },
  { child: 'carrySituation', entity: 'RegulatoryOpinionRecord', name: '监管意见落实', name_en: 'Supervision opinions', icon: 'solution' },
  { child: 'publicityFiles', entity: 'OccupationalHealthTraining', name: '培训档案', name_en: 'Training archive', icon: 'read' },
  {
    child: 'diseaseEquipmentMaterials',
    entity: 'HazardEquipmentMaterial',
    name: '设备与材料',
    name_en: 'Equipment and materials',
    icon: 'build',
  },
  { child: 'limitType', entity: 'OccupationalExposureBoundType', name: '限值类型配置', name_en: 'Limit types', icon: 'setting' },
] as const;

/** Routes of seed 3 served by a page above without a menu entry of their own. */
export const healthAliases = [
  { child: 'personalFile', name: '个人档案', name_en: 'Personal file', of: 'personalFileSearch' },
  { child: 'workplaceWarningSigns', name: '作业场所警示标识', name_en: 'Workplace warning signs', of: 'warningLabelDatabase' },
  { child: 'diseaseSafeguard', name: '职业病防护措施', name_en: 'Protective measures', of: 'protectiveMeasuresdatabase' },
] as const;

/** Occupational health (issue 26 §2, DOMAIN.md §11, seed 3 /occupationalHealthManagement). */
export const occupationalHealthShared = defineSharedModule({
  name: 'occupational-health',
  permissions: {
    'health:view': { zh: '查看职业健康', en: 'View occupational health', roles: ['supervisor', 'operator', 'inspector'] },
    'health:manage': { zh: '职业健康管理员', en: 'Occupational health administrator', roles: ['supervisor'] },
  },
  messages: {
    ...healthMessages,
    ...healthMoreMessages,
    'health.badShift': { zh: '班次结束须晚于开始，且不超过 24 小时', en: 'The shift must end after it starts and last at most 24 h' },
    'health.todo.overdue': { zh: '职业健康体检逾期：{name}（{message}）', en: 'Medical exam overdue: {name} ({message})' },
    'health.page.method.measurement': {
      zh: 'C_TWA = Σ CᵢTᵢ / 8 h（GBZ 2.1-2019），C_STEL 取最高的 15 分钟加权平均，最高读数对照 MAC；达到限值的 {percent}% 为行动水平。',
      en: 'C_TWA = Σ CᵢTᵢ / 8 h (GBZ 2.1-2019); C_STEL is the highest 15-min average; the peak reading is held against MAC; {percent}% of a limit is the action level.',
    },
    'health.page.samplePoint': { zh: '采样点', en: 'Sample point' },
    'health.page.substance': { zh: '物质', en: 'Substance' },
    'health.page.date': { zh: '日期', en: 'Date' },
    'health.page.twa': { zh: 'C_TWA mg/m³', en: 'C_TWA mg/m³' },
    'health.page.stel': { zh: 'C_STEL mg/m³', en: 'C_STEL mg/m³' },
    'health.page.peak': { zh: '最高 mg/m³', en: 'Peak mg/m³' },
    'health.page.result': { zh: '判定', en: 'Result' },
    'health.page.exceeded': { zh: '超标', en: 'Exceeded' },
    'health.page.action': { zh: '达到行动水平', en: 'At action level' },
    'health.page.ok': { zh: '合格', en: 'Complies' },
    'health.page.entry': { zh: '录入与编辑', en: 'Entry and editing' },
    'health.page.results': { zh: '检测结果', en: 'Results' },
    'health.page.person': { zh: '人员', en: 'Person' },
    'health.page.position': { zh: '岗位', en: 'Position' },
    'health.page.hazards': { zh: '危害因素', en: 'Hazards' },
    'health.page.lastExam': { zh: '上次体检', en: 'Last exam' },
    'health.page.dueDate': { zh: '应检日期', en: 'Due date' },
    'health.page.status': { zh: '状态', en: 'Status' },
    'health.page.onlyDue': { zh: '只看到期/逾期', en: 'Due and overdue only' },
    'health.page.dueList': { zh: '应检人员', en: 'Who is due' },
    'health.page.plans': { zh: '体检计划', en: 'Plans' },
    'health.page.open': { zh: '打开档案', en: 'Open file' },
    'health.page.shift': { zh: '班次', en: 'Shift' },
    'health.page.exposure': { zh: '本班次估算接触', en: 'Estimated shift exposure' },
    'health.page.noExposure': {
      zh: '该班次没有可估算的接触（无定位或所到区域无检测仪）',
      en: 'Nothing to estimate for this shift (no positions, or no detector where the person was)',
    },
    'health.page.zone': { zh: '区域', en: 'Zone' },
    'health.page.minutes': { zh: '停留（分钟）', en: 'Time (min)' },
    'health.page.estimated': { zh: '已估算（分钟）', en: 'Estimated (min)' },
    'health.page.flagged': { zh: '超过行动水平', en: 'Above action level' },
    'health.page.method': { zh: '估算方法', en: 'Method' },
    'health.page.exams': { zh: '体检记录', en: 'Exams' },
    'health.page.noFile': { zh: '请从个人档案列表打开一个档案', en: 'Open a file from the list of personal files' },
    'health.page.files': { zh: '档案', en: 'Files' },
    'health.page.due.notRequired': { zh: '无需', en: 'Not required' },
    'health.page.due.unknownCycle': { zh: '无周期', en: 'No cycle' },
    'health.page.due.neverExamined': { zh: '从未体检', en: 'Never examined' },
    'health.page.due.ok': { zh: '正常', en: 'OK' },
    'health.page.due.dueSoon': { zh: '即将到期', en: 'Due soon' },
    'health.page.due.overdue': { zh: '逾期', en: 'Overdue' },
    'health.page.stat.files': { zh: '个人档案', en: 'Personal files' },
    'health.page.stat.positions': { zh: '危害岗位', en: 'Hazardous positions' },
    'health.page.stat.overdue': { zh: '体检逾期', en: 'Exams overdue' },
    'health.page.stat.dueSoon': { zh: '30 天内到期', en: 'Due within 30 days' },
    'health.page.stat.abnormal': { zh: '体检异常', en: 'Abnormal results' },
    'health.page.stat.measurements': { zh: '检测记录', en: 'Measurements' },
    'health.page.stat.exceeded': { zh: '检测超标', en: 'Measurements exceeded' },
    'health.page.institution': { zh: '体检机构', en: 'Institution' },
    'health.page.remark': { zh: '说明', en: 'Notes' },
    'health.page.examType': { zh: '体检类型', en: 'Exam type' },
    'health.page.conclusion': { zh: '结论', en: 'Conclusion' },
    'health.page.card': { zh: '定位卡号', en: 'Tag (card)' },
    'health.page.all': { zh: '全部', en: 'All' },
  },
  auditActions: {
    'health.overdueTodo': { zh: '体检逾期待办', en: 'Overdue exam to-do' },
    'health.dueSoonTodo': { zh: '体检到期提醒', en: 'Exam due-soon reminder' },
  },
  menus: [
    {
      href: OHM,
      name: '职业健康管理',
      name_en: 'Occupational health',
      parent: '/No.88/SafetyProductionProcess',
      type: 1,
      eightyEightType: 4,
      icon: 'medicine-box',
      sort: 60,
      roles: VIEWERS,
    },
    ...[...healthPages, ...healthLedgerPages, ...healthMorePages].map((p, i) => ({
      href: `${OHM}/${p.child}`,
      name: p.name,
      name_en: p.name_en,
      parent: OHM,
      type: 2 as const,
      eightyEightType: 4,
      icon: p.icon,
      sort: 61 + i,
      roles: VIEWERS,
    })),
  ],
  pages: [...healthAliases, ...healthFormPages].map((a) => ({
    href: `${OHM}/${a.child}`,
    name: a.name,
    name_en: a.name_en,
    permittedBy: `${OHM}/${a.of}`,
  })),
});
