import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import type { MessageCode } from '../messages/catalog.js';
import type { MessageParams } from '../messages/define.js';
import { fieldIssue, listOf, pageInput } from '../contracts/envelope.js';
import { numberFromText } from '../number.js';

/** What a tag (data item) measures; decides its unit, its limits and how the simulator moves it. */
export const tagKinds = ['level', 'pressure', 'temperature', 'flow', 'lel', 'ppm', 'discrete'] as const;
export const tagKind = z.enum(tagKinds);
export type TagKind = z.infer<typeof tagKind>;

/** The four alarm limits, in the order they must hold (ISA-18.2: LL ≤ L ≤ H ≤ HH). */
export const limitKeys = ['ll', 'l', 'h', 'hh'] as const;
export type LimitKey = (typeof limitKeys)[number];

/** Tag ids read like `TF-A.T101.LT`: region, equipment, signal. */
export const tagId = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.-]+$/, 'validation.codeChars');

/** Spreadsheet cells and form fields send numbers as text and empty cells as ''; both mean the same as a number or null. */
const nullableNumber = z.preprocess((v) => (v === undefined ? null : numberFromText(v)), z.number().finite().nullable());

const nullableId = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' || v === 0 || v === '0' ? null : Number(v)))
  .pipe(z.number().int().positive().nullable());

const requiredNumber = z.preprocess(numberFromText, z.number().finite());

/** The editable fields of a tag, shared by TagSave and each TagImport row. */
const tagFieldsObject = z.object({
  id: tagId,
  name: z.string().trim().min(1).max(100),
  name_en: z.string().trim().max(100).default(''),
  unit: z.string().trim().max(20).default(''),
  kind: tagKind,
  /** Equipment code, e.g. `T101`. */
  device: z.string().trim().max(64).default(''),
  /** Region for data isolation; null: visible to everyone with realtime:read. */
  regionid: nullableId,
  /** Major hazard unit the tag monitors (GB 18218-2018 unit code), '' when none. */
  hazard_source: z.string().trim().max(64).default(''),
  range_lo: requiredNumber,
  range_hi: requiredNumber,
  ll: nullableNumber,
  l: nullableNumber,
  h: nullableNumber,
  hh: nullableNumber,
  /** Return-to-normal hysteresis in engineering units (ISA-18.2). */
  deadband: z.preprocess((v) => numberFromText(v) ?? 0, z.number().finite().min(0)),
  /**
   * History compression deviation in engineering units (swinging door, as industrial historians do):
   * null or 0 stores every sample (lossless); otherwise only the points a trend needs to stay within it.
   */
  comp_dev: z.preprocess((v) => (v === undefined ? null : numberFromText(v)), z.number().finite().min(0).nullable()),
  enabled: z
    .union([z.number(), z.string(), z.boolean()])
    .optional()
    .transform((v): number =>
      v === undefined || v === '' ? 1 : v === true || v === 1 || v === '1' ? 1 : v === false || v === 0 || v === '0' ? 0 : -1,
    )
    .pipe(z.number().int().min(0, 'validation.zeroOrOne').max(1, 'validation.zeroOrOne')),
});
export type TagFields = z.output<typeof tagFieldsObject>;

/**
 * Cross-field rules, each issue on the field to fix: range_lo < range_hi;
 * the limits that are set lie inside the instrument range (a limit the
 * instrument cannot read never fires) and are ordered LL ≤ L ≤ H ≤ HH
 * (ISA-18.2 / IEC 62682 limit alarms), the later one of a wrong pair is
 * named; the deadband must fit in the range.
 */
export function checkTagFields(t: TagFields, addIssue: (path: string, code: MessageCode, params: MessageParams) => void): void {
  if (!(t.range_lo < t.range_hi)) {
    addIssue('range_hi', 'realtime.rangeOrder', { hi: t.range_hi, lo: t.range_lo });
  }
  let prev: { key: LimitKey; value: number } | null = null;
  for (const key of limitKeys) {
    const value = t[key];
    if (value === null) {
      continue;
    }
    if (value < t.range_lo || value > t.range_hi) {
      addIssue(key, 'realtime.limitOutOfRange', { key: key.toUpperCase(), value, lo: t.range_lo, hi: t.range_hi });
    } else if (prev && value < prev.value) {
      addIssue(key, 'realtime.limitOrder', { key, value, prevKey: prev.key, prevValue: prev.value });
    }
    prev = { key, value };
  }
  if (t.range_lo < t.range_hi && t.deadband > t.range_hi - t.range_lo) {
    addIssue('deadband', 'realtime.deadbandTooBig', { deadband: t.deadband });
  }
}

