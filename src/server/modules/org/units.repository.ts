import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

/**
 * SQL of the organisation's units: the company, departments, regions (with
 * their polygons) and posts. Part of the organisation's repository
 * (org.repository.ts).
 */

export interface DeptRow {
  deptid: number;
  parentdeptid: number;
  deptname: string;
  deptname_en: string;
  deptcode: string;
  c_id: number;
  sort: number;
}

/** A region without its polygon (which only the map calls read), and whether it has one. */
export type RegionRow = Omit<Selectable<Database['region']>, 'geometry'> & { has_geometry: number };
export type RegionValues = Omit<Insertable<Database['region']>, 'regionid'>;
/** A region with its polygon text, for maps and fences. */
export type RegionShapeRow = Pick<
  Selectable<Database['region']>,
  'regionid' | 'regioncode' | 'regionname' | 'regionname_en' | 'regionparentid' | 'kind' | 'floors'
> & {
  geometry: string;
};

const deptColumns = ['deptid', 'parentdeptid', 'deptname', 'deptname_en', 'deptcode', 'c_id', 'sort'] as const;
const regionColumns = [
  'regionid',
  'regionparentid',
  'regionname',
  'regionname_en',
  'regioncode',
  'c_id',
  'sort',
  'fullname',
  'fullcode',
  'pinyincode',
  'description',
  'nfccard',
  'defaultexpand',
  'responsibles',
  'kind',
  'floors',
  'updated_at',
] as const;
const hasGeometry = sql<number>`case when geometry is null then 0 else 1 end`.as('has_geometry');

