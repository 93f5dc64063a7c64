import { sql, type Expression, type Selectable, type SqlBool } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

/** The only place SQL of the realtime area lives. */

export type TagRow = Selectable<Database['tag']>;
export type TagValues = Omit<TagRow, 'created_at' | 'updated_at'>;
export type TagClassRow = Selectable<Database['tag_class']>;

/** Rows per multi-row insert: 18 columns × 500 stays far below both dialects' parameter limits. */
const CHUNK = 500;

/** Matches `needle` anywhere, ignoring ASCII case, the same on SQLite and PostgreSQL. */
function containsText(column: string, needle: string): Expression<SqlBool> {
  const escaped = needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}

/** True when an insert hit an existing key. */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: unknown };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export interface TagFilter {
  keyword?: string;
  /** Region ids to match (a region with its descendants); undefined: any. */
  regionids?: number[];
  /** Data isolation: visible region ids; null: everything. Tags without a region are always visible. */
  scope: number[] | null;
  device?: string;
  kind?: string;
  /** Classification ids (with descendants) the tag must belong to. */
  classids?: number[];
  enabled?: number;
}

export function createRealtimeRepository(db: Db | Tx) {
  function filtered(f: TagFilter) {
    let q = db.selectFrom('tag');
    if (f.scope !== null) {
      const scope = f.scope;
      q = q.where((eb) =>
        scope.length ? eb.or([eb('tag.regionid', 'is', null), eb('tag.regionid', 'in', scope)]) : eb('tag.regionid', 'is', null),
      );
    }
    if (f.regionids) {
      q = f.regionids.length ? q.where('tag.regionid', 'in', f.regionids) : q.where(sql<SqlBool>`1 = 0`);
    }
    if (f.keyword) {
      const k = f.keyword;
      q = q.where((eb) =>
        eb.or([containsText('tag.id', k), containsText('tag.name', k), containsText('tag.name_en', k), containsText('tag.device', k)]),
      );
    }
    if (f.device) {
      q = q.where('tag.device', '=', f.device);
    }
    if (f.kind) {
      q = q.where('tag.kind', '=', f.kind as TagRow['kind']);
    }
    if (f.enabled !== undefined) {
      q = q.where('tag.enabled', '=', f.enabled);
    }
    if (f.classids) {
      const ids = f.classids;
      q = ids.length
        ? q.where('tag.id', 'in', (eb) => eb.selectFrom('tag_class_member').select('tag_id').where('class_id', 'in', ids))
        : q.where(sql<SqlBool>`1 = 0`);
    }
    return q;
  }

  return {
    /** Enabled tags, for the in-memory registry. */
    registryTags: () =>
      db
        .selectFrom('tag')
        .select(['id', 'regionid', 'kind', 'll', 'l', 'h', 'hh', 'deadband', 'comp_dev', 'range_lo', 'range_hi', 'device', 'hazard_source'])
        .where('enabled', '=', 1)
        .execute(),

    async listTags(f: TagFilter, page: number, pageSize: number) {
      const total = await filtered(f)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      const items = await filtered(f)
        .leftJoin('region', 'region.regionid', 'tag.regionid')
        .selectAll('tag')
        .select(sql<string>`coalesce(region.regionname, '')`.as('regionname'))
        .orderBy('tag.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { items, total: Number(total.n) };
    },

    getTag: (id: string) => db.selectFrom('tag').selectAll().where('id', '=', id).executeTakeFirst(),

    async getTags(ids: readonly string[]): Promise<TagRow[]> {
      const out: TagRow[] = [];
      for (let i = 0; i < ids.length; i += CHUNK) {
        out.push(
          ...(await db
            .selectFrom('tag')
            .selectAll()
            .where('id', 'in', ids.slice(i, i + CHUNK))
            .execute()),
        );
      }
      return out;
    },

    async regionName(regionid: number | null): Promise<string> {
      if (regionid === null) {
        return '';
      }
      const r = await db.selectFrom('region').select('regionname').where('regionid', '=', regionid).executeTakeFirst();
      return r?.regionname ?? '';
    },

    async insertTag(values: TagValues, now: number) {
      await db
        .insertInto('tag')
        .values({ ...values, created_at: now, updated_at: now })
        .execute();
    },

    async updateTag(values: TagValues, now: number) {
      const { id, ...rest } = values;
      await db
        .updateTable('tag')
        .set({ ...rest, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Inserts the rows whose id is not taken yet (seeding); returns how many were new. */
    async insertMissingTags(rows: TagValues[], now: number): Promise<number> {
      let added = 0;
      for (let i = 0; i < rows.length; i += CHUNK) {
        const chunk = rows.slice(i, i + CHUNK);
        const r = await db
          .insertInto('tag')
          .values(chunk.map((v) => ({ ...v, created_at: now, updated_at: now })))
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        added += Number(r.numInsertedOrUpdatedRows ?? 0);
      }
      return added;
    },

    async deleteTags(ids: readonly string[]) {
      await db.deleteFrom('tag_class_member').where('tag_id', 'in', ids).execute();
      const r = await db.deleteFrom('tag').where('id', 'in', ids).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    async classidsOf(tagIds: readonly string[]): Promise<Map<string, number[]>> {
      const out = new Map<string, number[]>();
      if (!tagIds.length) {
        return out;
      }
      const rows = await db
        .selectFrom('tag_class_member')
        .select(['tag_id', 'class_id'])
        .where('tag_id', 'in', tagIds)
        .orderBy('class_id')
        .execute();
      for (const r of rows) {
        out.set(r.tag_id, [...(out.get(r.tag_id) ?? []), r.class_id]);
      }
      return out;
    },

    async setTagClasses(tagId: string, classids: readonly number[]) {
      await db.deleteFrom('tag_class_member').where('tag_id', '=', tagId).execute();
      if (classids.length) {
        await db
          .insertInto('tag_class_member')
          .values(classids.map((class_id) => ({ class_id, tag_id: tagId, sort: 0 })))
          .execute();
      }
    },

    regionTree: () => db.selectFrom('region').select(['regionid', 'regionparentid', 'regioncode']).execute(),

    regionsByCode: (codes: readonly string[]) =>
      codes.length
        ? db.selectFrom('region').select(['regionid', 'regioncode']).where('regioncode', 'in', codes).execute()
        : Promise.resolve([]),

    existingRegionIds: async (ids: readonly number[]) =>
      ids.length ? (await db.selectFrom('region').select('regionid').where('regionid', 'in', ids).execute()).map((r) => r.regionid) : [],

    listClasses: () => db.selectFrom('tag_class').selectAll().orderBy('sort').orderBy('id').execute(),

    getClass: (id: number) => db.selectFrom('tag_class').selectAll().where('id', '=', id).executeTakeFirst(),

    classMembers: () =>
      db.selectFrom('tag_class_member').select(['class_id', 'tag_id']).orderBy('class_id').orderBy('sort').orderBy('tag_id').execute(),

    /** Memberships with the member's region, for data isolation of the class tree; of one class when given. */
    classMembersWithRegion: (classId?: number) =>
      db
        .selectFrom('tag_class_member')
        .innerJoin('tag', 'tag.id', 'tag_class_member.tag_id')
        .select(['tag_class_member.class_id', 'tag_class_member.tag_id', 'tag.regionid'])
        .$if(classId !== undefined, (qb) => qb.where('tag_class_member.class_id', '=', classId!))
        .orderBy('tag_class_member.class_id')
        .orderBy('tag_class_member.sort')
        .orderBy('tag_class_member.tag_id')
        .execute(),

    membersOf: async (classId: number) =>
      (
        await db.selectFrom('tag_class_member').select('tag_id').where('class_id', '=', classId).orderBy('sort').orderBy('tag_id').execute()
      ).map((r) => r.tag_id),

    async insertClass(values: Omit<TagClassRow, 'id'>): Promise<number> {
      const r = await db.insertInto('tag_class').values(values).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },

    async updateClass(id: number, values: Omit<TagClassRow, 'id'>) {
      await db.updateTable('tag_class').set(values).where('id', '=', id).execute();
    },

    async childClassCount(id: number): Promise<number> {
      const r = await db
        .selectFrom('tag_class')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('parentid', '=', id)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async deleteClass(id: number) {
      await db.deleteFrom('tag_class_member').where('class_id', '=', id).execute();
      await db.deleteFrom('tag_class').where('id', '=', id).execute();
    },

    async setClassMembers(classId: number, tagIds: readonly string[]) {
      await db.deleteFrom('tag_class_member').where('class_id', '=', classId).execute();
      for (let i = 0; i < tagIds.length; i += CHUNK) {
        await db
          .insertInto('tag_class_member')
          .values(tagIds.slice(i, i + CHUNK).map((tag_id, k) => ({ class_id: classId, tag_id, sort: i + k })))
          .execute();
      }
    },

    async existingTagIds(ids: readonly string[]): Promise<Set<string>> {
      const out = new Set<string>();
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows = await db
          .selectFrom('tag')
          .select('id')
          .where('id', 'in', ids.slice(i, i + CHUNK))
          .execute();
        for (const r of rows) {
          out.add(r.id);
        }
      }
      return out;
    },

    classCount: async () =>
      Number(
        (
          await db
            .selectFrom('tag_class')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}

export type RealtimeRepository = ReturnType<typeof createRealtimeRepository>;
