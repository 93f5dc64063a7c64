import { fieldTypes, type RecordDefinition } from '../../../shared/records/definition.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import type { Tx } from '../../store/db.js';
import { transactThenPublish } from '../../stream/bus.js';
import { settleValues, systemLabelOf } from './records.fields.js';
import { docOf, type RecordRow } from './records.repository.js';
import type { RecordsService } from './records.service.js';
import { type Scope, todoRef, auditEntity, offsetOf, granted, titleOf, itemOf, changesOf, type RecordsCore } from './records.core.js';
import type { RecordWorkflow } from './records.workflow.js';
import type { RecordReceipts } from './records.receipts.js';

/** Listing, reading, saving and deleting records. */
export function createRecordCrud(core: RecordsCore, workflow: RecordWorkflow, receipts: RecordReceipts) {
  const { store, deps, repo, visible, visibleRow, queryOf, checkSave, withLinks, linkedFrom, publishChanged } = core;
  const { flows, actionsFor, mayEdit } = workflow;
  const { receiptTodos } = receipts;

  async function insertOne(
    tx: Tx,
    inserted: RecordRow[],
    caller: AuthUser,
    def: RecordDefinition,
    scope: Scope,
    input: Record<string, unknown>,
  ) {
    const now = Date.now();
    const settled = settleValues(caller, def, input, null, now);
    const values = settled.values;
    const { place, uniques, fileIds } = await checkSave(tx, caller, def, scope, values, null);
    const status = def.workflow?.initial ?? 0;
    let row = await repo.insert(tx, {
      entity: def.entity,
      ...place,
      status,
      title: titleOf(def, values),
      created_at: now,
      updated_at: now,
      created_by: caller.loginname,
      creator_id: caller.userid,
      version: 1,
      doc: values,
    });
    // System labels (type 15) carry the new record's id.
    const labels = def.fields.filter((f) => f.type === fieldTypes.systemLabel);
    if (labels.length) {
      const doc = { ...values, ...Object.fromEntries(labels.map((f) => [f.key, systemLabelOf(row.id, now)])) };
      row = (await repo.setDoc(tx, row.id, doc, titleOf(def, doc))) ?? row;
    }
    await repo.setUnique(tx, def.entity, row.id, uniques);
    await repo.linkFiles(tx, row.id, fileIds);
    await receiptTodos(tx, def, row.id, row.title, settled.receipts, now);
    await audit(tx, caller, 'record.create', auditEntity(def), row.id, { values: docOf(row.doc) });
    if (def.workflow) {
      await flows.enter(tx, def, row, now);
    }
    inserted.push(row);
    return row;
  }

  const methods: Pick<RecordsService, 'list' | 'get' | 'save' | 'remove'> = {
    async list(caller, def, input) {
      if (!granted(caller, def.permissions.view)) {
        throw forbidden('records.noPermission');
      }
      const scope = await deps.scopeOf(caller.userid);
      const { rows, total } = await repo.list(queryOf(def, scope, input), offsetOf(input), input.pageSize);
      return { items: await withLinks(caller, scope, def, rows), total };
    },

    async get(caller, def, id) {
      const { row, scope } = await visibleRow(caller, def, id);
      const [steps, auditRows, files, [record], waiting] = await Promise.all([
        repo.steps(id),
        repo.auditOf(auditEntity(def), id),
        repo.filesOf(id),
        withLinks(caller, scope, def, [row]),
        flows.approvers(store.db, def, row),
      ]);
      const names = await repo.userNames([row.created_by, ...steps.map((s) => s.loginname), ...auditRows.map((a) => a.loginname)]);
      const nameOf = (login: string) => names.get(login) ?? login;
      return {
        record,
        createdByName: nameOf(row.created_by),
        steps: steps.map((s) => ({
          at: Number(s.at),
          loginname: s.loginname,
          username: nameOf(s.loginname),
          action: s.action,
          from: s.from_status,
          to: s.to_status,
          reason: s.reason,
          signature: s.signature,
        })),
        audit: auditRows.map((a) => ({
          at: Number(a.at),
          loginname: a.loginname,
          username: nameOf(a.loginname),
          action: a.action,
          detail: a.detail,
        })),
        files: files.map((f) => ({
          id: f.id,
          name: f.name,
          size: Number(f.size),
          mime: f.mime,
          thumb: f.thumb === 1,
          created: Number(f.created_at),
        })),
        actions: actionsFor(caller, def, row, waiting),
        canEdit: mayEdit(caller, def, row),
        canDelete: granted(caller, def.permissions.delete),
        approvers: waiting,
      };
    },

    async save(caller, def, input) {
      if (!granted(caller, def.permissions.edit)) {
        throw forbidden('records.noPermission');
      }
      const { id, version, ...rest } = input;
      const values: Record<string, unknown> = {};
      for (const f of def.fields) {
        if (f.key in rest) {
          values[f.key] = rest[f.key];
        }
      }
      const scope = await deps.scopeOf(caller.userid);
      return transactThenPublish(store.db, deps.events, async (tx, emit) => {
        if (id === undefined) {
          const row = await insertOne(tx, [], caller, def, scope, values);
          publishChanged(emit, def, [row], 'create');
          return itemOf(row);
        }
        if (version === undefined) {
          throw badRequest('validation.required', ['version']);
        }
        const before = await repo.get(tx, def.entity, id);
        if (!before || !visible(def, scope, before) || !granted(caller, def.permissions.view)) {
          throw notFound('records.notFound');
        }
        if (before.version !== version) {
          throw conflict('records.conflict', ['version'], { current: before.version });
        }
        if (!mayEdit(caller, def, before)) {
          throw forbidden('records.noPermission');
        }
        // Read-only fields (set by the workflow) keep their stored values; signatures and confirmations are completed from the store.
        const stored = docOf(before.doc);
        const settled = settleValues(caller, def, values, stored, Date.now());
        const merged = { ...stored, ...settled.values };
        const { place, uniques, fileIds } = await checkSave(tx, caller, def, scope, merged, id);
        const row = await repo.update(tx, id, version, {
          ...place,
          title: titleOf(def, merged),
          status: before.status,
          doc: merged,
          updated_at: Date.now(),
        });
        if (!row) {
          const now = await repo.get(tx, def.entity, id);
          throw conflict('records.conflict', ['version'], { current: now?.version ?? '?' });
        }
        await repo.setUnique(tx, def.entity, id, uniques);
        await repo.linkFiles(tx, id, fileIds);
        await receiptTodos(tx, def, id, row.title, settled.receipts, Number(row.updated_at));
        await audit(tx, caller, 'record.update', auditEntity(def), id, { changes: changesOf(def.fields, docOf(before.doc), merged) });
        // Viewers of where it was and of where it is now both learn of it.
        publishChanged(emit, def, [before, row], 'update');
        return itemOf(row);
      });
    },

    async remove(caller, def, id, version) {
      if (!granted(caller, def.permissions.delete)) {
        throw forbidden('records.noPermission');
      }
      const { scope } = await visibleRow(caller, def, id);
      return transactThenPublish(store.db, deps.events, async (tx, emit) => {
        const before = await repo.get(tx, def.entity, id);
        if (!before || !visible(def, scope, before)) {
          throw notFound('records.notFound');
        }
        if (version !== undefined && before.version !== version) {
          throw conflict('records.conflict', ['version'], { current: before.version });
        }
        // Records that name this one would lose what they point at; the user changes or deletes them first.
        const linked = await linkedFrom(tx, def.entity, id);
        if (linked) {
          throw conflict('records.linkedRecords', ['id'], {
            count: linked.count,
            ledger: linked.ledger.name.zh,
            ledger_en: linked.ledger.name.en || linked.ledger.name.zh,
          });
        }
        await repo.remove(tx, id);
        await repo.closeTodos(tx, todoRef(id));
        await audit(tx, caller, 'record.delete', auditEntity(def), id, { values: docOf(before.doc) });
        publishChanged(emit, def, [before], 'delete');
        return { id };
      });
    },
  };
  return { ...methods, insertOne };
}
export type RecordCrud = ReturnType<typeof createRecordCrud>;
