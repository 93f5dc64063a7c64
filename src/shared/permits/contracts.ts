import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';
import { blindAction, hotGradeCodes, permitTypeCodes, workingBillCheckInput } from '../domain/gb30871-input.js';
import { specialRoles } from '../domain/permit-lifecycle.js';
import { permitItem, permitStatuses, permitStepCodes } from './items.js';

export { permitItem, permitStatuses, permitStepCodes, type PermitItem, type PermitStatus, type PermitStepCode } from './items.js';

/*
 * Safe-work permits to GB 30871-2022 (issue 25, DOMAIN.md §7): the rule check
 * every page and transition uses, and the permit's life (apply, sign in
 * order, gas analysis, start, suspend, resume, complete, accept).
 */

/** One finding of the check; `message` is the code rendered in the caller's language (Accept-Language). */
export const permitFinding = z.object({ code: z.string(), field: z.string(), message: z.string() });

export const workingBillCheckOutput = z.object({
  ok: z.boolean(),
  effectiveGrade: z.enum(hotGradeCodes).optional(),
  violations: z.array(permitFinding),
  info: z.array(permitFinding).optional(),
});
export type WorkingBillCheckOutput = z.infer<typeof workingBillCheckOutput>;

/** `POST UAPI/WorkingBill/Check`: the rules of DOMAIN §7 on a permit body, judged with the plant calendar. */
export const workingBillCheck = defineContract({
  method: 'POST',
  path: '/UAPI/WorkingBill/Check',
  input: workingBillCheckInput,
  output: workingBillCheckOutput,
  permission: 'permit:view',
});

/** Whose signature each step wants, set when applying (user ids); `applicant` is the caller. */
export const permitSigners = z.object({
  jsa: z.number().int().positive(),
  gas: z.number().int().positive().optional(),
  measures: z.number().int().positive(),
  briefing: z.number().int().positive(),
  guardian: z.number().int().positive(),
  leader: z.number().int().positive(),
  unit: z.number().int().positive(),
  safetyDept: z.number().int().positive().optional(),
  approver: z.number().int().positive(),
  shiftCheck: z.number().int().positive().optional(),
  acceptance: z.number().int().positive(),
});

/** A signature drawn on the pad: a PNG data URL (record engine type 44). */
export const signatureImage = z
  .string()
  .max(400_000)
  .refine((s) => s.startsWith('data:image/png;base64,') && s.length > 40, 'permits.signFirst');

/** A worker named for a special job: they must hold a valid certificate for it (GB 30871-2022 §4.4). */
export const specialWorker = z.object({ name: z.string().trim().min(1).max(50), role: z.enum(specialRoles) });

/** The permit's content as the form edits it: the application, a draft and an edit of a rejected permit share it. */
const permitForm = z.object({
    /** Applying a saved draft or a rejected permit of the caller: that permit, not a new one. */
    id: z.number().int().positive().optional(),
    type: z.enum(permitTypeCodes),
    grade: z.enum(hotGradeCodes).optional(),
    content: z.string().trim().min(1).max(500),
    location: z.string().trim().min(1).max(200),
    regionId: z.number().int().positive().optional(),
    /** Centre of the work zone (WGS-84) and its radius in metres. */
    lng: z.number().min(-180).max(180),
    lat: z.number().min(-90).max(90),
    radiusM: z.number().min(5).max(500).default(30),
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    windForce: z.number().int().min(0).max(17).optional(),
    loadT: z.number().min(0).optional(),
    heightM: z.number().min(0).optional(),
    blinds: z.array(blindAction).max(50).optional(),
    /** Blind plate: the process line (pipeline number) the blind sits on; two blind jobs on one line conflict. */
    line: z.string().trim().max(100).optional(),
    /** Workers by name (the positioning roster's people). */
    workers: z.array(z.string().trim().min(1).max(50)).min(1).max(50),
    /** The guardian's positioning tag (card id): leaving the zone suspends the permit. */
    guardianTag: z.string().trim().max(64).optional(),
    /** Of `workers`, those named for a special job. */
    specialWorkers: z.array(specialWorker).max(50).optional(),
    signers: permitSigners,
    /** The applicant's own signature: sign before submit. */
    signature: signatureImage,
  });

