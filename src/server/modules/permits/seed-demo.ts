import type { AuthUser } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import { calendarOf } from '../../../shared/domain/plant-calendar.js';
import { loadPlantCalendar } from '../../common/plant-calendar.js';
import type { PermitsService } from './permits.service.js';

const HOUR = 3_600_000;
/** A 1 × 1 transparent PNG: the demo's signatures (real ones are drawn on the pad). */
export const DEMO_SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const asUser = (u: { userid: number; loginname: string; username: string }): AuthUser => ({
  ...u,
  c_id: 1,
  roles: [],
  permissions: new Set(),
  mustChangePassword: false,
  sessionId: 'demo-seed',
});

/**
 * Demo permits so the pages show something on `npm start`: a 二级 hot-work
 * permit waiting for signatures in the synthesis unit and a confined-space
 * permit in effect at the tank farm, once, when the store has none.
 */
export async function seedDemoPermits(store: Store, permits: PermitsService): Promise<void> {
  const any = await store.db.selectFrom('permit').select('id').limit(1).executeTakeFirst();
  if (any) {
    return;
  }
  const users = await store.db.selectFrom('users').select(['userid', 'loginname', 'username']).where('loginname', 'in', ['admin', 'supervisor', 'operator', 'inspector', 'contractor']).execute();
  const by = new Map(users.map((u) => [u.loginname, u]));
  const [admin, supervisor, operator, inspector, contractor] = ['admin', 'supervisor', 'operator', 'inspector', 'contractor'].map((n) => by.get(n));
  if (!admin || !supervisor || !operator || !inspector || !contractor) {
    return;
  }
  const now = Date.now();
  await permits.apply(
    asUser(contractor),
    {
      type: 'hot',
      grade: '2',
      content: '合成装置 E-201 换热器出口管线法兰焊接',
      location: '合成装置 PU-1',
      lng: 118.80169,
      lat: 32.25577,
      radiusM: 30,
      start: now + HOUR,
      end: now + 6 * HOUR,
      workers: ['焊工 张伟', '焊工 李强'],
      guardianTag: 'PW-DEMO-G1',
      signers: {
        jsa: supervisor.userid,
        gas: inspector.userid,
        measures: operator.userid,
        briefing: supervisor.userid,
        guardian: operator.userid,
        leader: contractor.userid,
        unit: supervisor.userid,
        safetyDept: admin.userid,
        approver: admin.userid,
        shiftCheck: operator.userid,
        acceptance: supervisor.userid,
      },
      signature: DEMO_SIGNATURE,
    },
    'zh',
  );
  const confined = await permits.apply(
    asUser(contractor),
    {
      type: 'confined',
      content: 'TK-103 甲醇储罐内部检查',
      location: '甲类储罐区 TF-A',
      lng: 118.801003,
      lat: 32.253229,
      radiusM: 25,
      start: now - HOUR,
      end: now + 10 * HOUR,
      workers: ['检修工 王磊'],
      signers: {
        jsa: supervisor.userid,
        gas: inspector.userid,
        measures: operator.userid,
        briefing: supervisor.userid,
        guardian: operator.userid,
        leader: contractor.userid,
        unit: supervisor.userid,
        approver: admin.userid,
        acceptance: supervisor.userid,
      },
      signature: DEMO_SIGNATURE,
    },
    'zh',
  );
  // Sampled ten minutes ago, but on the plant's day of the start (GB 30871: the gas is analysed every day before
  // work): at ten past midnight a sample from yesterday would refuse the start.
  const today = calendarOf(await loadPlantCalendar(store.db)).startOfLocalDay(now);
  await permits.addGas(asUser(inspector), { id: confined.id, t: Math.max(now - 10 * 60_000, today), lel: 6, reading: 0.1, o2: 20.6 }, 'zh');
  const order = { jsa: supervisor, gas: inspector, measures: operator, briefing: supervisor, guardian: operator, leader: contractor, unit: supervisor, approver: admin } as const;
  for (const [step, u] of Object.entries(order)) {
    await permits.sign(asUser(u), { id: confined.id, step: step as keyof typeof order, signature: DEMO_SIGNATURE }, 'zh');
  }
  await permits.start(asUser(contractor), confined.id, 'zh');
}
