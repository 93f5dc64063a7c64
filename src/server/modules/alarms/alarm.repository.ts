import { sql, type Updateable } from 'kysely';
import { MAX_KPI_DAYS, type AlarmHistoryFilter, type AlarmType } from '../../../shared/alarms/contracts.js';
import type { Db, Tx } from '../../store/db.js';
import { jsonRows, type JsonColumnType } from '../../store/json-rows.js';
import type { Database } from '../../store/schema.js';
import type { AlarmScope } from './alarm-memory.js';
import type { AlarmRow } from './alarm-row.js';

/**
 * The only place SQL of the alarm service lives (occurrences, settings' out-of-service marks, plant modes, the
 * names of the tags an alarm is raised for, the audit rows of an alarm). Every function takes the store or a
 * transaction, so the service decides what runs together.
 */

/** What a batch writes of an occurrence it opens (every column but the id) and of one it changes (jsonRows). */
const insertColumns = {
  alarm_key: 'text',
  source: 'text',
  source_name: 'text',
  source_name_en: 'text',
  unit: 'text',
  type: 'text',
  priority: 'integer',
  detail: 'text',
  state: 'text',
  fsm: 'text',
  limit_value: 'double precision',
  value: 'double precision',
  peak: 'double precision',
  activated_at: 'bigint',
  acked_at: 'bigint',
  acked_by: 'text',
  ack_comment: 'text',
  returned_at: 'bigint',
  closed_at: 'bigint',
  shelved_until: 'bigint',
  shelved_by: 'text',
  shelve_reason: 'text',
  regionid: 'integer',
  updated_at: 'bigint',
} as const satisfies Record<Exclude<keyof AlarmRow, 'id'>, JsonColumnType>;
const updateColumns = {
  id: 'integer',
  state: 'text',
  fsm: 'text',
  shelved_until: 'bigint',
  shelved_by: 'text',
  shelve_reason: 'text',
  updated_at: 'bigint',
  closed_at: 'bigint',
  returned_at: 'bigint',
  peak: 'double precision',
} as const satisfies Partial<Record<keyof AlarmRow, JsonColumnType>>;

/** The names and unit of a tag, which an occurrence opened for it carries. */
export interface SourceName {
  name: string;
  name_en: string;
  unit: string;
}

/** Regions out of operation (plant_mode, migration 0076). */
export function stoppedPlantModes(db: Db | Tx) {
  return db.selectFrom('plant_mode').selectAll().where('mode', '=', 'stop').execute();
}

/** Every row of the alarm setting ledger (alarm_setting, migrations 0075, 0078). */
export function alarmSettingRows(db: Db | Tx) {
  return db.selectFrom('alarm_setting').selectAll().execute();
}

/** Every open occurrence (a partial unique index allows one per alarm). */
export function openOccurrences(db: Db | Tx): Promise<AlarmRow[]> {
  return db.selectFrom('alarm_occurrence').selectAll().where('closed_at', 'is', null).execute();
}

/** The open occurrences of the alarms named. */
export function openOccurrencesOf(db: Db | Tx, keys: string[]): Promise<AlarmRow[]> {
  return db.selectFrom('alarm_occurrence').selectAll().where('alarm_key', 'in', keys).where('closed_at', 'is', null).execute();
}

/** Occurrences by id, open or closed. */
export function occurrencesByIds(db: Db | Tx, ids: readonly number[]): Promise<AlarmRow[]> {
  return db.selectFrom('alarm_occurrence').selectAll().where('id', 'in', [...ids]).execute();
}

