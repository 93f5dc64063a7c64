import { defineMessages } from '../messages/define.js';

/** Alarm settings and rationalisation, plant modes, out of service, control systems (issue 9 parts 1–4). */
export const alarmSettingMessages = defineMessages({
  'alarm.settingNotFound': { zh: '位号 {tagId} 没有 {type} 报警', en: 'Tag {tagId} has no {type} alarm' },
  'alarm.importUnknownTag': {
    zh: '位号 {tagId} 不存在或不在您的数据权限范围内',
    en: 'Tag {tagId} does not exist or is outside your scope',
  },
  'alarm.importBadType': { zh: '报警类型 {value} 无效或不适用于该位号', en: 'Alarm type {value} is unknown or does not apply to this tag' },
  'alarm.importBadPriority': {
    zh: '优先级 {value} 无效，应为 紧急/高/中/低 或 1–4',
    en: 'Priority {value} is invalid: use Urgent/High/Medium/Low or 1–4',
  },
  'alarm.importBadValue': { zh: '无法识别的值：{value}', en: 'Value not recognised: {value}' },
  'alarm.importDuplicate': { zh: '与第 {row} 行重复', en: 'Repeats row {row}' },
  'alarm.importLimitPermission': { zh: '修改限值需要位号管理权限', en: 'Changing a limit needs the tag management permission' },
  'alarm.importNoRows': {
    zh: '文件中没有可导入的行（表头应与导出文件一致）',
    en: 'The file has no rows to import (the header must match the export)',
  },
  'alarm.reasonExcelImport': { zh: 'Excel 导入', en: 'Excel import' },
  'controlSystem.notFound': { zh: '控制系统不存在或无权查看', en: 'The control system does not exist or you may not see it' },
  'controlSystem.nameTaken': { zh: '控制系统名称 {name} 已存在', en: 'A control system named {name} exists already' },
});
