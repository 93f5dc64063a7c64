import type { AlarmSettingFields, SettingAlarmType } from '../../../shared/alarms/settings-contracts.js';
import { limitTypesOfTags } from '../../../shared/alarms/contracts.js';
import type { ImportResult } from '../../../shared/records/contracts.js';
import { valueText } from '../../../shared/records/definition.js';
import { inSlices, workbookReader } from '../../common/workbook.js';
import { CONSEQUENCE, PRIORITY, RESPONSE, SETTINGS_COLUMNS, TYPE, YES_NO, type SettingsColumn } from './alarm-export.js';

/*
 * Reads the alarm setting ledger back from an .xlsx file: the export's own
 * columns, headed in either language. A cell is read as the export writes it
 * (labels in Chinese or English, or the codes); a column the file leaves out
 * keeps the current value. What needs the tags and the store (unknown tag,
 * limits against the range and each other) is checked by the service.
 * Columns the export writes for reading only are not read back: name, unit,
 * deadband and proposed priority (the tag's), and out of service with its
 * reason, which only the operator action (with its reason and audit) changes.
 */

export type ImportError = ImportResult['errors'][number];

/** The values one row sets; a key is absent when its column is not in the file. */
export type SettingImportValues = Partial<Omit<AlarmSettingFields, 'priority' | 'onDelayS' | 'offDelayS'>> & {
  /** Numbers as read; the service validates them with the ledger's schema, so its message names the limit. */
  priority?: number;
  onDelayS?: unknown;
  offDelayS?: unknown;
  limit?: number | null;
};

export interface SettingImportRow {
  /** As the spreadsheet numbers it (the header is row 1). */
  row: number;
  tagId: string;
  type: SettingAlarmType;
  values: SettingImportValues;
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const norm = (s: string) => s.trim().toLowerCase();

/** The code whose label (either language) or code the cell holds. */
function codeOf<K extends string>(labels: Record<K, { zh: string; en: string }>, cell: string): K | undefined {
  const c = norm(cell);
  return (Object.keys(labels) as K[]).find((k) => norm(k) === c || norm(labels[k].zh) === c || norm(labels[k].en) === c);
}

const numberOf = (raw: unknown): number | undefined =>
  typeof raw === 'number' ? raw : typeof raw === 'string' && NUMBER_TEXT.test(raw.trim()) ? Number(raw.trim()) : undefined;

/** Reads the first sheet; throws when the file is not a workbook. */
export async function readSettingsXlsx(buffer: Buffer): Promise<{ rows: SettingImportRow[]; errors: ImportError[] }> {
  const sheet = await workbookReader.readFirstSheet(buffer);
  const rows: SettingImportRow[] = [];
  const errors: ImportError[] = [];
  const [head, ...body] = sheet?.rows ?? [];
  if (!head || head.n !== 1) {
    return { rows, errors };
  }
  const byCol = new Map<number, SettingsColumn>();
  head.cells.forEach((cell, i) => {
    const h = norm(valueText(cell));
    const c = SETTINGS_COLUMNS.find((x) => norm(x.zh) === h || norm(x.en) === h || norm(x.key) === h);
    if (c) {
      byCol.set(i, c.key);
    }
  });
  const cols = new Set(byCol.values());
  if (!cols.has('tagId') || !cols.has('type')) {
    return { rows, errors };
  }
  for await (const r of inSlices(body)) {
    const n = r.n;
    const cells = new Map<SettingsColumn, unknown>();
    let any = false;
    for (const [col, key] of byCol) {
      let v = r.cells[col] ?? null;
      if (typeof v === 'string' && v.trim() === '') {
        v = null;
      }
      if (v !== null && v !== undefined) {
        any = true;
      }
      cells.set(key, v ?? null);
    }
    if (!any) {
      continue;
    }
    const rowErrors: ImportError[] = [];
    const bad = (field: string, code: string, value: unknown) =>
      rowErrors.push({ row: n, field, code, params: { value: valueText(value) } });
    const text = (k: SettingsColumn) => valueText(cells.get(k) ?? '').trim();
    const values: SettingImportValues = {};

    const tagId = text('tagId');
    if (!tagId) {
      rowErrors.push({ row: n, field: 'tagId', code: 'validation.required' });
    }
    const type = codeOf(TYPE, text('type'));
    if (!type || !(limitTypesOfTags as readonly string[]).includes(type)) {
      bad('type', 'alarm.importBadType', cells.get('type') ?? '');
    }
    if (cols.has('limit')) {
      const raw = cells.get('limit');
      const v = raw === null ? null : numberOf(raw);
      if (v === undefined) {
        bad('limit', 'alarm.importBadValue', raw);
      } else {
        values.limit = v;
      }
    }
    if (cols.has('priority')) {
      const raw = cells.get('priority');
      const num = numberOf(raw);
      const p =
        num !== undefined
          ? num
          : raw === null
            ? undefined
            : Number(codeOf(PRIORITY as Record<string, { zh: string; en: string }>, valueText(raw)));
      if (p === undefined || !Number.isInteger(p) || p < 1 || p > 4) {
        bad('priority', 'alarm.importBadPriority', raw ?? '');
      } else {
        values.priority = p;
      }
    }
    for (const k of ['onDelayS', 'offDelayS'] as const) {
      if (cols.has(k)) {
        const raw = cells.get(k);
        values[k] = raw === null ? null : (numberOf(raw) ?? raw);
      }
    }
    if (cols.has('enabled')) {
      const raw = cells.get('enabled');
      const s = norm(valueText(raw ?? ''));
      if (raw === true || s === '1' || s === 'true' || s === norm(YES_NO.zh[0]) || s === norm(YES_NO.en[0])) {
        values.enabled = true;
      } else if (raw === false || s === '0' || s === 'false' || s === norm(YES_NO.zh[1]) || s === norm(YES_NO.en[1])) {
        values.enabled = false;
      } else {
        bad('enabled', 'alarm.importBadValue', raw ?? '');
      }
    }
    for (const [k, labels] of [
      ['consequence', CONSEQUENCE],
      ['responseTime', RESPONSE],
    ] as const) {
      if (cols.has(k)) {
        const raw = cells.get(k);
        const code = raw === null ? null : codeOf(labels, valueText(raw));
        if (code === undefined) {
          bad(k, 'alarm.importBadValue', raw);
        } else {
          (values as Record<string, unknown>)[k] = code;
        }
      }
    }
    for (const k of ['cause', 'correctiveAction'] as const) {
      if (cols.has(k)) {
        values[k] = text(k);
      }
    }
    if (rowErrors.length || !type) {
      errors.push(...rowErrors);
      continue;
    }
    rows.push({ row: n, tagId, type: type as SettingAlarmType, values });
  }
  return { rows, errors };
}
