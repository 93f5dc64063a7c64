import type { z } from 'zod';
import type { Contract } from '../../../shared/contracts/contract.js';
import {
  type TagClassItem,
  type TagImportRowError,
  type TagItem,
  type LimitKey,
  type classDelete,
  type classList,
  type classSave,
  type classSetTags,
  type history,
  type latestValues,
  type tagDelete,
  type tagImport,
  type tagList,
  type tagSave,
  tagFields,
} from '../../../shared/realtime/contracts.js';
import type { AuthUser } from '../../http/app.js';
import type { FieldIssue } from '../../../shared/messages/catalog.js';
import { fieldIssues } from '../../../shared/messages/zod-issues.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { type Actor, audit } from '../../store/audit.js';
import { type Store, type Tx, inTransaction } from '../../store/db.js';
import type { Historian } from '../../history/historian.js';
import { querySampleHistory } from '../../history/query.js';
import type { DomainEvents } from '../../stream/bus.js';
import type { LatestSample } from '../../stream/live-cache.js';
import type { OrgPort as OrgService } from '../org/port.js';
import { withDescendants } from '../../../shared/tree.js';
import { type TagRow, type TagValues, createRealtimeRepository, isDuplicateKey } from './realtime.repository.js';
import type { RealtimeTagRegistry } from './tag-registry.js';

type In<C extends Contract> = z.output<C['input']>;
type Out<C extends Contract> = z.input<C['output']>;

/** Latest values, as the stream's live cache gives them. */
export interface LiveValues {
  latest(tagIds: readonly string[]): LatestSample[];
}

export interface RealtimeDeps {
  org: Pick<OrgService, 'getUserScope'>;
  registry: RealtimeTagRegistry;
  live: LiveValues;
  events: Pick<DomainEvents, 'publish'>;
  /** Chunked history and its open windows (src/server/history). */
  history: Pick<Historian, 'conn' | 'openSamples' | 'openPositions' | 'openWindows'>;
}

export interface RealtimeService {
  readonly registry: RealtimeTagRegistry;
  tagList(caller: AuthUser, input: In<typeof tagList>): Promise<Out<typeof tagList>>;
  tagSave(caller: AuthUser, input: In<typeof tagSave>): Promise<TagItem>;
  tagDelete(caller: AuthUser, input: In<typeof tagDelete>): Promise<Out<typeof tagDelete>>;
  tagImport(caller: AuthUser, input: In<typeof tagImport>): Promise<Out<typeof tagImport>>;
  latestValues(caller: AuthUser, input: In<typeof latestValues>): Promise<Out<typeof latestValues>>;
  history(caller: AuthUser, input: In<typeof history>): Promise<Out<typeof history>>;
  classList(caller: AuthUser, input: In<typeof classList>): Promise<TagClassItem[]>;
  classSave(caller: AuthUser, input: In<typeof classSave>): Promise<TagClassItem>;
  classDelete(caller: AuthUser, input: In<typeof classDelete>): Promise<Out<typeof classDelete>>;
  classSetTags(caller: AuthUser, input: In<typeof classSetTags>): Promise<TagClassItem>;
  /**
   * Keeps a top-level class that another module owns (e.g. 重大危险源, filled
   * from the major hazard register) holding exactly `tagIds` (ids of no tag
   * are left out): the class is made when missing, its members set, the change
   * audited as the system's; answers the tags added and removed.
   */
  syncClass(root: { name: string; name_en: string }, tagIds: readonly string[]): Promise<{ added: string[]; removed: string[] }>;
  /**
   * Writes new alarm limits of tags the caller has checked (the alarm setting
   * import), inside the caller's transaction with an audit row per tag.
   * Answers what to run after the commit: the registry and the stream get
   * the new limits then, so the engine uses them from the next sample on.
   */
  writeLimits(
    tx: Tx,
    caller: AuthUser,
    changes: readonly { id: string; limits: Partial<Record<LimitKey, number | null>> }[],
  ): Promise<() => void>;
}

const actorOf = (u: AuthUser): Actor => ({ userid: u.userid, loginname: u.loginname });
const SYSTEM_ACTOR: Actor = { userid: null, loginname: 'system' };

/** Who sees what: null = every region; otherwise the scope's regions. Tags without a region are visible to all readers. */
type Visible = (regionid: number | null) => boolean;

