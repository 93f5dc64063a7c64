import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type VariableRow = Selectable<Database['risk_warning_variable']>;
export type WarningRow = Selectable<Database['risk_warning']>;
export type RangeRow = Selectable<Database['risk_warning_range']>;
export type RecordRow = Selectable<Database['risk_warning_record']>;

const n = (v: unknown): number => Number(v);
const nn = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

// PostgreSQL returns bigint as text and double precision as number; both stores read the same here.
const variable = (r: VariableRow): VariableRow => ({ ...r, id: n(r.id), regionid: nn(r.regionid), updated_at: n(r.updated_at) });
const warning = (r: WarningRow): WarningRow => ({
  ...r,
  id: n(r.id),
  regionid: nn(r.regionid),
  interval_minutes: n(r.interval_minutes),
  on_change: n(r.on_change),
  enabled: n(r.enabled),
  owner_userid: n(r.owner_userid),
  updated_at: n(r.updated_at),
  last_run_at: nn(r.last_run_at),
});
const range = (r: RangeRow): RangeRow => ({ ...r, id: n(r.id), warning_id: n(r.warning_id), min: nn(r.min), max: nn(r.max), level: n(r.level) });
const record = (r: RecordRow): RecordRow => ({ ...r, id: n(r.id), warning_id: n(r.warning_id), regionid: nn(r.regionid), value: nn(r.value), level: nn(r.level), at: n(r.at) });

/** The only SQL of early warning. */
export function createWarningRepository(db: Db | Tx) {
  return {
    async variables(): Promise<VariableRow[]> {
      return (await db.selectFrom('risk_warning_variable').selectAll().orderBy('code').execute()).map(variable);
    },
    async variable(id: number): Promise<VariableRow | undefined> {
      const r = await db.selectFrom('risk_warning_variable').selectAll().where('id', '=', id).executeTakeFirst();
      return r && variable(r);
    },
    async variableByCode(code: string): Promise<VariableRow | undefined> {
      const r = await db.selectFrom('risk_warning_variable').selectAll().where('code', '=', code).executeTakeFirst();
      return r && variable(r);
    },
    async addVariable(row: Insertable<Database['risk_warning_variable']>): Promise<number> {
      return n((await db.insertInto('risk_warning_variable').values(row).returning('id').executeTakeFirstOrThrow()).id);
    },
    async updateVariable(id: number, row: Updateable<Database['risk_warning_variable']>): Promise<void> {
      await db.updateTable('risk_warning_variable').set(row).where('id', '=', id).execute();
    },
    async deleteVariable(id: number): Promise<void> {
      await db.deleteFrom('risk_warning_variable').where('id', '=', id).execute();
    },

    async warnings(): Promise<WarningRow[]> {
      return (await db.selectFrom('risk_warning').selectAll().orderBy('id').execute()).map(warning);
    },
    async warning(id: number): Promise<WarningRow | undefined> {
      const r = await db.selectFrom('risk_warning').selectAll().where('id', '=', id).executeTakeFirst();
      return r && warning(r);
    },
    async addWarning(row: Insertable<Database['risk_warning']>): Promise<number> {
      return n((await db.insertInto('risk_warning').values(row).returning('id').executeTakeFirstOrThrow()).id);
    },
    async updateWarning(id: number, row: Updateable<Database['risk_warning']>): Promise<void> {
      await db.updateTable('risk_warning').set(row).where('id', '=', id).execute();
    },
    async deleteWarning(id: number): Promise<void> {
      await db.deleteFrom('risk_warning_range').where('warning_id', '=', id).execute();
      await db.deleteFrom('risk_warning').where('id', '=', id).execute();
    },
    async markRun(id: number, at: number): Promise<void> {
      await db.updateTable('risk_warning').set({ last_run_at: at }).where('id', '=', id).execute();
    },

    async ranges(warningIds?: number[]): Promise<RangeRow[]> {
      if (warningIds && warningIds.length === 0) {
        return [];
      }
      let q = db.selectFrom('risk_warning_range').selectAll();
      if (warningIds) {
        q = q.where('warning_id', 'in', warningIds);
      }
      return (await q.orderBy('warning_id').orderBy('level').orderBy('id').execute()).map(range);
    },
    async range(id: number): Promise<RangeRow | undefined> {
      const r = await db.selectFrom('risk_warning_range').selectAll().where('id', '=', id).executeTakeFirst();
      return r && range(r);
    },
    async addRange(row: Insertable<Database['risk_warning_range']>): Promise<number> {
      return n((await db.insertInto('risk_warning_range').values(row).returning('id').executeTakeFirstOrThrow()).id);
    },
    async deleteRange(id: number): Promise<void> {
      await db.deleteFrom('risk_warning_range').where('id', '=', id).execute();
    },
    async deleteRangesOf(warningId: number): Promise<void> {
      await db.deleteFrom('risk_warning_range').where('warning_id', '=', warningId).execute();
    },

    async addRecord(row: Insertable<Database['risk_warning_record']>): Promise<number> {
      return n((await db.insertInto('risk_warning_record').values(row).returning('id').executeTakeFirstOrThrow()).id);
    },
    async record(id: number): Promise<RecordRow | undefined> {
      const r = await db.selectFrom('risk_warning_record').selectAll().where('id', '=', id).executeTakeFirst();
      return r && record(r);
    },
    /** Records, newest first; `regionIds` null: every region, else records of the whole plant or of those regions. */
    async records(q: { warningId?: number; regionIds: number[] | null; level?: number; start?: number; end?: number; offset: number; limit: number }): Promise<{ rows: RecordRow[]; total: number }> {
      let s = db.selectFrom('risk_warning_record');
      if (q.warningId !== undefined) {
        s = s.where('warning_id', '=', q.warningId);
      }
      if (q.regionIds !== null) {
        const ids = q.regionIds;
        s = s.where((eb) => (ids.length > 0 ? eb.or([eb('regionid', 'is', null), eb('regionid', 'in', ids)]) : eb('regionid', 'is', null)));
      }
      if (q.level !== undefined) {
        s = s.where('level', '=', q.level);
      }
      if (q.start !== undefined) {
        s = s.where('at', '>=', q.start);
      }
      if (q.end !== undefined) {
        s = s.where('at', '<', q.end);
      }
      const [rows, count] = await Promise.all([
        s.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute(),
        s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return { rows: rows.map(record), total: Number(count?.n ?? 0) };
    },
    async recordsByIds(ids: number[]): Promise<RecordRow[]> {
      return ids.length === 0 ? [] : (await db.selectFrom('risk_warning_record').selectAll().where('id', 'in', ids).execute()).map(record);
    },
    async deleteRecords(ids: number[]): Promise<number> {
      if (ids.length === 0) {
        return 0;
      }
      const r = await db.deleteFrom('risk_warning_record').where('id', 'in', ids).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type WarningRepository = ReturnType<typeof createWarningRepository>;
