import { tagFields, type TagItem } from '../../../shared/realtime/contracts';
import { toCsv, type CsvCell } from './csv';
import type { FieldIssue } from '../../../shared/messages/catalog';
import { fieldIssues } from '../../../shared/messages/zod-issues';

/**
 * The spreadsheet columns of a tag import, in template order. A header cell
 * may be the field key (`range_hi`), the Chinese title (`量程上限`) or both as
 * the template writes them (`量程上限(range_hi)`).
 */
export const importColumns = [
  { key: 'id', zh: '位号', example: 'TF-A.TK-101.LT' },
  { key: 'name', zh: '名称', example: '1#储罐液位' },
  { key: 'name_en', zh: '英文名称', example: 'Tank 101 level' },
  { key: 'unit', zh: '单位', example: 'm' },
  { key: 'kind', zh: '类型', example: 'level' },
  { key: 'device', zh: '设备', example: 'TK-101' },
  { key: 'regioncode', zh: '区域编码', example: '' },
  { key: 'hazard_source', zh: '危险源单元', example: '' },
  { key: 'range_lo', zh: '量程下限', example: 0 },
  { key: 'range_hi', zh: '量程上限', example: 20 },
  { key: 'll', zh: '低低限', example: 1 },
  { key: 'l', zh: '低限', example: 2 },
  { key: 'h', zh: '高限', example: 16 },
  { key: 'hh', zh: '高高限', example: 18 },
  { key: 'deadband', zh: '死区', example: 0.5 },
  { key: 'comp_dev', zh: '压缩偏差', example: '' },
  { key: 'enabled', zh: '启用', example: 1 },
] as const;

export type ImportKey = (typeof importColumns)[number]['key'];

/** Fields that are text even when a spreadsheet cell holds a number (a device code such as 101). */
const textKeys = new Set<ImportKey>(['id', 'name', 'name_en', 'unit', 'kind', 'device', 'regioncode', 'hazard_source']);

const byHeader = new Map<string, ImportKey>();
for (const c of importColumns) {
  byHeader.set(c.key.toLowerCase(), c.key);
  byHeader.set(c.zh, c.key);
}
// Headers written as in the management form.
byHeader.set('ll', 'll');
byHeader.set('低低限 ll', 'll');
byHeader.set('低限 l', 'l');
byHeader.set('高限 h', 'h');
byHeader.set('高高限 hh', 'hh');

/** A cell as text; '' for empty cells and for anything that is not a plain value. */
function cellText(cell: unknown): string {
  if (typeof cell === 'string') {
    return cell.trim();
  }
  return typeof cell === 'number' || typeof cell === 'boolean' ? String(cell) : '';
}

/** The field a header cell names, or null. */
export function headerKey(cell: unknown): ImportKey | null {
  const text = cellText(cell);
  if (text === '') {
    return null;
  }
  const inParens = /[(（]\s*([A-Za-z_]+)\s*[)）]\s*$/.exec(text);
  if (inParens) {
    const key = byHeader.get(inParens[1].toLowerCase());
    if (key) {
      return key;
    }
  }
  return byHeader.get(text.toLowerCase()) ?? byHeader.get(text) ?? null;
}

export interface ParsedSheet {
  /** One object per data row, keyed by field, ready for TagImport. */
  rows: Record<string, unknown>[];
  /** 1-based row number in the file of each entry of `rows`, for messages. */
  lineNumbers: number[];
  unknownColumns: string[];
  missingId: boolean;
}

/** Kinds and yes/no as people type them in a Chinese sheet. */
const kindWords: Record<string, string> = {
  液位: 'level',
  压力: 'pressure',
  温度: 'temperature',
  流量: 'flow',
  可燃气体: 'lel',
  有毒气体: 'ppm',
  开关量: 'discrete',
};
const enabledWords: Record<string, number> = { 是: 1, 否: 0, 启用: 1, 停用: 0, yes: 1, no: 0, true: 1, false: 0 };

function cellValue(key: ImportKey, cell: unknown): unknown {
  if (cell === null || cell === undefined) {
    return undefined;
  }
  if (cell instanceof Date) {
    return cell.toISOString();
  }
  if (typeof cell === 'string') {
    const s = cell.trim();
    if (s === '') {
      return undefined;
    }
    if (key === 'kind') {
      return kindWords[s] ?? s.toLowerCase();
    }
    if (key === 'enabled') {
      return enabledWords[s.toLowerCase()] ?? s;
    }
    return s;
  }
  if (textKeys.has(key)) {
    return cellText(cell);
  }
  if (typeof cell === 'boolean') {
    return cell ? 1 : 0;
  }
  return cell;
}

/**
 * Turns a sheet (first row headers) into import rows. Empty rows are
 * skipped; cells under unknown headers are ignored and their headers listed.
 */
export function sheetToRows(data: readonly (readonly unknown[])[]): ParsedSheet {
  const [header = [], ...body] = data;
  const keys = header.map(headerKey);
  const unknownColumns = header.map((h, i) => (keys[i] === null ? cellText(h) : '')).filter((h) => h !== '');
  const rows: Record<string, unknown>[] = [];
  const lineNumbers: number[] = [];
  body.forEach((cells, i) => {
    const row: Record<string, unknown> = {};
    let any = false;
    keys.forEach((key, col) => {
      if (key === null) {
        return;
      }
      const v = cellValue(key, cells[col]);
      if (v !== undefined) {
        row[key] = v;
        any = true;
      }
    });
    if (any) {
      rows.push(row);
      lineNumbers.push(i + 2);
    }
  });
  return { rows, lineNumbers, unknownColumns, missingId: !keys.includes('id') };
}

/**
 * Checks a row with the contract's own schema, as the server will, so the
 * preview shows the same problems before anything is sent. A row naming its
 * region by `regioncode` is checked by the server only (codes are resolved there).
 */
export function checkImportRow(row: Record<string, unknown>): FieldIssue[] {
  const result = tagFields.safeParse(row, { reportInput: true });
  return result.success ? [] : fieldIssues(result.error.issues);
}

/** The import template: bilingual headers and one example row. */
export function templateCsv(): string {
  return toCsv([importColumns.map((c) => `${c.zh}(${c.key})`), importColumns.map((c) => c.example)]);
}

/** Tags as an import-compatible sheet (export, then edit and import again). */
export function tagsCsv(tags: readonly TagItem[], regionCode: (regionid: number | null) => string): string {
  const rows: CsvCell[][] = [importColumns.map((c) => `${c.zh}(${c.key})`)];
  for (const t of tags) {
    rows.push(
      importColumns.map((c): CsvCell => {
        if (c.key === 'regioncode') {
          return regionCode(t.regionid);
        }
        return t[c.key];
      }),
    );
  }
  return toCsv(rows);
}
