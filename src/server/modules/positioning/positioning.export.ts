import type { Writable } from 'node:stream';
import { POSITIONING_ALARM_TYPES, type StatisticsResult } from '../../../shared/positioning/contracts.js';
import type { Lang } from '../../../shared/messages/define.js';
import { formatDate } from '../../../shared/time.js';
import { alarmTypeNames as TYPE } from '../../../shared/alarms/contracts.js';
import { writeSheets, type Cell } from '../../common/excel.js';

/*
 * /StatisticsReport as an .xlsx file: the page's three tables as three sheets,
 * written by the record engine's sheet writer, in the caller's language.
 */

type Text = { zh: string; en: string };
export type RegionNames = ReadonlyMap<number, { regionname: string; regionname_en: string }>;

const FILE: Text = { zh: '定位统计报表', en: 'Positioning statistics' };
const SHEETS = {
  hours: { zh: '各区域每小时人数', en: 'People per region and hour' },
  dwell: { zh: '各区域停留时间', en: 'Time in each region' },
  alarms: { zh: '定位报警次数', en: 'Positioning alarms' },
} satisfies Record<string, Text>;
const H = {
  region: { zh: '区域', en: 'Region' },
  kind: { zh: '类别', en: 'Kind' },
  dwellMin: { zh: '停留时间（分钟）', en: 'Time (min)' },
  cards: { zh: '人/车次', en: 'Tracked' },
  total: { zh: '合计', en: 'Total' },
} satisfies Record<string, Text>;
const KIND: [Text, Text] = [
  { zh: '人员', en: 'People' },
  { zh: '车辆', en: 'Vehicles' },
];
const OUTSIDE: Text = { zh: '区域外', en: 'Outside regions' };

export const statisticsFileName = (lang: Lang) => `${FILE[lang]}.xlsx`;

/** Streams the statistics as a workbook of three sheets; answers the row count of each. */
export function writeStatisticsXlsx(out: Writable, r: StatisticsResult, names: RegionNames, lang: Lang): Promise<number[]> {
  const name = (id: number | null): string => {
    if (id === null || id === 0) {
      return OUTSIDE[lang];
    }
    const n = names.get(id);
    return n ? (lang === 'en' && n.regionname_en ? n.regionname_en : n.regionname) : `#${id}`;
  };
  const hourPattern = r.hours.length > 24 ? 'MM-DD HH:00' : 'HH:00';
  const hourRows: Cell[][] = r.regions.flatMap((x) => [
    [name(x.regionid), KIND[0][lang], ...x.people],
    ...(x.vehicles.some((n) => n > 0) ? [[name(x.regionid), KIND[1][lang], ...x.vehicles]] : []),
  ]);
  const byRegion = new Map<number | null, Map<string, number>>();
  for (const a of r.alarms) {
    const row = byRegion.get(a.regionid) ?? new Map<string, number>();
    row.set(a.type, (row.get(a.type) ?? 0) + a.count);
    byRegion.set(a.regionid, row);
  }
  const alarmRows: Cell[][] = [...byRegion].map(([id, counts]) => [
    name(id),
    ...POSITIONING_ALARM_TYPES.map((t) => counts.get(t) ?? 0),
    [...counts.values()].reduce((s, n) => s + n, 0),
  ]);
  return writeSheets(out, [
    {
      name: SHEETS.hours[lang],
      header: [H.region[lang], H.kind[lang], ...r.hours.map((h) => formatDate(h, hourPattern))],
      pages: [hourRows],
    },
    {
      name: SHEETS.dwell[lang],
      header: [H.region[lang], H.dwellMin[lang], H.cards[lang]],
      pages: [r.regions.map((x) => [name(x.regionid), Math.round(x.dwellMs / 6000) / 10, x.cards])],
    },
    {
      name: SHEETS.alarms[lang],
      header: [H.region[lang], ...POSITIONING_ALARM_TYPES.map((t) => TYPE[t][lang]), H.total[lang]],
      pages: [alarmRows],
    },
  ]);
}
