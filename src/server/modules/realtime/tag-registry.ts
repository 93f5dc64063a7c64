import type { Db } from '../../store/db.js';
import type { TagMeta, TagRegistry } from '../../stream/tag-registry.js';
import { createRealtimeRepository } from './realtime.repository.js';

/** A registry entry: what the stream needs, plus what the simulator and the realtime calls read without a query. */
export interface RegistryTag extends TagMeta {
  range_lo: number;
  range_hi: number;
  device: string;
  hazard_source: string;
}

/**
 * The tag table in memory, for the stream (ingest checks every sample against
 * it) and for data isolation of live values. Only enabled tags are in it: a
 * disabled tag is out of service, neither collected nor alarmed (ISA-18.2).
 * The realtime service updates it after each committed change.
 */
export interface RealtimeTagRegistry extends TagRegistry {
  get(id: string): RegistryTag | undefined;
  all(): Iterable<RegistryTag>;
  /** Puts a tag in (enabled) or takes it out (disabled). */
  upsert(tag: RegistryTag & { enabled: number }): void;
  remove(id: string): void;
  /** Re-reads the classification tree and memberships after a classification change. */
  reloadGroups(): Promise<void>;
  /** Re-reads everything. */
  reload(): Promise<void>;
  /** Changes with every update, so pollers (the simulator) notice edits cheaply. */
  version(): number;
  /** Called after each change with the ids concerned. */
  onChange(listener: (ids: readonly string[]) => void): () => void;
}

export async function createTagRegistry(db: Db): Promise<RealtimeTagRegistry> {
  const repo = createRealtimeRepository(db);
  const byId = new Map<string, RegistryTag>();
  const children = new Map<number, number[]>();
  const members = new Map<number, string[]>();
  const listeners = new Set<(ids: readonly string[]) => void>();
  let version = 0;

  const changed = (ids: readonly string[]) => {
    version++;
    for (const l of listeners) {
      l(ids);
    }
  };

  async function loadTags() {
    byId.clear();
    for (const r of await repo.registryTags()) {
      byId.set(r.id, r);
    }
  }

  async function loadGroups() {
    const classes = await repo.listClasses();
    const rows = await repo.classMembers();
    children.clear();
    members.clear();
    for (const c of classes) {
      children.set(c.parentid, [...(children.get(c.parentid) ?? []), c.id]);
      if (!members.has(c.id)) {
        members.set(c.id, []);
      }
    }
    for (const r of rows) {
      members.get(r.class_id)?.push(r.tag_id);
    }
  }

  await loadTags();
  await loadGroups();

  return {
    get: (id) => byId.get(id),
    all: () => byId.values(),
    size: () => byId.size,
    /** A group is a classification with its sub-classifications; stream topic `tags/<classId>`. */
    groupMembers(groupId) {
      const root = Number(groupId);
      if (!Number.isInteger(root) || !members.has(root)) {
        return null;
      }
      const out = new Set<string>();
      const stack = [root];
      while (stack.length) {
        const id = stack.pop()!;
        for (const t of members.get(id) ?? []) {
          if (byId.has(t)) {
            out.add(t);
          }
        }
        stack.push(...(children.get(id) ?? []));
      }
      return [...out];
    },
    upsert(tag) {
      if (tag.enabled === 1) {
        const { id, regionid, kind, ll, l, h, hh, deadband, comp_dev, range_lo, range_hi, device, hazard_source } = tag;
        byId.set(id, { id, regionid, kind, ll, l, h, hh, deadband, comp_dev, range_lo, range_hi, device, hazard_source });
      } else {
        byId.delete(tag.id);
      }
      changed([tag.id]);
    },
    remove(id) {
      byId.delete(id);
      changed([id]);
    },
    async reloadGroups() {
      await loadGroups();
      changed([]);
    },
    async reload() {
      await loadTags();
      await loadGroups();
      changed([]);
    },
    version: () => version,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
