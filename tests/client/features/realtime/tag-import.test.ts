import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../src/client/features/realtime/csv.js';
import { checkImportRow, headerKey, importColumns, sheetToRows, templateCsv } from '../../../../src/client/features/realtime/tag-import.js';
import { renderIssues } from '../../../../src/shared/messages/catalog.js';

describe('headerKey', () => {
  it('reads field keys, Chinese titles and the template form', () => {
    expect(headerKey('range_hi')).toBe('range_hi');
    expect(headerKey('RANGE_HI')).toBe('range_hi');
    expect(headerKey('量程上限')).toBe('range_hi');
    expect(headerKey('量程上限(range_hi)')).toBe('range_hi');
    expect(headerKey('高高限（hh）')).toBe('hh');
    expect(headerKey('位号')).toBe('id');
    expect(headerKey('something')).toBeNull();
    expect(headerKey(null)).toBeNull();
    expect(headerKey(42)).toBeNull();
  });
});

describe('sheetToRows', () => {
  it('maps columns, skips empty rows, lists unknown columns and keeps file line numbers', () => {
    const sheet = sheetToRows([
      ['位号', '名称', '类型', '量程下限', '量程上限', '备注', '高限'],
      ['T1', 'Tank 1', '液位', 0, 20, 'x', 16],
      [null, null, null, null, null, null, null],
      ['T2', 'Tank 2', 'pressure', '0', '1.6', '', ''],
    ]);
    expect(sheet.missingId).toBe(false);
    expect(sheet.unknownColumns).toEqual(['备注']);
    expect(sheet.lineNumbers).toEqual([2, 4]);
    expect(sheet.rows).toEqual([
      { id: 'T1', name: 'Tank 1', kind: 'level', range_lo: 0, range_hi: 20, h: 16 },
      { id: 'T2', name: 'Tank 2', kind: 'pressure', range_lo: '0', range_hi: '1.6' },
    ]);
  });

  it('keeps a numeric device code as text and turns yes/no into 1/0', () => {
    const sheet = sheetToRows([
      ['id', 'device', 'enabled'],
      ['T1', 101, '否'],
      ['T2', 'P-1', true],
    ]);
    expect(sheet.rows).toEqual([
      { id: 'T1', device: '101', enabled: 0 },
      { id: 'T2', device: 'P-1', enabled: 1 },
    ]);
  });

  it('tells when the id column is missing', () => {
    expect(sheetToRows([['name'], ['x']]).missingId).toBe(true);
    expect(sheetToRows([]).rows).toEqual([]);
  });
});

describe('checkImportRow', () => {
  const good = { id: 'TF-A.TK-101.LT', name: '液位', kind: 'level', range_lo: 0, range_hi: 20, ll: 1, l: 2, h: 16, hh: 18, deadband: 0.5 };

  it('passes a valid row', () => {
    expect(checkImportRow(good)).toEqual([]);
  });

  it('names the fields of cross-field problems, as codes rendered in either language', () => {
    const problems = checkImportRow({ ...good, h: 19 });
    expect(problems).toEqual([{ field: 'hh', code: 'realtime.limitOrder', params: { key: 'hh', value: 18, prevKey: 'h', prevValue: 19 } }]);
    expect(renderIssues('en', problems)).toBe('hh: Limits must be ordered LL ≤ L ≤ H ≤ HH: hh (18) must be ≥ h (19)');
    const zh = checkImportRow({ ...good, range_hi: -1 });
    expect(zh.map((p) => p.field)).toContain('range_hi');
    expect(renderIssues('zh', zh)).toContain('量程上限（-1）必须大于下限（0）');
  });

  it('reports a missing id as required and an unknown kind as one of the kinds', () => {
    const problems = checkImportRow({ name: 'x', kind: 'bogus', range_lo: 0, range_hi: 1 });
    expect(problems.map((p) => [p.field, p.code]).sort()).toEqual([
      ['id', 'validation.required'],
      ['kind', 'validation.oneOf'],
    ]);
  });
});

describe('templateCsv', () => {
  it('has every import column and an example row that passes the check', () => {
    const [header, example] = parseCsv(templateCsv());
    expect(header.map(headerKey)).toEqual(importColumns.map((c) => c.key));
    const row = sheetToRows([header, example]).rows[0];
    expect(checkImportRow(row)).toEqual([]);
  });
});
