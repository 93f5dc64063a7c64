import type { z } from 'zod';
import type { PermitType } from '../../../shared/domain/gb30871-input.js';
import { nextStatus, type SpecialRole } from '../../../shared/domain/permit-lifecycle.js';
import type { Lang } from '../../../shared/messages/define.js';
import type { PermitDetail, PermitItem, permitApplyInput, permitDraftInput } from '../../../shared/permits/contracts.js';
import { completeTodos, openTodo } from '../../common/todos.js';
import type { AuthUser } from '../../http/app.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import type { Store, Tx } from '../../store/db.js';
import { transactThenPublish } from '../../stream/bus.js';
import { permitsRepository as repo, type PermitRow } from './permits.repository.js';
import { numberOf, type PermitsDeps } from './permits.model.js';

export const TODO_SIGN = 'permit.sign';
export const TODO_EDIT = 'permit.edit';
export const DETAIL_HREF = '/SafetyWorkPermit/WorkingBillDetail';

type Form = z.output<typeof permitDraftInput> | z.output<typeof permitApplyInput>;

/** What the rules judge besides the columns, and what a draft keeps for its form (signers, special workers). */
export function permitBodyOf(raw: Form): string {
  return JSON.stringify({
    ...(raw.windForce !== undefined ? { windForce: raw.windForce } : {}),
    ...(raw.loadT !== undefined ? { loadT: raw.loadT } : {}),
    ...(raw.heightM !== undefined ? { heightM: raw.heightM } : {}),
    ...(raw.blinds ? { blinds: raw.blinds } : {}),
    ...(raw.line ? { line: raw.line } : {}),
    ...(raw.specialWorkers?.length ? { specialWorkers: raw.specialWorkers } : {}),
    signers: raw.signers,
  });
}

/** The columns the form sets (the application and a draft alike). */
export function formColumns(raw: Form, effectiveGrade: string | null) {
  return {
    type: raw.type,
    grade: raw.grade ?? null,
    effective_grade: effectiveGrade,
    content: raw.content,
    location: raw.location,
    region_id: raw.regionId ?? null,
    lng: raw.lng,
    lat: raw.lat,
    radius_m: raw.radiusM,
    start_at: raw.start,
    end_at: raw.end,
    body: permitBodyOf(raw),
    guardian_id: raw.signers.guardian ?? 0,
    leader_id: raw.signers.leader ?? 0,
    guardian_tag: raw.guardianTag ?? null,
    workers: JSON.stringify(raw.workers),
  };
}

/** Workers named for a special job, as the body keeps them. */
export function specialWorkersOf(p: Pick<PermitRow, 'body'>): { name: string; role: SpecialRole }[] {
  const body = JSON.parse(p.body) as { specialWorkers?: { name: string; role: SpecialRole }[] };
  return body.specialWorkers ?? [];
}

/**
 * A draft or rejected permit the caller may edit or apply: theirs, in a status
 * where `action` is allowed. Read before a transaction (SQLite's one connection).
 */
export async function editablePermit(store: Store, user: AuthUser, id: number, action: 'saveDraft' | 'apply'): Promise<PermitRow> {
  const p = await repo.permit(store.db, id);
  if (!p || (p.status === 'draft' && p.applicant_id !== user.userid)) {
    throw notFound();
  }
  if (p.applicant_id !== user.userid) {
    throw forbidden('permits.notApplicant');
  }
  if (!nextStatus(p.status, action)) {
    throw conflict('permits.notEditable', ['id']);
  }
  return p;
}

interface LifecycleHelpers {
  /** The service's change: the permit locked in a transaction, `permit.changed` after commit, the map told. */
  change: <T>(actor: AuthUser, id: number, fn: (tx: Tx, p: PermitRow) => Promise<T>) => Promise<T>;
  detail: (user: AuthUser, id: number, lang: Lang) => Promise<PermitDetail>;
  items: (rows: PermitRow[]) => Promise<PermitItem[]>;
  /** Refuses a worker barred from this work (a missing or expired certificate, a contraindication). */
  refuseBarredWorkers: (workers: readonly string[], type: PermitType, special: readonly { name: string; role: SpecialRole }[]) => Promise<void>;
}

