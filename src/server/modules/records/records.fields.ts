import { createHash } from 'node:crypto';
import { fieldTypes, valueText, type RecordDefinition } from '../../../shared/records/definition.js';
import { attestedKeys, newSignature, signedKeys, type ReceiptEntry, type SignedValue } from '../../../shared/records/validator.js';
import { formatDate } from '../../../shared/time.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest } from '../../http/errors.js';

/*
 * The field types whose stored value the server completes from the session
 * and the stored record, never from the form: signatures (44), receipt
 * confirmations (28) and system labels (15).
 */

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** JSON with sorted keys, so the same values always hash alike. */
function stable(v: unknown): string {
  if (Array.isArray(v)) {
    return `[${v.map(stable).join(',')}]`;
  }
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** SHA-256 of the record's values other than its signatures, at the moment of signing. */
export function signingHash(def: RecordDefinition, values: Record<string, unknown>): string {
  const rest = Object.fromEntries(def.fields.filter((f) => f.type !== fieldTypes.signature).map((f) => [f.key, values[f.key] ?? null]));
  return createHash('sha256').update(stable(rest)).digest('hex');
}

/** What a save changed in the receipt fields: people newly named (to-dos to open) and people no longer named (to-dos to close). */
export interface ReceiptChanges {
  key: string;
  added: number[];
  removed: number[];
}

/**
 * The values as they are stored: a new drawing becomes a signature of the
 * caller (who, when, hash); a stored signature comes back unchanged or the
 * save is refused; receipt entries keep the confirmations already given; a
 * field a stored signature attests keeps its value or the save is refused
 * (409 naming it). `before` is the stored document (null for a new record).
 */
export function settleValues(
  caller: AuthUser,
  def: RecordDefinition,
  values: Record<string, unknown>,
  before: Record<string, unknown> | null,
  now: number,
): { values: Record<string, unknown>; receipts: ReceiptChanges[] } {
  const out = { ...values };
  const receipts: ReceiptChanges[] = [];
  for (const f of def.fields) {
    if (f.type === fieldTypes.receipt && f.key in out) {
      const old = new Map(((before?.[f.key] as ReceiptEntry[] | undefined) ?? []).map((e) => [e.userid, e.at]));
      const next = ((out[f.key] as ReceiptEntry[] | null) ?? []).map((e) => ({ userid: e.userid, at: old.get(e.userid) ?? null }));
      out[f.key] = next;
      const ids = new Set(next.map((e) => e.userid));
      receipts.push({ key: f.key, added: next.filter((e) => !old.has(e.userid)).map((e) => e.userid), removed: [...old.keys()].filter((u) => !ids.has(u)) });
    }
  }
  // Signatures last: the hash covers the other values as they are stored.
  const merged = { ...(before ?? {}), ...out };
  for (const f of def.fields.filter((x) => x.type === fieldTypes.signature)) {
    if (!(f.key in out)) {
      continue;
    }
    const v = out[f.key];
    const old = before?.[f.key];
    const drawn = newSignature.safeParse(v);
    if (drawn.success) {
      if (!isEmpty(old)) {
        throw new AppError(403, 'records.signatureLocked', [f.key]);
      }
      const signed: SignedValue = { png: drawn.data.png, signer: caller.userid, signerName: caller.username, at: now, hash: signingHash(def, merged), keys: attestedKeys(def, merged) };
      out[f.key] = signed;
    } else if (isEmpty(v)) {
      if (!isEmpty(old)) {
        throw new AppError(403, 'records.signatureLocked', [f.key]);
      }
      out[f.key] = null;
    } else if (stable(v) !== stable(old)) {
      // A stored signature (or an old text) comes back exactly as stored: a form cannot write one in someone's name.
      throw new AppError(403, 'records.signatureNotYours', [f.key]);
    }
  }
  // What a stored signature attests keeps its value (checked after the signatures, whose own refusals say more).
  if (before) {
    for (const key of signedKeys(def, before)) {
      if (key in out && stable(out[key]) !== stable(before[key])) {
        throw new AppError(409, 'records.signedFieldLocked', [key]);
      }
    }
  }
  return { values: out, receipts };
}

/** The system label a new record gets (type 15): the ledger's date of creation and its id, `20261125-000042`. */
export function systemLabelOf(id: number, now: number): string {
  return `${formatDate(now, 'YYYYMMDD')}-${String(id).padStart(6, '0')}`;
}

/** Whether a definition uses a type not offered yet (what it chooses from does not exist). */
export function assertAvailableTypes(def: RecordDefinition, unavailable: readonly number[]): void {
  def.fields.forEach((f, i) => {
    if (unavailable.includes(f.type)) {
      throw badRequest('records.typeUnavailable', [`definition.fields.${i}.type`], { type: f.type });
    }
  });
}

/** A reminder's due moment: `remindDays` before it expires. */
export const reminderDue = (r: { expires: number; remindDays: number }) => r.expires - r.remindDays * 86_400_000;

export const reminderDate = (expires: number) => valueText(formatDate(expires, 'YYYY-MM-DD'));
