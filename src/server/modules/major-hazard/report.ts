import type { Writable } from 'node:stream';
import type { PrintDocumentInput } from '../../../shared/documents/document.js';
import type { IdentificationItem, ReportRow } from '../../../shared/major-hazard/contracts.js';
import { unitKinds } from '../../../shared/major-hazard/ledgers.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import type { Lang } from '../../../shared/messages/define.js';
import { formatDate } from '../../../shared/time.js';
import { writeSheets, type Cell } from '../../common/excel.js';

/*
 * The report of all major hazard sources (issue 20 §7): every unit the caller
 * may see with its kept identification (S, major or not, α, R, grade) and its
 * substances, 一级 first. One list of rows feeds the page, the .xlsx export
 * (shared sheet writer) and the A4 PDF (documents port).
 */

export type RegionNames = ReadonlyMap<number, { regionname: string; regionname_en: string }>;

const n4 = (x: number | null) => (x === null ? '' : String(Number(x.toPrecision(6))));

/** Report rows from the kept identifications, graded sources first (一级 … 四级), then the rest by name. */
export function reportRows(items: readonly IdentificationItem[], devicesPerUnit: ReadonlyMap<number, number>): ReportRow[] {
  const rows = items.map((i): ReportRow => ({
    id: i.id,
    name: i.name,
    code: i.code,
    kind: i.kind,
    regionid: i.regionid,
    population: i.population,
    S: i.result?.S ?? null,
    isMajor: i.result?.isMajor ?? false,
    R: i.result?.R ?? null,
    alpha: i.result?.alpha ?? null,
    grade: i.result?.grade ?? null,
    substances: (i.result?.substances ?? []).map((s) => ({
      name: s.name || s.cas || (s.categories ?? []).join('/'),
      q: s.q,
      Q: s.Q,
      beta: s.beta,
    })),
    devices: devicesPerUnit.get(i.id) ?? 0,
    computedAt: i.computedAt,
  }));
  rows.sort((a, b) => (a.grade ?? 9) - (b.grade ?? 9) || (b.R ?? -1) - (a.R ?? -1) || a.name.localeCompare(b.name, 'zh'));
  return rows;
}

export function reportSummary(rows: readonly ReportRow[]) {
  const byGrade: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0 };
  for (const r of rows) {
    if (r.grade !== null) {
      byGrade[String(r.grade)]++;
    }
  }
  return {
    total: rows.length,
    major: rows.filter((r) => r.isMajor).length,
    byGrade,
    notIdentified: rows.filter((r) => r.S === null).length,
  };
}

const T = (lang: Lang, code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);

function columns(lang: Lang): string[] {
  return [
    T(lang, 'majorHazard.report.col.name'),
    T(lang, 'majorHazard.report.col.code'),
    T(lang, 'majorHazard.kind'),
    T(lang, 'majorHazard.report.col.region'),
    T(lang, 'majorHazard.populationLabel'),
    'S',
    'α',
    'R',
    T(lang, 'majorHazard.gradeLabel'),
    T(lang, 'majorHazard.report.col.substances'),
    T(lang, 'majorHazard.report.col.devices'),
  ];
}

function cells(r: ReportRow, lang: Lang, regions: RegionNames): Cell[] {
  const kind = unitKinds.find((k) => k.value === r.kind);
  const region = r.regionid === null ? undefined : regions.get(r.regionid);
  const grade =
    r.S === null
      ? T(lang, 'majorHazard.notIdentified')
      : r.grade === null
        ? T(lang, 'majorHazard.notMajor')
        : T(lang, `majorHazard.grade.${r.grade}`);
  return [
    r.name,
    r.code,
    kind ? kind.label[lang] : r.kind,
    region ? (lang === 'en' && region.regionname_en ? region.regionname_en : region.regionname) : '',
    r.population,
    r.S === null ? null : Number(r.S.toPrecision(6)),
    r.alpha,
    r.R === null ? null : Number(r.R.toPrecision(6)),
    grade,
    r.substances.map((s) => `${s.name} ${n4(s.q)}/${n4(s.Q)} t`).join('; '),
    r.devices,
  ];
}

export const reportFileName = (lang: Lang, ext: 'xlsx' | 'pdf') => `${T(lang, 'majorHazard.report.title')}.${ext}`;

/** The report as one sheet; answers the row count. */
export async function writeReportXlsx(out: Writable, rows: readonly ReportRow[], regions: RegionNames, lang: Lang): Promise<number> {
  async function* pages() {
    yield rows.map((r) => cells(r, lang, regions));
  }
  const [n] = await writeSheets(out, [{ name: T(lang, 'majorHazard.report.title'), header: columns(lang), pages: pages() }]);
  return n;
}

/** The report as a document for the A4 PDF renderer. */
export function reportDocument(rows: readonly ReportRow[], regions: RegionNames, lang: Lang, at: number): PrintDocumentInput {
  const s = reportSummary(rows);
  const cols = columns(lang);
  return {
    title: T(lang, 'majorHazard.report.title'),
    subtitle: T(lang, 'majorHazard.report.generatedAt', { time: formatDate(at) }),
    lang,
    footer: T(lang, 'majorHazard.report.footer'),
    blocks: [
      {
        kind: 'fields',
        items: [
          { label: T(lang, 'majorHazard.report.total'), value: String(s.total) },
          { label: T(lang, 'majorHazard.report.major'), value: String(s.major) },
          ...[1, 2, 3, 4].map((g) => ({ label: T(lang, `majorHazard.grade.${g}`), value: String(s.byGrade[String(g)]) })),
        ],
      },
      // The substances column is long: the A4 table keeps the numbers, the substances follow per source below.
      {
        kind: 'table',
        columns: [...cols.slice(0, 2), ...cols.slice(4, 9)],
        rows: rows
          .map((r) => cells(r, lang, regions))
          .map((c) => [...c.slice(0, 2), ...c.slice(4, 9)].map((x) => (x === null ? '' : String(x)))),
      },
      { kind: 'heading', text: T(lang, 'majorHazard.report.col.substances') },
      {
        kind: 'table',
        columns: [
          cols[0],
          T(lang, 'majorHazard.col.substance'),
          T(lang, 'majorHazard.col.q'),
          T(lang, 'majorHazard.col.Q'),
          T(lang, 'majorHazard.col.beta'),
        ],
        rows: rows.flatMap((r) => r.substances.map((x) => [r.name, x.name, n4(x.q), n4(x.Q), n4(x.beta)])),
      },
    ],
  };
}