/**
 * Drafts, rejection and voiding (seed 2 §4, GB 30871-2022 §4): the moves
 * `nextStatus` allows, each audited in its own transaction.
 */
export function createPermitLifecycle(store: Store, deps: Pick<PermitsDeps, 'bus' | 'now'>, h: LifecycleHelpers) {
  const now = deps.now ?? Date.now;

  return {
    /** Saves a new draft, or the caller's draft or rejected permit edited (`id`); no signature, nothing signed. */
    async saveDraft(user: AuthUser, raw: z.output<typeof permitDraftInput>): Promise<PermitItem> {
      const at = now();
      await h.refuseBarredWorkers(raw.workers, raw.type, raw.specialWorkers ?? []);
      if (raw.id !== undefined) {
        const id = raw.id;
        await editablePermit(store, user, id, 'saveDraft');
        await h.change(user, id, async (tx, p) => {
          if (!nextStatus(p.status, 'saveDraft')) {
            throw conflict('permits.notEditable', ['id']);
          }
          await repo.update(tx, p.id, formColumns(raw, p.effective_grade));
          await audit(tx, user, 'permit.draft', 'permit', p.id, { number: p.number, status: p.status });
        });
        return (await h.items([(await repo.permit(store.db, id))!]))[0];
      }
      const id = await transactThenPublish(store.db, deps.bus, async (tx, emit) => {
        const { id: newId, number } = await repo.insertNumbered(
          tx,
          { ...formColumns(raw, null), status: 'draft', applicant_id: user.userid, created_at: at },
          (newId) => numberOf(raw.type, at, newId),
        );
        await audit(tx, user, 'permit.draft', 'permit', newId, { number, status: 'draft' });
        emit('permit.changed', { id: newId });
        return newId;
      });
      return (await h.items([(await repo.permit(store.db, id))!]))[0];
    },

    /**
     * The current step's signer sends the permit back to its applicant (驳回):
     * this round's signatures end (kept in the audit row), the applicant gets a
     * to-do to edit and apply again.
     */
    async reject(user: AuthUser, id: number, reason: string, lang: Lang): Promise<PermitDetail> {
      const at = now();
      await h.change(user, id, async (tx, p) => {
        const to = nextStatus(p.status, 'reject');
        if (!to) {
          throw conflict('permits.notSigning', ['id']);
        }
        const steps = await repo.steps(tx, [p.id]);
        const cur = steps.find((s) => s.signed_at === null && s.code !== 'acceptance');
        if (!cur || cur.signer_id !== user.userid) {
          throw forbidden('permits.notCurrentApprover');
        }
        const signed = steps.filter((s) => s.signed_at !== null).map((s) => ({ step: s.code, signer: s.signer_id, at: Number(s.signed_at) }));
        await audit(tx, user, 'permit.reject', 'permit', p.id, { number: p.number, step: cur.code, reason, signed });
        await repo.deleteSteps(tx, p.id);
        await repo.update(tx, p.id, { status: to, status_reason: reason });
        await completeTodos(tx, { kind: TODO_SIGN, ref: p.id });
        await openTodo(tx, { userid: p.applicant_id, kind: TODO_EDIT, ref: p.id, href: `${DETAIL_HREF}?id=${p.id}`, title: 'permits.todoRejected', params: { number: p.number, reason }, at });
      });
      return h.detail(user, id, lang);
    },

    /** The applicant or an administrator voids a permit before work starts (作废), with a reason. */
    async voidPermit(user: AuthUser, id: number, reason: string, lang: Lang): Promise<PermitDetail> {
      await h.change(user, id, async (tx, p) => {
        if (p.applicant_id !== user.userid && !user.roles.includes('admin')) {
          throw forbidden('permits.notApplicantOrAdmin');
        }
        const to = nextStatus(p.status, 'void');
        if (!to) {
          throw conflict('permits.notVoidable', ['id']);
        }
        await repo.update(tx, p.id, { status: to, status_reason: reason });
        await completeTodos(tx, { kind: TODO_SIGN, ref: p.id });
        await completeTodos(tx, { kind: TODO_EDIT, ref: p.id });
        await audit(tx, user, 'permit.void', 'permit', p.id, { number: p.number, from: p.status, reason });
      });
      return h.detail(user, id, lang);
    },
  };
}
