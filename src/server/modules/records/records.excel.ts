import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ImportResult } from '../../../shared/records/contracts.js';
import type { Lang } from '../../../shared/messages/define.js';
import { fieldIssues } from '../../../shared/messages/zod-issues.js';
import { fieldTypes, statusOf, valueText, type FieldDef, type RecordDefinition } from '../../../shared/records/definition.js';
import { hazardMatrixText, parseHazardMatrix } from '../../../shared/records/field-catalogue.js';
import { isSignedValue, optionsOf, recordValuesSchema, type Dictionaries, type ReceiptEntry, type ReminderValue } from '../../../shared/records/validator.js';
import { formatDate, parseTime } from '../../../shared/time.js';
import { docOf, type RecordRow } from './records.repository.js';
import { writeSheet, type Cell } from '../../common/excel.js';
import { inSlices, workbookReader } from '../../common/workbook.js';

/*
 * Excel through exceljs: a maintained .xlsx reader and writer with a
 * streaming workbook writer, so an export of 100,000 rows is written row by
 * row to the response and never held whole in memory.
 */

const label = (f: Pick<FieldDef, 'label'>, lang: Lang) => (lang === 'en' && f.label.en ? f.label.en : f.label.zh);
const STATUS_LABEL = { zh: '状态', en: 'Status' } as const;
/** The status column's key in an export's hidden key row (no field key holds a "$"). */
const STATUS_KEY = '$status';
const ATTACHMENT = { zh: '附件', en: 'Attachment ' } as const;

/** A name in both languages. */
export interface Named {
  zh: string;
  en: string;
}

/**
 * Names of the organisation's units and people by id, so that department,
 * region, post and person cells show names (in the reader's language) and an
 * imported name finds its id again.
 */
export interface OrgNames {
  dept: ReadonlyMap<number, Named>;
  region: ReadonlyMap<number, Named>;
  post: ReadonlyMap<number, Named>;
  person: ReadonlyMap<number, Named>;
  /** Link and work-type fields: names of the records each may hold, by field key. */
  links?: LinkNames;
}

/** Names of linked records by field key, then by record id. */
export type LinkNames = ReadonlyMap<string, ReadonlyMap<number, Named>>;

export const NO_NAMES: OrgNames = { dept: new Map(), region: new Map(), post: new Map(), person: new Map() };

/** Which names a field's ids are looked up in. */
function namesFor(f: FieldDef, names: OrgNames): ReadonlyMap<number, Named> | null {
  const t = f.type;
  return t === fieldTypes.dept || t === fieldTypes.depts
    ? names.dept
    : t === fieldTypes.region
      ? names.region
      : t === fieldTypes.post
        ? names.post
        : t === fieldTypes.person || t === fieldTypes.people
          ? names.person
          : t === fieldTypes.link || t === fieldTypes.workType
            ? (names.links?.get(f.key) ?? null)
            : null;
}

/** The id a name (in either language) or a number written in a cell stands for; the text as written when no single unit or record has that name. */
function idOf(raw: unknown, byId: ReadonlyMap<number, Named> | null): unknown {
  if (typeof raw === 'number') {
    return raw;
  }
  const s = String(raw).trim();
  if (NUMBER_TEXT.test(s)) {
    return Number(s);
  }
  if (!byId) {
    return s;
  }
  const hits = [...byId].filter(([, n]) => n.zh === s || n.en === s);
  return hits.length === 1 ? hits[0][0] : s;
}

