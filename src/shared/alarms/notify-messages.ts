import { defineMessages } from '../messages/define.js';

/** Alarm notifications, escalation and the text of the messages webhooks send. */
export const alarmNotifyMessages = defineMessages({
  'webhook.urlScheme': { zh: '地址必须以 http:// 或 https:// 开头', en: 'The URL must start with http:// or https://' },
  'webhook.notFound': { zh: 'Webhook 不存在', en: 'The webhook does not exist' },
  'webhook.inUse': { zh: '升级配置“{name}”仍在使用该 Webhook', en: 'Escalation level “{name}” still uses this webhook' },
  'webhook.userNotFound': { zh: '用户 {id} 不存在', en: 'User {id} does not exist' },
  'escalation.nobody': { zh: '请至少选择一个 Webhook 或用户', en: 'Choose at least one webhook or user' },
  'escalation.notFound': { zh: '升级级别不存在', en: 'The escalation level does not exist' },
  'escalation.sortMismatch': { zh: '排序必须包含每个级别各一次', en: 'The order must name every level once' },
  'notify.priority1': { zh: '紧急', en: 'Urgent' },
  'notify.priority2': { zh: '高', en: 'High' },
  'notify.priority3': { zh: '中', en: 'Medium' },
  'notify.priority4': { zh: '低', en: 'Low' },
  'notify.raisedTitle': { zh: '【{priority}】报警：{source}', en: '[{priority}] Alarm: {source}' },
  'notify.escalatedTitle': { zh: '【升级 {level}】未确认报警：{source}', en: '[Escalation {level}] Unacknowledged alarm: {source}' },
  'notify.body': {
    zh: '位号：{tag}\n类型：{type}\n数值：{value} {unit}（限值 {limit}）\n报警时间：{time}',
    en: 'Tag: {tag}\nType: {type}\nValue: {value} {unit} (limit {limit})\nActivated: {time}',
  },
  'notify.unackedFor': { zh: '已 {minutes} 分钟无人确认', en: 'Unacknowledged for {minutes} min' },
  'notify.escalatedTodo': { zh: '报警升级：{source} 已 {minutes} 分钟无人确认', en: 'Alarm escalated: {source} unacknowledged for {minutes} min' },
});
