import type { AuthUser } from '../../http/app.js';
import { AppError, conflict } from '../../http/errors.js';
import type { Tx } from '../../store/db.js';
import type { RecordsPort } from '../records/port.js';

const ENTITY = 'BlindPlate';

/**
 * The blind-plate register follows the blind permits (spec 2 §2.5
 * /BlindPlate/*): when a blind permit's work is completed as done, its one
 * blind takes its one action (GB 30871-2022 §7), with the permit's number and
 * the time, as a step of the register's record (its step row and audit), in
 * the same transaction as the completion (`within`): both are stored or
 * neither.
 */
export function createBlindRegister(deps: { records: Pick<RecordsPort, 'allRecords' | 'definitions' | 'step'>; now?: () => number }) {
  const now = deps.now ?? Date.now;
  return {
    /**
     * Applies the permit's action to the blind numbered `blindId` and runs
     * `within` (the completion) in the register step's transaction; false,
     * with nothing run, when the register has no such blind.
     */
    async apply(user: AuthUser, permitNumber: string, blind: { id: string; action: 'insert' | 'remove' }, within: (tx: Tx) => Promise<void>): Promise<boolean> {
      const def = deps.records.definitions.get(ENTITY);
      if (!def) {
        return false;
      }
      const row = (await deps.records.allRecords(def)).find((r) => r.code === blind.id);
      if (!row) {
        return false;
      }
      try {
        await deps.records.step(user, def, { id: row.id, action: blind.action }, async (cur, tx) => {
          await within(tx);
          return {
            to: cur.status,
            set: { state: blind.action === 'insert' ? 'inserted' : 'removed', lastAction: blind.action, permitNo: permitNumber, actionAt: now() },
          };
        });
      } catch (err) {
        // The register's record lies outside the completer's regions: the work stays open, with the reason.
        if (err instanceof AppError && err.code === 'records.notFound') {
          throw conflict('permits.blindNotVisible', ['blinds'], { blind: blind.id });
        }
        throw err;
      }
      return true;
    },
  };
}

export type BlindRegister = ReturnType<typeof createBlindRegister>;
