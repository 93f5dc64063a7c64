import { describe, expect, it } from 'vitest';
import { COMPANY_NAME_MAX, MENU_TITLE_MAX, isEmpty, isExternal, isJsonObject, truncate } from '../../src/shared/text.js';

describe('isEmpty (seed 1 §5)', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty string', ''],
    ['whitespace-only string', ' \t\n '],
    ['false', false],
    ['0', 0],
    ['-0', -0],
    ['NaN', Number.NaN],
    ['empty array', []],
    ['object with no keys', {}],
    ['null-prototype object with no keys', Object.create(null) as object],
  ])('%s is empty', (_label, v) => {
    expect(isEmpty(v)).toBe(true);
  });

  it.each([
    ['non-empty string', 'a'],
    ['string "0"', '0'],
    ['true', true],
    ['1', 1],
    ['negative number', -1],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['array with an empty item', ['']],
    ['object with a key', { a: undefined }],
    ['Date', new Date(0)],
    ['Map', new Map()],
    ['function', () => 0],
  ])('%s is not empty', (_label, v) => {
    expect(isEmpty(v)).toBe(false);
  });
});

describe('isExternal (seed 1 §5)', () => {
  it.each(['http://example.com', 'https://example.com/a?b=1', 'mailto:a@b.c', 'tel:+8613800000000', 'HTTPS://EXAMPLE.COM'])(
    '%s is external',
    (link) => {
      expect(isExternal(link)).toBe(true);
    },
  );
  it.each(['/orgnization/home', 'orgnization/home', '//cdn.example.com/x', 'ftp://example.com', 'javascript:alert(1)', 'httpx://a', ''])(
    '%s is not external',
    (link) => {
      expect(isExternal(link)).toBe(false);
    },
  );
});

describe('isJsonObject (seed 1 §5)', () => {
  it.each(['{}', '{"a":1}', '[]', '[1,2]', ' {"nested":{"x":[1]}} '])('%s is a JSON object', (s) => {
    expect(isJsonObject(s)).toBe(true);
  });
  it.each(['null', '1', '"text"', 'true', '', '{a:1}', '{"a":1', 'undefined'])('%s is not a JSON object', (s) => {
    expect(isJsonObject(s)).toBe(false);
  });
});

describe('truncate (seed 1 §2.3)', () => {
  it('uses the sidebar limits of the seed', () => {
    expect(COMPANY_NAME_MAX).toBe(9);
    expect(MENU_TITLE_MAX).toBe(10);
  });

  it('keeps text at or below the limit', () => {
    expect(truncate('演示化工有限公司', 9)).toEqual({ text: '演示化工有限公司', truncated: false });
    expect(truncate('一二三四五六七八九', 9)).toEqual({ text: '一二三四五六七八九', truncated: false });
    expect(truncate('', 10)).toEqual({ text: '', truncated: false });
  });

  it('cuts the company name at 9 and a menu title at 10 characters', () => {
    expect(truncate('一二三四五六七八九十', COMPANY_NAME_MAX)).toEqual({ text: '一二三四五六七八九…', truncated: true });
    expect(truncate('Hazard source monitoring', MENU_TITLE_MAX)).toEqual({ text: 'Hazard sou…', truncated: true });
  });

  it('counts code points, never splitting a surrogate pair', () => {
    const text = '𠀀𠀁𠀂𠀃';
    expect(truncate(text, 4).truncated).toBe(false);
    expect(truncate(text, 2)).toEqual({ text: '𠀀𠀁…', truncated: true });
  });
});
