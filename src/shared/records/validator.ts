import { z } from 'zod';
import { fieldTypes, SERVER_SET_TYPES, type EnumOption, type FieldDef, type RecordDefinition, type SubFieldDef } from './definition.js';
import { fixedOptionsOf } from './field-catalogue.js';

/**
 * Enumerations kept in the data dictionary, by code; fields that name a
 * dictionary take their options from here. Schemas read it when they parse,
 * not when they are built, so the server hands its live map once and an
 * edited dictionary applies to the next save without rebuilding contracts.
 */
export type Dictionaries = Readonly<Record<string, readonly EnumOption[]>>;

const TEXT_MAX = 200;
const LONG_TEXT_MAX = 5000;
/** A drawn signature's PNG data URL, at most this many characters (a 600 × 200 pad draws 5–30 KB). */
export const SIGNATURE_MAX = 300_000;
/** A parameter of a type-14 choice. */
const PARAM_MAX = 200;
/** Files of one reminder field. */
const REMINDER_FILES_MAX = 20;

const id = z.number().int().positive();

/** The choices of an enumeration field: its own options, or those of the dictionary it names; fixed lists for types 18, 49 and 52. */
export function optionsOf(f: Pick<SubFieldDef, 'options' | 'dictionary'> & { type?: number }, dicts: Dictionaries): readonly EnumOption[] {
  const fixed = f.type === undefined ? undefined : fixedOptionsOf(f.type);
  return fixed ?? f.options ?? (f.dictionary ? dicts[f.dictionary] : undefined) ?? [];
}

/** A PNG drawn on the signature pad, as a data URL (the base64 of PNG's signature bytes starts `iVBORw0KGgo`). */
export const signaturePng = z.string().max(SIGNATURE_MAX, 'records.signatureTooLarge').regex(/^data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/]*={0,2}$/, 'records.signatureNotPng');

/** A signature as stored: the drawing, who signed (from the session, never the form), when, and a hash of the record's other values at signing. */
export const signedValue = z.object({
  png: signaturePng,
  signer: id,
  signerName: z.string().max(100),
  at: z.number().int().min(0),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The fields that held a value when it was signed: the ones it attests, which can no longer change (absent on signatures made before the lock). */
  keys: z.array(z.string().max(100)).max(1000).optional(),
});
export type SignedValue = z.infer<typeof signedValue>;

const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The fields of a record a signature attests (their values when it was signed): what a signed value's `keys` names. */
export function attestedKeys(def: RecordDefinition, doc: Readonly<Record<string, unknown>>): string[] {
  return def.fields.filter((f) => f.type !== fieldTypes.signature && !blank(doc[f.key])).map((f) => f.key);
}

/**
 * The fields of a stored record that can no longer change because a signature
 * attests them: the union of its signatures' `keys` (a signature made before
 * the lock attests every field that holds a value). A field still empty at the
 * last signature may be filled later, as later steps of a paper form are.
 */
export function signedKeys(def: RecordDefinition, doc: Readonly<Record<string, unknown>>): Set<string> {
  const out = new Set<string>();
  for (const f of def.fields) {
    const v = doc[f.key];
    if (f.type === fieldTypes.signature && isSignedValue(v)) {
      for (const k of v.keys ?? attestedKeys(def, doc)) {
        out.add(k);
      }
    }
  }
  return out;
}

/** A new drawing sent by the form: the server adds signer, time and hash. */
export const newSignature = z.object({ png: signaturePng }).strict();

/**
 * What a signature field accepts on save: a new drawing, the stored value
 * sent back unchanged, or (ledgers from before the pad) the text stored then.
 * The server compares the last two with what it holds.
 */
const signatureInput = z.union([newSignature, signedValue.strict(), z.string().min(1).max(SIGNATURE_MAX)]);

export const isSignedValue = (v: unknown): v is SignedValue => signedValue.safeParse(v).success;

/** A receipt confirmation entry: the person, and when they confirmed (null: not yet). Only the server sets `at`. */
export const receiptEntry = z.object({ userid: id, at: z.number().int().min(0).nullable() });
export type ReceiptEntry = z.infer<typeof receiptEntry>;

