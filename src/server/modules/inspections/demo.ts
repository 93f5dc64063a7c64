import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object.js';
import { seedDemoRoster } from '../../demo/demo-positioning.js';
import type { AuthUser } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';
import type { InspectionsService } from './inspections.service.js';

/** The tank farm's centre in the demo plant layout (map-styles/demo-plant.geojson, region TF). */
const TF = { lon: 118.80367, lat: 32.25234 };
/** The demo inspector's positioning card (not one the simulator moves: its fixes are what the phone's owner sends). */
export const DEMO_INSPECTOR_CARD = 'INSP-0004';

/**
 * Demo inspections, once (when there are no points): three points in the tank
 * farm with their check items, a plan walked every hour by the demo inspector,
 * and the inspector's positioning card (a tracked person with the account's
 * phone, which is how a check-in finds whose fixes to compare).
 */
export async function seedDemoInspections(store: Store, records: RecordsPort, org: OrgPort, svc: InspectionsService): Promise<number> {
  const db = store.db;
  if (await db.selectFrom('inspection_point').select('id').limit(1).executeTakeFirst()) {
    return 0;
  }
  const users = new Map((await db.selectFrom('users').select(['userid', 'loginname', 'username', 'c_id', 'phone']).execute()).map((u) => [u.loginname, u]));
  const admin = users.get('admin');
  const inspector = users.get('inspector');
  const supervisor = users.get('supervisor');
  const tf = await db.selectFrom('region').select('regionid').where('regioncode', '=', 'TF').executeTakeFirst();
  const safe = await db.selectFrom('dept').select('deptid').where('deptcode', '=', 'SAFE').executeTakeFirst();
  if (!admin || !inspector || !supervisor || !tf) {
    return 0;
  }
  const access = await org.getAccess(admin.userid);
  const actor: AuthUser = { ...admin, roles: access.roles, permissions: new Set(access.permissions), mustChangePassword: false, sessionId: 'demo-seed' };

  // The roster first (it is seeded only into an empty ledger), then the inspector's own card.
  await seedDemoRoster(db, records);
  const people = await records.allRecords(positioningObjectLedger);
  if (!people.some((p) => p.card === DEMO_INSPECTOR_CARD)) {
    await records.save(actor, positioningObjectLedger, {
      card: DEMO_INSPECTOR_CARD,
      kind: 'person',
      name: inspector.username,
      personType: 'staff',
      dept: safe?.deptid ?? null,
      phone: inspector.phone,
      remark: '巡检演示',
    });
  }

  const point = (name: string, kind: 'device' | 'place', device: string, dLon: number, dLat: number, qrCode: string, items: unknown[]) =>
    svc.savePoint(actor, { name, kind, device, regionid: tf.regionid, lon: TF.lon + dLon, lat: TF.lat + dLat, radiusM: null, qrCode, nfcId: '', items: items as never });
  const tank = await point('1号储罐 T-101', 'device', 'T-101', -0.0004, 0.0002, 'PW-INSP-T101', [
    { key: 'level', label: '液位', type: 'value', min: 10, max: 85, unit: '%', options: [], abnormal: [], required: true },
    { key: 'look', label: '罐体外观', type: 'enum', options: ['正常', '异常'], abnormal: ['异常'], min: null, max: null, unit: '', required: true },
    { key: 'noLeak', label: '确认无泄漏', type: 'tick', options: [], abnormal: [], min: null, max: null, unit: '', required: true },
  ]);
  const pump = await point('罐区泵房 P-201', 'device', 'P-201', 0.0003, -0.0001, 'PW-INSP-P201', [
    { key: 'pressure', label: '出口压力', type: 'value', min: 0.2, max: 0.8, unit: 'MPa', options: [], abnormal: [], required: true },
    { key: 'vibration', label: '振动', type: 'enum', options: ['正常', '偏大', '异常'], abnormal: ['异常'], min: null, max: null, unit: '', required: true },
  ]);
  const dike = await point('1号罐组防火堤', 'place', '', 0.0001, 0.0004, 'PW-INSP-DIKE1', [
    { key: 'valve', label: '排水阀关闭', type: 'tick', options: [], abnormal: [], min: null, max: null, unit: '', required: true },
    { key: 'note', label: '备注', type: 'text', options: [], abnormal: [], min: null, max: null, unit: '', required: false },
  ]);
  const day = new Date();
  // Today's local midnight in China (UTC+8), whatever the server's zone.
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - 8 * 3_600_000 + (day.getUTCHours() >= 16 ? 86_400_000 : 0);
  await svc.savePlan(actor, {
    name: '罐区每小时巡检',
    responsibleId: supervisor.userid,
    inspectorIds: [inspector.userid],
    regionid: tf.regionid,
    deptid: safe?.deptid ?? null,
    cycle: { kind: 'hour', every: 1, at: '00:00' },
    effectiveFrom: midnight,
    effectiveTo: null,
    windowMinutes: null,
    reminderHours: null,
    pauses: [],
    headcount: 1,
    minDurationMin: null,
    maxDurationMin: null,
    minGapMin: null,
    ordered: false,
    allPoints: true,
    recordMisses: true,
    signAtPoints: false,
    troublePlan: '',
    toleranceMinutes: 5,
    enabled: true,
    pointIds: [tank.id, pump.id, dike.id],
  });
  return 3;
}
