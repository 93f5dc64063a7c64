import { defineMessages } from '../messages/define.js';

/*
 * The inspection import template (/systemConfig/InspectionImport): a sheet of
 * points and a sheet of plans, each headed in either language. A cell is read
 * as a person types it (names, 是/否, dates, HH:mm); a refusal names the sheet,
 * the row (the header is row 1) and the column.
 */

export interface ImportColumn<K extends string = string> {
  key: K;
  zh: string;
  en: string;
  required?: boolean;
  /** What to type, shown in the template's second sheet. */
  hint: { zh: string; en: string };
}

export const importSheets = {
  points: { zh: '巡检点', en: 'Points' },
  plans: { zh: '巡检计划', en: 'Plans' },
} as const;
export type ImportSheet = keyof typeof importSheets;

const c = <K extends string>(key: K, zh: string, en: string, hintZh: string, hintEn: string, required = false): ImportColumn<K> => ({
  key,
  zh,
  en,
  required,
  hint: { zh: hintZh, en: hintEn },
});

export const pointColumns = [
  c('name', '名称', 'Name', '巡检点名称；同一区域内同名的点被更新', 'Point name; a point of the same name in the region is updated', true),
  c('region', '区域', 'Region', '区域名称', 'Region name', true),
  c('kind', '类型', 'Kind', '设备 或 场所', 'Device or Place'),
  c('device', '绑定设备', 'Device', '设备位号或名称', 'Device tag or name'),
  c('lon', '经度', 'Longitude', '如 118.80367', 'e.g. 118.80367', true),
  c('lat', '纬度', 'Latitude', '如 32.25234', 'e.g. 32.25234', true),
  c('radius', '打卡半径（米）', 'Radius (m)', '空：全厂默认', 'Empty: the plant default'),
  c('qrCode', '二维码', 'QR code', '空：自动生成', 'Empty: generated'),
  c('nfcId', 'NFC卡号', 'NFC card id', '', ''),
  c(
    'items',
    '检查项',
    'Check items',
    '每行一项：名称|类型(enum/text/value/tick/photo/signature)|选项或下限~上限|异常选项',
    'One per line: label|type (enum/text/value/tick/photo/signature)|options or min~max|abnormal options',
  ),
] as const;

export const planColumns = [
  c('name', '计划名称', 'Plan name', '不能与已有计划同名', 'Must not repeat an existing plan', true),
  c('responsible', '负责人', 'Responsible', '姓名或登录名', 'Name or login name', true),
  c('inspectors', '巡检人员', 'Inspectors', '多人用、或,分隔；空：有巡检权限的人', 'Separate with , or 、; empty: anyone allowed to check', false),
  c('region', '区域', 'Region', '区域名称', 'Region name', true),
  c('dept', '部门', 'Department', '部门名称', 'Department name'),
  c('cycle', '巡检周期', 'Cycle', '时 / 日 / 周 / 月', 'hour / day / week / month', true),
  c('every', '间隔', 'Every', '每几个周期，默认1', 'Every how many cycles, default 1'),
  c('days', '星期/日期', 'Weekdays / days', '周：1-7（7为周日）；月：1-31；多个用,分隔', 'Week: 1-7 (7 Sunday); month: 1-31; separate with ,'),
  c('times', '巡检时间', 'Times', '时:分，多个用,分隔（按时：开始时刻）', 'HH:mm, separated by , (hourly: the first start)', true),
  c('effectiveFrom', '生效时间', 'Effective from', '日期，如 2026-12-01', 'A date, e.g. 2026-12-01', true),
  c('windowMinutes', '巡检时长（分钟）', 'Window (minutes)', '空：到下一周期', 'Empty: until the next slot'),
  c('tolerance', '时间容差（分钟）', 'Time tolerance (min)', '0或大于0的整数', '0 or a whole number'),
  c('reminderHours', '到期前提醒（小时）', 'Reminder before expiry (h)', '', ''),
  c('headcount', '巡检人数', 'Headcount', '默认1', 'Default 1'),
  c('ordered', '按顺序巡检', 'In order', '是 / 否', 'Yes / No'),
  c('points', '巡检点', 'Points', '按巡检顺序，用、或,分隔；点在本区域或本文件的点表中', 'In route order, separated by , or 、; points of the region or of the points sheet', true),
  c('enabled', '启用', 'Enabled', '是 / 否，默认是', 'Yes / No, default Yes'),
] as const;

export type PointColumn = (typeof pointColumns)[number]['key'];
export type PlanColumn = (typeof planColumns)[number]['key'];

export const inspectionImportMessages = defineMessages({
  'inspections.import.failed': {
    zh: '导入失败：{sheet} 第{row}行「{column}」：{problem}（共{count}处错误，未导入任何数据）',
    en: 'Import failed: {sheet} row {row}, "{column}": {problem} ({count} problems in all; nothing was imported)',
  },
  'inspections.import.noSheets': { zh: '文件中没有巡检点或巡检计划表', en: 'The file has no points or plans sheet' },
  'inspections.import.empty': { zh: '文件中没有数据行', en: 'The file has no data rows' },
  'inspections.import.missingColumn': { zh: '缺少必填列', en: 'A required column is missing' },
  'inspections.import.unknownRegion': { zh: '区域不存在：{value}', en: 'No such region: {value}' },
  'inspections.import.unknownDept': { zh: '部门不存在：{value}', en: 'No such department: {value}' },
  'inspections.import.unknownPerson': { zh: '人员不存在：{value}', en: 'No such person: {value}' },
  'inspections.import.unknownPointName': { zh: '巡检点不存在：{value}', en: 'No such inspection point: {value}' },
  'inspections.import.badNumber': { zh: '应为数字：{value}', en: 'Not a number: {value}' },
  'inspections.import.badKind': { zh: '应为 设备 或 场所：{value}', en: 'Device or Place expected: {value}' },
  'inspections.import.badCycle': { zh: '周期应为 时、日、周 或 月：{value}', en: 'The cycle is hour, day, week or month: {value}' },
  'inspections.import.badDays': { zh: '星期应为1-7，日期应为1-31：{value}', en: 'Weekdays are 1-7, days 1-31: {value}' },
  'inspections.import.badDate': { zh: '日期格式不对：{value}', en: 'Not a date: {value}' },
  'inspections.import.badYesNo': { zh: '应为 是 或 否：{value}', en: 'Yes or No expected: {value}' },
  'inspections.import.badItem': { zh: '检查项格式不对：{value}', en: 'Check item not understood: {value}' },
  'inspections.import.planExists': { zh: '计划已存在：{value}', en: 'A plan of this name exists: {value}' },
  'inspections.import.duplicate': { zh: '文件中重复：{value}', en: 'Repeated in the file: {value}' },
  'inspections.import.templateName': { zh: '巡检点与计划导入模板', en: 'Inspection points and plans template' },
  'inspections.import.hintSheet': { zh: '填写说明', en: 'How to fill in' },
});
