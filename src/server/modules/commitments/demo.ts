import { commitmentUnitLedger, type UnitState } from '../../../shared/commitments/ledger.js';
import type { AuthUser } from '../../http/app.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';

/** The demo plant's production units with a state each (the commitment notice counts them). */
const demoUnits: { name: string; state: UnitState }[] = [
  { name: '合成装置', state: 'operating' },
  { name: '精馏装置', state: 'operating' },
  { name: '氯化装置', state: 'maintenance' },
  { name: '液化烃球罐区', state: 'operating' },
  { name: '甲类储罐区', state: 'operating' },
  { name: '液氨储罐区', state: 'stopped' },
];

/** Seeds the demo units once (an empty ledger), as the demo administrator: the record engine audits them like any save. */
export async function seedDemoUnits(records: Pick<RecordsPort, 'allRecords' | 'save'>, org: Pick<OrgPort, 'getUserScope' | 'getAccess'>): Promise<void> {
  if ((await records.allRecords(commitmentUnitLedger)).length > 0) {
    return;
  }
  let admin: AuthUser | null = null;
  for (let userid = 1; userid <= 50 && !admin; userid++) {
    const [scope, access] = await Promise.all([org.getUserScope(userid), org.getAccess(userid)]);
    if (scope.all && access.roles.includes('admin')) {
      admin = { userid, loginname: 'admin', username: 'admin', c_id: 0, roles: access.roles, permissions: new Set(access.permissions), mustChangePassword: false, sessionId: 'demo-seed' };
    }
  }
  if (!admin) {
    return;
  }
  for (const u of demoUnits) {
    await records.save(admin, commitmentUnitLedger, { name: u.name, state: u.state });
  }
}