/** One occurrence by id. */
export function occurrenceById(db: Db | Tx, id: number) {
  return db.selectFrom('alarm_occurrence').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The version of each stored occurrence (state machine and time of its last write), to find another server's writes. */
export function occurrenceVersions(db: Db | Tx, ids: number[]) {
  return db.selectFrom('alarm_occurrence').select(['id', 'fsm', 'updated_at']).where('id', 'in', ids).execute();
}

/** Inserts occurrences in one statement; answers their ids in the order of `rows`. */
export async function insertOccurrences(db: Db | Tx, rows: AlarmRow[]): Promise<number[]> {
  if (rows.length === 0) {
    return [];
  }
  const names = Object.keys(insertColumns);
  const { rows: inserted } = await sql<{
    id: number;
    alarm_key: string;
    activated_at: number;
  }>`INSERT INTO alarm_occurrence (${sql.join(names.map((n) => sql.ref(n)))})
      SELECT ${sql.join(names.map((n) => sql.ref(`v.${n}`)))} FROM ${jsonRows(db, rows, insertColumns)}
      RETURNING id, alarm_key, activated_at`.execute(db);
  // RETURNING's order is not promised: match by alarm and activation (the same alarm opened twice at one instant: in id order).
  const ids = new Map<string, number[]>();
  for (const r of inserted.sort((x, y) => x.id - y.id)) {
    const k = `${r.alarm_key}\u0000${Number(r.activated_at)}`;
    ids.set(k, [...(ids.get(k) ?? []), r.id]);
  }
  return rows.map((r) => ids.get(`${r.alarm_key}\u0000${r.activated_at}`)!.shift()!);
}

/** Writes the changed columns of occurrences (state, shelf, return, close, peak) in one statement. */
export async function updateOccurrences(db: Db | Tx, rows: AlarmRow[]): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  await sql`UPDATE alarm_occurrence SET state = v.state, fsm = v.fsm, shelved_until = v.shelved_until, shelved_by = v.shelved_by,
        shelve_reason = v.shelve_reason, updated_at = v.updated_at, closed_at = v.closed_at, returned_at = v.returned_at, peak = v.peak
      FROM ${jsonRows(
        db,
        rows.map((r) => ({
          id: r.id,
          state: r.state,
          fsm: r.fsm,
          shelved_until: r.shelved_until,
          shelved_by: r.shelved_by,
          shelve_reason: r.shelve_reason,
          updated_at: r.updated_at,
          closed_at: r.closed_at,
          returned_at: r.returned_at,
          peak: r.peak,
        })),
        updateColumns,
      )}
      WHERE alarm_occurrence.id = v.id`.execute(db);
}

/** Writes columns of one occurrence; answers the row as stored. */
export function updateOccurrence(db: Db | Tx, id: number, values: Updateable<Database['alarm_occurrence']>) {
  return db.updateTable('alarm_occurrence').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The names and unit of each tag named. */
export async function sourceNames(db: Db | Tx, ids: string[]): Promise<Map<string, SourceName>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db.selectFrom('tag').select(['id', 'name', 'name_en', 'unit']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, name_en: r.name_en, unit: r.unit }]));
}

/** Marks a tag's alarm out of service on its setting row, making the row (default priority) if it has none. */
export async function markOutOfService(
  db: Db | Tx,
  a: { tagId: string; type: AlarmType; priority: number },
  mark: { oos_since: number; oos_by: string; oos_reason: string | null; updated_at: number },
): Promise<void> {
  const values = { oos_since: mark.oos_since, oos_by: mark.oos_by, oos_reason: mark.oos_reason };
  await db
    .insertInto('alarm_setting')
    .values({ tag_id: a.tagId, type: a.type, priority: a.priority, updated_at: mark.updated_at, updated_by: mark.oos_by, ...values })
    .onConflict((oc) => oc.columns(['tag_id', 'type']).doUpdateSet(values))
    .execute();
}

/** Clears a tag's alarm's out-of-service mark. */
export async function clearOutOfService(db: Db | Tx, a: { tagId: string; type: AlarmType }): Promise<void> {
  await db.updateTable('alarm_setting').set({ oos_since: null, oos_by: null, oos_reason: null }).where('tag_id', '=', a.tagId).where('type', '=', a.type).execute();
}

/** Whether a region exists. */
export async function regionExists(db: Db | Tx, regionid: number): Promise<boolean> {
  return (await db.selectFrom('region').select('regionid').where('regionid', '=', regionid).executeTakeFirst()) !== undefined;
}

/** Sets a region's plant mode (one row per region). */
export async function replacePlantMode(
  db: Db | Tx,
  row: { regionid: number; mode: string; reason: string; updated_at: number; updated_by: string },
): Promise<void> {
  await db.deleteFrom('plant_mode').where('regionid', '=', row.regionid).execute();
  await db.insertInto('plant_mode').values(row).execute();
}

