import { chemicalStoreLedger } from '../../../shared/chemicals/ledger.js';
import {
  applyConfigLedger,
  chemicalCategoryLedger,
  chemicalInfoLedger,
  databaseDetailsConfigLedger,
  detailsConfigLedger,
  promptLedger,
  stockRuleLedger,
  storeZoneLedger,
} from '../../../shared/chemicals/ledgers.js';
import type { AuthUser } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';
import type { ChemicalsService } from './chemicals.service.js';
import type { ChemicalViews } from './chemicals.views.js';

/**
 * Demo stores, once (when the ledger is empty), in the chemicals warehouse:
 * a flammable-liquid store holding methanol and toluene, an oxidiser (gas
 * cylinder) store holding oxygen, a corrosives store holding sulphuric acid.
 */
export async function seedDemoChemicals(store: Store, records: RecordsPort, org: OrgPort, chem: ChemicalsService, views: ChemicalViews): Promise<number> {
  const db = store.db;
  if (await db.selectFrom('record').select('id').where('entity', '=', chemicalStoreLedger.entity).limit(1).executeTakeFirst()) {
    return seedDemoChemicalInfo(store, records, org, views);
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
  return 3 + (await seedDemoChemicalInfo(store, records, org, views));
}

/**
 * The demo's chemical list, configurations, zones, stock rules, prompts and
 * one inventory count, once (when the chemical list is empty): every page of
 * the area shows data on a new demo.
 */
async function seedDemoChemicalInfo(store: Store, records: RecordsPort, org: OrgPort, views: ChemicalViews): Promise<number> {
  const db = store.db;
  if (await db.selectFrom('record').select('id').where('entity', '=', chemicalInfoLedger.entity).limit(1).executeTakeFirst()) {
    return 0;
  }
  const u = await db.selectFrom('users').select(['userid', 'loginname', 'username', 'c_id']).where('loginname', '=', 'admin').executeTakeFirst();
  const dept = await db.selectFrom('dept').select('deptid').orderBy('deptid').limit(1).executeTakeFirst();
  const stores = await records.allRecords(chemicalStoreLedger);
  const ck = (code: string) => stores.find((s) => s.code === code)?.id;
  if (!u || !dept || !ck('CK-01') || !ck('CK-02') || !ck('CK-03')) {
    return 0;
  }
  const access = await org.getAccess(u.userid);
  const admin: AuthUser = { ...u, roles: access.roles, permissions: new Set(access.permissions), mustChangePassword: false, sessionId: 'demo-seed' };
  const day = 86_400_000;
  const soon = Date.now() + 20 * day;
  const later = Date.now() + 400 * day;
  const info = [
    { substance: 'methanol', use: '溶剂、原料', supplier: '华东化工', annualUsage: 120, maxStock: 20, store: ck('CK-01'), msds: { files: [], expires: later, remindDays: 30 } },
    { substance: 'toluene', use: '溶剂', supplier: '华东化工', annualUsage: 40, maxStock: 10, store: ck('CK-01'), licence: { files: [], expires: soon, remindDays: 30 } },
    { substance: 'oxygen', use: '助燃、切割', supplier: '城市气体', annualUsage: 6, maxStock: 2, store: ck('CK-02') },
    { substance: 'sulfuric-acid', use: '水处理', supplier: '江南酸业', annualUsage: 30, maxStock: 10, store: ck('CK-03') },
  ];
  for (const i of info) {
    await records.save(admin, chemicalInfoLedger, { ...i, dept: dept.deptid });
  }
  const cfg = [
    ['substance', '化学品', 1],
    ['dept', '使用部门', 2],
    ['use', '用途', 3],
    ['maxStock', '最大储存量（t）', 4],
    ['msds', 'MSDS', 5],
  ] as const;
  for (const [field, title, sort] of cfg) {
    await records.save(admin, applyConfigLedger, { field, label: title, shown: 'yes', sort });
    await records.save(admin, detailsConfigLedger, { field, label: title, shown: 'yes', sort });
  }
  for (const [field, title, sort] of [['cas', 'CAS号', 1], ['storageClasses', '储存类别', 2], ['oel', '职业接触限值', 3], ['physical', '理化特性', 4]] as const) {
    await records.save(admin, databaseDetailsConfigLedger, { field, label: title, shown: 'yes', sort });
  }
  await records.save(admin, chemicalCategoryLedger, { name: '易燃液体类', code: 'FL', classes: ['flammable-liquid'], items: [{ item: '醇类', note: '甲醇等' }, { item: '芳烃', note: '甲苯等' }], sort: 1 });
  await records.save(admin, chemicalCategoryLedger, { name: '氧化性气体类', code: 'OX', classes: ['gas-oxidizing'], items: [{ item: '氧气' }], sort: 2 });
  await records.save(admin, chemicalCategoryLedger, { name: '酸性腐蚀品类', code: 'AC', classes: ['corrosive-acid'], items: [{ item: '无机酸', note: '硫酸等' }], sort: 3 });
  await records.save(admin, storeZoneLedger, { store: ck('CK-01'), kind: 'region', name: '甲类库A区', code: 'CK-01-A', classes: ['flammable-liquid'], capacity: 30, sort: 1 });
  await records.save(admin, storeZoneLedger, { store: ck('CK-01'), kind: 'column', name: 'A区1列', code: 'CK-01-A-1', classes: ['flammable-liquid'], capacity: 10, sort: 2 });
  await records.save(admin, storeZoneLedger, { store: ck('CK-02'), kind: 'zone', name: '气瓶区', code: 'CK-02-G', classes: ['gas-oxidizing'], capacity: 5, sort: 1 });
  await records.save(admin, stockRuleLedger, { name: '甲类库总量上限', store: ck('CK-01'), max: 40, action: 'refuse' });
  await records.save(admin, stockRuleLedger, { name: '甲醇储量预警', store: ck('CK-01'), substance: 'methanol', max: 15, action: 'warn' });
  await records.save(admin, promptLedger, { subject: '入库提示', kind: 'stockIn', content: '入库前核对MSDS与标签，易燃液体库严禁明火。', enabled: 'yes' });
  await records.save(admin, promptLedger, { subject: '月度盘点', kind: 'inventory', content: '每月最后一个工作日盘点各储存设施。', days: 3, enabled: 'yes' });
  await views.submitCount(admin, { storeId: ck('CK-01')!, cas: '67-56-1', counted: 9.8, adjust: false, remark: '月度盘点' });
  return 1;
}