/** A value as a spreadsheet cell shows it to a reader of `lang`: enumerations by their label (own options or the dictionary's), ids by name. */
export function cellOf(f: FieldDef, v: unknown, lang: Lang, dicts: Dictionaries = {}, names: OrgNames = NO_NAMES): string | number | null {
  if (v === null || v === undefined) {
    return null;
  }
  const options = optionsOf(f, dicts);
  const byId = namesFor(f, names);
  const nameOf = (x: unknown) => {
    const n = typeof x === 'number' ? byId?.get(x) : undefined;
    return n ? (lang === 'en' && n.en ? n.en : n.zh) : typeof x === 'number' ? x : valueText(x);
  };
  const optionLabel = (x: unknown) => {
    const o = options.find((p) => p.value === x);
    return o ? (lang === 'en' && o.label.en ? o.label.en : o.label.zh) : valueText(x);
  };
  const many = (x: unknown): unknown[] => (Array.isArray(x) ? x : [x]);
  switch (f.type) {
    case fieldTypes.enum:
    case fieldTypes.businessCategory:
    case fieldTypes.chemicalCategory:
    case fieldTypes.chemical:
      return optionLabel(v);
    case fieldTypes.enumMulti:
    case fieldTypes.businessCategories:
    case fieldTypes.permitTypes:
      return many(v).map(optionLabel).join(';');
    case fieldTypes.enumParam:
      // "choice(parameter)", as the import reads it back.
      return many(v)
        .map((x) => {
          const e = x as { value?: unknown; param?: unknown };
          return e.param ? `${optionLabel(e.value)}(${valueText(e.param)})` : optionLabel(e.value);
        })
        .join(';');
    case fieldTypes.openPermits:
      return many(v).map(valueText).join(';');
    case fieldTypes.receipt:
      // Who confirmed (✓ and when) and who has not (✗): for reading; a confirmation is never imported.
      return many(v)
        .map((x) => {
          const e = x as ReceiptEntry;
          return `${valueText(nameOf(e.userid))} ${e.at ? `✓ ${formatDate(e.at, 'YYYY-MM-DD HH:mm')}` : '✗'}`;
        })
        .join(';');
    case fieldTypes.hazardMatrix: {
      const m = v as { l: number; s: number };
      return typeof m.l === 'number' && typeof m.s === 'number' ? hazardMatrixText(m, lang) : valueText(v);
    }
    case fieldTypes.reminder: {
      const r = v as ReminderValue;
      if (typeof r.expires !== 'number') {
        return valueText(v);
      }
      const files = (r.files ?? []).length;
      const days = lang === 'en' ? `remind ${r.remindDays} d before` : `提前 ${r.remindDays} 天提醒`;
      return `${formatDate(r.expires, 'YYYY-MM-DD')} (${days}; ${lang === 'en' ? `${files} file(s)` : `${files} 个附件`})`;
    }
    case fieldTypes.systemLabel:
    case fieldTypes.blankText:
      return valueText(v);
    case fieldTypes.time:
      return formatDate(v as number, 'YYYY-MM-DD HH:mm:ss');
    case fieldTypes.number:
      return v as number;
    case fieldTypes.attachment:
    case fieldTypes.image:
      // The seed labels attachments "Attachment n", joined with semicolons (seed 1 §3.7).
      return (v as unknown[]).map((_, i) => `${ATTACHMENT[lang]}${i + 1}`).join(';');
    case fieldTypes.people:
    case fieldTypes.depts:
      return (v as unknown[]).map(nameOf).join(';');
    case fieldTypes.table:
      return JSON.stringify(v);
    case fieldTypes.signature:
      // Who signed and when, for reading; a signature is never imported.
      return isSignedValue(v) ? `${v.signerName} ✓ ${formatDate(v.at, 'YYYY-MM-DD HH:mm')}` : v ? '✓' : null;
    case fieldTypes.dept:
    case fieldTypes.region:
    case fieldTypes.person:
    case fieldTypes.post:
    case fieldTypes.workType:
    case fieldTypes.link:
    case fieldTypes.chemicalStore:
    case fieldTypes.chemicalZone:
      return nameOf(v);
    case fieldTypes.device:
    case fieldTypes.text:
    case fieldTypes.remark:
    case fieldTypes.plainText:
      return typeof v === 'number' ? v : valueText(v);
  }
}

