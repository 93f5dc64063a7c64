import type { Insertable, Selectable } from 'kysely';
import { inTransaction, type Db, type Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';

export type ModelRow = Selectable<Database['plant_model']>;
export type NodeRow = Selectable<Database['plant_model_node']>;
export type FileRow = Selectable<Database['plant_model_file']>;
export type FileInfo = Omit<FileRow, 'data'>;

/** The only place SQL of plant models lives. */
export function createPlantModelRepository(db: Db) {
  return {
    model: (tx: Tx | Db, model: string) => tx.selectFrom('plant_model').selectAll().where('model', '=', model).executeTakeFirst(),
    nodes: (tx: Tx | Db, model: string) => tx.selectFrom('plant_model_node').selectAll().where('model', '=', model).orderBy('node').execute(),
    node: (tx: Tx | Db, model: string, node: string) =>
      tx.selectFrom('plant_model_node').selectAll().where('model', '=', model).where('node', '=', node).executeTakeFirst(),
    /** What is known of a model's upload, without its bytes. */
    fileInfo: (tx: Tx | Db, model: string): Promise<FileInfo | undefined> =>
      tx.selectFrom('plant_model_file').select(['model', 'bytes', 'sha256', 'node_names', 'uploaded_by', 'uploaded_at']).where('model', '=', model).executeTakeFirst(),
    fileData: (tx: Tx | Db, model: string) => tx.selectFrom('plant_model_file').select(['data', 'sha256']).where('model', '=', model).executeTakeFirst(),
    /** The plant's newest upload: the model the views show when they name none. */
    newestUpload: (tx: Tx | Db) => tx.selectFrom('plant_model_file').select('model').orderBy('uploaded_at', 'desc').orderBy('model').limit(1).executeTakeFirst(),
    firstModel: (tx: Tx | Db) => tx.selectFrom('plant_model').select('model').orderBy('model').limit(1).executeTakeFirst(),
    async putModel(tx: Tx, row: Insertable<Database['plant_model']>): Promise<void> {
      await tx
        .insertInto('plant_model')
        .values(row)
        .onConflict((oc) => oc.column('model').doUpdateSet({ name: row.name, name_en: row.name_en, file: row.file }))
        .execute();
    },
    async putFile(tx: Tx, row: Insertable<Database['plant_model_file']>): Promise<void> {
      const { model: _model, ...set } = row;
      await tx
        .insertInto('plant_model_file')
        .values(row)
        .onConflict((oc) => oc.column('model').doUpdateSet(set))
        .execute();
    },
    /** Removes an upload; with `model` too, the model row and its bindings (a model that was only an upload). */
    async deleteUpload(tx: Tx, model: string, withModel: boolean): Promise<void> {
      await tx.deleteFrom('plant_model_file').where('model', '=', model).execute();
      if (withModel) {
        await tx.deleteFrom('plant_model_node').where('model', '=', model).execute();
        await tx.deleteFrom('plant_model').where('model', '=', model).execute();
      }
    },
    async insertNode(tx: Tx, row: Insertable<Database['plant_model_node']>): Promise<void> {
      await tx.insertInto('plant_model_node').values(row).execute();
    },
    async updateNode(tx: Tx, model: string, node: string, set: Partial<Insertable<Database['plant_model_node']>>): Promise<void> {
      await tx.updateTable('plant_model_node').set(set).where('model', '=', model).where('node', '=', node).execute();
    },
    /** Adds a model and its nodes when the model is not there yet (a seed never overwrites an operator's bindings). */
    async seed(model: Insertable<Database['plant_model']>, nodes: Insertable<Database['plant_model_node']>[]): Promise<boolean> {
      return inTransaction(db, async (tx) => {
        const inserted = await tx
          .insertInto('plant_model')
          .values(model)
          .onConflict((oc) => oc.column('model').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
          return false;
        }
        for (let i = 0; i < nodes.length; i += 200) {
          await tx.insertInto('plant_model_node').values(nodes.slice(i, i + 200)).execute();
        }
        return true;
      });
    },
  };
}