const outsideScope = () => forbidden('common.outsideScope');

function toValues(t: z.output<typeof tagFields>, regionid: number | null): TagValues {
  return {
    id: t.id,
    name: t.name,
    name_en: t.name_en,
    unit: t.unit,
    kind: t.kind,
    device: t.device,
    regionid,
    hazard_source: t.hazard_source,
    range_lo: t.range_lo,
    range_hi: t.range_hi,
    ll: t.ll,
    l: t.l,
    h: t.h,
    hh: t.hh,
    deadband: t.deadband,
    comp_dev: t.comp_dev || null,
    enabled: t.enabled,
  };
}

export function createRealtimeService(store: Store, deps: RealtimeDeps): RealtimeService {
  const db = store.db;
  const repo = createRealtimeRepository(db);
  const { registry } = deps;

  async function visibility(caller: AuthUser): Promise<{ visible: Visible; scope: number[] | null; all: boolean }> {
    const s = await deps.org.getUserScope(caller.userid);
    if (s.all) {
      return { visible: () => true, scope: null, all: true };
    }
    const set = new Set(s.regionids);
    return { visible: (r) => r === null || set.has(r), scope: s.regionids, all: false };
  }

  async function classTreePairs(): Promise<[number, number][]> {
    return (await repo.listClasses()).map((c) => [c.id, c.parentid]);
  }

  async function toItem(row: TagRow, regionname?: string): Promise<TagItem> {
    const classids = (await repo.classidsOf([row.id])).get(row.id) ?? [];
    return { ...row, regionname: regionname ?? (await repo.regionName(row.regionid)), classids };
  }

  function syncRegistry(rows: TagRow[]) {
    for (const r of rows) {
      registry.upsert(r);
    }
  }

  async function classItem(id: number, visible: Visible): Promise<TagClassItem> {
    const c = await repo.getClass(id);
    if (!c) {
      throw notFound('realtime.classNotFound');
    }
    const members = (await repo.classMembersWithRegion(id)).filter((m) => visible(m.regionid));
    return { ...c, tagids: members.map((m) => m.tag_id) };
  }

  return {
    registry,

    async tagList(caller, input) {
      const { scope } = await visibility(caller);
      let regionids: number[] | undefined;
      if (input.regionid !== undefined) {
        const tree = await repo.regionTree();
        regionids = withDescendants(
          [input.regionid],
          tree.map((r) => [r.regionid, r.regionparentid]),
        );
      }
      const classids = input.class_id !== undefined ? withDescendants([input.class_id], await classTreePairs()) : undefined;
      const { items, total } = await repo.listTags(
        {
          keyword: input.keyword || undefined,
          regionids,
          scope,
          device: input.device || undefined,
          kind: input.kind,
          classids,
          enabled: input.enabled,
        },
        input.page,
        input.pageSize,
      );
      const classes = await repo.classidsOf(items.map((i) => i.id));
      return { items: items.map((i) => ({ ...i, classids: classes.get(i.id) ?? [] })), total };
    },

    async tagSave(caller, input) {
      const { visible, all } = await visibility(caller);
      const row = await inTransaction(db, async (tx) => {
        const r = createRealtimeRepository(tx);
        const existing = await r.getTag(input.id);
        if (input.isNew && existing) {
          throw conflict('realtime.tagExists', ['id'], { id: input.id });
        }
        if (!input.isNew && !existing) {
          throw notFound('realtime.tagNotFound', { id: input.id });
        }
        if (existing && !visible(existing.regionid)) {
          throw outsideScope();
        }
        if (input.regionid !== null && !(await r.existingRegionIds([input.regionid])).length) {
          throw badRequest('org.regionNotFound', ['regionid']);
        }
        // A global tag (no region) is visible to every reader, so only a user who sees everything may make one.
        if (input.regionid === null ? !all : !visible(input.regionid)) {
          throw outsideScope();
        }
        if (input.classids) {
          const known = new Set((await r.listClasses()).map((c) => c.id));
          if (input.classids.some((c) => !known.has(c))) {
            throw badRequest('realtime.classNotFound', ['classids']);
          }
        }
        const values = toValues(input, input.regionid);
        const now = Date.now();
        try {
          if (existing) {
            await r.updateTag(values, now);
          } else {
            await r.insertTag(values, now);
          }
        } catch (err) {
          if (isDuplicateKey(err)) {
            throw conflict('realtime.tagExists', ['id'], { id: input.id });
          }
          throw err;
        }
        if (input.classids) {
          await r.setTagClasses(input.id, [...new Set(input.classids)]);
        }
        await audit(
          tx,
          actorOf(caller),
          existing ? 'update' : 'create',
          'tag',
          input.id,
          existing ? { before: existing, after: values } : values,
        );
        return (await r.getTag(input.id))!;
      });
      syncRegistry([row]);
      if (input.classids) {
        await registry.reloadGroups();
      }
      deps.events.publish('tag.changed', { ids: [row.id] });
      return toItem(row);
    },

    async tagDelete(caller, input) {
      const { visible } = await visibility(caller);
      const ids = [...new Set(input.ids)];
      const deleted = await inTransaction(db, async (tx) => {
        const r = createRealtimeRepository(tx);
        const rows = await r.getTags(ids);
        const found = new Set(rows.map((x) => x.id));
        const missing = ids.filter((id) => !found.has(id));
        if (missing.length) {
          throw notFound('realtime.tagsNotFound', { ids: missing.slice(0, 10).join(', ') });
        }
        if (rows.some((x) => !visible(x.regionid))) {
          throw outsideScope();
        }
        const n = await r.deleteTags(ids);
        for (const row of rows) {
          await audit(tx, actorOf(caller), 'delete', 'tag', row.id, row);
        }
        return n;
      });
      for (const id of ids) {
        registry.remove(id);
      }
      await registry.reloadGroups();
      deps.events.publish('tag.changed', { ids });
      return { deleted };
    },

    async tagImport(caller, input) {
      const { visible, all } = await visibility(caller);
      const errors: TagImportRowError[] = [];
      const rowError = (row: number, id: string, issues: FieldIssue[]) => errors.push({ row, id, issues });

      // Spreadsheets name regions by code; resolve every code once.
      const codes = [
        ...new Set(
          input.rows
            .map((r) => r.regioncode)
            .filter((c): c is string => typeof c === 'string' && c.trim() !== '')
            .map((c) => c.trim()),
        ),
      ];
      const regionByCode = new Map((await repo.regionsByCode(codes)).map((r) => [r.regioncode, r.regionid]));

      const valid: { index: number; values: TagValues }[] = [];
      const seen = new Map<string, number>();
      for (const [index, raw] of input.rows.entries()) {
        const id = typeof raw.id === 'string' || typeof raw.id === 'number' ? String(raw.id) : '';
        const row: Record<string, unknown> = { ...raw };
        const code = typeof raw.regioncode === 'string' ? raw.regioncode.trim() : '';
        if (code && (raw.regionid === undefined || raw.regionid === null || raw.regionid === '')) {
          const regionid = regionByCode.get(code);
          if (regionid === undefined) {
            rowError(index, id, [{ field: 'regioncode', code: 'realtime.unknownRegionCode', params: { code } }]);
            continue;
          }
          row.regionid = regionid;
        }
        delete row.regioncode;
        const parsed = tagFields.safeParse(row);
        if (!parsed.success) {
          rowError(index, id, fieldIssues(parsed.error.issues));
          continue;
        }
        const t = parsed.data;
        const first = seen.get(t.id);
        if (first !== undefined) {
          rowError(index, t.id, [{ field: 'id', code: 'realtime.duplicateRow', params: { row: first + 1 } }]);
          continue;
        }
        seen.set(t.id, index);
        if (t.regionid === null ? !all : !visible(t.regionid)) {
          rowError(index, t.id, [{ field: 'regionid', code: 'common.outsideScope' }]);
          continue;
        }
        valid.push({ index, values: toValues(t, t.regionid) });
      }

      // Checks that need the database: the regions given by id, and existing tags the caller may not touch.
      const regionIds = [...new Set(valid.map((v) => v.values.regionid).filter((r): r is number => r !== null))];
      const knownRegions = new Set(await repo.existingRegionIds(regionIds));
      const existing = new Map((await repo.getTags(valid.map((v) => v.values.id))).map((r) => [r.id, r]));
      const accepted = valid.filter(({ index, values }) => {
        if (values.regionid !== null && !knownRegions.has(values.regionid)) {
          rowError(index, values.id, [{ field: 'regionid', code: 'org.regionNotFound' }]);
          return false;
        }
        const old = existing.get(values.id);
        if (old && !visible(old.regionid)) {
          rowError(index, values.id, [{ field: 'id', code: 'common.outsideScope' }]);
          return false;
        }
        return true;
      });
      errors.sort((a, b) => a.row - b.row);

      if (errors.length && !input.acceptValid) {
        return { created: 0, updated: 0, rejected: input.rows.length, errors };
      }
      const now = Date.now();
      let created = 0;
      let updated = 0;
      const rows = await inTransaction(db, async (tx) => {
        const r = createRealtimeRepository(tx);
        for (const { values } of accepted) {
          const before = existing.get(values.id);
          if (before) {
            await r.updateTag(values, now);
            updated++;
          } else {
            await r.insertTag(values, now);
            created++;
          }
          await audit(tx, actorOf(caller), 'import', 'tag', values.id, before ? { before, after: values } : values);
        }
        return r.getTags(accepted.map((a) => a.values.id));
      });
      syncRegistry(rows);
      if (rows.length > 0) {
        deps.events.publish('tag.changed', { ids: rows.map((r) => r.id) });
      }
      return { created, updated, rejected: input.rows.length - accepted.length, errors };
    },

    async writeLimits(tx, caller, changes) {
      const r = createRealtimeRepository(tx);
      const before = new Map((await r.getTags(changes.map((c) => c.id))).map((t) => [t.id, t]));
      const now = Date.now();
      for (const c of changes) {
        const old = before.get(c.id);
        if (!old) {
          throw notFound('realtime.tagNotFound', { id: c.id });
        }
        const { created_at: _c, updated_at: _u, ...values } = old;
        const after = { ...values, ...c.limits };
        await r.updateTag(after, now);
        await audit(tx, actorOf(caller), 'update', 'tag', c.id, { before: old, after });
      }
      const rows = await r.getTags(changes.map((c) => c.id));
      return () => {
        syncRegistry(rows);
        if (rows.length) {
          deps.events.publish('tag.changed', { ids: rows.map((x) => x.id) });
        }
      };
    },

    async latestValues(caller, input) {
      const { visible } = await visibility(caller);
      const ids = [...new Set(input.tags)].filter((id) => {
        const t = registry.get(id);
        return t !== undefined && visible(t.regionid);
      });
      const items = deps.live.latest(ids);
      return { items, total: items.length };
    },

    async history(caller, input) {
      const { visible } = await visibility(caller);
      const ids = [...new Set(input.tags)];
      // From the table, not the registry: a disabled tag keeps its recorded history.
      const rows = new Map((await repo.getTags(ids)).map((r) => [r.id, r]));
      const refused = ids.filter((id) => {
        const row = rows.get(id);
        return !row || !visible(row.regionid);
      });
      if (refused.length) {
        throw badRequest('realtime.tagsNotVisible', ['tags'], { ids: refused.slice(0, 10).join(', ') });
      }
      // Samples come at most once a second per tag, so a shorter bucket would only add empty ones.
      const span = input.to - input.from;
      const points = Math.max(1, Math.min(input.points, Math.ceil(span / 1000)));
      const h = await querySampleHistory({ db, historian: deps.history }, ids, input.from, input.to, points);
      return { bucketMs: h.bucketMs, items: h.items };
    },

    async classList(caller) {
      const { visible } = await visibility(caller);
      const classes = await repo.listClasses();
      const members = new Map<number, string[]>();
      for (const m of await repo.classMembersWithRegion()) {
        if (visible(m.regionid)) {
          members.set(m.class_id, [...(members.get(m.class_id) ?? []), m.tag_id]);
        }
      }
      return classes.map((c) => ({ ...c, tagids: members.get(c.id) ?? [] }));
    },

    async classSave(caller, input) {
      const { visible } = await visibility(caller);
      const id = await inTransaction(db, async (tx) => {
        const r = createRealtimeRepository(tx);
        const existing = input.id !== undefined ? await r.getClass(input.id) : undefined;
        if (input.id !== undefined && !existing) {
          throw notFound('realtime.classNotFound');
        }
        if (input.parentid !== 0) {
          const parent = await r.getClass(input.parentid);
          if (!parent) {
            throw badRequest('realtime.parentClassMissing', ['parentid']);
          }
          const pairs: [number, number][] = (await r.listClasses()).map((c) => [c.id, c.parentid]);
          if (existing && withDescendants([existing.id], pairs).includes(input.parentid)) {
            throw badRequest('realtime.classUnderItself', ['parentid']);
          }
        }
        const values = { parentid: input.parentid, name: input.name, name_en: input.name_en, sort: input.sort };
        let classId: number;
        if (existing) {
          classId = existing.id;
          await r.updateClass(classId, values);
        } else {
          classId = await r.insertClass(values);
        }
        await audit(
          tx,
          actorOf(caller),
          existing ? 'update' : 'create',
          'tag_class',
          classId,
          existing ? { before: existing, after: values } : values,
        );
        return classId;
      });
      await registry.reloadGroups();
      return classItem(id, visible);
    },

    async classDelete(caller, input) {
      await inTransaction(db, async (tx) => {
        const r = createRealtimeRepository(tx);
        const existing = await r.getClass(input.id);
        if (!existing) {
          throw notFound('realtime.classNotFound');
        }
        if ((await r.childClassCount(input.id)) > 0) {
          throw conflict('realtime.classHasChildren', ['id']);
        }
        const members = await r.membersOf(input.id);
        await r.deleteClass(input.id);
        await audit(tx, actorOf(caller), 'delete', 'tag_class', input.id, { ...existing, tagids: members });
      });
      await registry.reloadGroups();
      return {};
    },

    async classSetTags(caller, input) {
      const { visible } = await visibility(caller);
      const wanted = [...new Set(input.tagids)];
      await inTransaction(db, async (tx) => {
        const r = createRealtimeRepository(tx);
        const existing = await r.getClass(input.id);
        if (!existing) {
          throw notFound('realtime.classNotFound');
        }
        const rows = new Map((await r.getTags(wanted)).map((t) => [t.id, t]));
        const refused = wanted.filter((id) => !rows.has(id) || !visible(rows.get(id)!.regionid));
        if (refused.length) {
          throw badRequest('realtime.tagsNotVisible', ['tagids'], { ids: refused.slice(0, 10).join(', ') });
        }
        const before = await r.classMembersWithRegion(input.id);
        // Members the caller cannot see stay: a limited user edits only the part of the class they see.
        const hidden = before.filter((m) => !visible(m.regionid)).map((m) => m.tag_id);
        const next = [...wanted, ...hidden.filter((id) => !wanted.includes(id))];
        await r.setClassMembers(input.id, next);
        const beforeIds = new Set(before.map((m) => m.tag_id));
        const nextIds = new Set(next);
        await audit(tx, actorOf(caller), 'set_tags', 'tag_class', input.id, {
          added: next.filter((id) => !beforeIds.has(id)),
          removed: [...beforeIds].filter((id) => !nextIds.has(id)),
        });
      });
      await registry.reloadGroups();
      return classItem(input.id, visible);
    },

    async syncClass(root, tagIds) {
      const change = await inTransaction(db, async (tx) => {
        const r = createRealtimeRepository(tx);
        const classes = await r.listClasses();
        const found = classes.find((c) => c.parentid === 0 && c.name === root.name);
        const id = found?.id ?? (await r.insertClass({ parentid: 0, name: root.name, name_en: root.name_en, sort: classes.filter((c) => c.parentid === 0).length }));
        const existing = await r.existingTagIds([...new Set(tagIds)]);
        const next = [...existing].sort();
        const before = await r.membersOf(id);
        const beforeIds = new Set(before);
        const added = next.filter((t) => !beforeIds.has(t));
        const removed = before.filter((t) => !existing.has(t));
        if (found && added.length === 0 && removed.length === 0) {
          return { added, removed };
        }
        await r.setClassMembers(id, next);
        await audit(tx, SYSTEM_ACTOR, 'set_tags', 'tag_class', id, { added, removed });
        return { added, removed };
      });
      if (change.added.length || change.removed.length) {
        await registry.reloadGroups();
      }
      return change;
    },
  };
}
