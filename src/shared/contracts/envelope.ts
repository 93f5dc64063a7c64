import { z } from 'zod';
import type { FieldIssue } from '../messages/catalog.js';
import type { MessageParams } from '../messages/define.js';

/**
 * The error part of the envelope. `message` and `controls` are the seed's
 * (seed 1 §3.3); `code`, `params` and `issues` carry the message as data, so
 * the browser renders it in the user's current language. `message` is the
 * same text rendered in the request's Accept-Language, for API clients.
 */
export interface EnvelopeError {
  message: string;
  controls: string[];
  code?: string;
  params?: MessageParams;
  issues?: FieldIssue[];
}

/** The seed's response envelope (seed 1 §3.3). `controls` names the fields an error is about. */
export interface Envelope<T> {
  IsSuccess: boolean;
  status: number;
  error: EnvelopeError;
  data: T | null;
}

/** Fixed API version field the seed's form-encoded bodies carry (seed 1 §7.1). */
export const API_VERSION = '206012141';

/** One field's problem as data (code and parameters), for results that report problems per row. */
export const fieldIssue = z.object({
  field: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** Lists travel as `data: { items, total }`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

/** Paging fields every list call accepts. */
export const pageInput = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
};

/** The code of a session-ending refresh failure; its text contains "RefreshToken", which the client clears the session on (seed 1 §8). */
export const REFRESH_TOKEN_ERROR = 'auth.refreshTokenInvalid';
