import type { AuthUser } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import { hiddenDangerLedger } from '../../../shared/hidden-dangers/ledger.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';
import { createHiddenDangersService } from './hidden-dangers.service.js';

const DAY = 86_400_000;

/**
 * Demo hidden dangers, once (when the register is empty): one at each stage of
 * the loop in the tank farm, reported by the inspector, assigned by the
 * supervisor to the tank-farm operator.
 */
export async function seedDemoHiddenDangers(store: Store, records: RecordsPort, org: OrgPort): Promise<number> {
  const db = store.db;
  if (await db.selectFrom('record').select('id').where('entity', '=', hiddenDangerLedger.entity).limit(1).executeTakeFirst()) {
    return 0;
  }
  const users = new Map(
    (await db.selectFrom('users').select(['userid', 'loginname', 'username', 'c_id']).execute()).map((u) => [u.loginname, u]),
  );
  const actor = async (loginname: string): Promise<AuthUser | null> => {
    const u = users.get(loginname);
    if (!u) {
      return null;
    }
    const access = await org.getAccess(u.userid);
    return { ...u, roles: access.roles, permissions: new Set(access.permissions), mustChangePassword: false, sessionId: 'demo-seed' };
  };
  const [inspector, supervisor, operator] = await Promise.all([actor('inspector'), actor('supervisor'), actor('operator')]);
  const region = await db.selectFrom('region').select('regionid').where('regioncode', '=', 'TF').executeTakeFirst();
  const dept = await db.selectFrom('dept').select('deptid').where('deptcode', '=', 'PROD-TF').executeTakeFirst();
  if (!inspector || !supervisor || !operator || !region) {
    return 0;
  }
  const hd = createHiddenDangersService(store, { records, org });
  const base = { region: region.regionid, dept: dept?.deptid ?? null, source: 'check' };
  const report = (title: string, category: string, place: string) => hd.report(inspector, { ...base, title, category, place });
  await report('储罐区防火堤排水阀常开', 'fire', '1号罐组防火堤');
  const a = await report('罐顶呼吸阀阻火器锈蚀', 'equipment', 'T-101 罐顶');
  const b = await report('装卸区静电接地夹损坏', 'electrical', '汽车装卸台 2 号鹤位');
  const c = await report('泵房可燃气体探测器未标定', 'equipment', '罐区泵房');
  const assign = async (id: number, days: number, measures: string) => {
    await hd.register(supervisor, { id, grade: 'general', criteria: [] });
    return hd.assign(supervisor, { id, responsibleId: operator.userid, deadline: Date.now() + days * DAY, measures, money: 2000 });
  };
  await assign(a.id, 2, '更换阻火器芯并做防腐');
  await assign(b.id, 7, '更换静电接地夹，测试接地电阻');
  await hd.rectify(operator, { id: b.id, note: '已更换接地夹，接地电阻 2.1 Ω', afterPhotos: [] });
  await assign(c.id, 5, '委托有资质单位标定');
  await hd.rectify(operator, { id: c.id, note: '已标定并出具报告', afterPhotos: [] });
  await hd.verify(supervisor, { id: c.id });
  await hd.close(supervisor, { id: c.id });
  return 4;
}
