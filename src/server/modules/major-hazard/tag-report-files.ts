import type { Writable } from 'node:stream';
import type { PrintDocumentInput } from '../../../shared/documents/document.js';
import type { TagReportItem, TagReportRow } from '../../../shared/major-hazard/report-contracts.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import type { Lang } from '../../../shared/messages/define.js';
import { formatDate } from '../../../shared/time.js';
import { writeSheets, type Cell } from '../../common/excel.js';

/*
 * A kept tag report (issue 20 §7) as .xlsx (the shared sheet writer) and as an
 * A4 PDF (the documents port), with the same columns as the page.
 */

const T = (lang: Lang, code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);
const r4 = (x: number | null): number | null => (x === null ? null : Number(x.toPrecision(6)));
const minutes = (ms: number) => Math.round(ms / 60_000);

function columns(lang: Lang): string[] {
  return ['tag', 'name', 'unit', 'min', 'max', 'avg', 'above', 'below', 'alarms', 'samples'].map((c) => T(lang, `majorHazard.reportSetting.col.${c}`));
}

function cells(r: TagReportRow): Cell[] {
  return [r.tag, r.name, r.unit, r4(r.min), r4(r.max), r4(r.avg), minutes(r.aboveMs), minutes(r.belowMs), r.alarms, r.n];
}

function periodText(item: TagReportItem, lang: Lang): string {
  return T(lang, 'majorHazard.reportSetting.periodText', { from: formatDate(item.periodStart, 'YYYY-MM-DD HH:mm'), to: formatDate(item.periodEnd, 'YYYY-MM-DD HH:mm') });
}

export function tagReportFileName(item: TagReportItem, ext: 'xlsx' | 'pdf'): string {
  return `${item.name}-${formatDate(item.periodStart, 'YYYYMMDD-HHmm')}.${ext}`.replace(/[\\/:*?"<>|]/g, '_');
}

export async function writeTagReportXlsx(out: Writable, item: TagReportItem, lang: Lang): Promise<number> {
  async function* pages() {
    yield item.rows.map(cells);
  }
  const sheet = periodText(item, lang).replace(/[\\/:*?[\]]/g, '-').slice(0, 31);
  const [n] = await writeSheets(out, [{ name: sheet, header: columns(lang), pages: pages() }]);
  return n;
}

export function tagReportDocument(item: TagReportItem, lang: Lang): PrintDocumentInput {
  return {
    title: item.name,
    subtitle: `${T(lang, `majorHazard.reportSetting.schedule.${item.schedule}`)} · ${periodText(item, lang)}`,
    lang,
    footer: T(lang, 'majorHazard.reportSetting.footer'),
    blocks: [
      {
        kind: 'table',
        columns: columns(lang),
        rows: item.rows.map((r) => cells(r).map((x) => (x === null ? '' : String(x)))),
      },
    ],
  };
}
