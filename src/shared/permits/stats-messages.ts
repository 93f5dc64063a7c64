import { defineMessages } from '../messages/define.js';

/** Texts of the permit statistics pages (/SafetyWorkPermitNew/Analyse*). */
export const permitStatsMessages = defineMessages({
  'permits.stats.region': { zh: '作业票区域统计', en: 'Permits by region' },
  'permits.stats.department': { zh: '作业票部门统计', en: 'Permits by department' },
  'permits.stats.approved': { zh: '作业票审批时效分析', en: 'Permit approval times' },
  'permits.stats.regionCol': { zh: '区域', en: 'Region' },
  'permits.stats.deptCol': { zh: '申请部门', en: 'Applicant’s department' },
  'permits.stats.none': { zh: '未划分', en: 'None' },
  'permits.stats.total': { zh: '合计', en: 'Total' },
  'permits.stats.byType': { zh: '按作业类型', en: 'By type' },
  'permits.stats.byGrade': { zh: '按级别', en: 'By grade' },
  'permits.stats.byStatus': { zh: '按状态', en: 'By status' },
  'permits.stats.period': { zh: '申请时间', en: 'Applied' },
  'permits.stats.allTypes': { zh: '全部类型', en: 'All types' },
  'permits.stats.count': { zh: '数量', en: 'Count' },
  'permits.stats.avg': { zh: '平均（分钟）', en: 'Mean (min)' },
  'permits.stats.p50': { zh: '中位数（分钟）', en: 'Median (min)' },
  'permits.stats.max': { zh: '最长（分钟）', en: 'Longest (min)' },
  'permits.stats.typeTitle': { zh: '申请至审批完成（按作业类型）', en: 'Application to approval (by type)' },
  'permits.stats.stepTitle': { zh: '各签批步骤等待时长', en: 'Wait per statutory step' },
  'permits.stats.signerTitle': { zh: '签字人等待时长', en: 'Wait per signer' },
  'permits.stats.signer': { zh: '签字人', en: 'Signer' },
  'permits.stats.waiting': { zh: '签批中 {count} 张，最长已等待 {max} 分钟', en: '{count} permits waiting for signatures, the longest for {max} min' },
  'permits.stats.empty': { zh: '所选时间内没有作业票', en: 'No permits in the chosen period' },
});

/** Texts of the energy isolation page. */
export const permitIsolationMessages = defineMessages({
  'permits.isolation.title': { zh: '能量隔离', en: 'Energy isolation' },
  'permits.isolation.sheets': { zh: '隔离单', en: 'Sheets' },
  'permits.isolation.plans': { zh: '隔离方案', en: 'Plans' },
  'permits.isolation.confirm': { zh: '现场确认', en: 'On-site confirmation' },
  'permits.isolation.none': { zh: '没有待实施或待解除的隔离单', en: 'No sheet is waiting to be implemented or removed' },
  'permits.isolation.pick': { zh: '选择隔离单', en: 'Choose a sheet' },
  'permits.isolation.toLock': { zh: '待上锁挂牌', en: 'To be locked and tagged' },
  'permits.isolation.toVerify': { zh: '待验证', en: 'To be verified' },
  'permits.isolation.toRemove': { zh: '待解除', en: 'To be removed' },
  'permits.isolation.lock': { zh: '签字确认已上锁挂牌', en: 'Sign: locked and tagged' },
  'permits.isolation.verify': { zh: '签字确认隔离有效', en: 'Sign: isolation verified' },
  'permits.isolation.remove': { zh: '签字解除隔离', en: 'Sign: remove the isolation' },
});
