import { certificateLedger } from '../../../shared/certificates/ledger.js';
import { certificateVerdict, type HeldCertificate } from '../../../shared/domain/permit-lifecycle.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object.js';
import { formatDate } from '../../../shared/time.js';
import type { RecordsPort } from '../records/port.js';
import type { BarredWorker, WorkerCheck } from './permits.model.js';

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The certificate register by holder's name (the roster's names are the permit's workers). */
async function heldByName(records: Pick<RecordsPort, 'allRecords'>): Promise<Map<string, HeldCertificate[]>> {
  const byName = new Map<string, HeldCertificate[]>();
  for (const r of await records.allRecords(certificateLedger)) {
    const holder = str(r.holder);
    if (holder && typeof r.expiry === 'number') {
      byName.set(holder, [...(byName.get(holder) ?? []), { kind: str(r.kind), expiry: r.expiry }]);
    }
  }
  return byName;
}

/**
 * GB 30871-2022 §4.4: a worker named for a special job (welder, electrician,
 * lifting operator…, the roles of `certificateRules`) must hold a valid
 * certificate of one of its kinds in the certificate register; missing or
 * expired bars them, with the role and the date in the reason.
 */
export function certificateCheck(records: Pick<RecordsPort, 'allRecords'>): WorkerCheck {
  return async (workers, _type, special, at) => {
    if (special.length === 0) {
      return [];
    }
    const held = await heldByName(records);
    return special.flatMap((s): BarredWorker[] => {
      const verdict = certificateVerdict(s.role, held.get(s.name.trim()) ?? [], at);
      if (verdict.ok) {
        return [];
      }
      // The role travels in both languages (`role`, `role_en`): the client renders the message in its own.
      const role = { role: renderMessage('zh', `permits.role.${s.role}`), role_en: renderMessage('en', `permits.role.${s.role}`) };
      const index = Math.max(0, workers.indexOf(s.name));
      return verdict.reason === 'missing'
        ? [{ index, worker: s.name, reason: { code: 'permits.certificateMissing', params: role } }]
        : [{ index, worker: s.name, reason: { code: 'permits.certificateExpired', params: { ...role, date: formatDate(verdict.expiry ?? 0, 'YYYY-MM-DD') } } }];
    });
  };
}

/** People a permit may name: the org's users and the roster's persons, with their certificates (the form shows who qualifies). */
export async function workerOptions(records: Pick<RecordsPort, 'allRecords'>, users: { username: string }[]) {
  const held = await heldByName(records);
  const names = new Set(users.map((u) => u.username.trim()).filter(Boolean));
  for (const p of await records.allRecords(positioningObjectLedger)) {
    if (str(p.kind) === 'person' && str(p.name)) {
      names.add(str(p.name));
    }
  }
  return [...names].sort((a, b) => a.localeCompare(b, 'zh')).map((name) => ({ name, dept: null, certificates: held.get(name) ?? [] }));
}
