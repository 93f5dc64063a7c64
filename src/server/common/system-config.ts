import type { Db, Tx } from '../store/db.js';

/*
 * The `system_config` key–value rows (seed: consttitle → constvalue): plant
 * settings pages save and modules read, each under its own key.
 */

/** Stores `value` under `key` (in the caller's transaction, beside its audit row). */
export async function saveSystemConfigValue(tx: Tx, key: string, value: string): Promise<void> {
  const exists = await tx.selectFrom('system_config').select('consttitle').where('consttitle', '=', key).executeTakeFirst();
  if (exists) {
    await tx.updateTable('system_config').set({ constvalue: value }).where('consttitle', '=', key).execute();
  } else {
    await tx.insertInto('system_config').values({ consttitle: key, constvalue: value }).execute();
  }
}

/** The JSON stored under `key`; undefined when there is none or it is not JSON (the caller then keeps its defaults). */
export async function systemConfigJson(db: Db | Tx, key: string): Promise<unknown> {
  const row = await db.selectFrom('system_config').select('constvalue').where('consttitle', '=', key).executeTakeFirst();
  if (!row) {
    return undefined;
  }
  try {
    return JSON.parse(row.constvalue) as unknown;
  } catch {
    return undefined;
  }
}
