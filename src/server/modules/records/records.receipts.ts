import { fieldTypes, recordHref, type RecordDefinition } from '../../../shared/records/definition.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import type { Tx } from '../../store/db.js';
import { transactThenPublish } from '../../stream/bus.js';
import { completeTodos, openTodo } from '../../common/todos.js';
import type { ReceiptEntry, ReminderValue } from '../../../shared/records/validator.js';
import { reminderDate, reminderDue, type ReceiptChanges } from './records.fields.js';
import { docOf } from './records.repository.js';
import type { RecordsService } from './records.service.js';
import { RECEIPT_TODO, REMINDER_TODO, receiptRef, reminderRef, auditEntity, itemOf, type RecordsCore } from './records.core.js';

/** Receipt confirmations (type 28) and attachment reminders (type 54): their to-dos. */
export function createRecordReceipts(core: RecordsCore) {
  const { store, deps, repo, definitions, visible, visibleRow, queryOf, publishChanged } = core;
  /** Each person newly named in a receipt field gets a to-do leading to the record; people no longer named lose theirs. */
  async function receiptTodos(tx: Tx, def: RecordDefinition, id: number, title: string, changes: ReceiptChanges[], at: number) {
    for (const c of changes) {
      const ref = receiptRef(id, c.key);
      for (const userid of c.removed) {
        await completeTodos(tx, { kind: RECEIPT_TODO, ref, userid });
      }
      for (const userid of c.added) {
        await openTodo(tx, {
          userid,
          kind: RECEIPT_TODO,
          ref,
          href: recordHref(def.entity, id),
          title: 'records.receiptTodoTitle',
          params: { ledger: def.name.zh, ledger_en: def.name.en || def.name.zh, title },
          at,
        });
      }
    }
  }

  const methods: Pick<RecordsService, 'confirmReceipt' | 'remindDue'> = {
    async confirmReceipt(caller, def, input) {
      const f = def.fields.find((x) => x.key === input.field && x.type === fieldTypes.receipt);
      if (!f) {
        throw badRequest('records.unknownField', ['field'], { key: input.field });
      }
      const { scope } = await visibleRow(caller, def, input.id);
      return transactThenPublish(store.db, deps.events, async (tx, emit) => {
        const before = await repo.get(tx, def.entity, input.id);
        if (!before || !visible(def, scope, before)) {
          throw notFound('records.notFound');
        }
        const doc = docOf(before.doc);
        const entries = (doc[f.key] as ReceiptEntry[] | null) ?? [];
        const mine = entries.find((e) => e.userid === caller.userid);
        if (!mine) {
          throw new AppError(403, 'records.receiptNotNamed', ['field']);
        }
        if (mine.at !== null) {
          throw conflict('records.receiptDone', ['field']);
        }
        const now = Date.now();
        const next = { ...doc, [f.key]: entries.map((e) => (e.userid === caller.userid ? { userid: e.userid, at: now } : e)) };
        const row = await repo.update(tx, before.id, before.version, {
          deptid: before.deptid,
          regionid: before.regionid,
          title: before.title,
          status: before.status,
          doc: next,
          updated_at: now,
        });
        if (!row) {
          throw conflict('records.conflict', ['version'], { current: '?' });
        }
        await completeTodos(tx, { kind: RECEIPT_TODO, ref: receiptRef(row.id, f.key), userid: caller.userid });
        await audit(tx, caller, 'record.receipt', auditEntity(def), row.id, { field: f.key });
        publishChanged(emit, def, [row], 'update');
        return itemOf(row);
      });
    },

    async remindDue(now) {
      let opened = 0;
      for (const { definition: def } of definitions.all()) {
        const fields = def.fields.filter((f) => f.type === fieldTypes.reminder);
        if (!fields.length) {
          continue;
        }
        for await (const page of repo.stream(queryOf(def, { all: true, deptids: [], regionids: [] }, { filters: {}, keyword: '' }))) {
          for (const row of page) {
            const doc = docOf(row.doc);
            for (const f of fields) {
              const r = doc[f.key] as ReminderValue | null | undefined;
              if (!r || typeof r.expires !== 'number' || reminderDue(r) > now || row.creator_id === null) {
                continue;
              }
              const ref = reminderRef(row.id, f.key, r.expires);
              // Once per record, field and expiry: a to-do done (or dismissed) is not opened again.
              const seen = await store.db
                .selectFrom('todo')
                .select('id')
                .where('kind', '=', REMINDER_TODO)
                .where('ref', '=', ref)
                .executeTakeFirst();
              if (seen) {
                continue;
              }
              await openTodo(store.db, {
                userid: row.creator_id,
                kind: REMINDER_TODO,
                ref,
                href: recordHref(def.entity, row.id),
                title: 'records.reminderTodoTitle',
                params: { ledger: def.name.zh, ledger_en: def.name.en || def.name.zh, title: row.title, date: reminderDate(r.expires) },
                at: now,
              });
              opened++;
            }
          }
        }
      }
      return opened;
    },
  };
  return { ...methods, receiptTodos };
}
export type RecordReceipts = ReturnType<typeof createRecordReceipts>;