export const permitApplyInput = permitForm
  .superRefine((b, ctx) => {
    b.specialWorkers?.forEach((w, i) => {
      if (!b.workers.includes(w.name)) {
        ctx.addIssue({ code: 'custom', path: ['specialWorkers', i], message: 'permits.specialNotWorker' });
      }
    });
    if (b.type === 'hot' && b.grade === undefined) {
      ctx.addIssue({ code: 'custom', path: ['grade'], message: 'validation.required' });
    }
    if ((b.type === 'hot' || b.type === 'confined') && b.signers.gas === undefined) {
      ctx.addIssue({ code: 'custom', path: ['signers', 'gas'], message: 'validation.required' });
    }
    if (b.type === 'hot' && (b.signers.safetyDept === undefined || b.signers.shiftCheck === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['signers', b.signers.safetyDept === undefined ? 'safetyDept' : 'shiftCheck'], message: 'validation.required' });
    }
    if (b.signers.guardian === b.signers.leader) {
      // Seed 2 §5: G2 (the work leader) is never G1 (the guardian).
      ctx.addIssue({ code: 'custom', path: ['signers', 'leader'], message: 'permits.g2SameAsG1' });
    }
  });
export type PermitApplyInput = z.input<typeof permitApplyInput>;

/** A draft (not yet applied; no signature): the same content, signers and workers may still be missing. */
export const permitDraftInput = permitForm.omit({ signature: true, signers: true, workers: true }).extend({
  signers: permitSigners.partial(),
  workers: z.array(z.string().trim().min(1).max(50)).max(50),
});
export type PermitDraftInput = z.input<typeof permitDraftInput>;

/** `POST UAPI/WorkingBill/SaveDraft`: saves a new draft, or edits the caller's draft or rejected permit (`id`). */
export const permitSaveDraft = defineContract({ method: 'POST', path: '/UAPI/WorkingBill/SaveDraft', input: permitDraftInput, output: permitItem, permission: 'permit:apply' });

/** People a permit may name as workers: the org's users and the positioning roster, with their certificates. */
export const permitWorkerOptions = defineContract({
  method: 'POST',
  path: '/UAPI/WorkingBill/WorkerOptions',
  input: z.object({}),
  output: z.object({
    items: z.array(z.object({ name: z.string(), dept: z.string().nullable(), certificates: z.array(z.object({ kind: z.string(), expiry: z.number() })) })),
  }),
  permission: 'permit:view',
});


export const permitStepItem = z.object({
  seq: z.number().int(),
  code: z.enum(permitStepCodes),
  signerId: z.number().int(),
  signerName: z.string(),
  signedAt: z.number().nullable(),
  signature: z.string().nullable(),
  comment: z.string().nullable(),
});
export type PermitStepItem = z.infer<typeof permitStepItem>;

export const gasSampleItem = z.object({
  id: z.number().int(),
  t: z.number(),
  lel: z.number().nullable(),
  reading: z.number().nullable(),
  unit: z.string().nullable(),
  o2: z.number().nullable(),
  analyst: z.string(),
});
export type GasSampleItem = z.infer<typeof gasSampleItem>;

/** One event of the permit's life (signature, start, suspension, resumption, completion), from the audit trail. */
export const permitEventItem = z.object({ at: z.number(), action: z.string(), by: z.string(), detail: z.string() });

export const permitDetail = z.object({
  permit: permitItem,
  steps: z.array(permitStepItem),
  gas: z.array(gasSampleItem),
  events: z.array(permitEventItem),
  /** The rules judged now: what would stop a start (or resume) at this moment. */
  check: workingBillCheckOutput,
  /** JSAs (job safety analyses, /JSA) that name this permit, with their record status (4 completed). */
  jsas: z.array(z.object({ id: z.number().int(), number: z.string(), title: z.string(), status: z.number().nullable() })),
  /** Draft or rejected: what the form edits besides the item (signers, blind, line, wind, load, height). */
  form: z
    .object({
      signers: permitSigners.partial(),
      blinds: z.array(blindAction).optional(),
      line: z.string().optional(),
      windForce: z.number().optional(),
      loadT: z.number().optional(),
      heightM: z.number().optional(),
    })
    .nullable(),
});
export type PermitDetail = z.infer<typeof permitDetail>;

export const permitListInput = z.object({
  ...pageInput,
  type: z.enum(permitTypeCodes).optional(),
  status: z.enum(permitStatuses).optional(),
  /** Only permits waiting for the caller's signature. */
  mine: z.coerce.boolean().optional(),
});

