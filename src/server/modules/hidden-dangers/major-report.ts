import { hiddenDangerSeedStatus, hiddenDangerStatuses } from '../../../shared/domain/hidden-danger.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import { formatDate, type Lang } from '../../../shared/time.js';
import type { Cell } from '../../common/excel.js';
import type { OrgNames } from '../records/port.js';

const statusOf = new Map<number, string>(hiddenDangerStatuses.map((s) => [hiddenDangerSeedStatus[s], s]));

/** The columns of the regulator's 重大事故隐患 table, in its order. */
const columns: readonly [string, string][] = [
  ['序号', 'No.'],
  ['隐患名称', 'Hidden danger'],
  ['所在区域', 'Region'],
  ['具体位置', 'Place'],
  ['判定依据（安监总管三〔2017〕121号）', 'Criteria (SAWS No. 121 of 2017)'],
  ['发现时间', 'Found'],
  ['发现人', 'Found by'],
  ['整改责任人', 'Responsible'],
  ['整改期限', 'Deadline'],
  ['治理目标和任务', 'Goal and tasks'],
  ['治理方法和措施', 'Method and measures'],
  ['经费和物资落实（元）', 'Money and materials (yuan)'],
  ['负责治理的机构和人员', 'People responsible'],
  ['治理时限', 'Time limit'],
  ['治理期间安全措施', 'Safety measures meanwhile'],
  ['整改资金（元）', 'Money spent (yuan)'],
  ['治理进展', 'Progress'],
  ['整改完成时间', 'Rectified'],
  ['验收时间', 'Accepted'],
  ['销号时间', 'Closed'],
];

export const majorReportHeader = (lang: Lang): string[] => columns.map(([zh, en]) => (lang === 'en' ? en : zh));
export const majorReportFileName = (lang: Lang): string => (lang === 'en' ? 'Major hidden dangers.xlsx' : '重大事故隐患治理情况表.xlsx');

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const day = (v: unknown): string | null => (num(v) === null ? null : formatDate(num(v), 'YYYY-MM-DD'));

/** The 治理方案 the assign step stored (JSON text); empty parts when there is none yet. */
function planOf(v: unknown): Record<string, unknown> {
  if (typeof v === 'object' && v !== null) {
    return v as Record<string, unknown>;
  }
  try {
    const parsed: unknown = JSON.parse(str(v) || '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One row per 重大 danger, oldest found first; names in the reader's language. */
export function majorReportRows(records: readonly RecordItem[], names: OrgNames, lang: Lang): Cell[][] {
  const name = (m: ReadonlyMap<number, { zh: string; en: string }>, id: unknown) => {
    const n = num(id) === null ? undefined : m.get(num(id)!);
    return n ? (lang === 'en' ? n.en || n.zh : n.zh) : null;
  };
  return [...records]
    .sort((a, b) => a.created - b.created || a.id - b.id)
    .map((r, i) => {
      const plan = planOf(r.majorPlan);
      const criteria = Array.isArray(r.criteria) ? r.criteria.map(String).join('、') : '';
      return [
        i + 1,
        str(r.title),
        name(names.region, r.regionid),
        str(r.place) || null,
        criteria || null,
        formatDate(r.created, 'YYYY-MM-DD HH:mm'),
        name(names.person, r.finder),
        name(names.person, r.responsible),
        day(r.deadline),
        str(plan.goal) || null,
        str(plan.method) || null,
        num(plan.money),
        str(plan.people) || null,
        day(plan.deadline),
        str(plan.safetyMeasures) || null,
        num(r.money),
        renderMessage(lang, `hiddenDangers.status.${statusOf.get(r.status) ?? 'found'}`),
        day(r.rectifiedAt),
        day(r.verifiedAt),
        day(r.closedAt),
      ];
    });
}