/** Writes the rows as an .xlsx workbook to `out`, the header in the reader's language. */
export async function writeXlsx(
  out: Writable,
  def: RecordDefinition,
  columns: string[],
  rows: AsyncIterable<RecordRow[]>,
  lang: Lang,
  dicts: Dictionaries = {},
  names: OrgNames = NO_NAMES,
): Promise<number> {
  const fields = columns.map((k) => def.fields.find((f) => f.key === k)).filter((f): f is FieldDef => f !== undefined);
  const withStatus = def.workflow !== undefined;
  async function* cells(): AsyncIterable<Cell[][]> {
    for await (const page of rows) {
      yield page.map((r) => {
        const doc = docOf(r.doc);
        const status = statusOf(def, r.status).label;
        return [
          ...fields.map((f) => cellOf(f, doc[f.key], lang, dicts, names)),
          ...(withStatus ? [lang === 'en' && status.en ? status.en : status.zh] : []),
        ];
      });
    }
  }
  return writeSheet(
    out,
    lang === 'en' && def.name.en ? def.name.en : def.name.zh,
    [...fields.map((f) => label(f, lang)), ...(withStatus ? [STATUS_LABEL[lang]] : [])],
    cells(),
    [...fields.map((f) => f.key), ...(withStatus ? [STATUS_KEY] : [])],
  );
}

/** Field types an import reads back (the rest are for reading: signatures, receipts, attachments, reminders). */
export const IMPORTABLE: readonly number[] = [
  fieldTypes.dept,
  fieldTypes.region,
  fieldTypes.person,
  fieldTypes.text,
  fieldTypes.time,
  fieldTypes.enum,
  fieldTypes.people,
  fieldTypes.post,
  fieldTypes.workType,
  fieldTypes.device,
  fieldTypes.remark,
  fieldTypes.enumMulti,
  fieldTypes.number,
  fieldTypes.depts,
  fieldTypes.plainText,
  fieldTypes.link,
  fieldTypes.blankText,
  fieldTypes.enumParam,
  fieldTypes.businessCategory,
  fieldTypes.businessCategories,
  fieldTypes.permitTypes,
  fieldTypes.hazardMatrix,
  fieldTypes.chemicalCategory,
  fieldTypes.chemicalStore,
  fieldTypes.chemical,
  // A table is written as its rows' JSON and read back from it.
  fieldTypes.table,
];

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A cell read as the field's value; something that cannot be read is passed on as written, so the validator names it. */
function valueOf(f: FieldDef, raw: unknown, dicts: Dictionaries, names: OrgNames): unknown {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    return null;
  }
  const num = (x: unknown) => (typeof x === 'number' ? x : typeof x === 'string' && NUMBER_TEXT.test(x.trim()) ? Number(x.trim()) : x);
  const list = (x: unknown) =>
    typeof x === 'number'
      ? [x]
      : String(x)
          .split(/[;；,，]/)
          .map((s) => s.trim())
          .filter(Boolean);
  const option = (x: unknown) => {
    const s = String(x).trim();
    // A label in either language (or the value itself) names the option.
    return optionsOf(f, dicts).find((o) => o.value === s || o.label.zh === s || o.label.en === s)?.value ?? s;
  };
  switch (f.type) {
    case fieldTypes.dept:
    case fieldTypes.region:
    case fieldTypes.person:
    case fieldTypes.post:
    case fieldTypes.workType:
    case fieldTypes.link:
    case fieldTypes.chemicalStore:
    case fieldTypes.chemicalZone:
      return idOf(raw, namesFor(f, names));
    case fieldTypes.number:
      return num(raw);
    case fieldTypes.businessCategory:
    case fieldTypes.chemicalCategory:
    case fieldTypes.chemical:
      return option(raw);
    case fieldTypes.businessCategories:
    case fieldTypes.permitTypes:
      return list(raw).map(option);
    case fieldTypes.enumParam:
      return valueText(raw)
        .split(/[;；]/)
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => {
          const m = /^(.*?)\s*[(（](.*)[)）]$/.exec(s);
          return m ? { value: option(m[1]), param: m[2].trim() } : { value: option(s), param: '' };
        });
    case fieldTypes.hazardMatrix:
      return parseHazardMatrix(valueText(raw)) ?? valueText(raw);
    case fieldTypes.table: {
      try {
        return JSON.parse(valueText(raw)) as unknown;
      } catch {
        return valueText(raw);
      }
    }
    case fieldTypes.openPermits:
    case fieldTypes.receipt:
    case fieldTypes.reminder:
    case fieldTypes.systemLabel:
      return null;
    case fieldTypes.time: {
      if (raw instanceof Date) {
        return raw.getTime();
      }
      const d = typeof raw === 'string' ? parseTime(raw) : null;
      return d ? d.getTime() : raw;
    }
    case fieldTypes.enum:
      return option(raw);
    case fieldTypes.enumMulti:
      return list(raw).map(option);
    case fieldTypes.people:
    case fieldTypes.depts:
      return list(raw).map((x) => idOf(x, namesFor(f, names)));
    case fieldTypes.text:
    case fieldTypes.blankText:
    case fieldTypes.remark:
    case fieldTypes.plainText:
    case fieldTypes.device:
    case fieldTypes.signature:
    case fieldTypes.attachment:
    case fieldTypes.image:
      return raw instanceof Date ? formatDate(raw, 'YYYY-MM-DD HH:mm:ss') : valueText(raw);
  }
}

