import type { TagMeta } from '../../src/server/stream/tag-registry.js';

let tagSeq = 0;

/** A tag as the stream layer sees it; every field can be overridden. Ids are unique per test file. */
export function buildTag(overrides: Partial<TagMeta> = {}): TagMeta {
  tagSeq++;
  return {
    id: `TEST.T${String(tagSeq).padStart(4, '0')}.PV`,
    regionid: null,
    kind: 'temperature',
    ll: null,
    l: null,
    h: null,
    hh: null,
    deadband: 0,
    ...overrides,
  };
}
