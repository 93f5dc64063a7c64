import type { z } from 'zod';
import { isMessageCode, type FieldIssue } from './catalog.js';
import type { MessageParams } from './define.js';

type Issue = z.core.$ZodIssue;

function sizeOrigin(origin: unknown): 'text' | 'list' | 'number' {
  if (origin === 'string') {
    return 'text';
  }
  if (origin === 'array' || origin === 'set' || origin === 'file') {
    return 'list';
  }
  return 'number';
}

function num(v: unknown): number | string {
  return typeof v === 'bigint' ? v.toString() : typeof v === 'number' ? v : String(v);
}

/**
 * One zod issue as a message code with parameters. Rules written in the
 * contracts carry a catalog code as their message (`.regex(re, 'validation.codeChars')`,
 * custom issues with `params`); zod's own checks map to the `validation.*`
 * codes, so a whitespace-only name reads "必填", not zod's wording.
 */
export function issueMessage(issue: Issue): { code: string; params?: MessageParams } {
  if (isMessageCode(issue.message)) {
    const params = issue.code === 'custom' ? (issue.params as MessageParams | undefined) : undefined;
    return params ? { code: issue.message, params } : { code: issue.message };
  }
  // A field left out (reportInput gives the issue its input) is "required", whatever its type.
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && 'input' in issue && (issue.input === undefined || issue.input === null)) {
    return { code: 'validation.required' };
  }
  switch (issue.code) {
    case 'too_small': {
      const min = num(issue.minimum);
      const origin = sizeOrigin(issue.origin);
      if (origin === 'text') {
        return Number(min) <= 1 ? { code: 'validation.required' } : { code: 'validation.tooShort', params: { min } };
      }
      if (origin === 'list') {
        return Number(min) <= 1 ? { code: 'validation.required' } : { code: 'validation.tooFewItems', params: { min } };
      }
      return { code: issue.inclusive === false ? 'validation.tooSmallExclusive' : 'validation.tooSmall', params: { min } };
    }
    case 'too_big': {
      const max = num(issue.maximum);
      const origin = sizeOrigin(issue.origin);
      if (origin === 'text') {
        return { code: 'validation.tooLong', params: { max } };
      }
      if (origin === 'list') {
        return { code: 'validation.tooManyItems', params: { max } };
      }
      return { code: issue.inclusive === false ? 'validation.tooBigExclusive' : 'validation.tooBig', params: { max } };
    }
    case 'invalid_type': {
      if (issue.expected === 'int') {
        return { code: 'validation.notAnInteger' };
      }
      if (issue.expected === 'number') {
        const input = (issue as { input?: unknown }).input;
        return typeof input === 'number' && !Number.isNaN(input) ? { code: 'validation.notFinite' } : { code: 'validation.notANumber' };
      }
      return { code: 'validation.expectedType', params: { expected: issue.expected } };
    }
    case 'invalid_format':
      return { code: 'validation.badFormat' };
    case 'invalid_value':
      return { code: 'validation.oneOf', params: { values: issue.values.map(String).join(', ') } };
    case 'unrecognized_keys':
      return { code: 'validation.unknownKeys', params: { keys: issue.keys.join(', ') } };
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
    case 'custom':
      return { code: 'validation.invalid' };
  }
}

/** Every issue of a failed parse, with its field path (`(body)` for the whole body). */
export function fieldIssues(issues: readonly Issue[]): FieldIssue[] {
  return issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(body)', ...issueMessage(issue) }));
}