/** The history's filter and the caller's isolation, as one query. */
function historyQuery(db: Db | Tx, scope: AlarmScope, input: AlarmHistoryFilter) {
  let q = db.selectFrom('alarm_occurrence').where('activated_at', '>=', input.from).where('activated_at', '<', input.to);
  if (!scope.all) {
    const regions = [...scope.regions];
    q = q.where((eb) => (regions.length ? eb.or([eb('regionid', 'is', null), eb('regionid', 'in', regions)]) : eb('regionid', 'is', null)));
  }
  if (input.source) {
    q = q.where('source', '=', input.source);
  }
  if (input.priority?.length) {
    q = q.where('priority', 'in', input.priority);
  }
  if (input.regionid !== undefined) {
    q = q.where('regionid', '=', input.regionid);
  }
  if (input.types?.length) {
    q = q.where('type', 'in', input.types);
  }
  return q;
}

/** How many occurrences the filtered history holds. */
export async function historyCount(db: Db | Tx, scope: AlarmScope, input: AlarmHistoryFilter): Promise<number> {
  return Number((await historyQuery(db, scope, input).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

/** A page of the filtered history, newest first. */
export function historyPage(db: Db | Tx, scope: AlarmScope, input: AlarmHistoryFilter, page: { limit: number; offset: number }): Promise<AlarmRow[]> {
  return historyQuery(db, scope, input)
    .selectAll()
    .orderBy('activated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Up to `limit` occurrences of the filtered history older than `before` on (activated_at, id), newest first (keyset paging). */
export function historyPageBefore(
  db: Db | Tx,
  scope: AlarmScope,
  input: AlarmHistoryFilter,
  before: { at: number; id: number } | null,
  limit: number,
): Promise<AlarmRow[]> {
  const q = historyQuery(db, scope, input);
  return (
    before
      ? q.where((eb) => eb.or([eb('activated_at', '<', before.at), eb.and([eb('activated_at', '=', before.at), eb('id', '<', before.id)])]))
      : q
  )
    .selectAll()
    .orderBy('activated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The occurrences activated in a window, with the columns the EEMUA figures need. */
export function kpiOccurrences(db: Db | Tx, window: { from: number; to: number }) {
  return db
    .selectFrom('alarm_occurrence')
    .select(['alarm_key', 'source_name', 'source_name_en', 'priority', 'activated_at', 'returned_at', 'state', 'regionid', 'fsm'])
    .where('activated_at', '>=', window.from)
    .where('activated_at', '<', window.to)
    .execute();
}

/**
 * The occurrences of one alarm overlapping a window, oldest first; `source`: the tag of a tag's alarm. One active
 * longer than the longest audit window before it began is not looked for.
 */
export function occurrencesOfAlarm(
  db: Db | Tx,
  input: { alarmKey: string; source: string | null; from: number; to: number },
): Promise<AlarmRow[]> {
  let q = db
    .selectFrom('alarm_occurrence')
    .selectAll()
    .where('alarm_key', '=', input.alarmKey)
    .where('activated_at', '>=', input.from - MAX_KPI_DAYS * 24 * 3600_000)
    .where('activated_at', '<', input.to)
    .where((eb) => eb.or([eb('closed_at', 'is', null), eb('closed_at', '>=', input.from)]));
  if (input.source !== null) {
    q = q.where('source', '=', input.source); // the (source, activated_at) index
  }
  return q.orderBy('activated_at').orderBy('id').execute();
}

/**
 * The audit rows since `since` of the occurrences named and, for a tag's alarm (`settingEntityId`), its removals
 * from service and returns (written on the setting ledger's row), oldest first.
 */
export function alarmAuditRows(db: Db | Tx, input: { since: number; occurrenceIds: string[]; settingEntityId: string | null }) {
  const settingId = input.settingEntityId;
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('at', '>=', input.since)
    .where((eb) =>
      eb.or([
        eb.and([eb('entity', '=', 'alarm'), eb('entity_id', 'in', input.occurrenceIds)]),
        ...(settingId !== null
          ? [eb.and([eb('entity', '=', 'alarmSetting'), eb('entity_id', '=', settingId), eb('action', 'in', ['alarm.removeFromService', 'alarm.returnToService'])])]
          : []),
      ]),
    )
    .orderBy('at')
    .orderBy('id')
    .execute();
}
