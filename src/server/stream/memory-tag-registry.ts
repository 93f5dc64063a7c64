import type { TagMeta, TagRegistry } from './tag-registry.js';

/** A tag registry held in memory and filled by hand: for tests, benchmarks, and until the realtime module's registry is wired. */
export interface MemoryTagRegistry extends TagRegistry {
  set(...tags: TagMeta[]): void;
  delete(id: string): void;
  setGroup(groupId: string, tagIds: readonly string[]): void;
}

export function createMemoryTagRegistry(tags: readonly TagMeta[] = []): MemoryTagRegistry {
  const byId = new Map(tags.map((t) => [t.id, t]));
  const groups = new Map<string, readonly string[]>();
  return {
    get: (id) => byId.get(id),
    all: () => byId.values(),
    size: () => byId.size,
    groupMembers: (groupId) => groups.get(groupId) ?? null,
    set(...list) {
      for (const t of list) {
        byId.set(t.id, t);
      }
    },
    delete(id) {
      byId.delete(id);
    },
    setGroup(groupId, tagIds) {
      groups.set(groupId, [...tagIds]);
    },
  };
}
