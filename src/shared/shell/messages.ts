import { defineMessages } from '../messages/define.js';

/** Shell: system configuration, app download, password reset links, to-dos. */
export const shellMessages = defineMessages({
  'validation.link': { zh: '须为 http(s) 链接或以 / 开头的站内路径', en: 'Must be an http(s) link or a path starting with /' },
  'shell.resetLinkInvalid': { zh: '重置链接无效', en: 'This reset link is not valid' },
  'shell.resetLinkUsed': { zh: '重置链接已使用过', en: 'This reset link has already been used' },
  'shell.resetLinkExpired': { zh: '重置链接已过期，请联系管理员重新生成', en: 'This reset link has expired; ask an administrator for a new one' },
  'shell.accountDisabled': { zh: '账号已停用', en: 'The account is disabled' },
  'todo.changePassword': { zh: '修改初始密码', en: 'Change your initial password' },
  'todo.resetLinkIssued': { zh: '为 {loginname} 生成的重置链接待使用', en: 'Reset link for {loginname} not used yet' },
  'todo.reviewAudit': { zh: '复核今日审计日志', en: "Review today's audit log" },
  'todo.confirmTags': { zh: '确认实时数据项的报警限值', en: 'Confirm the alarm limits of the data items' },
  'todo.checkHistory': { zh: '查看罐区液位昨日趋势', en: "Check yesterday's tank level trend" },
  'todo.reviewPersonnel': { zh: '复核本部门人员与角色', en: 'Review the people and roles of your department' },
  'todo.inspectRealtime': { zh: '巡检：核对现场实时读数', en: 'Inspection: compare on-site readings with live data' },
  'todo.contractorPermit': { zh: '查看本人作业区域的实时数据', en: 'Check the live data of your work area' },
  'todo.contractorPassword': { zh: '首次进场：修改登录密码', en: 'First day on site: change your password' },
});