export const permitList = defineContract({ method: 'POST', path: '/UAPI/WorkingBill/List', input: permitListInput, output: listOf(permitItem), permission: 'permit:view' });
/** The permit applied for, with the conflicts that only warn (another blind job on the same line). */
export const permitApply = defineContract({
  method: 'POST',
  path: '/UAPI/WorkingBill/Apply',
  input: permitApplyInput,
  output: permitItem.extend({ warnings: z.array(permitFinding).optional() }),
  permission: 'permit:apply',
});
const idInput = z.object({ id: z.coerce.number().int().positive() });
export const permitDetailCall = defineContract({ method: 'POST', path: '/UAPI/WorkingBill/Detail', input: idInput, output: permitDetail, permission: 'permit:view' });

export const permitSignInput = z.object({
  id: z.number().int().positive(),
  step: z.enum(permitStepCodes),
  signature: signatureImage,
  comment: z.string().trim().max(500).optional(),
  /** Measures step: which safety measures are involved (GB 30871 Annex A), confirmed by the signer. */
  measures: z.array(z.string().trim().max(200)).max(40).optional(),
});
export const permitSign = defineContract({ method: 'POST', path: '/UAPI/WorkingBill/Sign', input: permitSignInput, output: permitDetail, permission: 'permit:view' });

export const gasAddInput = z.object({
  id: z.number().int().positive(),
  /** Sample time; default now. */
  t: z.number().int().min(0).optional(),
  lel: z.number().gt(0).max(100).optional(),
  reading: z.number().min(0).optional(),
  unit: z.enum(['%vol', '%LEL']).optional(),
  o2: z.number().min(0).max(100).optional(),
});
export const permitGasAdd = defineContract({ method: 'POST', path: '/UAPI/WorkingBill/GasAdd', input: gasAddInput, output: permitDetail, permission: 'permit:view' });

export const permitStart = defineContract({ method: 'POST', path: '/UAPI/WorkingBill/Start', input: idInput, output: permitDetail, permission: 'permit:view' });

export const permitSuspend = defineContract({
  method: 'POST',
  path: '/UAPI/WorkingBill/Suspend',
  input: z.object({ id: z.number().int().positive(), reason: z.string().trim().min(1).max(200) }),
  output: permitDetail,
  permission: 'permit:view',
});

/** The guardian, back in the zone, signs the resumption; the gas rules for a break decide whether work may go on. */
export const permitResume = defineContract({
  method: 'POST',
  path: '/UAPI/WorkingBill/Resume',
  input: z.object({ id: z.number().int().positive(), signature: signatureImage }),
  output: permitDetail,
  permission: 'permit:view',
});

export const finishResults = ['done', 'notDoneExtend', 'notDone'] as const;
export const permitComplete = defineContract({
  method: 'POST',
  path: '/UAPI/WorkingBill/Complete',
  input: z.object({ id: z.number().int().positive(), result: z.enum(finishResults) }),
  output: permitDetail,
  permission: 'permit:view',
});

/** Permits in effect or suspended for the plant map, in the caller's regions. */
export const permitMapShow = defineContract({
  method: 'POST',
  path: '/UAPI/WorkingBill/MapShow',
  input: z.object({}),
  output: z.object({ items: z.array(permitItem) }),
  permission: 'permit:view',
});

/** People who may be named as signers (id and name), for the apply form. */
export const permitSignerOptions = defineContract({
  method: 'POST',
  path: '/UAPI/WorkingBill/SignerOptions',
  input: z.object({}),
  output: z.object({ items: z.array(z.object({ userid: z.number().int(), username: z.string(), loginname: z.string() })) }),
  permission: 'permit:view',
});

/** The permit as an A4 PDF in the order of GB 30871-2022 Annex A, with its signatures (form EHS-R-025). */
export const permitPdf = defineContract({
  method: 'GET',
  path: '/UAPI/WorkingBill/Pdf',
  input: z.object({ id: z.coerce.number().int().positive() }),
  output: z.null(),
  permission: 'permit:view',
});

const reasonInput = z.object({ id: z.number().int().positive(), reason: z.string().trim().min(1).max(500) });

/** The current step's signer sends the permit back to its applicant with a reason (驳回). */
export const permitReject = defineContract({ method: 'POST', path: '/UAPI/WorkingBill/Reject', input: reasonInput, output: permitDetail, permission: 'permit:view' });

/** The applicant or an administrator voids a permit before work starts, with a reason (作废). */
export const permitVoid = defineContract({ method: 'POST', path: '/UAPI/WorkingBill/Void', input: reasonInput, output: permitDetail, permission: 'permit:view' });