export function createUnitRepository(db: Db | Tx) {
  return {
    deptTree: () => db.selectFrom('dept').select(['deptid', 'parentdeptid']).execute(),
    regionTree: () => db.selectFrom('region').select(['regionid', 'regionparentid']).execute(),

    // Company

    firstCompany: () => db.selectFrom('company').select(['id', 'name']).orderBy('id').executeTakeFirst(),
    async insertCompany(values: { name: string; shortname: string; code: string }) {
      const r = await db.insertInto('company').values(values).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },

    // Departments

    async listDepts(ids: number[] | null): Promise<DeptRow[]> {
      if (ids && !ids.length) {
        return [];
      }
      let q = db.selectFrom('dept').select(deptColumns).orderBy('parentdeptid').orderBy('sort').orderBy('deptid');
      if (ids) {
        q = q.where('deptid', 'in', ids);
      }
      return q.execute();
    },
    getDept: (deptid: number): Promise<DeptRow | undefined> =>
      db.selectFrom('dept').select(deptColumns).where('deptid', '=', deptid).executeTakeFirst(),
    deptByCode: (deptcode: string) => db.selectFrom('dept').select('deptid').where('deptcode', '=', deptcode).executeTakeFirst(),
    firstRootDept: () =>
      db.selectFrom('dept').select(deptColumns).where('parentdeptid', '=', 0).orderBy('sort').orderBy('deptid').executeTakeFirst(),
    async insertDept(values: Omit<DeptRow, 'deptid'>): Promise<number> {
      const r = await db.insertInto('dept').values(values).returning('deptid').executeTakeFirstOrThrow();
      return r.deptid;
    },
    async updateDept(deptid: number, values: Omit<DeptRow, 'deptid'>) {
      await db.updateTable('dept').set(values).where('deptid', '=', deptid).execute();
    },
    /** What still hangs on a department: child departments, users, posts. */
    async deptDependants(deptid: number) {
      const count = async (q: Promise<{ n: number | string | bigint }>) => Number((await q).n);
      const [children, users, posts] = await Promise.all([
        count(
          db
            .selectFrom('dept')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('parentdeptid', '=', deptid)
            .executeTakeFirstOrThrow(),
        ),
        count(
          db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('deptid', '=', deptid)
            .executeTakeFirstOrThrow(),
        ),
        count(
          db
            .selectFrom('post')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('deptid', '=', deptid)
            .executeTakeFirstOrThrow(),
        ),
      ]);
      return { children, users, posts };
    },
    async deleteDept(deptid: number) {
      await db.deleteFrom('user_dept_scope').where('deptid', '=', deptid).execute();
      await db.deleteFrom('dept').where('deptid', '=', deptid).execute();
    },

    // Regions

    async listRegions(ids: number[] | null): Promise<RegionRow[]> {
      if (ids && !ids.length) {
        return [];
      }
      let q = db
        .selectFrom('region')
        .select([...regionColumns, hasGeometry])
        .orderBy('regionparentid')
        .orderBy('sort')
        .orderBy('regionid');
      if (ids) {
        q = q.where('regionid', 'in', ids);
      }
      return q.execute();
    },
    getRegion: (regionid: number): Promise<RegionRow | undefined> =>
      db
        .selectFrom('region')
        .select([...regionColumns, hasGeometry])
        .where('regionid', '=', regionid)
        .executeTakeFirst(),
    regionByCode: (regioncode: string) =>
      db.selectFrom('region').select('regionid').where('regioncode', '=', regioncode).executeTakeFirst(),
    async insertRegion(values: RegionValues): Promise<number> {
      const r = await db.insertInto('region').values(values).returning('regionid').executeTakeFirstOrThrow();
      return r.regionid;
    },
    async updateRegion(regionid: number, values: Updateable<Database['region']>) {
      await db.updateTable('region').set(values).where('regionid', '=', regionid).execute();
    },
    /** Regions that have a polygon, with it; `ids` null for every region. */
    async regionShapes(ids: number[] | null): Promise<RegionShapeRow[]> {
      if (ids && !ids.length) {
        return [];
      }
      let q = db
        .selectFrom('region')
        .select(['regionid', 'regioncode', 'regionname', 'regionname_en', 'regionparentid', 'kind', 'floors', 'geometry'])
        .where('geometry', 'is not', null)
        .orderBy('regionid');
      if (ids) {
        q = q.where('regionid', 'in', ids);
      }
      return (await q.execute()) as RegionShapeRow[];
    },
    async regionChildCount(regionid: number): Promise<number> {
      const r = await db
        .selectFrom('region')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('regionparentid', '=', regionid)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async deleteRegion(regionid: number) {
      await db.deleteFrom('user_region_scope').where('regionid', '=', regionid).execute();
      await db.deleteFrom('region').where('regionid', '=', regionid).execute();
    },

    // Posts

    async listPosts(deptids: number[] | null) {
      if (deptids && !deptids.length) {
        return [];
      }
      let q = db.selectFrom('post').select(['postid', 'postname', 'postname_en', 'deptid']).orderBy('deptid').orderBy('postid');
      if (deptids) {
        q = q.where('deptid', 'in', deptids);
      }
      return q.execute();
    },
    getPost: (postid: number) =>
      db.selectFrom('post').select(['postid', 'postname', 'postname_en', 'deptid', 'c_id']).where('postid', '=', postid).executeTakeFirst(),
    postByName: (deptid: number, postname: string) =>
      db.selectFrom('post').select('postid').where('deptid', '=', deptid).where('postname', '=', postname).executeTakeFirst(),
    async insertPost(values: { postname: string; postname_en: string; deptid: number; c_id: number }): Promise<number> {
      const r = await db.insertInto('post').values(values).returning('postid').executeTakeFirstOrThrow();
      return r.postid;
    },
    async updatePost(postid: number, values: { postname: string; postname_en: string; deptid: number; c_id: number }) {
      await db.updateTable('post').set(values).where('postid', '=', postid).execute();
    },
    async postHolderCount(postid: number): Promise<number> {
      const r = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('postid', '=', postid)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async deletePost(postid: number) {
      await db.deleteFrom('post').where('postid', '=', postid).execute();
    },
  };
}
