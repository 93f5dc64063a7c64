import type { Insertable, Selectable } from 'kysely';
import type { Db, Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';
import './schema.js';

export type PermitRow = Selectable<Database['permit']>;
export type PermitStepRow = Selectable<Database['permit_step']>;
export type PermitGasRow = Selectable<Database['permit_gas']>;

/** The only place this module's SQL lives. Every function takes the transaction it runs in. */
export const permitsRepository = {
  async insertPermit(tx: Tx, row: Insertable<Database['permit']>): Promise<number> {
    const r = await tx.insertInto('permit').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  async setNumber(tx: Tx, id: number, number: string): Promise<void> {
    await tx.updateTable('permit').set({ number }).where('id', '=', id).execute();
  },
  /**
   * Inserts a new permit (nothing started, suspended or finished yet) and gives it its number, which holds its id:
   * a unique placeholder until the id is known.
   */
  async insertNumbered(
    tx: Tx,
    row: Omit<Insertable<Database['permit']>, 'number' | 'suspend_reason' | 'suspended_at' | 'started_at' | 'finish_result'> & { created_at: number },
    numberFor: (id: number) => string,
  ): Promise<{ id: number; number: string }> {
    const id = await permitsRepository.insertPermit(tx, {
      ...row,
      number: `tmp-${row.created_at}-${Math.random().toString(36).slice(2)}`,
      suspend_reason: null,
      suspended_at: null,
      started_at: null,
      finish_result: null,
    });
    const number = numberFor(id);
    await permitsRepository.setNumber(tx, id, number);
    return { id, number };
  },
  async insertSteps(tx: Tx, rows: Insertable<Database['permit_step']>[]): Promise<void> {
    if (rows.length > 0) {
      await tx.insertInto('permit_step').values(rows).execute();
    }
  },
  permit: (db: Db | Tx, id: number) => db.selectFrom('permit').selectAll().where('id', '=', id).executeTakeFirst(),
  /** Locks the permit row for the transaction (PostgreSQL; SQLite serialises writers anyway). */
  async permitForUpdate(tx: Tx, id: number, postgres: boolean): Promise<PermitRow | undefined> {
    const q = tx.selectFrom('permit').selectAll().where('id', '=', id);
    return (postgres ? q.forUpdate() : q).executeTakeFirst();
  },
  steps: (db: Db | Tx, permitIds: number[]) =>
    permitIds.length === 0 ? Promise.resolve([]) : db.selectFrom('permit_step').selectAll().where('permit_id', 'in', permitIds).orderBy('permit_id').orderBy('seq').execute(),
  gas: (db: Db | Tx, permitId: number) => db.selectFrom('permit_gas').selectAll().where('permit_id', '=', permitId).orderBy('t').orderBy('id').execute(),
  async addGas(tx: Tx, row: Insertable<Database['permit_gas']>): Promise<void> {
    await tx.insertInto('permit_gas').values(row).execute();
  },
  /** A rejected permit's round of signatures ends (kept in the audit row); a new application starts a new round. */
  async deleteSteps(tx: Tx, permitId: number): Promise<void> {
    await tx.deleteFrom('permit_step').where('permit_id', '=', permitId).execute();
  },
  async signStep(tx: Tx, stepId: number, values: { signed_at: number; signature: string; sign_pos: string | null; comment: string | null }): Promise<boolean> {
    const r = await tx.updateTable('permit_step').set(values).where('id', '=', stepId).where('signed_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  async update(tx: Tx, id: number, values: Partial<Omit<PermitRow, 'id'>>): Promise<void> {
    await tx.updateTable('permit').set(values).where('id', '=', id).execute();
  },
  /** `draftsOf`: drafts are their applicant's own; only this user's are listed (absent: no filter, the system's reads). */
  async list(db: Db, f: { type?: string; status?: string; statuses?: string[]; regionIds: number[] | null; ids?: number[]; draftsOf?: number; offset: number; limit: number }) {
    let q = db.selectFrom('permit');
    if (f.draftsOf !== undefined) {
      const me = f.draftsOf;
      q = q.where((eb) => eb.or([eb('status', '!=', 'draft'), eb('applicant_id', '=', me)]));
    }
    if (f.type) {
      q = q.where('type', '=', f.type);
    }
    if (f.status) {
      q = q.where('status', '=', f.status);
    }
    if (f.statuses) {
      q = q.where('status', 'in', f.statuses);
    }
    if (f.ids) {
      q = f.ids.length === 0 ? q.where('id', '=', -1) : q.where('id', 'in', f.ids);
    }
    if (f.regionIds) {
      const regions = f.regionIds;
      q = q.where((eb) => (regions.length === 0 ? eb('region_id', 'is', null) : eb.or([eb('region_id', 'is', null), eb('region_id', 'in', regions)])));
    }
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('id', 'desc').offset(f.offset).limit(f.limit).execute();
    return { rows, total: Number(total.n) };
  },
  /** Ids of permits whose first unsigned step is the user's. */
  async waitingFor(db: Db, userid: number): Promise<number[]> {
    const rows = await db
      .selectFrom('permit_step')
      .innerJoin('permit', 'permit.id', 'permit_step.permit_id')
      .select(['permit_step.permit_id', 'permit_step.signer_id', 'permit_step.seq'])
      .where('permit_step.signed_at', 'is', null)
      .where('permit.status', 'in', ['signing', 'completed'])
      .orderBy('permit_step.permit_id')
      .orderBy('permit_step.seq')
      .execute();
    const first = new Map<number, number>();
    for (const r of rows) {
      if (!first.has(r.permit_id)) {
        first.set(r.permit_id, r.signer_id);
      }
    }
    return [...first].filter(([, u]) => u === userid).map(([id]) => id);
  },
  /** Of these permit numbers, those whose work is open (signing, approved, in effect or suspended). */
  async openNumbers(db: Db | Tx, numbers: string[]): Promise<string[]> {
    if (numbers.length === 0) {
      return [];
    }
    const rows = await db.selectFrom('permit').select('number').where('number', 'in', numbers).where('status', 'in', ['signing', 'approved', 'active', 'suspended']).execute();
    return rows.map((r) => r.number);
  },
  /** Permits applied for in [from, to) with the applicant's department, for the statistics. */
  statsRows(db: Db, f: { from?: number; to?: number; type?: string }) {
    let q = db
      .selectFrom('permit')
      .leftJoin('users', 'users.userid', 'permit.applicant_id')
      .select(['permit.id', 'permit.type', 'permit.grade', 'permit.effective_grade', 'permit.status', 'permit.region_id', 'permit.lng', 'permit.lat', 'permit.created_at', 'users.deptid'])
      // A draft is not an application yet.
      .where('permit.status', '!=', 'draft');
    if (f.from !== undefined) {
      q = q.where('permit.created_at', '>=', f.from);
    }
    if (f.to !== undefined) {
      q = q.where('permit.created_at', '<', f.to);
    }
    if (f.type) {
      q = q.where('permit.type', '=', f.type);
    }
    return q.orderBy('permit.id').execute();
  },
  users: (db: Db | Tx, ids: number[]) =>
    ids.length === 0 ? Promise.resolve([]) : db.selectFrom('users').select(['userid', 'username', 'loginname']).where('userid', 'in', ids).execute(),
  allUsers: (db: Db) => db.selectFrom('users').select(['userid', 'username', 'loginname']).orderBy('userid').execute(),
  events: (db: Db, id: number) =>
    db
      .selectFrom('audit_log')
      .select(['at', 'action', 'loginname', 'detail'])
      .where('entity', '=', 'permit')
      .where('entity_id', '=', String(id))
      .orderBy('at')
      .orderBy('id')
      .execute(),
};
