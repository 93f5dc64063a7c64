import { describe, expect, it } from 'vitest';
import { defineRecord, fieldTypeCodes, fieldTypes, recordDefinition, type RecordDefinitionInput } from '../../../src/shared/records/definition.js';
import { fieldTypeInfo, hazardMatrixLevel, hazardMatrixText, parseHazardMatrix } from '../../../src/shared/records/field-catalogue.js';
import { fieldSchema, recordValuesSchema } from '../../../src/shared/records/validator.js';
import { fieldIssues } from '../../../src/shared/messages/zod-issues.js';

/*
 * Every seed field type (seed 1 §3.4, both readings): the value shape a save
 * and an import accept, and the code naming the field when it is wrong.
 */

const opts = [
  { value: 'a', label: { zh: '甲', en: 'A' } },
  { value: 'b', label: { zh: '乙', en: 'B' } },
];
/** 1×1 transparent PNG. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const HASH = 'a'.repeat(64);

type Case = { type: number; extra?: object; good: unknown[]; bad: [unknown, string][] };

const cases: Case[] = [
  { type: 8, good: ['x'], bad: [['x'.repeat(201), 'validation.tooLong']] },
  { type: 10, good: [3], bad: [['3', 'validation.notANumber'], [0, 'validation.tooSmallExclusive']] },
  {
    type: 12,
    extra: {
      columns: [
        { key: 'gas', type: 4, label: { zh: '气体', en: 'Gas' }, required: true },
        { key: 'lel', type: 22, label: { zh: 'LEL', en: 'LEL' }, min: 0, max: 100, decimals: 1 },
        { key: 'kind', type: 7, label: { zh: '类', en: 'Kind' }, options: opts },
      ],
      max: 2,
    },
    good: [[{ gas: 'CH4', lel: 0.5, kind: 'a' }], [{ gas: 'O2' }]],
    bad: [
      [[{ gas: '', lel: 1 }], '0.gas:validation.required'],
      [[{ gas: 'CH4', lel: 101 }], '0.lel:validation.tooBig'],
      [[{ gas: 'CH4', lel: 0.55 }], '0.lel:records.tooManyDecimals'],
      [[{ gas: 'CH4', kind: 'z' }], '0.kind:validation.oneOf'],
      [[{ gas: 'a' }, { gas: 'b' }, { gas: 'c' }], 'validation.tooManyItems'],
    ],
  },
  {
    type: 14,
    extra: { options: opts },
    good: [[{ value: 'a', param: '5 ppm' }], [{ value: 'b' }]],
    bad: [
      [[{ value: 'z', param: '' }], '0.value:validation.oneOf'],
      [[{ value: 'a' }, { value: 'a' }], '1:records.duplicateChoice'],
      [[{ value: 'a', param: 'x'.repeat(201) }], '0.param:validation.tooLong'],
    ],
  },
  { type: 16, extra: { options: opts }, good: ['a'], bad: [['z', 'validation.oneOf']] },
  { type: 18, good: [['hot', 'confined']], bad: [[['hot', 'flying'], '1:validation.oneOf'], [['hot', 'hot'], '1:records.duplicateChoice']] },
  { type: 20, extra: { options: opts }, good: [['a', 'b']], bad: [[['c'], '0:validation.oneOf']] },
  {
    type: 28,
    good: [[3, 4], [{ userid: 3, at: 123 }]],
    bad: [[[3, 3], '1:records.duplicateChoice'], [['x'], '0:validation.invalid']],
  },
  { type: 42, good: [{ l: 1, s: 5 }], bad: [[{ l: 0, s: 3 }, 'l:validation.tooSmall'], [{ l: 3, s: 6 }, 's:validation.tooBig'], [{ l: 2.5, s: 3 }, 'l:validation.notAnInteger']] },
  {
    type: 44,
    good: [{ png: PNG }, { png: PNG, signer: 2, signerName: '张三', at: 1, hash: HASH }, 'legacy text'],
    bad: [[{ png: 'data:image/jpeg;base64,/9j/4AAQ' }, 'png:records.signatureNotPng'], [{ png: PNG, signer: 2 }, 'validation.unknownKeys']],
  },
  { type: 49, good: ['flammable-liquid'], bad: [['lava', 'validation.oneOf']] },
  { type: 50, good: [7], bad: [[-1, 'validation.tooSmallExclusive']] },
  { type: 52, good: ['methanol'], bad: [['unobtainium', 'validation.oneOf']] },
  {
    type: 54,
    good: [{ files: [1], expires: 1_800_000_000_000, remindDays: 30 }, { expires: 1_800_000_000_000 }],
    bad: [[{ files: [] }, 'expires:validation.required'], [{ expires: 1, remindDays: 400 }, 'remindDays:validation.tooBig']],
  },
];

function fieldOf(c: Case, required = false): RecordDefinitionInput['fields'][number] {
  return { key: 'f', type: c.type as never, label: { zh: '字段', en: 'Field' }, required, ...c.extra };
}

describe.each(cases)('seed field type $type', (c) => {
  const def = defineRecord({ area: 'T', entity: 'Types', name: { zh: '类型', en: 'Types' }, fields: [fieldOf(c)] });
  const schema = fieldSchema(def.fields[0]);
  it.each(c.good.map((g) => [g]))('accepts %j', (g) => {
    expect(schema.safeParse(g).success).toBe(true);
  });
  it.each(c.bad)('refuses %j naming the problem (%s)', (value, expected) => {
    const r = recordValuesSchema(def).safeParse({ f: value }, { reportInput: true });
    expect(r.success).toBe(false);
    const [path, code] = expected.includes(':') ? expected.split(':') : ['', expected];
    const issues = r.success ? [] : fieldIssues(r.error.issues);
    expect(issues.map((i) => `${i.field}:${i.code}`)).toContain(`f${path ? `.${path}` : ''}:${code}`);
  });
  it('stores nothing as empty when optional, and is required when required', () => {
    expect(schema.safeParse(null).success).toBe(true);
    const req = defineRecord({ area: 'T', entity: 'Types', name: { zh: '类型', en: 'Types' }, fields: [fieldOf(c, true)] });
    const r = recordValuesSchema(req).safeParse({}, { reportInput: true });
    expect(r.success).toBe(false);
  });
});

describe('seed field type catalogue', () => {
  it('names every type with its seed number in both languages', () => {
    for (const code of fieldTypeCodes) {
      expect(fieldTypeInfo[code].zh).not.toBe('');
      expect(fieldTypeInfo[code].en).not.toBe('');
    }
    // Seed 1 §3.4, both readings: 1–22, 28, 42–45, 49–54.
    const seed = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 28, 42, 43, 44, 45, 49, 50, 51, 52, 53, 54];
    expect(seed.every((n) => (fieldTypeCodes as number[]).includes(n))).toBe(true);
  });
  it('a receipt keeps only the people: a form cannot confirm for them', () => {
    const def = defineRecord({ area: 'T', entity: 'R', name: { zh: 'R', en: 'R' }, fields: [{ key: 'who', type: 28, label: { zh: '人', en: 'Who' } }] });
    expect(recordValuesSchema(def).parse({ who: [3, { userid: 4, at: 99 }] })).toEqual({ who: [{ userid: 3, at: null }, { userid: 4, at: null }] });
  });
  it('the system label is never taken from the form', () => {
    const def = defineRecord({ area: 'T', entity: 'S', name: { zh: 'S', en: 'S' }, fields: [{ key: 'no', type: 15, label: { zh: '编号', en: 'No.' } }, { key: 't', type: 4, label: { zh: 'T', en: 'T' } }] });
    expect(recordValuesSchema(def).parse({ no: 'forged', t: 'x' })).toEqual({ t: 'x' });
  });
  it.each([
    [{ l: 5, s: 5 }, 25, 1],
    [{ l: 4, s: 5 }, 20, 1],
    [{ l: 4, s: 4 }, 16, 2],
    [{ l: 3, s: 3 }, 9, 2],
    [{ l: 2, s: 4 }, 8, 3],
    [{ l: 2, s: 2 }, 4, 3],
    [{ l: 1, s: 3 }, 3, 4],
  ])('hazard matrix %j: R = %i, level %i by the default LS bands (DOMAIN.md §2: 20–25 red, 9–16 orange, 4–8 yellow, 1–3 blue)', (v, r, level) => {
    expect(hazardMatrixLevel(v)).toEqual({ r, level });
    expect(parseHazardMatrix(hazardMatrixText(v, 'zh'))).toEqual(v);
  });
  it.each([
    [{ type: 12, columns: [{ key: 'x', type: 44, label: { zh: 'x', en: '' } }] }, 'records.typeInTable'],
    [{ type: 12, columns: [{ key: 'x', type: 4, label: { zh: 'x', en: '' } }, { key: 'x', type: 22, label: { zh: 'y', en: '' } }] }, 'records.duplicateField'],
    [{ type: 14 }, 'records.enumNeedsOptions'],
    [{ type: 16 }, 'records.enumNeedsOptions'],
    [{ type: 20 }, 'records.enumNeedsOptions'],
  ])('a definition with %j is refused (%s)', (f, code) => {
    const r = recordDefinition.safeParse({ area: 'T', entity: 'D', name: { zh: 'D', en: '' }, fields: [{ key: 'f', label: { zh: 'f', en: '' }, ...f }] });
    expect(r.success).toBe(false);
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toContain(code);
  });
  it('keeps the link type 100 and links storage facilities to the chemicals ledger', () => {
    expect(fieldTypes.link).toBe(100);
    expect(fieldTypes.chemicalStore).toBe(50);
  });
});
