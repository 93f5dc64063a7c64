import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../../../src/client/features/realtime/csv.js';

describe('toCsv', () => {
  it('quotes fields with commas, quotes and line breaks', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'x\ny', null, 3.5]])).toBe('a,"b,c","say ""hi""","x\ny",,3.5\r\n');
  });

  it('keeps a formula-looking cell as text, but not a negative number', () => {
    expect(toCsv([['=1+1', '+x', '@a', '-5', '-x']])).toBe("'=1+1,'+x,'@a,-5,'-x\r\n");
  });
});

describe('parseCsv', () => {
  it('reads what toCsv writes', () => {
    const rows = [
      ['位号(id)', '名称(name)'],
      ['TF-A.TK-101.LT', '1#储罐, "液位"'],
      ['x', 'line\nbreak'],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });

  it('skips a byte order mark and blank lines, accepts LF and CRLF', () => {
    expect(parseCsv('\uFEFFa,b\n\n1,2\r\n3,\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', ''],
    ]);
  });

  it('reads a last line without a line break', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});
