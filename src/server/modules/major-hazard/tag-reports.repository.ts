import type { Selectable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type ReportSettingRow = Selectable<Database['mh_report_setting']>;
export type ReportRowRecord = Selectable<Database['mh_report']>;
export type DeliveryRow = Selectable<Database['mh_report_delivery']>;

/** The only SQL of the scheduled tag reports (issue 20 §7). */
export function createTagReportRepository(db: Db | Tx) {
  return {
    settings: () => db.selectFrom('mh_report_setting').selectAll().orderBy('id').execute(),
    setting: (id: number) => db.selectFrom('mh_report_setting').selectAll().where('id', '=', id).executeTakeFirst(),
    async insertSetting(v: Omit<ReportSettingRow, 'id'>): Promise<number> {
      const r = await db.insertInto('mh_report_setting').values(v).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },
    updateSetting: (id: number, v: Partial<Omit<ReportSettingRow, 'id'>>) => db.updateTable('mh_report_setting').set(v).where('id', '=', id).execute(),
    async deleteSetting(id: number): Promise<void> {
      const reports = db.selectFrom('mh_report').select('id').where('setting_id', '=', id);
      await db.deleteFrom('mh_report_delivery').where('report_id', 'in', reports).execute();
      await db.deleteFrom('mh_report').where('setting_id', '=', id).execute();
      await db.deleteFrom('mh_report_setting').where('id', '=', id).execute();
    },
    /** Per setting: reports kept and the last period start. */
    async reportCounts(): Promise<Map<number, { n: number; last: number }>> {
      const rows = await db
        .selectFrom('mh_report')
        .select((eb) => ['setting_id', eb.fn.countAll<number>().as('n'), eb.fn.max('period_start').as('last')])
        .groupBy('setting_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.setting_id), { n: Number(r.n), last: Number(r.last) }]));
    },
    lastPeriodEnd: async (settingId: number): Promise<number | null> => {
      const r = await db.selectFrom('mh_report').select((eb) => eb.fn.max('period_end').as('end')).where('setting_id', '=', settingId).executeTakeFirst();
      return r?.end === null || r?.end === undefined ? null : Number(r.end);
    },
    report: (id: number) => db.selectFrom('mh_report').selectAll().where('id', '=', id).executeTakeFirst(),
    reportOf: (settingId: number, start: number) =>
      db.selectFrom('mh_report').selectAll().where('setting_id', '=', settingId).where('period_start', '=', start).executeTakeFirst(),
    /** Inserts the report unless that period's exists (another run, another server); answers the new id or null. */
    async insertReport(v: Omit<ReportRowRecord, 'id'>): Promise<number | null> {
      const r = await db
        .insertInto('mh_report')
        .values(v)
        .onConflict((oc) => oc.columns(['setting_id', 'period_start']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return r ? Number(r.id) : null;
    },
    async reports(settingIds: readonly number[], settingId: number | undefined, offset: number, limit: number) {
      if (settingIds.length === 0) {
        return { rows: [] as ReportRowRecord[], total: 0 };
      }
      let q = db.selectFrom('mh_report').where('setting_id', 'in', settingIds);
      if (settingId !== undefined) {
        q = q.where('setting_id', '=', settingId);
      }
      const [rows, total] = await Promise.all([
        q.selectAll().orderBy('period_start', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
    deliveriesOf: (reportIds: readonly number[]) =>
      reportIds.length === 0
        ? Promise.resolve([] as DeliveryRow[])
        : db.selectFrom('mh_report_delivery').selectAll().where('report_id', 'in', reportIds).orderBy('id').execute(),
    insertDelivery: (reportId: number, url: string, at: number) =>
      db
        .insertInto('mh_report_delivery')
        .values({ report_id: reportId, url, status: 'pending', attempts: 0, last_error: '', last_at: null, next_at: at, sent_at: null })
        .execute(),
    /** Deliveries not yet sent whose time has come, oldest first. */
    dueDeliveries: (at: number, limit: number) =>
      db
        .selectFrom('mh_report_delivery')
        .selectAll()
        .where('status', '!=', 'sent')
        .where('next_at', '<=', at)
        .orderBy('next_at')
        .orderBy('id')
        .limit(limit)
        .execute(),
    markDelivery: (id: number, v: Partial<Omit<DeliveryRow, 'id' | 'report_id' | 'url'>>) => db.updateTable('mh_report_delivery').set(v).where('id', '=', id).execute(),
    /** Brings a report's unsent deliveries forward to `at`. */
    dueNow: (reportId: number, at: number) =>
      db.updateTable('mh_report_delivery').set({ next_at: at }).where('report_id', '=', reportId).where('status', '!=', 'sent').execute(),
  };
}

export type TagReportRepository = ReturnType<typeof createTagReportRepository>;
