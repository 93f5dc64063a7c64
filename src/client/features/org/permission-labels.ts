import type { PermissionCode } from '../../../shared/contracts/contract';

/** What each permission code allows, in both languages; typed so a new code cannot go unlabelled. */
export const permissionLabels: Record<PermissionCode, { zh: string; en: string }> = {
  'org:read': { zh: '查看组织架构、人员与角色', en: 'View organisation, people and roles' },
  'org:manage': { zh: '管理组织架构、人员与角色', en: 'Manage organisation, people and roles' },
  'system:config': { zh: '系统配置', en: 'System configuration' },
  'audit:read': { zh: '查看审计日志', en: 'View the audit log' },
  'realtime:read': { zh: '查看实时数据与报警', en: 'View real-time data and alarms' },
  'realtime:manage': { zh: '配置位号及其报警限值', en: 'Configure tags and their alarm limits' },
  'positioning:read': { zh: '查看人员车辆定位', en: 'View people and vehicle positions' },
  'alarm:ack': { zh: '确认报警', en: 'Acknowledge alarms' },
  'alarm:shelve': { zh: '搁置与解除搁置报警', en: 'Shelve and unshelve alarms' },
  'alarm:admin': { zh: '报警停用与抑制', en: 'Take alarms out of service, suppress them' },
};
