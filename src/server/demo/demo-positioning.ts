import type { FenceRuleInput } from '../../shared/fences/contracts.js';
import { fenceRule } from '../../shared/fences/contracts.js';
import { positioningObjectLedger } from '../../shared/records/ledgers/positioning-object.js';
import type { AuthUser } from '../http/app.js';
import type { RecordsPort as RecordsService } from '../modules/records/port.js';
import { DEFAULT_RESTRICTED_REGIONS, demoRoster, type Person } from '../sim/movers.js';
import type { Db } from '../store/db.js';

/** The simulator's tank trucks (simulator.ts: 6 by default, TRK-01 …). */
const DEMO_TRUCKS = 6;

/** Department of a roster person by role and work area (demo department codes in seed-demo.ts). */
function deptCodeOf(p: Person): string {
  switch (p.role) {
    case 'inspector':
      return 'SAFE';
    case 'contractor':
      return 'CONTRACTOR';
    case 'staff':
      return p.area === 'CR' ? 'SAFE-CENTER' : 'ADMIN';
    case 'visitor':
      return 'ADMIN';
    case 'operator':
      return p.area.startsWith('TF') || p.area === 'LS'
        ? 'PROD-TF'
        : p.area === 'PU-2'
          ? 'PROD-2'
          : p.area.startsWith('PU')
            ? 'PROD-1'
            : 'EQUIP';
  }
}

function certificatesOf(p: Person): string[] {
  switch (p.role) {
    case 'operator':
      return ['hazardous-chemicals', 'special-operation'];
    case 'inspector':
      return ['hazardous-chemicals'];
    case 'contractor':
      return p.area === 'UT' ? ['electrician', 'work-at-height'] : ['hot-work', 'confined-space'];
    case 'visitor':
    case 'staff':
      return [];
  }
}

/**
 * Seeds the demo roster (people of `demoRoster()` with their cards, and the
 * simulator's trucks) into the PositioningObject ledger, once: when the ledger
 * is empty. Written as the demo administrator, so the import is audited.
 * Work types stay empty: the WorkType ledger is the administrator's to fill.
 */
/** The demo roster's cards in its order (people first, as seedDemoRoster writes them): for modules whose demo data names people. */
export const demoRosterCards = (): string[] => demoRoster().map((p) => p.card);

export async function seedDemoRoster(db: Db, records: RecordsService): Promise<number> {
  const admin = await db
    .selectFrom('users')
    .select(['userid', 'loginname', 'username', 'c_id'])
    .where('loginname', '=', 'admin')
    .executeTakeFirst();
  if (
    !admin ||
    (await db.selectFrom('record').select('id').where('entity', '=', positioningObjectLedger.entity).limit(1).executeTakeFirst())
  ) {
    return 0;
  }
  const actor: AuthUser = { ...admin, roles: ['admin'], permissions: new Set(), mustChangePassword: false, sessionId: 'demo-seed' };
  const depts = new Map((await db.selectFrom('dept').select(['deptid', 'deptcode']).execute()).map((d) => [d.deptcode, d.deptid]));
  const personType = (p: Person) => (p.role === 'contractor' ? 'contractor' : p.role === 'visitor' ? 'visitor' : 'staff');
  const rows: { row: number; values: Record<string, unknown> }[] = demoRoster().map((p, i) => ({
    row: i + 1,
    values: {
      card: p.card,
      kind: 'person',
      name: p.name,
      personType: personType(p),
      dept: depts.get(deptCodeOf(p)) ?? null,
      certificates: certificatesOf(p),
      remark: p.area === '*' ? '' : p.area,
    },
  }));
  for (let k = 1; k <= DEMO_TRUCKS; k++) {
    const id = `TRK-${String(k).padStart(2, '0')}`;
    rows.push({
      row: rows.length + 1,
      values: { card: id, kind: 'vehicle', name: `危化品槽车 ${id}`, dept: depts.get('PROD-TF') ?? null, certificates: [], remark: '' },
    });
  }
  const result = await records.importRows(actor, positioningObjectLedger, rows, true, []);
  return result.saved;
}

/**
 * Demo fence rules, once (when there are none): the restricted LPG spheres
 * (DEFAULT_RESTRICTED_REGIONS: the safety department and the operators of the
 * unit may enter), head-count limits in the control room, man-down everywhere,
 * gathering in the tank farm.
 */
export async function seedDemoFenceRules(db: Db): Promise<number> {
  if (await db.selectFrom('fence_rule').select('regionid').limit(1).executeTakeFirst()) {
    return 0;
  }
  const regions = new Map(
    (await db.selectFrom('region').select(['regionid', 'regioncode']).execute()).map((r) => [r.regioncode, r.regionid]),
  );
  const depts = new Map((await db.selectFrom('dept').select(['deptid', 'deptcode']).execute()).map((d) => [d.deptcode, d.deptid]));
  const rules: FenceRuleInput[] = [];
  const add = (code: string, r: Omit<FenceRuleInput, 'regionid'>) => {
    const regionid = regions.get(code);
    if (regionid) {
      rules.push({ regionid, ...r });
    }
  };
  add('PLANT', { manDown: { radiusM: 3, seconds: 600 } });
  for (const code of DEFAULT_RESTRICTED_REGIONS) {
    const operators = demoRoster().filter((p) => p.role === 'operator' && p.area === code);
    add(code, {
      restricted: true,
      allowDepts: [depts.get('SAFE')].filter((d): d is number => d !== undefined),
      allowCards: operators.map((p) => p.card),
      overstayMin: 120,
    });
  }
  add('CR', { maxCount: 20, minCount: 1, minShift: { from: 8, to: 17 } });
  add('TF', { gathering: { radiusM: 15, seconds: 60, count: 5 }, overstayMin: 240 });
  const now = Date.now();
  for (const r of rules) {
    const { regionid, ...doc } = fenceRule.parse(r);
    await db
      .insertInto('fence_rule')
      .values({ regionid, doc: JSON.stringify(doc), updated_at: now, updated_by: 'demo' })
      .execute();
  }
  return rules.length;
}
