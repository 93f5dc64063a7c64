import { defineMessages } from './define.js';

/** Alarm settings and rationalisation, plant modes, out of service, control systems (issue 9 parts 1–4). */
export const alarmSettingMessages = defineMessages({
  'alarm.settingNotFound': { zh: '位号 {tagId} 没有 {type} 报警', en: 'Tag {tagId} has no {type} alarm' },
  'controlSystem.notFound': { zh: '控制系统不存在或无权查看', en: 'The control system does not exist or you may not see it' },
  'controlSystem.nameTaken': { zh: '控制系统名称 {name} 已存在', en: 'A control system named {name} exists already' },
});
