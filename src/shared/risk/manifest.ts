import { z } from 'zod';
import { channel, topic } from '../contracts/channel.js';
import { defineSharedModule } from '../module.js';
import { riskZoneItem } from './items.js';
import { riskMessages } from './messages.js';
import { analysisAuditActions, analysisMenus, analysisMessages, analysisPages } from './analysis-manifest.js';
import { controlAuditActions, controlMenus, controlMessages, controlPages } from './control-manifest.js';
import { rulesAuditActions, rulesMenus, rulesMessages } from './rules-manifest.js';

const SYSTEM = '/No.88/SecurityRiskPartition';
const EVERYONE = ['admin', 'supervisor', 'operator', 'inspector'] as const;

/** Safety risk zoning (issue 21): evaluation (LEC, LS, MES), risk points on the regions, the four-colour map and its live escalation. */
export const riskShared = defineSharedModule({
  name: 'risk',
  permissions: {
    'risk:view': { zh: '查看风险分区', en: 'View risk zoning', roles: ['supervisor', 'operator', 'inspector'] },
    'risk:manage': { zh: '管理风险点与风险评价', en: 'Manage risk points and evaluations', roles: ['supervisor'] },
    'risk:rules': { zh: '修改实时风险升级规则', en: 'Edit the live escalation rules', roles: [] },
    'risk:check': { zh: '排查管控措施', en: 'Check control measures', roles: ['supervisor', 'operator', 'inspector'] },
  },
  messages: {
    ...riskMessages,
    ...analysisMessages,
    ...rulesMessages,
    ...controlMessages,
    'risk.map.legend': { zh: '图例', en: 'Legend' },
    'risk.map.live': { zh: '实时', en: 'Live' },
    'risk.map.residual': { zh: '静态（管控后）', en: 'Static (after measures)' },
    'risk.map.inherent': { zh: '固有（管控前）', en: 'Inherent (before measures)' },
    'risk.map.notEvaluated': { zh: '未评价', en: 'Not evaluated' },
    'risk.map.why': { zh: '为什么是这个颜色', en: 'Why this colour' },
    'risk.map.points': { zh: '风险点', en: 'Risk points' },
    'risk.map.noPoints': { zh: '该区域没有风险点', en: 'No risk point in this zone' },
    'risk.map.causes': { zh: '实时升级原因', en: 'Live causes' },
    'risk.map.noCauses': { zh: '无实时升级，显示静态等级', en: 'No live cause: the static level holds' },
    'risk.map.until': { zh: '保持至 {time}', en: 'Held until {time}' },
    'risk.map.since': { zh: '自 {time}', en: 'Since {time}' },
    'risk.map.raisedFrom': { zh: '由{from}升为{to}', en: 'Raised from {from} to {to}' },
    'risk.map.overridden': { zh: '等级已人工调整', en: 'Level set by hand' },
    'risk.history.title': { zh: '区域风险等级变化记录', en: 'Zone colour history' },
    'risk.history.toMap': { zh: '返回四色图', en: 'Back to the map' },
    'risk.history.allZones': { zh: '全部区域', en: 'Every zone' },
    'risk.history.refresh': { zh: '刷新', en: 'Refresh' },
    'risk.history.none': { zh: '所选范围内没有等级变化', en: 'No change of level in this range' },
    'risk.history.first': { zh: '首次计算', en: 'First computed' },
    'risk.history.causes': { zh: '原因', en: 'Causes' },
    'risk.history.noCause': { zh: '无实时原因（按风险点等级）', en: 'No live cause (the level of the risk points)' },
    'risk.history.open': { zh: '等级变化记录', en: 'Colour history' },
    'risk.print.title': { zh: '四色风险分布图', en: 'Four-colour risk map' },
    'risk.print.time': { zh: '状态时间：{time}', en: 'State at {time}' },
    'risk.print.noShapes': { zh: '没有已绘制的区域', en: 'No zone has been drawn' },
    'risk.print.zones': { zh: '区域及等级（{n}）', en: 'Zones and levels ({n})' },
    'risk.print.open': { zh: '打印地图', en: 'Print the map' },
    'risk.print.print': { zh: '打印 / 存为 PDF', en: 'Print / save as PDF' },
    'risk.print.download': { zh: '下载 SVG', en: 'Download SVG' },
    'risk.print.paper': { zh: '纸张', en: 'Paper' },
    'risk.override.set': { zh: '人工调整等级', en: 'Set the level by hand' },
    'risk.override.clear': { zh: '取消人工调整', en: 'Clear the override' },
    'risk.override.reason': { zh: '原因', en: 'Reason' },
    'risk.override.until': { zh: '有效至（可不填）', en: 'Until (optional)' },
    'risk.override.untilText': { zh: '有效至 {time}', en: 'until {time}' },
    'risk.override.help': {
      zh: '只能选择等级，不能指定颜色；实时升级原因（报警、作业票等）仍在此等级上生效，效果不叠加。',
      en: 'Choose a level, never a colour; the live causes (alarms, permits…) still apply on top of it, without stacking.',
    },
    'risk.override.saved': { zh: '等级已调整，地图已更新', en: 'Level set: the map is updated' },
    'risk.override.cleared': { zh: '已取消人工调整，恢复按风险点计算的等级', en: 'Override cleared: the level from the risk points holds again' },
    'risk.map.table': { zh: '区域风险一览', en: 'Zones at a glance' },
    'risk.map.zone': { zh: '区域', en: 'Zone' },
    'risk.map.level': { zh: '等级', en: 'Level' },
    'risk.map.measures': { zh: '管控措施', en: 'Control measures' },
    'risk.map.tier': { zh: '管控层级', en: 'Control tier' },
    'risk.map.score': { zh: '分值', en: 'Score' },
    'risk.map.method': { zh: '评价方法', en: 'Method' },
    'risk.point.invalid': { zh: '评价无效：{reason}', en: 'Evaluation invalid: {reason}' },
    'risk.eval.title': { zh: '风险评价计算', en: 'Risk evaluation calculator' },
    'risk.eval.calculate': { zh: '计算', en: 'Calculate' },
    'risk.eval.result': { zh: '{score} 分 · {level}', en: 'Score {score} · {level}' },
  },
  auditActions: {
    'risk.zone.change': { zh: '区域风险等级变化', en: 'Zone risk level changed' },
    'risk.zone.override': { zh: '人工调整区域风险等级', en: 'Zone risk level set by hand' },
    'risk.zone.overrideClear': { zh: '取消区域风险等级人工调整', en: 'Zone level override cleared' },
    ...analysisAuditActions,
    ...rulesAuditActions,
    ...controlAuditActions,
  },
  menus: [
    { href: '/riskFourColorMap', name: '四色风险分布图', name_en: 'Four-colour risk map', parent: SYSTEM, type: 2, eightyEightType: 2, icon: 'heat-map', sort: 10, roles: EVERYONE },
    { href: '/RiskControll/RiskPoint', name: '风险点管理', name_en: 'Risk points', parent: SYSTEM, type: 2, eightyEightType: 2, icon: 'environment', sort: 20, roles: EVERYONE },
    { href: '/riskTable', name: '区域风险一览表', name_en: 'Zone risk table', parent: SYSTEM, type: 2, eightyEightType: 2, icon: 'table', sort: 30, roles: EVERYONE },
    ...analysisMenus,
    ...rulesMenus,
    ...controlMenus,
  ],
  pages: [
    ...analysisPages,
    ...controlPages,
    { href: '/riskFourColorMap/print', name: '打印四色风险分布图', name_en: 'Print the four-colour map', permittedBy: '/riskFourColorMap' },
    { href: '/riskFourColorMap/history', name: '区域风险等级变化记录', name_en: 'Zone colour history', permittedBy: '/riskFourColorMap' },
  ],
  channels: {
    /** The levels of one zone, the latest per region; isolated by the zone's region. */
    riskZone: channel({ event: 'risk.zone', item: riskZoneItem, coalesce: 'latest', key: (i) => String(i.regionid), time: (i) => i.t, isolation: 'namedRegion' }),
  },
  topics: {
    risk: topic({ pattern: 'risk', match: /^risk$/, channel: 'riskZone', permission: 'risk:view', route: 'all' }),
  },
  events: {
    /** A zone's live level (or its causes) changed; persisted in the zone's history before this is published. */
    'risk.changed': z.object({ zones: z.array(riskZoneItem) }),
    /** A zone's level override was set or cleared (region ids); the other servers read the overrides again. */
    'risk.overrideChanged': z.object({ zones: z.array(z.number()) }),
    /** The escalation rule rows were saved or one deleted (ids); the other servers read the rows again. */
    'risk.rulesChanged': z.object({ ids: z.array(z.string()) }),
    /** A control measure's check task was checked (task ids); the other servers read the overdue measures again. */
    'risk.measureChecked': z.object({ ids: z.array(z.number()) }),
  },
});
