import { chemicalStoreLedger } from '../../../shared/chemicals/ledger.js';
import type { AuthUser } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';
import type { ChemicalsService } from './chemicals.service.js';

/**
 * Demo stores, once (when the ledger is empty), in the chemicals warehouse:
 * a flammable-liquid store holding methanol and toluene, an oxidiser (gas
 * cylinder) store holding oxygen, a corrosives store holding sulphuric acid.
 */
export async function seedDemoChemicals(store: Store, records: RecordsPort, org: OrgPort, chem: ChemicalsService): Promise<number> {
  const db = store.db;
  if (await db.selectFrom('record').select('id').where('entity', '=', chemicalStoreLedger.entity).limit(1).executeTakeFirst()) {
    return 0;
  }
  const u = await db.selectFrom('users').select(['userid', 'loginname', 'username', 'c_id']).where('loginname', '=', 'admin').executeTakeFirst();
  const wh = await db.selectFrom('region').select('regionid').where('regioncode', '=', 'WH').executeTakeFirst();
  if (!u || !wh) {
    return 0;
  }
  const access = await org.getAccess(u.userid);
  const admin: AuthUser = { ...u, roles: access.roles, permissions: new Set(access.permissions), mustChangePassword: false, sessionId: 'demo-seed' };
  const save = (code: string, name: string, classes: string[], capacity: number) =>
    records.save(admin, chemicalStoreLedger, { code, name, region: wh.regionid, classes, capacity });
  const flammable = await save('CK-01', '甲类仓库（易燃液体）', ['flammable-liquid'], 50);
  const oxidiser = await save('CK-02', '氧化剂及助燃气体库', ['gas-oxidizing', 'oxidizer-inorganic-1', 'oxidizer-inorganic-2'], 20);
  const corrosive = await save('CK-03', '腐蚀品库（酸）', ['corrosive-acid'], 30);
  await chem.stockIn(admin, { storeId: flammable.id, cas: '67-56-1', quantity: 12.5, batch: 'M-20261101' }, 'zh');
  await chem.stockIn(admin, { storeId: flammable.id, cas: '108-88-3', quantity: 4, batch: 'T-20261105' }, 'zh');
  await chem.stockOut(admin, { storeId: flammable.id, cas: '67-56-1', quantity: 2.5, batch: 'M-20261101' });
  await chem.stockIn(admin, { storeId: oxidiser.id, cas: '7782-44-7', quantity: 1.2, batch: 'O2-202611' }, 'zh');
  await chem.stockIn(admin, { storeId: corrosive.id, cas: '7664-93-9', quantity: 8, batch: 'S-202611' }, 'zh');
  return 3;
}
