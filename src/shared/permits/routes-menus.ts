import { defineMessages } from '../messages/define.js';
import type { MenuDecl, PageDecl } from '../module.js';

const SAFETY_SYSTEM = '/No.88/SafetyProductionProcess';
const ROLES = ['admin', 'supervisor', 'operator', 'inspector', 'contractor'] as const;
const CONFIG_ROLES = ['admin', 'supervisor'] as const;

const dir = (href: string, name: string, name_en: string, sort: number, icon: string): MenuDecl => ({ href, name, name_en, parent: SAFETY_SYSTEM, type: 1, eightyEightType: 4, icon, sort, roles: ROLES });
const entry = (parent: string, href: string, name: string, name_en: string, sort: number, icon: string, roles: MenuDecl['roles'] = ROLES): MenuDecl => ({
  href,
  name,
  name_en,
  parent,
  type: 2,
  eightyEightType: 4,
  icon,
  sort,
  roles,
});

/**
 * Menu entries of the permit routes of issue 25 that were still /404: JSA,
 * gas analysis (/Examine), the blind-plate register and the permit report.
 * `/SafetyWorkPermit` itself (the statistics by type) is the directory's own page.
 */
export const routeMenus: MenuDecl[] = [
  entry('/SafetyWorkPermit', '/SafetyWorkPermitNew/PersonnelLocationRecord', '作业区域人员记录', 'People in the work zone', 47, 'team'),
  dir('/JSA', '工作安全分析', 'Job safety analysis', 60, 'safety'),
  entry('/JSA', '/JSA/JSASearch', 'JSA查询', 'JSA search', 61, 'search'),
  entry('/JSA', '/JSA/JSACreate', '新建JSA', 'New JSA', 62, 'plus'),
  entry('/JSA', '/JSA/JSAAnalysis', 'JSA统计分析', 'JSA analysis', 63, 'chart'),
  entry('/JSA', '/JSA/JSAMap', 'JSA地图', 'JSA map', 64, 'environment'),
  entry('/JSA', '/JSA/DataCenter', 'JSA数据中心', 'JSA data centre', 65, 'database'),
  entry('/JSA', '/JSA/WorkType', 'JSA作业类型', 'JSA work types', 66, 'setting', CONFIG_ROLES),
  entry('/JSA', '/JSA/ApplyConfig', 'JSA申请配置', 'JSA apply configuration', 67, 'setting', CONFIG_ROLES),
  entry('/JSA', '/JSA/EvaluateConfig', 'JSA评价配置', 'JSA evaluation configuration', 68, 'setting', CONFIG_ROLES),
  dir('/Examine', '气体分析', 'Gas analysis', 70, 'experiment'),
  entry('/Examine', '/Examine/GasAnalysisSearch', '气体分析查询', 'Gas analysis search', 71, 'search'),
  entry('/Examine', '/Examine/GasAnalysisConfig', '气体分析配置', 'Gas analysis configuration', 72, 'setting', CONFIG_ROLES),
  entry('/Examine', '/Examine/AnalysisItemConfig', '分析项目配置', 'Analysis items', 73, 'setting', CONFIG_ROLES),
  dir('/BlindPlate', '盲板管理', 'Blind plates', 80, 'border'),
  entry('/BlindPlate', '/BlindPlate/Config', '盲板台账配置', 'Blind-plate register', 81, 'setting', CONFIG_ROLES),
  entry('/BlindPlate', '/BlindPlate/BlindSearch', '检修盲板查询', 'Maintenance blinds', 82, 'search'),
  entry('/BlindPlate', '/BlindPlate/TemporarySearch', '临时盲板查询', 'Temporary blinds', 83, 'search'),
  entry('/BlindPlate', '/BlindPlate/DesignSearch', '设计盲板查询', 'Design blinds', 84, 'search'),
  dir('/autoWorkingBillReport', '作业票报告', 'Permit reports', 90, 'file-text'),
  entry('/autoWorkingBillReport', '/autoWorkingBillReport/SendReport', '报送报告', 'Send a report', 91, 'send'),
  entry('/autoWorkingBillReport', '/autoWorkingBillReport/myReport', '我的报告', 'My reports', 92, 'user'),
  entry('/autoWorkingBillReport', '/autoWorkingBillReport/reportSearch', '报告查询', 'Report search', 93, 'search'),
  entry('/autoWorkingBillReport', '/autoWorkingBillReport/confirmSetting', '报告审批流程配置', 'Report approval flows', 94, 'setting', CONFIG_ROLES),
];

export const routePages: PageDecl[] = [
  { href: '/JSA/JSADetail', name: 'JSA详情', name_en: 'JSA', permittedBy: '/JSA/JSASearch' },
  { href: '/autoWorkingBillReport/ReportDetail', name: '报告详情', name_en: 'Report', permittedBy: '/autoWorkingBillReport/reportSearch' },
];