/**
 * Reads an .xlsx file of a ledger: row 1 names the columns (by label in
 * either language, or by key; our exports put the keys there, hidden, and the
 * labels in row 2); every later non-empty row is checked with the
 * ledger's validator. Rows are numbered as the spreadsheet numbers them.
 */
export async function readXlsx(
  buffer: Buffer,
  def: RecordDefinition,
  dicts: Dictionaries = {},
  names: OrgNames = NO_NAMES,
): Promise<{ rows: { row: number; values: Record<string, unknown> }[]; errors: ImportResult['errors'] }> {
  const sheet = await workbookReader.readFirstSheet(buffer);
  const rows: { row: number; values: Record<string, unknown> }[] = [];
  const errors: ImportResult['errors'] = [];
  const [head, ...body] = sheet?.rows ?? [];
  if (!head || head.n !== 1) {
    return { rows, errors };
  }
  const byHeader = new Map<number, FieldDef>();
  head.cells.forEach((cell, i) => {
    const h = valueText(cell).trim();
    const f = def.fields.find(
      (x) => IMPORTABLE.includes(x.type) && (x.key === h || x.label.zh === h || (x.label.en !== '' && x.label.en === h)),
    );
    if (f) {
      byHeader.set(i, f);
    }
  });
  // An export of ours has the field keys in a hidden row 1 and the labels in row 2: row 2 is a header then, not a record.
  const second = body[0];
  const labelsBelowKeys =
    second?.n === 2 &&
    byHeader.size > 0 &&
    [...byHeader].every(([i, f]) => {
      const h = valueText(second.cells[i] ?? null).trim();
      return h === f.key || h === f.label.zh || (f.label.en !== '' && h === f.label.en);
    });
  const schema = recordValuesSchema(def, dicts);
  for await (const row of inSlices(labelsBelowKeys ? body.slice(1) : body)) {
    const values: Record<string, unknown> = {};
    let any = false;
    for (const [i, f] of byHeader) {
      const v = valueOf(f, row.cells[i] ?? null, dicts, names);
      if (v !== null) {
        any = true;
      }
      values[f.key] = v;
    }
    if (!any) {
      continue;
    }
    const parsed = schema.safeParse(values, { reportInput: true });
    if (parsed.success) {
      rows.push({ row: row.n, values: parsed.data });
    } else {
      for (const i of fieldIssues(parsed.error.issues)) {
        errors.push({ row: row.n, field: i.field, code: i.code, params: i.params });
      }
    }
  }
  return { rows, errors };
}

/** The first sheet's header row with the importable fields, for a template the user fills in. */
export async function templateXlsx(def: RecordDefinition, lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(lang === 'en' && def.name.en ? def.name.en : def.name.zh);
  ws.addRow(def.fields.filter((f) => IMPORTABLE.includes(f.type) && !f.readOnly).map((f) => label(f, lang)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
