import type { TagValueTuple } from '../../shared/contracts/topics';

/**
 * Decoding of the stream's wire items into what components read: a tag
 * value travels as a tuple `[tag, t, v, q]` (contracts/topics.ts) and is
 * handed out as a `TagUpdate`.
 */

/** A tag's latest value as the stream delivers it. */
export interface TagValue {
  /** Time of measurement, epoch ms (server clock). */
  t: number;
  v: number;
  /** Quality: 0 good, 1 uncertain, 2 bad (contracts/stream.ts `Quality`). */
  q: number;
}

export interface TagUpdate extends TagValue {
  tag: string;
}

export function toUpdate(item: TagValueTuple): TagUpdate {
  return { tag: item[0], t: item[1], v: item[2], q: item[3] };
}

/** A LatestValues answer (contracts/realtime.ts) as the wire tuples of the `tag` channel. */
export function toTagTuples(items: readonly { tag: string; t: number; v: number; q: number }[]): TagValueTuple[] {
  return items.map((x): TagValueTuple => [x.tag, x.t, x.v, x.q]);
}