/** The people of a receipt field, from the form's ids or entries; `at` is the server's to fill. */
const receiptInput = z.union([id, z.object({ userid: id, at: z.number().int().min(0).nullable().optional() })]).transform((x) => ({ userid: typeof x === 'number' ? x : x.userid, at: null as number | null }));

/** A reminder: files, the date they expire and how many days before it the creator is reminded. */
export const reminderValue = z.object({
  files: z.array(id).max(REMINDER_FILES_MAX).default([]),
  expires: z.number().int().min(0),
  remindDays: z.number().int().min(0).max(365).default(30),
});
export type ReminderValue = z.infer<typeof reminderValue>;

const matrixScale = z.number().int().min(1).max(5);
export const hazardMatrixValue = z.object({ l: matrixScale, s: matrixScale });

/** No value twice in a list (people, choices). */
function distinct<T extends z.ZodType>(list: T, keyOf: (x: unknown) => unknown = (x) => x) {
  return list.superRefine((xs, ctx) => {
    const seen = new Set<unknown>();
    (xs as unknown[]).forEach((x, i) => {
      const k = keyOf(x);
      if (seen.has(k)) {
        ctx.addIssue({ code: 'custom', path: [i], message: 'records.duplicateChoice', input: k });
      }
      seen.add(k);
    });
  });
}

/** An option's value checked against the field's choices at parse time (a dictionary may have changed since the schema was built). */
function oneOf(f: Pick<SubFieldDef, 'options' | 'dictionary' | 'type'>, dicts: Dictionaries) {
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
    case fieldTypes.chemicalStore:
    case fieldTypes.chemicalZone:
      return id;
    case fieldTypes.device:
      return z.string().trim().min(1).max(80);
    case fieldTypes.text:
    case fieldTypes.blankText:
      return textSchema(f, TEXT_MAX);
    case fieldTypes.systemLabel:
      return z.string().max(TEXT_MAX);
    case fieldTypes.remark:
    case fieldTypes.plainText:
      return textSchema(f, LONG_TEXT_MAX);
    case fieldTypes.signature:
      return signatureInput;
    case fieldTypes.businessCategory:
    case fieldTypes.chemicalCategory:
    case fieldTypes.chemical:
      return oneOf(f, dicts);
    case fieldTypes.businessCategories:
    case fieldTypes.permitTypes:
      return distinct(listSchema(oneOf(f, dicts), f, 200));
    case fieldTypes.enumParam:
      return distinct(
        listSchema(z.object({ value: oneOf(f, dicts), param: z.string().trim().max(PARAM_MAX).default('') }), f, 200),
        (x) => (x as { value: string }).value,
      );
    case fieldTypes.openPermits:
      return distinct(listSchema(id, f, 200));
    case fieldTypes.receipt:
      return distinct(listSchema(receiptInput, f, 200), (x) => (x as ReceiptEntry).userid);
    case fieldTypes.hazardMatrix:
      return hazardMatrixValue;
    case fieldTypes.reminder:
      return reminderValue;
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

const LIST_TYPES: readonly number[] = [
  fieldTypes.people,
  fieldTypes.depts,
  fieldTypes.attachment,
  fieldTypes.image,
  fieldTypes.table,
  fieldTypes.enumMulti,
  fieldTypes.enumParam,
  fieldTypes.businessCategories,
  fieldTypes.permitTypes,
  fieldTypes.openPermits,
  fieldTypes.receipt,
];
/** Whether a field's value is a list (empty = nothing). */
export const isList = (f: { type: number }) => LIST_TYPES.includes(f.type);

/** Fields the form sends: not read-only, not set by the server. */
export const writableFields = <F extends { readOnly: boolean; type: number }>(fields: readonly F[]): F[] =>
  fields.filter((f) => !f.readOnly && !SERVER_SET_TYPES.includes(f.type));

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
  const writable = writableFields(def.fields);
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
