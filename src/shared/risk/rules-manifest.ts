import type { MenuDecl } from '../module.js';

/**
 * Menu entries, messages and audit actions of the escalation rule rows
 * (issue 21 §5), the /InherentRisk family (§3) and the /RiskControll control
 * panel, spread into the risk manifest so these additions stay together.
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

export const rulesMenus: MenuDecl[] = [
  entry('/RiskControll', '风险管控面板', 'Risk control panel', 5, 'dashboard'),
  entry('/InherentRisk/InherentRiskReview', '固有/残余风险审查', 'Inherent and residual risk review', 171, 'audit'),
  entry('/InherentRisk/RegionRisk', '区域固有/残余风险', 'Region inherent and residual risk', 172, 'environment'),
  entry('/InherentRisk/InitialRiskConfig', '固有风险配置', 'Inherent risk settings', 173, 'setting', MANAGERS),
  entry('/InherentRisk/ResidualRiskConfig', '残余风险配置', 'Residual risk settings', 174, 'setting', MANAGERS),
  entry('/InherentRisk/InherentRiskLevelConfig', '风险等级分级配置', 'Risk level bands', 175, 'setting', MANAGERS),
  entry('/RiskControll/EscalationRules', '风险升级规则', 'Escalation rules', 196, 'setting', ['admin']),
];

export const rulesMessages = {
  'risk.rules.title': { zh: '实时风险升级规则', en: 'Live escalation rules' },
  'risk.rules.intro': {
    zh: '每条规则决定一种原因（报警、人数超限、作业票、重大隐患等）使区域升一级或设为某一等级，以及原因结束后保持多久。效果不叠加：实时等级取静态等级与各原因单独给出等级中的最高者。',
    en: 'Each rule says which cause (an alarm, a head count above limit, a permit, a major hidden danger…) raises a zone one level or sets its level, and how long the effect holds after the cause ends. Effects never stack: the live level is the most severe of the static level and of each cause on its own.',
  },
  'risk.rules.add': { zh: '新增规则', en: 'Add a rule' },
  'risk.rules.edit': { zh: '编辑规则', en: 'Edit rule' },
  'risk.rules.id': { zh: '规则编码', en: 'Rule code' },
  'risk.rules.name': { zh: '名称', en: 'Name' },
  'risk.rules.nameEn': { zh: '英文名称', en: 'Name in English' },
  'risk.rules.kind': { zh: '原因类型', en: 'Cause kind' },
  'risk.rules.match': { zh: '匹配条件', en: 'Match' },
  'risk.rules.matchHelp': {
    zh: '每行一个条件：属性=值，多个可选值用逗号分隔，如 type=hot-work、grade=special,first',
    en: 'One condition a line: attribute=value, several values separated by commas, e.g. type=hot-work, grade=special,first',
  },
  'risk.rules.matchAny': { zh: '（该类型的全部原因）', en: '(every cause of this kind)' },
  'risk.rules.effect': { zh: '效果', en: 'Effect' },
  'risk.rules.raise': { zh: '升一级', en: 'Raise one level' },
  'risk.rules.setTo': { zh: '设为{level}', en: 'Set to {level}' },
  'risk.rules.set': { zh: '设为等级', en: 'Set a level' },
  'risk.rules.hold': { zh: '保持时间（分钟）', en: 'Hold (minutes)' },
  'risk.rules.holdShort': { zh: '保持', en: 'Hold' },
  'risk.rules.minutes': { zh: '{n} 分钟', en: '{n} min' },
  'risk.rules.enabled': { zh: '启用', en: 'Enabled' },
  'risk.rules.saved': { zh: '已保存，所有区域已按新规则重新计算', en: 'Saved: every zone is computed again with the new rules' },
  'risk.rules.deleted': { zh: '已删除', en: 'Deleted' },
  'risk.rules.deleteConfirm': { zh: '删除此规则？它抬升的区域将立即回落。', en: 'Delete this rule? Zones it lifts fall back at once.' },
  'risk.rules.badMatch': { zh: '第 {line} 行应写作 属性=值', en: 'Line {line} should read attribute=value' },
  'risk.common.edit': { zh: '编辑', en: 'Edit' },
  'risk.common.delete': { zh: '删除', en: 'Delete' },
  'risk.common.actions': { zh: '操作', en: 'Actions' },
  'risk.kind.alarm': { zh: '报警', en: 'Alarm' },
  'risk.kind.headcount': { zh: '人数超限', en: 'Head count above limit' },
  'risk.kind.gathering': { zh: '人员聚集', en: 'Gathering' },
  'risk.kind.permit': { zh: '作业票', en: 'Permit in effect' },
  'risk.kind.hiddenDanger': { zh: '隐患', en: 'Hidden danger' },
  'risk.panel.zones': { zh: '区域', en: 'Zones' },
  'risk.panel.raised': { zh: '实时升级中的区域', en: 'Zones raised now' },
  'risk.panel.points': { zh: '风险点', en: 'Risk points' },
  'risk.panel.units': { zh: '评价单元', en: 'Evaluation units' },
  'risk.panel.rules': { zh: '启用的升级规则', en: 'Rules enabled' },
  'risk.panel.byLevel': { zh: '区域实时等级分布', en: 'Zones by live level' },
  'risk.panel.entries': { zh: '功能入口', en: 'Pages' },
  'risk.panel.raisedList': { zh: '高于静态等级的区域', en: 'Zones above their static level' },
  'risk.panel.noneRaised': { zh: '当前没有区域因实时原因升级', en: 'No zone is raised by a live cause now' },
  'risk.review.status': { zh: '审查结论', en: 'Review' },
  'risk.review.residualAboveInherent': { zh: '残余风险高于固有风险', en: 'Residual above inherent' },
  'risk.review.ok': { zh: '一致', en: 'Consistent' },
  'risk.review.notSet': { zh: '未设置固有风险', en: 'Inherent risk not set' },
  'risk.review.noResidual': { zh: '未设置残余风险', en: 'Residual risk not set' },
  'risk.review.evaluatedAbove': { zh: '评价结果（{level}）高于残余风险，需复核', en: 'The evaluations ({level}) are above the residual risk: review it' },
  'risk.review.evaluatedAboveInherent': { zh: '评价结果（{level}）高于固有风险，需复核', en: 'The evaluations ({level}) are above the inherent risk: review it' },
  'risk.review.history': { zh: '评价记录', en: 'Evaluations made' },
  'risk.review.target': { zh: '对象', en: 'Evaluated' },
  'risk.review.by': { zh: '评价人', en: 'By' },
  'risk.review.at': { zh: '时间', en: 'When' },
  'risk.review.factors': { zh: '取值', en: 'Factors' },
  'risk.region.title': { zh: '区域固有、残余与实时风险', en: 'Regions: inherent, residual and live risk' },
} as const;

export const rulesAuditActions = {
  'risk.rule.save': { zh: '修改风险升级规则', en: 'Escalation rule changed' },
  'risk.rule.delete': { zh: '删除风险升级规则', en: 'Escalation rule deleted' },
} as const;
