import { defineSharedModule } from '../module.js';

/** The dual-prevention performance board (issue 24 §4; seed 2 §7.5 `UAPI/PerformanceMetricsBoard/*`). */
export const performanceBoardShared = defineSharedModule({
  name: 'performance-board',
  permissions: {
    'performance:view': { zh: '查看双重预防运行效果看板', en: 'View the dual-prevention performance board', roles: ['supervisor', 'operator', 'inspector'] },
  },
  messages: {
    'performance.title': { zh: '双重预防运行效果', en: 'Dual prevention: how it runs' },
    'performance.riskPoints': { zh: '风险点', en: 'Risk points' },
    'performance.unevaluated': { zh: '未完成评价 {n}', en: '{n} not evaluated' },
    'performance.zones': { zh: '风险分区', en: 'Risk zones' },
    'performance.zonesRaised': { zh: '当前红/橙区域', en: 'Zones red or orange now' },
    'performance.found': { zh: '发现隐患', en: 'Dangers found' },
    'performance.closed': { zh: '已闭环', en: 'Closed' },
    'performance.open': { zh: '未闭环', en: 'Open' },
    'performance.overdue': { zh: '逾期未整改', en: 'Overdue' },
    'performance.rectifyRate': { zh: '隐患整改率', en: 'Rectification rate' },
    'performance.onTimeRate': { zh: '按期整改率', en: 'On-time rate' },
    'performance.foundThisMonth': { zh: '本月发现隐患', en: 'Dangers found this month' },
    'performance.allTime': { zh: '累计', en: 'All time' },
    'performance.byMonth': { zh: '近12个月隐患发现与闭环', en: 'Dangers found and closed, last 12 months' },
    'performance.byDept': { zh: '各部门隐患整改', en: 'Rectification by department' },
    'performance.classification': { zh: '风险分级', en: 'Risk classification' },
    'performance.zoneList': { zh: '区域风险管控', en: 'Zone risk control' },
    'performance.dept': { zh: '部门', en: 'Department' },
    'performance.zone': { zh: '区域', en: 'Zone' },
    'performance.live': { zh: '实时等级', en: 'Live level' },
    'performance.residual': { zh: '管控后等级', en: 'Residual level' },
    'performance.causes': { zh: '升级原因', en: 'Causes' },
    'performance.points': { zh: '风险点数', en: 'Points' },
    'performance.noDept': { zh: '（未指定部门）', en: '(no department)' },
    'performance.notEvaluated': { zh: '未评价', en: 'Not evaluated' },
    'performance.method': {
      zh: '整改率 = 已闭环 ÷（发现 − 作废）；按期率 = 截止前闭环 ÷ 有截止日期的已闭环；逾期 = 已下发、截止日期已过、未整改。仅统计您有权查看的区域。',
      en: 'Rectification rate = closed ÷ (found − voided); on-time rate = closed by the deadline ÷ closed with a deadline; overdue = assigned, deadline passed, not rectified. Only the regions you may see are counted.',
    },
  },
  menus: [
    {
      href: '/RiskControll/EvaluationBoard',
      name: '双重预防运行效果',
      name_en: 'Dual-prevention board',
      parent: '/No.88/SecurityRiskPartition',
      type: 2 as const,
      eightyEightType: 1,
      icon: 'dashboard',
      sort: 35,
      roles: ['supervisor', 'operator', 'inspector'] as const,
    },
  ],
});
