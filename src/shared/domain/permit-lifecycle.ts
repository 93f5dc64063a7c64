import type { PermitType } from './gb30871-input.js';

/*
 * The life of a safe-work permit (GB 30871-2022 §4 and Annex A; seed 2 §4
 * statuses): which action moves a permit from which status to which. The
 * service asks `nextStatus` before every change, so a rule lives here once.
 */

/**
 * Statuses (seed 2 §4): draft (saved, not yet applied), signing (the statutory
 * steps), rejected (an approver sent it back to the applicant with a reason),
 * approved (signed, work not started), active (in effect), suspended,
 * completed (waits for acceptance), closed, cancelled, voided (作废 before
 * work started, with a reason).
 */
export const permitStatuses = ['draft', 'signing', 'rejected', 'approved', 'active', 'suspended', 'completed', 'closed', 'cancelled', 'voided'] as const;
export type PermitStatus = (typeof permitStatuses)[number];

export const permitActions = ['saveDraft', 'apply', 'sign', 'lastSign', 'reject', 'void', 'start', 'suspend', 'resume', 'complete', 'accept'] as const;
export type PermitAction = (typeof permitActions)[number];

export interface PermitTransition {
  from: PermitStatus;
  action: PermitAction;
  to: PermitStatus;
  /** Where the rule comes from. */
  clause: string;
}

/** Every allowed move; anything not listed is refused. */
export const permitTransitions: readonly PermitTransition[] = [
  // A draft is the applicant's own until applied; a rejected permit is edited by its applicant and applied again.
  { from: 'draft', action: 'saveDraft', to: 'draft', clause: 'seed 2 §4 草稿' },
  { from: 'rejected', action: 'saveDraft', to: 'rejected', clause: 'seed 2 §4 驳回' },
  { from: 'draft', action: 'apply', to: 'signing', clause: 'GB 30871-2022 Annex A (作业申请)' },
  { from: 'rejected', action: 'apply', to: 'signing', clause: 'seed 2 §4 驳回后重新申请' },
  // Signatures in order (Annex A); the last one before work makes it approved.
  { from: 'signing', action: 'sign', to: 'signing', clause: 'GB 30871-2022 Annex A' },
  { from: 'signing', action: 'lastSign', to: 'approved', clause: 'GB 30871-2022 Annex A (审批)' },
  { from: 'signing', action: 'reject', to: 'rejected', clause: 'GB 30871-2022 §4.9 (审批人不同意)；seed 2 §4 驳回' },
  // 作废: before work starts only; a permit in effect is suspended, completed or cancelled instead.
  { from: 'draft', action: 'void', to: 'voided', clause: 'seed 2 §4 作废' },
  { from: 'rejected', action: 'void', to: 'voided', clause: 'seed 2 §4 作废' },
  { from: 'signing', action: 'void', to: 'voided', clause: 'seed 2 §4 作废' },
  { from: 'approved', action: 'void', to: 'voided', clause: 'seed 2 §4 作废' },
  { from: 'approved', action: 'start', to: 'active', clause: 'GB 30871-2022 §4' },
  { from: 'active', action: 'suspend', to: 'suspended', clause: 'GB 30871-2022 §4.10 (监护人离开、异常情况)' },
  { from: 'suspended', action: 'resume', to: 'active', clause: 'GB 30871-2022 §4.10' },
  { from: 'active', action: 'complete', to: 'completed', clause: 'GB 30871-2022 Annex A (完工)' },
  { from: 'suspended', action: 'complete', to: 'completed', clause: 'GB 30871-2022 Annex A (完工)' },
  { from: 'completed', action: 'accept', to: 'closed', clause: 'GB 30871-2022 Annex A (完工验收)' },
];

/** The status after `action`, or null when the action is not allowed in `from`. */
export function nextStatus(from: string, action: PermitAction): PermitStatus | null {
  return permitTransitions.find((t) => t.from === from && t.action === action)?.to ?? null;
}

/** Statuses in which the applicant may still change the permit's content (nothing signed after the applicant). */
export const editableStatuses: readonly PermitStatus[] = ['draft', 'rejected'];

/** Statuses that are the end of a permit's life. */
export const finalStatuses: readonly PermitStatus[] = ['closed', 'cancelled', 'voided'];

// ---------------------------------------------------------------- certificates of special-operation workers

/** The special jobs a permit's worker may be named for; each needs a valid certificate of one of its kinds. */
export const specialRoles = ['welder', 'electrician', 'liftingOperator', 'scaffolder', 'confinedGuardian'] as const;
export type SpecialRole = (typeof specialRoles)[number];

export interface CertificateRule {
  /** Certificate kinds (the certificate register's codes) any one of which qualifies. */
  kinds: readonly string[];
  /** The permit types on which this job is named. */
  types: readonly PermitType[];
  clause: string;
}

/**
 * Who must hold a valid certificate (GB 30871-2022 §4.4: 特种作业和特种设备作业
 * 人员应持证上岗), as data: the role, the kinds that qualify and the permit
 * types that name it. A plant adds roles here, not in the service.
 */
export const certificateRules: Readonly<Record<SpecialRole, CertificateRule>> = {
  // 焊接与热切割作业 is a special operation (国家安全监管总局令第30号, 附件 特种作业目录 2).
  welder: { kinds: ['special-operation', 'hot-work'], types: ['hot'], clause: 'GB 30871-2022 §4.4, §5' },
  // 临时用电: 安装、维修、拆除应由电工完成，电工应持有效的电工作业操作证.
  electrician: { kinds: ['electrician'], types: ['power', 'hot', 'confined'], clause: 'GB 30871-2022 §11.2' },
  // 吊装作业: 起重机司机、司索、指挥人员应持证.
  liftingOperator: { kinds: ['lifting', 'special-operation'], types: ['lifting'], clause: 'GB 30871-2022 §9.2' },
  // 高处作业: 登高架设 is a special operation.
  scaffolder: { kinds: ['work-at-height', 'special-operation'], types: ['height'], clause: 'GB 30871-2022 §8.2' },
  // 受限空间作业: 监护人应经过培训 (plant rule: the training certificate in the register).
  confinedGuardian: { kinds: ['confined-space'], types: ['confined'], clause: 'GB 30871-2022 §6.5' },
};

const DAY_MS = 24 * 3600_000;

export interface HeldCertificate {
  kind: string;
  /** The register's "valid until" date (epoch ms of that day's start): valid through that whole day. */
  expiry: number;
}

export type CertificateVerdict = { ok: true } | { ok: false; reason: 'missing' | 'expired'; kinds: readonly string[]; expiry?: number };

/**
 * Whether a worker named for `role` may work at `at` with these certificates:
 * missing when none of the role's kinds is held, expired when the latest of
 * them ended before `at`.
 */
export function certificateVerdict(role: SpecialRole, held: readonly HeldCertificate[], at: number): CertificateVerdict {
  const rule = certificateRules[role];
  const mine = held.filter((c) => rule.kinds.includes(c.kind));
  if (mine.length === 0) {
    return { ok: false, reason: 'missing', kinds: rule.kinds };
  }
  const latest = Math.max(...mine.map((c) => c.expiry));
  return at < latest + DAY_MS ? { ok: true } : { ok: false, reason: 'expired', kinds: rule.kinds, expiry: latest };
}
