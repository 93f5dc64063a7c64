import type { FieldIssue, MessageCode } from '../../shared/messages/catalog.js';
import type { MessageParams } from '../../shared/messages/define.js';

/**
 * An error the caller can act on: becomes a 4xx envelope with a message code,
 * its parameters and the fields it is about (`controls`). The text is rendered
 * in the caller's language when the response is sent, never here.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: MessageCode,
    public readonly controls: string[] = [],
    public readonly params: MessageParams = {},
    /** Per-field problems of an input that failed validation. */
    public readonly issues: FieldIssue[] = [],
  ) {
    super(code);
  }
}

export const badRequest = (code: MessageCode, controls: string[] = [], params: MessageParams = {}) => new AppError(400, code, controls, params);
export const unauthorized = (code: MessageCode = 'common.unauthorized') => new AppError(401, code);
export const forbidden = (code: MessageCode = 'common.forbidden', params: MessageParams = {}) => new AppError(403, code, [], params);
export const notFound = (code: MessageCode = 'common.notFound', params: MessageParams = {}) => new AppError(404, code, [], params);
export const conflict = (code: MessageCode, controls: string[] = [], params: MessageParams = {}) => new AppError(409, code, controls, params);
export const tooMany = (code: MessageCode, params: MessageParams = {}) => new AppError(429, code, [], params);
/** An input that failed validation, with every field's problem. */
export const invalidInput = (issues: FieldIssue[]) =>
  new AppError(
    400,
    'common.invalidInput',
    [...new Set(issues.map((i) => i.field))],
    {},
    issues,
  );
