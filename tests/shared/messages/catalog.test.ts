import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { messages, renderIssues, renderMessage, renderWithIssues } from '../../../src/shared/messages/catalog.js';
import { fieldIssues } from '../../../src/shared/messages/zod-issues.js';

const CJK = /[\u4e00-\u9fff]/;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalog', () => {
  it('has each message in both languages: Chinese in zh, none in en, the same placeholders', () => {
    for (const [code, text] of Object.entries(messages)) {
      expect(text.zh, code).not.toBe('');
      expect(text.en, code).not.toBe('');
      expect(CJK.test(text.en), `${code} en has Chinese: ${text.en}`).toBe(false);
      expect(placeholders(text.zh), code).toEqual(placeholders(text.en));
    }
  });

  it('renders parameters into the chosen language and leaves unknown codes as written', () => {
    expect(renderMessage('zh', 'org.roleHeld', { count: 3 })).toBe('仍有 3 个账号使用该角色，不能删除');
    expect(renderMessage('en', 'org.roleHeld', { count: 3 })).toBe('3 account(s) still hold this role');
    expect(renderMessage('en', 'no.such.code')).toBe('no.such.code');
  });

  it('joins a summary and field problems in one language only', () => {
    const issues = [
      { field: 'name', code: 'validation.required' },
      { field: 'hh', code: 'validation.tooBig', params: { max: 20 } },
    ];
    expect(renderWithIssues('zh', 'common.invalidInput', {}, issues)).toBe('参数错误：name：必填；hh：不能大于 20');
    expect(renderWithIssues('en', 'common.invalidInput', {}, issues)).toBe('Invalid input: name: Required; hh: Must be at most 20');
    expect(renderIssues('en', [{ field: '(body)', code: 'common.malformedJson' }])).toBe('The request body is not valid JSON');
  });
});

describe('zod issues as message codes', () => {
  const schema = z.object({
    name: z.string().trim().min(1).max(5),
    count: z.number().int().min(0),
    kind: z.enum(['a', 'b']),
    code: z.string().regex(/^[a-z]+$/, 'validation.codeChars'),
    tags: z.array(z.string()).min(2),
  });

  it('maps zod checks to validation codes with their parameters', () => {
    const r = schema.safeParse({ name: '   ', count: 1.5, kind: 'c', code: 'A!', tags: ['x'] }, { reportInput: true });
    expect(r.success).toBe(false);
    expect(fieldIssues(r.error!.issues)).toEqual([
      { field: 'name', code: 'validation.required' },
      { field: 'count', code: 'validation.notAnInteger' },
      { field: 'kind', code: 'validation.oneOf', params: { values: 'a, b' } },
      { field: 'code', code: 'validation.codeChars' },
      { field: 'tags', code: 'validation.tooFewItems', params: { min: 2 } },
    ]);
  });

  it('calls a missing field required and a too long one by its limit', () => {
    const r = schema.safeParse({ name: 'abcdefg', count: -1, kind: 'a', code: 'ok', tags: ['x', 'y'] }, { reportInput: true });
    expect(fieldIssues(r.error!.issues)).toEqual([
      { field: 'name', code: 'validation.tooLong', params: { max: 5 } },
      { field: 'count', code: 'validation.tooSmall', params: { min: 0 } },
    ]);
    const missing = schema.safeParse({}, { reportInput: true });
    expect(fieldIssues(missing.error!.issues).map((i) => i.code)).toEqual(Array(5).fill('validation.required'));
  });
});
