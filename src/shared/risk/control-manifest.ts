import type { MenuDecl, PageDecl } from '../module.js';

/**
 * Menu entries, pages, messages and audit actions of the `/RiskControll/*`
 * pages added for issue 21 §1 (risk factors, table header configs, QR codes
 * of risk points, safe self-evaluation with its log and sheet, assessment
 * config, the three-layer detail, warning signs) and of the measure check
 * tasks, spread into the risk manifest so these additions stay together.
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

export const controlMenus: MenuDecl[] = [
  entry('/RiskControll/MeasureCheckTask', '管控措施排查任务', 'Measure check tasks', 155, 'schedule'),
  entry('/RiskControll/QrCode', '风险点二维码', 'Risk point QR codes', 165, 'qrcode'),
  entry('/RiskControll/SafeSelfEvaluation', '安全自评', 'Safe self-evaluation', 166, 'form'),
  entry('/RiskControll/SafeSelfEvaluationLog', '安全自评记录', 'Self-evaluation log', 167, 'history'),
  entry('/RiskControll/WarningSign', '安全警示标志', 'Warning signs', 168, 'warning'),
  entry('/RiskControll/RiskFactor', '风险因素配置', 'Risk factors', 197, 'setting', MANAGERS),
  entry('/RiskControll/TableHeaderConfig', '表头配置', 'Table header configs', 198, 'setting', MANAGERS),
  entry('/RiskControll/AssessmentConfig', '评估配置', 'Assessment config', 199, 'setting', MANAGERS),
  entry('/RiskControll/SafeSelfEvaluationSheet', '安全自评表', 'Self-evaluation sheet', 200, 'setting', MANAGERS),
];

export const controlPages: PageDecl[] = [
  { href: '/RiskControll/ThreeLayerDetail', name: '风险三层详情', name_en: 'Risk details (three layers)', permittedBy: '/RiskDetails' },
];

export const controlMessages = {
  'risk.check.state.waiting': { zh: '未开始', en: 'Not open yet' },
  'risk.check.state.open': { zh: '待排查', en: 'To check' },
  'risk.check.state.done': { zh: '已排查', en: 'Checked' },
  'risk.check.state.missed': { zh: '漏检', en: 'Missed' },
  'risk.check.result.normal': { zh: '正常', en: 'Normal' },
  'risk.check.result.abnormal': { zh: '异常', en: 'Abnormal' },
  'risk.check.window': { zh: '排查时段', en: 'Window' },
  'risk.check.measure': { zh: '管控措施', en: 'Control measure' },
  'risk.check.unitEvent': { zh: '评价单元 / 风险事件', en: 'Unit / risk event' },
  'risk.check.state': { zh: '状态', en: 'State' },
  'risk.check.doneBy': { zh: '排查人', en: 'Checked by' },
  'risk.check.do': { zh: '排查', en: 'Check' },
  'risk.check.note': { zh: '说明', en: 'Note' },
  'risk.check.saved': { zh: '已记录排查结果', en: 'Check recorded' },
  'risk.check.intro': {
    zh: '每条管控措施按其排查周期生成排查任务；排查时段结束仍未排查即为漏检，该区域的实时风险按“管控措施漏检”规则升级，直到该措施再次排查。',
    en: 'Each control measure makes a check task on its cycle. A window that closes unchecked is a missed check: the zone is raised by the "check missed" rule until the measure is checked again.',
  },
  'risk.check.alreadyDone': { zh: '该任务已排查', en: 'This task has already been checked' },
  'risk.check.notOpen': { zh: '该任务不在排查时段内', en: 'This task is not open for checking now' },
  'risk.qr.intro': { zh: '为风险点生成公开只读链接，手机扫码即可查看风险点告知卡。', en: 'Publish a read-only link for a risk point: scanning its QR code opens the point card on a phone.' },
  'risk.qr.publish': { zh: '生成二维码', en: 'Make QR code' },
  'risk.qr.revoke': { zh: '撤销', en: 'Revoke' },
  'risk.qr.print': { zh: '打印', en: 'Print' },
  'risk.qr.until': { zh: '有效期至 {until} · 已打开 {n} 次', en: 'Valid until {until} · opened {n} times' },
  'risk.qr.none': { zh: '尚未生成', en: 'Not published' },
} as const;

export const controlAuditActions = {
  'risk.check.done': { zh: '管控措施排查', en: 'Control measure checked' },
} as const;
