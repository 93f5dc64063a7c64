import { describe, expect, it } from 'vitest';
import { defineRecord, recordDefinition } from '../../../src/shared/records/definition.js';
import { recordSaveSchema } from '../../../src/shared/records/validator.js';
import { fieldIssues } from '../../../src/shared/messages/zod-issues.js';

const def = defineRecord({
  area: 'Test',
  entity: 'Permit',
  name: { zh: '作业票', en: 'Permit' },
  fields: [
    { key: 'title', type: 4, label: { zh: '名称', en: 'Title' }, required: true, max: 20 },
    { key: 'dept', type: 1, label: { zh: '部门', en: 'Department' }, required: true },
    { key: 'start', type: 5, label: { zh: '开始', en: 'Start' } },
    { key: 'end', type: 5, label: { zh: '结束', en: 'End' }, notBefore: 'start' },
    { key: 'level', type: 7, label: { zh: '等级', en: 'Level' }, options: [{ value: 'a', label: { zh: '甲', en: 'A' } }] },
    { key: 'hours', type: 22, label: { zh: '工时', en: 'Hours' }, min: 0, max: 24, decimals: 1 },
    { key: 'people', type: 9, label: { zh: '人员', en: 'People' }, required: true },
    { key: 'rows', type: 12, label: { zh: '明细', en: 'Rows' }, columns: [{ key: 'item', type: 4, label: { zh: '项', en: 'Item' }, required: true }] },
  ],
  isolation: { dept: 'dept' },
});

function problems(input: unknown) {
  const r = recordSaveSchema(def).safeParse(input, { reportInput: true });
  return r.success ? [] : fieldIssues(r.error.issues).map((i) => `${i.field}:${i.code}`);
}

describe('record validator', () => {
  it('accepts a good record and fills optional fields', () => {
    const r = recordSaveSchema(def).parse({ title: ' x ', dept: 3, people: [1], hours: 7.5 });
    expect(r).toMatchObject({ title: 'x', dept: 3, start: null, end: null, level: null, rows: [], hours: 7.5 });
  });
  it('names each bad field with its own code', () => {
    expect(problems({ title: '   ', dept: 3, people: [] })).toEqual(['title:validation.required', 'people:validation.required']);
    expect(problems({ title: 'x', dept: 3, people: [1], hours: 25 })).toEqual(['hours:validation.tooBig']);
    expect(problems({ title: 'x', dept: 3, people: [1], hours: 1.25 })).toEqual(['hours:records.tooManyDecimals']);
    expect(problems({ title: 'x', dept: 3, people: [1], hours: '1e3x' })).toEqual(['hours:validation.notANumber']);
    expect(problems({ title: 'x', dept: 3, people: [1], level: 'b' })).toEqual(['level:validation.oneOf']);
    expect(problems({ title: 'x', dept: 3, people: [1], rows: [{ item: '' }] })).toEqual(['rows.0.item:validation.required']);
  });
  it('checks the end is not before the start', () => {
    expect(problems({ title: 'x', dept: 3, people: [1], start: 2000, end: 1000 })).toEqual(['end:records.notBefore']);
    expect(problems({ title: 'x', dept: 3, people: [1], start: 1000, end: 2000 })).toEqual([]);
  });
  it('refuses definitions that name missing fields', () => {
    const r = recordDefinition.safeParse({ ...def, isolation: { dept: 'nope' } });
    expect(r.success).toBe(false);
    const r2 = recordDefinition.safeParse({ ...def, fields: [...def.fields, { key: 'title', type: 4, label: { zh: 'x' } }] });
    expect(r2.success).toBe(false);
  });

  it('checks a dictionary enumeration against the entry as it is when parsing, not when the schema was built', () => {
    const withDict = defineRecord({
      area: 'Test',
      entity: 'Risk',
      name: { zh: '风险', en: 'Risk' },
      fields: [
        { key: 'level', type: 7, label: { zh: '等级', en: 'Level' }, required: true, dictionary: 'riskLevel' },
        { key: 'also', type: 21, label: { zh: '其他', en: 'Also' }, dictionary: 'riskLevel' },
      ],
    });
    const live: Record<string, { value: string; label: { zh: string; en: string } }[]> = {};
    const schema = recordSaveSchema(withDict, live);
    const codes = (input: unknown) => {
      const r = schema.safeParse(input);
      return r.success ? [] : fieldIssues(r.error.issues).map((i) => `${i.field}:${i.code}`);
    };
    expect(codes({ level: 'high' })).toEqual(['level:validation.oneOf']);
    live.riskLevel = [{ value: 'high', label: { zh: '高', en: 'High' } }];
    expect(codes({ level: 'high', also: ['high'] })).toEqual([]);
    expect(codes({ level: 'high', also: ['low'] })).toEqual(['also.0:validation.oneOf']);
  });

  it('refuses seed call names that repeat, shadow a generic call, or move a workflow the ledger lacks', () => {
    const issues = (seedCalls: unknown[]) => {
      const r = recordDefinition.safeParse({ ...def, seedCalls });
      return r.success ? [] : fieldIssues(r.error.issues).map((i) => `${i.field}:${i.code}`);
    };
    expect(issues([{ name: 'GetPermitList', call: 'List' }, { name: 'DeletePermit', call: 'Delete', idIn: 'query' }])).toEqual([]);
    expect(issues([{ name: 'GetPermitList', call: 'List' }, { name: 'GetPermitList', call: 'Get' }])).toEqual(['seedCalls.1.name:records.callTaken']);
    expect(issues([{ name: 'PermitSave', call: 'Add' }])).toEqual(['seedCalls.0.name:records.callTaken']);
    expect(issues([{ name: 'ApprovePermit', call: 'Transition' }])).toEqual(['seedCalls.0.call:records.noWorkflow']);
    expect(issues([{ name: 'Get Permit', call: 'List' }])).toEqual(['seedCalls.0.name:validation.badFormat']);
  });
});
