import { describe, expect, it } from 'vitest';
import { fieldTypes, recordDefinition, refOf, WORK_TYPE_REF } from '../../../src/shared/records/definition.js';
import { recordValuesSchema } from '../../../src/shared/records/validator.js';
import { fieldIssues } from '../../../src/shared/messages/zod-issues.js';

const base = { area: 'Test', entity: 'Use', name: { zh: '用途', en: 'Uses' } };
const link = { key: 'kind', type: 100, label: { zh: '种类', en: 'Kind' }, ref: { entity: 'Kind', label: 'name' } };

describe('link field definition', () => {
  it('is type 100, outside the seed numbers (1–54), and needs the ledger it points at', () => {
    expect(fieldTypes.link).toBe(100);
    const r = recordDefinition.safeParse({ ...base, fields: [{ ...link, ref: undefined }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['fields.0.ref', 'validation.required']]);
  });

  it('is refused as a table column (the server checks links of top-level fields only)', () => {
    const r = recordDefinition.safeParse({ ...base, fields: [{ key: 'rows', type: 12, label: { zh: '明细', en: 'Rows' }, columns: [link] }] });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['fields.0.columns.0.type', 'records.linkInTable']]);
  });

  it('work-type fields link to the WorkType ledger; other fields link to nothing', () => {
    expect(refOf({ type: fieldTypes.workType })).toEqual(WORK_TYPE_REF);
    expect(refOf({ type: fieldTypes.link, ref: link.ref })).toEqual(link.ref);
    expect(refOf({ type: fieldTypes.text })).toBeUndefined();
  });

  it('holds a record id: text (a name not resolved to one record) is refused on the field', () => {
    const def = recordDefinition.parse({ ...base, fields: [{ ...link, required: true }, { key: 'opt', type: 100, label: { zh: '可选', en: 'Optional' }, ref: link.ref }] });
    const schema = recordValuesSchema(def);
    expect(schema.parse({ kind: 7, opt: '' })).toEqual({ kind: 7, opt: null });
    const r = schema.safeParse({ kind: '酸' }, { reportInput: true });
    expect(r.success ? [] : fieldIssues(r.error.issues).map((i) => i.field)).toEqual(['kind']);
  });
});
