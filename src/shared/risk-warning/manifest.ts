import { z } from 'zod';
import { channel, topic } from '../contracts/channel.js';
import { defineSharedModule } from '../module.js';
import { riskWarningStateItem } from './items.js';
import { riskWarningMessages } from './messages.js';

const SYSTEM = '/No.88/SecurityRiskPartition';
const EVERYONE = ['admin', 'supervisor', 'operator', 'inspector'] as const;

/**
 * Early warning (issue 21 §6): variables bound to a tag's value or to a count
 * of another module (open hidden dangers, missed checks, permits in effect),
 * formulas over them, ranges to a warning level 1–4, records of each
 * calculation, and the live board.
 */
export const riskWarningShared = defineSharedModule({
  name: 'risk-warning',
  permissions: {
    'riskWarning:view': { zh: '查看风险预警', en: 'View risk early warnings', roles: ['supervisor', 'operator', 'inspector'] },
    'riskWarning:manage': { zh: '配置风险预警', en: 'Configure risk early warnings', roles: ['supervisor'] },
  },
  messages: riskWarningMessages,
  auditActions: {
    'riskWarning.variable.save': { zh: '保存预警变量', en: 'Warning variable saved' },
    'riskWarning.variable.delete': { zh: '删除预警变量', en: 'Warning variable deleted' },
    'riskWarning.config.save': { zh: '保存预警配置', en: 'Warning saved' },
    'riskWarning.config.delete': { zh: '删除预警配置', en: 'Warning deleted' },
    'riskWarning.range.add': { zh: '新增预警区间', en: 'Warning range added' },
    'riskWarning.range.delete': { zh: '删除预警区间', en: 'Warning range deleted' },
    'riskWarning.record.add': { zh: '记录预警', en: 'Warning recorded' },
    'riskWarning.record.delete': { zh: '删除预警记录', en: 'Warning record deleted' },
    'riskWarning.calculate': { zh: '手动计算预警', en: 'Warnings calculated by hand' },
  },
  menus: [
    { href: '/RiskControll/RiskEarlyWarningShow', name: '风险预警看板', name_en: 'Early warning board', parent: SYSTEM, type: 2, eightyEightType: 2, icon: 'alert', sort: 80, roles: EVERYONE },
    { href: '/RiskControll/RiskEarlyWarningRecord', name: '风险预警记录', name_en: 'Early warning records', parent: SYSTEM, type: 2, eightyEightType: 2, icon: 'history', sort: 81, roles: EVERYONE },
    { href: '/RiskControll/RiskEarlyWarningConfig', name: '风险预警配置', name_en: 'Early warning settings', parent: SYSTEM, type: 2, eightyEightType: 2, icon: 'setting', sort: 82, roles: ['admin', 'supervisor'] },
  ],
  channels: {
    /** Each warning's latest calculation; isolated by the warning's region (none: the whole plant's). */
    riskWarning: channel({ event: 'riskWarning.state', item: riskWarningStateItem, coalesce: 'latest', key: (i) => String(i.id), time: (i) => i.t, isolation: 'namedRegion' }),
  },
  topics: {
    riskWarnings: topic({ pattern: 'risk.warnings', match: /^risk\.warnings$/, channel: 'riskWarning', permission: 'riskWarning:view', route: 'all' }),
  },
  events: {
    /** Warnings calculated (by schedule, on change or by hand): their new states. */
    'riskWarning.calculated': z.object({ states: z.array(riskWarningStateItem) }),
  },
});