/** Reports a cross-field rule as a zod issue carrying a message code and its parameters. */
const issueAdder = (ctx: z.RefinementCtx) => (path: string, message: MessageCode, params: MessageParams) =>
  ctx.addIssue({ code: 'custom', path: [path], message, params });

export const tagFields = tagFieldsObject.superRefine((t, ctx) => checkTagFields(t, issueAdder(ctx)));

export const tagItem = z.object({
  id: z.string(),
  name: z.string(),
  name_en: z.string(),
  unit: z.string(),
  kind: tagKind,
  device: z.string(),
  regionid: z.number().int().nullable(),
  /** Name of the region, '' when none. */
  regionname: z.string(),
  hazard_source: z.string(),
  range_lo: z.number(),
  range_hi: z.number(),
  ll: z.number().nullable(),
  l: z.number().nullable(),
  h: z.number().nullable(),
  hh: z.number().nullable(),
  deadband: z.number(),
  comp_dev: z.number().nullable(),
  enabled: z.number().int(),
  /** Classifications (view tree nodes) the tag belongs to; a tag may sit in several. */
  classids: z.array(z.number().int()),
  created_at: z.number(),
  updated_at: z.number(),
});
export type TagItem = z.infer<typeof tagItem>;

export const tagList = defineContract({
  method: 'POST',
  path: '/UAPI/RealTimeData/TagList',
  input: z.object({
    ...pageInput,
    /** Matches id, name, name_en and device. */
    keyword: z.string().trim().max(100).optional(),
    /** The region and its descendants. */
    regionid: z.coerce.number().int().positive().optional(),
    device: z.string().trim().max(64).optional(),
    kind: tagKind.optional(),
    /** The classification and its descendants. */
    class_id: z.coerce.number().int().positive().optional(),
    enabled: z.coerce.number().int().min(0).max(1).optional(),
  }),
  output: listOf(tagItem),
  permission: 'realtime:read',
});

/** Creates (isNew) or updates a tag; the id of an existing tag never changes, because history and alarms refer to it. */
export const tagSave = defineContract({
  method: 'POST',
  path: '/UAPI/RealTimeData/TagSave',
  input: tagFieldsObject
    .extend({
      isNew: z.boolean().default(false),
      /** When given, replaces the tag's classifications. */
      classids: z.array(z.coerce.number().int().positive()).max(100).optional(),
    })
    .superRefine((t, ctx) => checkTagFields(t, issueAdder(ctx))),
  output: tagItem,
  permission: 'realtime:manage',
});

export const tagDelete = defineContract({
  method: 'POST',
  path: '/UAPI/RealTimeData/TagDelete',
  input: z.object({ ids: z.array(tagId).min(1).max(1000) }),
  output: z.object({ deleted: z.number().int() }),
  permission: 'realtime:manage',
});

/** The most rows one import accepts (a sheet of a large unit). */
export const TAG_IMPORT_MAX_ROWS = 5000;

export const tagImportRowError = z.object({
  /** 0-based index of the row in `rows`. */
  row: z.number().int(),
  id: z.string(),
  /** The row's problems, each naming its field. */
  issues: z.array(fieldIssue),
});
export type TagImportRowError = z.infer<typeof tagImportRowError>;

/**
 * Imports tag rows parsed from a spreadsheet on the client. A row may name
 * its region by `regioncode` instead of `regionid`. Existing ids are updated,
 * new ids created. All or nothing by default: a limits sheet half applied
 * leaves the plant with a mix of old and new alarm limits, so one bad row
 * rejects the import and every row's errors come back at once;
 * `acceptValid: true` imports the valid rows and reports the others.
 */
