import { z } from 'zod';
import { fieldTypes, type EnumOption, type FieldDef, type RecordDefinition, type SubFieldDef } from './definition.js';

/**
 * Enumerations kept in the data dictionary, by code; fields that name a
 * dictionary take their options from here. Schemas read it when they parse,
 * not when they are built, so the server hands its live map once and an
 * edited dictionary applies to the next save without rebuilding contracts.
 */
export type Dictionaries = Readonly<Record<string, readonly EnumOption[]>>;

const TEXT_MAX = 200;
const LONG_TEXT_MAX = 5000;
const SIGNATURE_MAX = 300_000;

const id = z.number().int().positive();

/** The choices of an enumeration field: its own options, or those of the dictionary it names. */
export function optionsOf(f: Pick<SubFieldDef, 'options' | 'dictionary'>, dicts: Dictionaries): readonly EnumOption[] {
  return f.options ?? (f.dictionary ? dicts[f.dictionary] : undefined) ?? [];
}

/** An option's value checked against the field's choices at parse time (a dictionary may have changed since the schema was built). */
function oneOf(f: SubFieldDef, dicts: Dictionaries) {
  return z.string().superRefine((v, ctx) => {
    const values = optionsOf(f, dicts).map((o) => o.value);
    if (!values.includes(v)) {
      ctx.addIssue({ code: 'custom', message: 'validation.oneOf', params: { values: values.join(', ') }, input: v });
    }
  });
}

function textSchema(f: SubFieldDef, dflt: number) {
  let s = z.string().trim();
  s = s.min(f.required ? Math.max(1, f.min ?? 1) : (f.min ?? 0));
  return s.max(f.max ?? dflt);
}

function listSchema<T extends z.ZodType>(item: T, f: SubFieldDef, dfltMax: number) {
  let s = z.array(item);
  if (f.required) {
    s = s.min(Math.max(1, f.min ?? 1));
  } else if (f.min !== undefined) {
    s = s.min(f.min);
  }
  return s.max(f.max ?? dfltMax);
}

function numberSchema(f: SubFieldDef) {
  let s = f.decimals === 0 ? z.number().int() : z.number();
  if (f.min !== undefined) {
    s = s.min(f.min);
  }
  if (f.max !== undefined) {
    s = s.max(f.max);
  }
  const decimals = f.decimals;
  if (decimals !== undefined && decimals > 0) {
    return s.refine((v) => Number.isInteger(Math.round(v * 10 ** decimals)) && Math.abs(v * 10 ** decimals - Math.round(v * 10 ** decimals)) < 1e-6, {
      message: 'records.tooManyDecimals',
      params: { decimals },
    });
  }
  return s;
}

/** The value schema of one field, without the required/optional wrapper. */
function valueSchema(f: FieldDef | SubFieldDef, dicts: Dictionaries): z.ZodType {
  switch (f.type) {
    case fieldTypes.dept:
    case fieldTypes.region:
    case fieldTypes.person:
    case fieldTypes.post:
    case fieldTypes.workType:
    case fieldTypes.link:
      return id;
    case fieldTypes.device:
      return z.string().trim().min(1).max(80);
    case fieldTypes.text:
      return textSchema(f, TEXT_MAX);
    case fieldTypes.remark:
    case fieldTypes.plainText:
      return textSchema(f, LONG_TEXT_MAX);
    case fieldTypes.signature:
      return z.string().min(1).max(SIGNATURE_MAX);
    case fieldTypes.time:
      return z.number().int().min(0);
    case fieldTypes.number:
      return numberSchema(f);
    case fieldTypes.enum:
      return oneOf(f, dicts);
    case fieldTypes.enumMulti:
      // At most every choice once; a dictionary holds up to 200.
      return listSchema(oneOf(f, dicts), f, f.options?.length ?? 200);
    case fieldTypes.people:
    case fieldTypes.depts:
      return listSchema(id, f, 500);
    case fieldTypes.attachment:
    case fieldTypes.image:
      return listSchema(id, f, 20);
    case fieldTypes.table: {
      const columns = 'columns' in f ? (f.columns ?? []) : [];
      return listSchema(z.object(Object.fromEntries(columns.map((c) => [c.key, fieldSchema(c, dicts)]))), f, 500);
    }
  }
}

const isList = (f: SubFieldDef) =>
  f.type === fieldTypes.people ||
  f.type === fieldTypes.depts ||
  f.type === fieldTypes.attachment ||
  f.type === fieldTypes.image ||
  f.type === fieldTypes.table ||
  f.type === fieldTypes.enumMulti;

/** One field: required ones must be present; optional ones accept null, an empty string or nothing (stored as null, or [] for lists). */
export function fieldSchema(f: FieldDef | SubFieldDef, dicts: Dictionaries = {}): z.ZodType {
  const v = valueSchema(f, dicts);
  if (f.required) {
    return v;
  }
  const empty = isList(f) ? [] : null;
  return z.preprocess((x) => (x === undefined || x === null || (typeof x === 'string' && x.trim() === '') ? empty : x), isList(f) ? v : v.nullable());
}

/** The record's values as the definition describes them, from a parsed input. */
export type RecordValues = Record<string, unknown>;

/**
 * The validator of a record's values, used by the server on every save and
 * import and by the browser's form: the same rules on both sides. Cross-field
 * rules (a time not before another) are checked after each field's own.
 */
export function recordValuesSchema(def: RecordDefinition, dicts: Dictionaries = {}) {
  const writable = def.fields.filter((f) => !f.readOnly);
  return z.object(Object.fromEntries(writable.map((f) => [f.key, fieldSchema(f, dicts)]))).superRefine((vals, ctx) => {
    for (const f of writable) {
      if (f.notBefore) {
        const a = vals[f.notBefore];
        const b = vals[f.key];
        if (typeof a === 'number' && typeof b === 'number' && b < a) {
          const other = def.fields.find((x) => x.key === f.notBefore)!;
          ctx.addIssue({ code: 'custom', path: [f.key], message: 'records.notBefore', params: { other: other.label.zh, other_en: other.label.en || other.label.zh } });
        }
      }
    }
  });
}

/** Save input: the values plus `id` and `version` of the record being edited (absent for a new one). */
export function recordSaveSchema(def: RecordDefinition, dicts: Dictionaries = {}) {
  return recordValuesSchema(def, dicts).and(
    z.object({ id: z.number().int().positive().optional(), version: z.number().int().min(0).optional() }),
  );
}