/** Texts and codes of those routes. */
export const routeMessages = defineMessages({
  'permits.zoneRecord.title': { zh: '作业区域人员记录', en: 'People in the work zone' },
  'permits.zoneRecord.pick': { zh: '选择已开始作业的作业票', en: 'Pick a permit whose work has started' },
  'permits.zoneRecord.notStarted': { zh: '作业尚未开始，无人员记录', en: 'The work has not started: nobody to list' },
  'permits.zoneRecord.window': { zh: '{from} 至 {to}，作业点半径 {radius} m 内', en: '{from} to {to}, within {radius} m of the work' },
  'permits.zoneRecord.none': { zh: '该时段无人进入作业区域', en: 'Nobody entered the work zone in that time' },
  'permits.zoneRecord.name': { zh: '人员/车辆', en: 'Person or vehicle' },
  'permits.zoneRecord.tag': { zh: '定位卡', en: 'Tag' },
  'permits.zoneRecord.vehicle': { zh: '车辆', en: 'Vehicle' },
  'permits.zoneRecord.enter': { zh: '进入时间', en: 'Entered' },
  'permits.zoneRecord.leave': { zh: '最后在区域内', en: 'Last seen inside' },
  'permits.zoneRecord.minutes': { zh: '停留(分钟)', en: 'Minutes' },
  'permits.zoneRecord.fixes': { zh: '定位点数', en: 'Fixes' },
  'permits.jsaMissing': { zh: '动火作业须关联已完成的同类作业JSA（JSA的关联作业票号填写本作业票号）', en: 'Hot work needs a completed hot-work JSA that names this permit' },
  'permits.jsa.byType': { zh: '按作业类型', en: 'By work type' },
  'permits.jsa.byHazard': { zh: '按危害类别', en: 'By hazard kind' },
  'permits.jsa.total': { zh: 'JSA总数', en: 'JSAs' },
  'permits.jsa.completed': { zh: '已完成', en: 'Completed' },
  'permits.jsa.count': { zh: '数量', en: 'Count' },
  'permits.jsa.steps': { zh: '作业步骤数', en: 'Task steps' },
  'permits.jsa.none': { zh: '未关联JSA', en: 'No JSA linked' },
  'permits.jsa.created': { zh: 'JSA已保存', en: 'JSA saved' },
  'permits.jsa.hazard.fire': { zh: '火灾爆炸', en: 'Fire and explosion' },
  'permits.jsa.hazard.poison': { zh: '中毒窒息', en: 'Poisoning and asphyxiation' },
  'permits.jsa.hazard.fall': { zh: '高处坠落', en: 'Fall from height' },
  'permits.jsa.hazard.struck': { zh: '物体打击', en: 'Struck by objects' },
  'permits.jsa.hazard.electric': { zh: '触电', en: 'Electric shock' },
  'permits.jsa.hazard.burn': { zh: '灼烫', en: 'Burns and scalds' },
  'permits.jsa.hazard.collapse': { zh: '坍塌', en: 'Collapse' },
  'permits.jsa.hazard.mechanical': { zh: '机械伤害', en: 'Mechanical injury' },
  'permits.jsa.hazard.lifting': { zh: '起重伤害', en: 'Lifting injury' },
  'permits.jsa.hazard.other': { zh: '其他', en: 'Other' },
  'permits.gasA.status.toSubmit': { zh: '待提交', en: 'To be submitted' },
  'permits.gasA.status.toApprove': { zh: '待审批', en: 'To be approved' },
  'permits.gasA.status.completed': { zh: '已完成', en: 'Completed' },
  'permits.gasA.result.toAnalyse': { zh: '待分析', en: 'To be analysed' },
  'permits.gasA.result.qualified': { zh: '合格', en: 'Qualified' },
  'permits.gasA.result.unqualified': { zh: '不合格', en: 'Unqualified' },
  'permits.gasA.status': { zh: '分析状态', en: 'Status' },
  'permits.gasA.result': { zh: '分析结果', en: 'Result' },
  'permits.gasA.limit': { zh: '合格限值 %vol', en: 'Pass limit % vol' },
  'permits.gasA.samples': { zh: '分析数据', en: 'Readings' },
  'permits.gasA.reasons': { zh: '判定依据', en: 'Why' },
  'permits.gasA.permitStatus': { zh: '作业票状态', en: 'Permit status' },
  'permits.gasA.any': { zh: '全部', en: 'All' },
  'permits.gasA.rule': {
    zh: '判定规则（GB 30871-2022）：爆炸下限≥4%时可燃气体≤0.5%vol，<4%时≤0.2%vol；受限空间氧含量19.5%～21%；取样在作业开始前30分钟内。',
    en: 'Rules (GB 30871-2022): combustible ≤ 0.5 % vol when its LEL ≥ 4 %, ≤ 0.2 % below; confined space O₂ 19.5–21 %; sample at most 30 min before work.',
  },
  'permits.report.period': { zh: '统计周期', en: 'Period' },
  'permits.report.kind': { zh: '报告类型', en: 'Report kind' },
  'permits.report.flow': { zh: '审批流程', en: 'Approval flow' },
  'permits.report.remark': { zh: '情况说明', en: 'Notes' },
  'permits.report.send': { zh: '报送', en: 'Send' },
  'permits.report.sent': { zh: '报告已报送：{number}', en: 'Report sent: {number}' },
  'permits.report.noFlow': { zh: '请先在“报告审批流程配置”中配置审批流程', en: 'Configure an approval flow first (Report approval flows)' },
  'permits.report.open': { zh: '进行中', en: 'Open' },
  'permits.report.closed': { zh: '已关闭', en: 'Closed' },
  'permits.typeStats.title': { zh: '作业票类型统计', en: 'Permits by type' },
});
