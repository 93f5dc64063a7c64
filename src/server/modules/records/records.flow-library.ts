import { flowLibraryDoc, workflowOfSteps, type FlowLibraryDoc } from '../../../shared/records/flow-library.js';
import type { FlowLibraryItem } from '../../../shared/records/flow-library-contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { DefinitionRegistry } from './definition-registry.js';
import { createFlowLibraryRepository } from './flow-library.repository.js';

/**
 * The flow library (issue 18 item 2): approval flows kept once and bound to
 * ledgers. A bound ledger's workflow is the flow's steps, written into its
 * definition (a new version, audited), so every rule of the record engine
 * (approvers, countersign, time limits, send back, transfer, delegation)
 * reads one place; editing a flow rewrites every bound ledger in the same
 * transaction. Built-in ledgers keep the flows their modules declare.
 */
export function createFlowLibrary(store: Store, definitions: DefinitionRegistry) {
  const repo = createFlowLibraryRepository(store.db);
  const ledgerName = (entity: string) => {
    const d = definitions.get(entity);
    return { zh: d?.name.zh ?? entity, en: d?.name.en || d?.name.zh || entity };
  };
  const itemOf = (row: { id: number; doc: string; version: number; updated_at: number; updated_by: string }, bound: string[]): FlowLibraryItem => ({
    ...flowLibraryDoc.parse(JSON.parse(row.doc)),
    id: Number(row.id),
    version: row.version,
    updated: Number(row.updated_at),
    updatedBy: row.updated_by,
    ledgers: bound.map((entity) => ({ entity, name: ledgerName(entity) })),
  });
  const boundTo = async (id: number) => (await repo.bindingsOf(store.db, id)).map((b) => b.entity);
  const businessOf = async (entity: string) => {
    const e = definitions.entry(entity);
    if (!e) {
      throw notFound('records.noSuchLedger', { entity });
    }
    const binding = (await repo.bindings()).find((b) => b.entity === entity);
    return { entity, area: e.definition.area, name: ledgerName(entity), builtin: e.builtin, flowId: binding ? Number(binding.flow_id) : null };
  };

  return {
    async search(keyword: string): Promise<{ items: FlowLibraryItem[]; total: number }> {
      const bindings = await repo.bindings();
      const items = (await repo.flows())
        .map((r) => itemOf(r, bindings.filter((b) => Number(b.flow_id) === Number(r.id)).map((b) => b.entity)))
        .filter((f) => !keyword || f.name.zh.includes(keyword) || f.name.en.toLowerCase().includes(keyword.toLowerCase()));
      return { items, total: items.length };
    },

    async add(caller: AuthUser, doc: FlowLibraryDoc): Promise<FlowLibraryItem> {
      const id = await inTransaction(store.db, async (tx) => {
        const at = Date.now();
        const newId = await repo.insertFlow(tx, doc, at, caller.loginname);
        await audit(tx, caller, 'flowLibrary.create', 'record_flow_library', newId, { doc });
        return newId;
      });
      return itemOf((await repo.flow(store.db, id))!, []);
    },

    async edit(caller: AuthUser, id: number, version: number, doc: FlowLibraryDoc): Promise<FlowLibraryItem> {
      const before = await repo.flow(store.db, id);
      if (!before) {
        throw notFound('records.noSuchFlow', { id });
      }
      const bound = await boundTo(id);
      const workflow = workflowOfSteps(doc.steps);
      await definitions.setWorkflows(
        caller,
        bound.map((entity) => ({ entity, workflow })),
        async (tx) => {
          if (!(await repo.updateFlow(tx, id, version, doc, Date.now(), caller.loginname))) {
            throw conflict('records.conflict', ['version'], { current: before.version });
          }
          await audit(tx, caller, 'flowLibrary.update', 'record_flow_library', id, { before: JSON.parse(before.doc) as unknown, after: doc, ledgers: bound });
        },
      );
      return itemOf((await repo.flow(store.db, id))!, bound);
    },

    async remove(caller: AuthUser, id: number): Promise<null> {
      await inTransaction(store.db, async (tx) => {
        const before = await repo.flow(tx, id);
        if (!before) {
          throw notFound('records.noSuchFlow', { id });
        }
        const bound = await repo.bindingsOf(tx, id);
        if (bound.length) {
          const name = ledgerName(bound[0].entity);
          throw conflict('records.flowInUse', ['id'], { ledger: name.zh, ledger_en: name.en });
        }
        await repo.deleteFlow(tx, id);
        await audit(tx, caller, 'flowLibrary.delete', 'record_flow_library', id, { before: JSON.parse(before.doc) as unknown });
      });
      return null;
    },

    async businessCodes() {
      const bindings = new Map((await repo.bindings()).map((b) => [b.entity, Number(b.flow_id)]));
      const items = definitions
        .all()
        .map((e) => ({ entity: e.definition.entity, area: e.definition.area, name: ledgerName(e.definition.entity), builtin: e.builtin, flowId: bindings.get(e.definition.entity) ?? null }))
        .sort((a, b) => Number(a.builtin) - Number(b.builtin) || a.entity.localeCompare(b.entity));
      return { items, total: items.length };
    },

    async bind(caller: AuthUser, entity: string, flowId: number) {
      const flow = await repo.flow(store.db, flowId);
      if (!flow) {
        throw badRequest('records.noSuchFlow', ['flowId'], { id: flowId });
      }
      const doc = flowLibraryDoc.parse(JSON.parse(flow.doc));
      await definitions.setWorkflows(caller, [{ entity, workflow: workflowOfSteps(doc.steps) }], async (tx) => {
        await repo.bind(tx, entity, flowId, Date.now(), caller.loginname);
        await audit(tx, caller, 'flowBinding.add', 'record_definition', entity, { flowId, flow: doc.name.zh });
      });
      return businessOf(entity);
    },

    async unbind(caller: AuthUser, entity: string) {
      await inTransaction(store.db, async (tx) => {
        const r = await repo.unbind(tx, entity);
        if (Number(r.numDeletedRows) === 0) {
          throw notFound('records.noSuchLedger', { entity });
        }
        await audit(tx, caller, 'flowBinding.delete', 'record_definition', entity, {});
      });
      return businessOf(entity);
    },
  };
}
export type FlowLibrary = ReturnType<typeof createFlowLibrary>;
