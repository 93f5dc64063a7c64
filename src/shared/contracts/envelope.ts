import { z } from 'zod';

/** The seed's response envelope (seed 1 §3.3). `controls` names the fields an error is about. */
export interface Envelope<T> {
  IsSuccess: boolean;
  status: number;
  error: { message: string; controls: string[] };
  data: T | null;
}

/** Fixed API version field the seed's form-encoded bodies carry (seed 1 §7.1). */
export const API_VERSION = '206012141';

/** Lists travel as `data: { items, total }`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

/** Paging fields every list call accepts. */
export const pageInput = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
};

/** The message a session-ending refresh failure carries; the client clears the session on it (seed 1 §8). */
export const REFRESH_TOKEN_ERROR = 'RefreshToken invalid or expired';
