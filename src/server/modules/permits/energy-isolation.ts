import { createHash } from 'node:crypto';
import { isolationStatus as S, permitNosOf } from '../../../shared/permits/isolation-ledgers.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { conflict, forbidden } from '../../http/errors.js';
import type { Tx } from '../../store/db.js';
import type { RecordsPort } from '../records/port.js';

const ENTITY = 'EnergyIsolation';
type StepInput = { id: number; version?: number; signature: string };

/**
 * Energy isolation, LOTO (issue 25 §6, DOMAIN.md §7): the steps of the
 * `EnergyIsolation` sheet held in code, through the record engine's `step`
 * (the step row, audit and domain event in one transaction), and the sheets a
 * permit's start waits for.
 */
export function createEnergyIsolation(deps: {
  records: Pick<RecordsPort, 'step' | 'allRecords' | 'definitions'>;
  /** Of these permit numbers, those whose work is open (not completed, closed or cancelled), read in the step's transaction (SQLite has one connection). */
  openPermits: (numbers: string[], tx: Tx) => Promise<string[]>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const def = () => deps.records.definitions.get(ENTITY)!;

  /** A signature as the engine stores one (type 44): the drawing, the signer from the session, the time, a hash of the record's values. */
  function signed(caller: AuthUser, png: string, current: RecordItem, at: number) {
    const { version: _v, updated: _u, ...values } = current;
    void _v;
    void _u;
    return { png, signer: caller.userid, signerName: caller.username, at, hash: createHash('sha256').update(JSON.stringify(values)).digest('hex') };
  }

  const out = (r: RecordItem) => ({ id: r.id, status: r.status, version: r.version });

  return {
    /** First confirmation: the person named doneBy1 locks and tags every point. */
    async lock(caller: AuthUser, input: StepInput) {
      const r = await deps.records.step(caller, def(), { id: input.id, version: input.version, action: 'lock' }, async (cur) => {
        if (cur.status !== S.toImplement) {
          throw conflict('permits.isolationNotToImplement', ['id']);
        }
        if (cur.doneBy1 !== caller.userid) {
          throw forbidden('permits.notCurrentApprover');
        }
        if (cur.lockSign) {
          throw conflict('permits.isolationAlreadyLocked', ['lockSign']);
        }
        const at = now();
        return { to: S.toImplement, set: { lockSign: signed(caller, input.signature, cur, at), lockedAt: at } };
      });
      return out(r);
    },

    /** Second confirmation: the person named doneBy2, not the one who locked, verifies; the sheet is in effect. */
    async verify(caller: AuthUser, input: StepInput) {
      const r = await deps.records.step(caller, def(), { id: input.id, version: input.version, action: 'verify' }, async (cur) => {
        if (cur.status !== S.toImplement) {
          throw conflict('permits.isolationNotToImplement', ['id']);
        }
        const lock = cur.lockSign as { signer?: number } | null | undefined;
        if (!lock) {
          throw conflict('permits.isolationNotLocked', ['lockSign']);
        }
        if (cur.doneBy2 !== caller.userid) {
          throw forbidden('permits.notCurrentApprover');
        }
        if (lock.signer === caller.userid) {
          throw forbidden('permits.isolationSameConfirmer');
        }
        const at = now();
        return { to: S.inEffect, set: { verifySign: signed(caller, input.signature, cur, at), verifiedAt: at } };
      });
      return out(r);
    },

    /** Removal, by the first confirmer or the approver, once no linked permit's work is open. */
    async remove(caller: AuthUser, input: StepInput) {
      const r = await deps.records.step(caller, def(), { id: input.id, version: input.version, action: 'remove' }, async (cur, tx) => {
        if (cur.status !== S.toRemove) {
          throw conflict('permits.isolationNotToRemove', ['id']);
        }
        if (cur.doneBy1 !== caller.userid && cur.approver !== caller.userid) {
          throw forbidden('permits.notCurrentApprover');
        }
        const open = await deps.openPermits(permitNosOf(cur.permitNos), tx);
        if (open.length > 0) {
          throw conflict('permits.isolationWorkOpen', ['permitNos'], { number: open.join(', ') });
        }
        const at = now();
        return { to: S.closed, set: { removeSign: signed(caller, input.signature, cur, at), removedBy: caller.userid, removedAt: at } };
      });
      return out(r);
    },

    /** The sheets that name a permit (not cancelled), with their number and status: its start waits until each is in effect. */
    async sheetsOf(permitNumber: string): Promise<{ number: string; status: number }[]> {
      const d = deps.records.definitions.get(ENTITY);
      if (!d) {
        return [];
      }
      const all = await deps.records.allRecords(d);
      return all
        .filter((r) => r.status !== S.cancelled && permitNosOf(r.permitNos).includes(permitNumber))
        .map((r) => ({ number: typeof r.number === 'string' ? r.number : String(r.id), status: r.status }));
    },
  };
}

export type EnergyIsolation = ReturnType<typeof createEnergyIsolation>;
