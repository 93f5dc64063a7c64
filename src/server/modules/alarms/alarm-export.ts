import type { Writable } from 'node:stream';
import type { AlarmSettingItem } from '../../../shared/alarms/settings-contracts.js';
import { alarmTypeNames, type AlarmItem } from '../../../shared/alarms/contracts.js';
import type { AlarmStateName } from '../../../shared/domain/alarm-state.js';
import type { Lang } from '../../../shared/messages/define.js';
import { formatDate } from '../../../shared/time.js';
import { writeSheet, type Cell } from '../../common/excel.js';

/*
 * The alarm history as an .xlsx file (/alarmData/historyAlarm), written by the
 * record engine's sheet writer, in the caller's language.
 */

type Text = { zh: string; en: string };

const SHEET: Text = { zh: '历史报警', en: 'Alarm history' };
const HEADER: Text[] = [
  { zh: '优先级', en: 'Priority' },
  { zh: '报警时间', en: 'Activated' },
  { zh: '报警源', en: 'Source' },
  { zh: '位号 / 来源', en: 'Tag / source id' },
  { zh: '报警类型', en: 'Type' },
  { zh: '报警值', en: 'Value' },
  { zh: '限值', en: 'Limit' },
  { zh: '峰值', en: 'Peak' },
  { zh: '单位', en: 'Unit' },
  { zh: '状态', en: 'State' },
  { zh: '确认人', en: 'Acknowledged by' },
  { zh: '确认时间', en: 'Acknowledged' },
  { zh: '确认说明', en: 'Comment' },
  { zh: '恢复时间', en: 'Returned' },
  { zh: '结束时间', en: 'Closed' },
];
export const PRIORITY: Record<number, Text> = {
  1: { zh: '紧急', en: 'Urgent' },
  2: { zh: '高', en: 'High' },
  3: { zh: '中', en: 'Medium' },
  4: { zh: '低', en: 'Low' },
};
const STATE: Record<AlarmStateName, Text> = {
  normal: { zh: '已恢复', en: 'Normal' },
  unack: { zh: '未确认', en: 'Unacknowledged' },
  ack: { zh: '已确认', en: 'Acknowledged' },
  rtnUnack: { zh: '已恢复未确认', en: 'Returned, unacknowledged' },
  shelved: { zh: '已搁置', en: 'Shelved' },
  suppressed: { zh: '已抑制', en: 'Suppressed' },
  outOfService: { zh: '已停用', en: 'Out of service' },
};
export const TYPE = alarmTypeNames;

const time = (t: number | null): Cell => (t === null ? null : formatDate(t));

/** One occurrence as the cells of a row. */
export function historyCells(a: AlarmItem, lang: Lang): Cell[] {
  return [
    PRIORITY[a.priority]?.[lang] ?? a.priority,
    time(a.activatedAt),
    lang === 'en' && a.sourceNameEn ? a.sourceNameEn : a.sourceName,
    a.source,
    TYPE[a.type][lang],
    a.value,
    a.limit,
    a.peak,
    a.unit,
    STATE[a.state][lang],
    a.ackedBy,
    time(a.ackedAt),
    a.ackComment,
    time(a.returnedAt),
    time(a.closedAt),
  ];
}

/** Streams the history pages as an .xlsx workbook. */
export function writeHistoryXlsx(out: Writable, pages: AsyncIterable<AlarmItem[]>, lang: Lang): Promise<number> {
  async function* cells(): AsyncIterable<Cell[][]> {
    for await (const page of pages) {
      yield page.map((a) => historyCells(a, lang));
    }
  }
  return writeSheet(
    out,
    SHEET[lang],
    HEADER.map((h) => h[lang]),
    cells(),
  );
}

export const historyFileName = (lang: Lang) => `${SHEET[lang]}.xlsx`;

