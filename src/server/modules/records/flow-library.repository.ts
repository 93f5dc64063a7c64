import type { Db, Tx } from '../../store/db.js';

/** The flow library's rows (issue 18 item 2): flows and the ledgers bound to them. */
export function createFlowLibraryRepository(db: Db) {
  return {
    flows: () => db.selectFrom('record_flow_library').selectAll().orderBy('id').execute(),
    flow: (x: Db | Tx, id: number) => x.selectFrom('record_flow_library').selectAll().where('id', '=', id).executeTakeFirst(),
    async insertFlow(tx: Tx, doc: object, at: number, by: string) {
      const r = await tx
        .insertInto('record_flow_library')
        .values({ doc: JSON.stringify(doc), version: 1, updated_at: at, updated_by: by })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },
    /** Writes a new version when `version` is still the stored one; false when someone changed it first. */
    async updateFlow(tx: Tx, id: number, version: number, doc: object, at: number, by: string) {
      const r = await tx
        .updateTable('record_flow_library')
        .set({ doc: JSON.stringify(doc), version: version + 1, updated_at: at, updated_by: by })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    deleteFlow: (tx: Tx, id: number) => tx.deleteFrom('record_flow_library').where('id', '=', id).execute(),
    bindings: (x: Db | Tx = db) => x.selectFrom('record_flow_binding').selectAll().execute(),
    bindingsOf: (x: Db | Tx, flowId: number) => x.selectFrom('record_flow_binding').selectAll().where('flow_id', '=', flowId).execute(),
    async bind(tx: Tx, entity: string, flowId: number, at: number, by: string) {
      await tx.deleteFrom('record_flow_binding').where('entity', '=', entity).execute();
      await tx.insertInto('record_flow_binding').values({ entity, flow_id: flowId, bound_at: at, bound_by: by }).execute();
    },
    unbind: (tx: Tx, entity: string) => tx.deleteFrom('record_flow_binding').where('entity', '=', entity).executeTakeFirst(),
  };
}
export type FlowLibraryRepository = ReturnType<typeof createFlowLibraryRepository>;
