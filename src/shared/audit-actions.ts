import type { Lang } from './time.js';

/**
 * Every action the audit log records, with its name in both languages: the
 * server writes only these codes (`audit()` takes an AuditAction), and the
 * audit log page and record histories show the name in the reader's language.
 */
export const auditActions = {
  create: { zh: '新增', en: 'Create' },
  update: { zh: '修改', en: 'Update' },
  delete: { zh: '删除', en: 'Delete' },
  enable: { zh: '启用', en: 'Enable' },
  disable: { zh: '停用', en: 'Disable' },
  import: { zh: '导入', en: 'Import' },
  upload: { zh: '上传', en: 'Upload' },
  geometry: { zh: '绘制区域', en: 'Draw region' },
  place: { zh: '放置平面图', en: 'Place site plan' },
  set_tags: { zh: '设置数据项', en: 'Set data items' },
  login: { zh: '登录', en: 'Sign-in' },
  'login.failed': { zh: '登录失败', en: 'Failed sign-in' },
  logout: { zh: '退出', en: 'Sign-out' },
  'password.change': { zh: '修改密码', en: 'Change password' },
  'password.reset': { zh: '重置密码', en: 'Reset password' },
  'password.resetLink': { zh: '生成重置链接', en: 'Issue reset link' },
  'password.resetByLink': { zh: '通过链接重置密码', en: 'Password reset by link' },
  'token.reuse': { zh: '令牌重用', en: 'Token reuse' },
  'scope.save': { zh: '保存数据范围', en: 'Save data scope' },
  'config.save': { zh: '保存系统配置', en: 'Save system configuration' },
  'ingest_key.create': { zh: '新建接入密钥', en: 'Create ingest key' },
  'ingest_key.revoke': { zh: '吊销接入密钥', en: 'Revoke ingest key' },
  'record.create': { zh: '新增记录', en: 'Create record' },
  'record.update': { zh: '修改记录', en: 'Edit record' },
  'record.delete': { zh: '删除记录', en: 'Delete record' },
  'record.import': { zh: '导入记录', en: 'Import records' },
  'record.transition': { zh: '流程操作', en: 'Workflow step' },
  'definition.create': { zh: '新建台账', en: 'Create ledger' },
  'definition.update': { zh: '修改台账定义', en: 'Edit ledger definition' },
  'definition.delete': { zh: '删除台账', en: 'Delete ledger' },
  'dictionary.create': { zh: '新增字典条目', en: 'Create dictionary entry' },
  'dictionary.update': { zh: '修改字典条目', en: 'Edit dictionary entry' },
  'dictionary.delete': { zh: '删除字典条目', en: 'Delete dictionary entry' },
  'alarm.ack': { zh: '确认报警', en: 'Acknowledge alarm' },
  'alarm.shelve': { zh: '搁置报警', en: 'Shelve alarm' },
  'alarm.unshelve': { zh: '解除搁置', en: 'Unshelve alarm' },
  'alarm.unshelveExpired': { zh: '搁置到期', en: 'Shelve expired' },
  'alarm.suppress': { zh: '抑制报警', en: 'Suppress alarms' },
  'alarm.unsuppress': { zh: '解除抑制', en: 'Unsuppress alarms' },
  'alarm.plantMode': { zh: '设置装置运行状态', en: 'Set plant mode' },
  'alarm.escalate': { zh: '报警升级', en: 'Escalate alarm' },
  'alarm.raise': { zh: '报警产生', en: 'Alarm raised' },
  'alarm.clear': { zh: '报警恢复', en: 'Alarm cleared' },
  'alarm.removeFromService': { zh: '停用报警', en: 'Remove from service' },
  'alarm.returnToService': { zh: '恢复投用', en: 'Return to service' },
  'alarmSetting.save': { zh: '保存报警设置', en: 'Save alarm setting' },
  'alarmSetting.import': { zh: '导入报警设置', en: 'Import alarm settings' },
  'controlSystem.create': { zh: '新增控制系统', en: 'Create control system' },
  'controlSystem.update': { zh: '修改控制系统', en: 'Edit control system' },
  'controlSystem.delete': { zh: '删除控制系统', en: 'Delete control system' },
  'escalation.create': { zh: '新增升级规则', en: 'Create escalation' },
  'escalation.update': { zh: '修改升级规则', en: 'Edit escalation' },
  'escalation.delete': { zh: '删除升级规则', en: 'Delete escalation' },
  'escalation.sort': { zh: '调整升级顺序', en: 'Reorder escalations' },
  'webhook.create': { zh: '新增 Webhook', en: 'Create webhook' },
  'webhook.update': { zh: '修改 Webhook', en: 'Edit webhook' },
  'webhook.delete': { zh: '删除 Webhook', en: 'Delete webhook' },
  'webhook.bindUsers': { zh: '绑定 Webhook 人员', en: 'Bind webhook users' },
  'fence.create': { zh: '新增围栏规则', en: 'Create fence rule' },
  'fence.update': { zh: '修改围栏规则', en: 'Edit fence rule' },
  'fence.delete': { zh: '删除围栏规则', en: 'Delete fence rule' },
  'muster.start': { zh: '开始清点', en: 'Start muster' },
  'muster.end': { zh: '结束清点', en: 'End muster' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type AuditAction = keyof typeof auditActions;

/** The name of an action code in `lang`; a code this build does not know (written by a newer server) as itself. */
export function auditActionName(action: string, lang: Lang): string {
  const a = (auditActions as Record<string, { zh: string; en: string } | undefined>)[action];
  return a ? a[lang] : action;
}
