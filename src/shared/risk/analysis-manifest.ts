import type { MenuDecl, PageDecl } from '../module.js';

/**
 * Menu entries, pages, messages and audit actions of risk analysis (issue 21
 * §1–§4: units, events, measures, their configuration, band tables, the
 * three-layer detail, inherent and residual levels), spread into the risk
 * manifest so its additions stay together.
 */
const SYSTEM = '/No.88/SecurityRiskPartition';
const EVERYONE = ['admin', 'supervisor', 'operator', 'inspector'] as const;
const MANAGERS = ['admin', 'supervisor'] as const;

const entry = (href: string, name: string, name_en: string, sort: number, icon: string, roles: MenuDecl['roles'] = EVERYONE): MenuDecl => ({
  href,
  name,
  name_en,
  parent: SYSTEM,
  type: 2,
  eightyEightType: 2,
  icon,
  sort,
  roles,
});

export const analysisMenus: MenuDecl[] = [
  entry('/RiskManagement/EvaluateUnit', '评价单元', 'Evaluation units', 100, 'apartment'),
  entry('/RiskManagement/AnalysisList', '风险分析', 'Risk analysis', 110, 'unordered-list'),
  entry('/RiskManagement/AnalysisCount', '风险分析统计', 'Risk analysis counts', 120, 'bar-chart'),
  entry('/RiskControll/AnalysisListNewMap', '风险分析地图', 'Risk analysis map', 130, 'environment'),
  entry('/RiskDetails', '风险三层详情', 'Risk details (three layers)', 140, 'cluster'),
  entry('/RiskControll/ControlMeasures', '管控措施', 'Control measures', 150, 'safety'),
  entry('/Gateway/RiskPointQuery', '作业风险点查询', 'Risk point query', 160, 'search'),
  entry('/InherentRisk/InherentRiskSearch', '固有与残余风险', 'Inherent and residual risk', 170, 'rise'),
  entry('/LsRisk', '风险评价方法配置', 'Evaluation method bands', 180, 'setting', MANAGERS),
  entry('/RiskControll/AnalysisObject', '风险分析对象', 'Analysis objects', 190, 'setting', MANAGERS),
  entry('/RiskControll/AccidentType', '事故类型', 'Accident types', 191, 'setting', MANAGERS),
  entry('/RiskControll/RiskRange', '风险范围', 'Risk ranges', 192, 'setting', MANAGERS),
  entry('/RiskControll/ControlLevel', '管控层级', 'Control levels', 193, 'setting', MANAGERS),
  entry('/RiskControll/MeasureType', '措施类型', 'Measure types', 194, 'setting', MANAGERS),
  entry('/RiskControll/RiskType', '风险类型', 'Risk types', 195, 'setting', MANAGERS),
];

export const analysisPages: PageDecl[] = [
  { href: '/RiskControll/EvaluateUnit', name: '评价单元', name_en: 'Evaluation units', permittedBy: '/RiskManagement/EvaluateUnit' },
  { href: '/riskControllanalysisList', name: '风险分析', name_en: 'Risk analysis', permittedBy: '/RiskManagement/AnalysisList' },
  { href: '/RiskPointQuery', name: '作业风险点查询', name_en: 'Risk point query', permittedBy: '/Gateway/RiskPointQuery' },
  { href: '/InherentRisk/RegionRiskSearch', name: '固有与残余风险', name_en: 'Inherent and residual risk', permittedBy: '/InherentRisk/InherentRiskSearch' },
];

export const analysisMessages = {
  'risk.analysis.unit': { zh: '评价单元', en: 'Evaluation unit' },
  'risk.analysis.events': { zh: '风险事件', en: 'Risk events' },
  'risk.analysis.measures': { zh: '管控措施', en: 'Control measures' },
  'risk.analysis.noEvents': { zh: '暂无风险事件', en: 'No risk event yet' },
  'risk.analysis.noMeasures': { zh: '暂无管控措施', en: 'No control measure yet' },
  'risk.analysis.noUnits': { zh: '暂无评价单元', en: 'No evaluation unit yet' },
  'risk.analysis.hazard': { zh: '危险源', en: 'Hazard' },
  'risk.analysis.accident': { zh: '事故类型', en: 'Accident type' },
  'risk.analysis.cause': { zh: '原因', en: 'Cause' },
  'risk.analysis.consequence': { zh: '后果', en: 'Consequence' },
  'risk.analysis.checkContent': { zh: '排查内容', en: 'Check content' },
  'risk.analysis.cycle': { zh: '排查周期', en: 'Check cycle' },
  'risk.analysis.total': { zh: '合计', en: 'Total' },
  'risk.analysis.search': { zh: '搜索评价单元', en: 'Search units' },
  'risk.analysis.evaluate': { zh: '评价', en: 'Evaluate' },
  'risk.analysis.evaluated': { zh: '已评价：{score} 分 · {level}', en: 'Evaluated: score {score} · {level}' },
  'risk.analysis.chooseEvent': { zh: '选择风险事件', en: 'Choose a risk event' },
  'risk.analysis.object': { zh: '分析对象', en: 'Analysis object' },
  'risk.bands.title': { zh: '{method} 分级区间', en: '{method} bands' },
  'risk.bands.min': { zh: '下限（含）', en: 'From (inclusive)' },
  'risk.bands.max': { zh: '上限（不含）', en: 'To (exclusive)' },
  'risk.bands.openAbove': { zh: '无上限', en: 'No upper bound' },
  'risk.bands.addBand': { zh: '添加区间', en: 'Add a band' },
  'risk.bands.saved': { zh: '已保存，新的评价将使用此分级', en: 'Saved: new evaluations use these bands' },
  'risk.bands.version': { zh: '版本 {id} · {by} · {time}', en: 'Version {id} · {by} · {time}' },
  'risk.bands.default': { zh: '默认分级（未修改）', en: 'Default bands (not edited)' },
  'risk.bands.factors': { zh: '因素取值', en: 'Factor values' },
  'risk.unitLevel.inherent': { zh: '固有风险', en: 'Inherent risk' },
  'risk.unitLevel.residual': { zh: '残余风险', en: 'Residual risk' },
  'risk.unitLevel.evaluated': { zh: '评价结果', en: 'From evaluations' },
  'risk.unitLevel.note': { zh: '说明', en: 'Note' },
  'risk.unitLevel.saved': { zh: '已保存', en: 'Saved' },
  'risk.unitLevel.notSet': { zh: '未设置', en: 'Not set' },
  'risk.pointQuery.search': { zh: '搜索风险点、单元', en: 'Search risk points or units' },
  'risk.pointQuery.card': { zh: '风险点告知卡', en: 'Risk point card' },
  'risk.common.save': { zh: '保存', en: 'Save' },
} as const;

export const analysisAuditActions = {
  'risk.bands.save': { zh: '修改风险分级区间', en: 'Risk band table changed' },
  'risk.evaluation.add': { zh: '风险评价', en: 'Risk evaluated' },
  'risk.unitLevel.save': { zh: '设置固有/残余风险', en: 'Inherent/residual risk set' },
} as const;
