import { defineMessages } from './define.js';

/** Alarm settings and rationalisation, plant modes, out of service, control systems (issue 9 parts 1–4). */
export const alarmSettingMessages = defineMessages({
  'alarm.settingNotFound': { zh: '位号 {tagId} 没有 {type} 报警', en: 'Tag {tagId} has no {type} alarm' },
});
