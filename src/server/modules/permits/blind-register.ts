import type { AuthUser } from '../../http/app.js';
import type { RecordsPort } from '../records/port.js';

const ENTITY = 'BlindPlate';

/**
 * The blind-plate register follows the blind permits (spec 2 §2.5
 * /BlindPlate/*): when a blind permit's work is completed as done, its one
 * blind takes its one action (GB 30871-2022 §7), with the permit's number and
 * the time, as a step of the register's record (its step row and audit).
 */
export function createBlindRegister(deps: { records: Pick<RecordsPort, 'allRecords' | 'definitions' | 'step'>; now?: () => number }) {
  const now = deps.now ?? Date.now;
  return {
    /** Applies the permit's action to the blind numbered `blindId`; false when the register has no such blind. */
    async apply(user: AuthUser, permitNumber: string, blind: { id: string; action: 'insert' | 'remove' }): Promise<boolean> {
      const def = deps.records.definitions.get(ENTITY);
      if (!def) {
        return false;
      }
      const row = (await deps.records.allRecords(def)).find((r) => r.code === blind.id);
      if (!row) {
        return false;
      }
      await deps.records.step(user, def, { id: row.id, action: blind.action }, async (cur) => ({
        to: cur.status,
        set: { state: blind.action === 'insert' ? 'inserted' : 'removed', lastAction: blind.action, permitNo: permitNumber, actionAt: now() },
      }));
      return true;
    },
  };
}

export type BlindRegister = ReturnType<typeof createBlindRegister>;
