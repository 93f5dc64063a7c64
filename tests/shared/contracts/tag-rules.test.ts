import { describe, expect, it } from 'vitest';
import { tagFields, tagSave } from '../../../src/shared/realtime/contracts.js';
import { fieldIssues } from '../../../src/shared/messages/zod-issues.js';
import { numberFromText } from '../../../src/shared/number.js';

/** A valid tag: range 0–20, limits 2 · 4 · 16 · 18. */
const good = { id: 'T.RULE.LT', name: '规则测试', kind: 'level', range_lo: 0, range_hi: 20, ll: 2, l: 4, h: 16, hh: 18, deadband: 0.5 };

function problems(input: Record<string, unknown>) {
  const r = tagSave.input.safeParse({ ...good, ...input }, { reportInput: true });
  return r.success ? [] : fieldIssues(r.error.issues).map((i) => `${i.field}:${i.code}`);
}

describe('tag rules (TagSave and every TagImport row)', () => {
  it('accepts a good tag and reads numbers typed as text', () => {
    expect(problems({})).toEqual([]);
    expect(tagSave.input.parse({ ...good, h: ' 16.5 ', deadband: '1e-1' })).toMatchObject({ h: 16.5, deadband: 0.1 });
    expect(tagFields.parse({ ...good, ll: '', l: null, deadband: '' })).toMatchObject({ ll: null, l: null, deadband: 0 });
  });

  it('refuses limits outside the instrument range, naming the limit', () => {
    expect(problems({ h: 25, hh: null })).toEqual(['h:realtime.limitOutOfRange']);
    expect(problems({ ll: -1, hh: 20.5 })).toEqual(['ll:realtime.limitOutOfRange', 'hh:realtime.limitOutOfRange']);
    // The range itself is still what it is: the same H fits a 0–30 range.
    expect(problems({ h: 25, hh: 28, range_hi: 30 })).toEqual([]);
  });

  it('keeps the limits ordered LL ≤ L ≤ H ≤ HH', () => {
    expect(problems({ l: 1 })).toEqual(['l:realtime.limitOrder']);
    expect(problems({ h: 19 })).toEqual(['hh:realtime.limitOrder']);
    expect(problems({ l: null, h: 1 })).toEqual(['h:realtime.limitOrder']);
  });

  it('a whitespace-only name is "required", not a length message', () => {
    expect(problems({ name: '   ' })).toEqual(['name:validation.required']);
  });

  it('refuses text that is not a whole number instead of reading its start', () => {
    expect(problems({ h: '1e3x' })).toEqual(['h:validation.notANumber']);
    expect(problems({ range_hi: '0x10' })).toEqual(['range_hi:validation.notANumber']);
    expect(problems({ deadband: '2abc' })).toEqual(['deadband:validation.notANumber']);
  });

  it('refuses a negative deadband (it is not made 0)', () => {
    expect(problems({ deadband: -1 })).toEqual(['deadband:validation.tooSmall']);
    expect(problems({ deadband: '-1' })).toEqual(['deadband:validation.tooSmall']);
  });

  it('numberFromText: whole decimal numbers only', () => {
    expect(['12', ' -1.5 ', '+.5', '1e3', '2.'].map(numberFromText)).toEqual([12, -1.5, 0.5, 1000, 2]);
    expect(['1e3x', '0x10', '1,5', 'Infinity', '.'].map(numberFromText)).toEqual(['1e3x', '0x10', '1,5', 'Infinity', '.']);
    expect(['', '  '].map(numberFromText)).toEqual([null, null]);
    expect(numberFromText(7)).toBe(7);
  });
});