export const tagImport = defineContract({
  method: 'POST',
  path: '/UAPI/RealTimeData/TagImport',
  input: z.object({
    /** Each row is validated on its own, so one bad row never hides the errors of the others. */
    rows: z.array(z.record(z.string(), z.unknown())).min(1).max(TAG_IMPORT_MAX_ROWS),
    acceptValid: z.boolean().default(false),
  }),
  output: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    /** Rows not imported: the invalid ones, or every row when an all-or-nothing import failed. */
    rejected: z.number().int(),
    errors: z.array(tagImportRowError),
  }),
  permission: 'realtime:manage',
});

/** A latest value from the live cache; q is the quality code of the stream (see contracts/stream.ts). */
export const latestValue = z.object({
  tag: z.string(),
  t: z.number(),
  v: z.number(),
  q: z.number().int(),
});
export type LatestValue = z.infer<typeof latestValue>;

export const latestValues = defineContract({
  method: 'POST',
  path: '/UAPI/RealTimeData/LatestValues',
  /** Tags the caller may not see or that have no value yet are left out. */
  input: z.object({ tags: z.array(tagId).min(1).max(5000) }),
  output: listOf(latestValue),
  permission: 'realtime:read',
});

/** Recorded data is kept at least 30 days (DOMAIN.md §5), so that is the longest range one call may ask for. */
export const HISTORY_MAX_RANGE_MS = 30 * 24 * 3600 * 1000;
export const HISTORY_MAX_POINTS = 2000;
export const HISTORY_MAX_TAGS = 20;

export const historyBucket = z.object({
  /** Start of the bucket. */
  t: z.number(),
  min: z.number(),
  max: z.number(),
  avg: z.number(),
  /** Value of the bucket's latest sample. */
  last: z.number(),
  /** Samples in the bucket. */
  n: z.number().int(),
});
export type HistoryBucket = z.infer<typeof historyBucket>;

export const history = defineContract({
  method: 'POST',
  path: '/UAPI/RealTimeData/History',
  input: z
    .object({
      tags: z.array(tagId).min(1).max(HISTORY_MAX_TAGS),
      from: z.coerce.number().int().min(0),
      to: z.coerce.number().int().min(0),
      /** Buckets wanted across the range; the bucket is never shorter than 1 s. */
      points: z.coerce.number().int().min(1).max(HISTORY_MAX_POINTS).default(500),
    })
    .superRefine((q, ctx) => {
      if (q.to <= q.from) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.endAfterStart' });
      } else if (q.to - q.from > HISTORY_MAX_RANGE_MS) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.rangeAtMostDays', params: { days: 30 } });
      }
    }),
  output: z.object({
    bucketMs: z.number().int(),
    items: z.array(z.object({ tag: z.string(), buckets: z.array(historyBucket) })),
  }),
  permission: 'realtime:read',
});

export const tagClassItem = z.object({
  id: z.number().int(),
  parentid: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  sort: z.number().int(),
  /** Member tags the caller may see. */
  tagids: z.array(z.string()),
});
export type TagClassItem = z.infer<typeof tagClassItem>;

export const classList = defineContract({
  method: 'POST',
  path: '/UAPI/RealTimeData/ClassList',
  input: z.object({}),
  output: z.array(tagClassItem),
  permission: 'realtime:read',
});

export const classSave = defineContract({
  method: 'POST',
  path: '/UAPI/RealTimeData/ClassSave',
  input: z.object({
    id: z.coerce.number().int().positive().optional(),
    parentid: z.coerce.number().int().min(0).default(0),
    name: z.string().trim().min(1).max(100),
    name_en: z.string().trim().max(100).default(''),
    sort: z.coerce.number().int().default(0),
  }),
  output: tagClassItem,
  permission: 'realtime:manage',
});

export const classDelete = defineContract({
  method: 'POST',
  path: '/UAPI/RealTimeData/ClassDelete',
  input: z.object({ id: z.coerce.number().int().positive() }),
  output: z.object({}),
  permission: 'realtime:manage',
});

/** Replaces the member tags of one classification. */
export const classSetTags = defineContract({
  method: 'POST',
  path: '/UAPI/RealTimeData/ClassSetTags',
  input: z.object({ id: z.coerce.number().int().positive(), tagids: z.array(tagId).max(5000) }),
  output: tagClassItem,
  permission: 'realtime:manage',
});