const SETTINGS_SHEET: Text = { zh: '报警设置标准台账', en: 'Alarm settings' };
/** The ledger's columns in the export's order; the import reads them back by these headers (either language). */
export const SETTINGS_COLUMNS = [
  { key: 'tagId', zh: '位号', en: 'Tag' },
  { key: 'name', zh: '名称', en: 'Name' },
  { key: 'type', zh: '报警类型', en: 'Type' },
  { key: 'limit', zh: '限值', en: 'Limit' },
  { key: 'deadband', zh: '死区', en: 'Deadband' },
  { key: 'unit', zh: '单位', en: 'Unit' },
  { key: 'priority', zh: '优先级', en: 'Priority' },
  { key: 'proposedPriority', zh: '建议优先级', en: 'Proposed priority' },
  { key: 'onDelayS', zh: '报警延时（秒）', en: 'On-delay (s)' },
  { key: 'offDelayS', zh: '恢复延时（秒）', en: 'Off-delay (s)' },
  { key: 'enabled', zh: '启用', en: 'Enabled' },
  { key: 'consequence', zh: '后果严重度', en: 'Consequence' },
  { key: 'responseTime', zh: '响应时间', en: 'Time to respond' },
  { key: 'cause', zh: '报警原因', en: 'Cause' },
  { key: 'correctiveAction', zh: '处置措施', en: 'Corrective action' },
  // ISA-18.2 §11.9: out of service is an operator action with a reason, audited; the import reads these two columns as information only.
  { key: 'outOfService', zh: '停用（不投用）', en: 'Out of service' },
  { key: 'oosReason', zh: '停用原因', en: 'Out-of-service reason' },
] as const;
export type SettingsColumn = (typeof SETTINGS_COLUMNS)[number]['key'];
export const CONSEQUENCE: Record<string, Text> = {
  minor: { zh: '轻微', en: 'Minor' },
  moderate: { zh: '一般', en: 'Moderate' },
  major: { zh: '严重', en: 'Major' },
  severe: { zh: '重大', en: 'Severe' },
};
export const RESPONSE: Record<string, Text> = {
  gt30: { zh: '大于 30 分钟', en: 'Over 30 min' },
  m10to30: { zh: '10–30 分钟', en: '10–30 min' },
  m3to10: { zh: '3–10 分钟', en: '3–10 min' },
  lt3: { zh: '小于 3 分钟', en: 'Under 3 min' },
};
export const YES_NO = { zh: ['是', '否'], en: ['Yes', 'No'] } as const;

/** The alarm setting ledger as an .xlsx workbook, the tag limits beside each alarm's settings. */
export function writeSettingsXlsx(out: Writable, rows: AlarmSettingItem[], lang: Lang): Promise<number> {
  async function* cells(): AsyncIterable<Cell[][]> {
    yield rows.map((r) => [
      r.tagId,
      lang === 'en' && r.tagNameEn ? r.tagNameEn : r.tagName,
      TYPE[r.type][lang],
      r.limit,
      r.deadband,
      r.unit,
      PRIORITY[r.priority]?.[lang] ?? r.priority,
      r.proposedPriority === null ? null : (PRIORITY[r.proposedPriority]?.[lang] ?? r.proposedPriority),
      r.onDelayS,
      r.offDelayS,
      YES_NO[lang][r.enabled ? 0 : 1],
      r.consequence ? CONSEQUENCE[r.consequence][lang] : null,
      r.responseTime ? RESPONSE[r.responseTime][lang] : null,
      r.cause,
      r.correctiveAction,
      YES_NO[lang][r.outOfService ? 0 : 1],
      r.outOfService ? r.outOfService.reason : null,
    ]);
  }
  return writeSheet(
    out,
    SETTINGS_SHEET[lang],
    SETTINGS_COLUMNS.map((h) => h[lang]),
    cells(),
  );
}

export const settingsFileName = (lang: Lang) => `${SETTINGS_SHEET[lang]}.xlsx`;
