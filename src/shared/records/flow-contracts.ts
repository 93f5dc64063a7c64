import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';
import { recordItem } from './contracts.js';

/**
 * Approval flows across ledgers (issue 18 "Approvals"): what waits for me
 * (`/flowReview/approval`), acting on it, delegations
 * (`/FlowAuthorization/FlowAuthorizationSearch`). Approve and reject are the
 * ledger's own transitions; send back and transfer are the same for every flow.
 */

/** A flow action on one record: one of its transitions (approve, reject…), `sendBack` one step, or `transfer` to another person. */
export const flowCheckInput = z.object({
  entity: z.string().regex(/^[A-Z][A-Za-z0-9]{0,39}$/, 'validation.badFormat'),
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  action: z.string().trim().min(1).max(40),
  reason: z.string().trim().max(500).default(''),
  signature: z.string().max(500).default(''),
  /** Transfer: the person who gets the task. */
  touserid: z.number().int().positive().optional(),
});

export const flowCheck = defineContract({
  method: 'POST',
  path: '/UAPI/Flow/Check',
  input: flowCheckInput,
  output: recordItem,
  permission: 'authenticated',
});

export const flowTaskItem = z.object({
  id: z.number().int(),
  recordId: z.number().int(),
  entity: z.string(),
  ledger: z.object({ zh: z.string(), en: z.string() }),
  title: z.string(),
  /** The record's status now, and the status (step) the task was for. */
  recordStatus: z.number().int(),
  stepStatus: z.number().int(),
  version: z.number().int(),
  /** Seed flow status of the task (`shared/domain/flow-steps.ts`). */
  status: z.number().int(),
  mode: z.enum(['any', 'all']),
  /** Who it came from (transfer or delegation). */
  viaName: z.string(),
  /** Why it came: the reason given with the transfer (or the delegation), shown to the new approver. */
  viaReason: z.string(),
  opened: z.number(),
  acted: z.number().nullable(),
  reason: z.string(),
  /** What the caller may do now: transitions of the step, then `sendBack`, `transfer`. */
  actions: z.array(z.object({ action: z.string(), label: z.object({ zh: z.string(), en: z.string() }), needsReason: z.boolean() })),
});
export type FlowTaskItem = z.infer<typeof flowTaskItem>;

/** My approvals: tasks waiting for me (`done` false) or those I have acted on. */
export const flowList = defineContract({
  method: 'POST',
  path: '/UAPI/Flow/GetFlowList',
  input: z.object({ ...pageInput, done: z.boolean().default(false) }),
  output: listOf(flowTaskItem),
  permission: 'authenticated',
});

export const delegationItem = z.object({
  id: z.number().int(),
  fromUserid: z.number().int(),
  fromName: z.string(),
  toUserid: z.number().int(),
  toName: z.string(),
  entity: z.string(),
  start: z.number(),
  end: z.number(),
  reason: z.string(),
  revoked: z.boolean(),
  createdBy: z.string(),
});
export type DelegationItem = z.infer<typeof delegationItem>;

/** Delegations from or to me (an administrator sees every one). */
export const delegationSearch = defineContract({
  method: 'POST',
  path: '/UAPI/FlowAuthorization/FlowAuthorizationSearch',
  input: z.object({ ...pageInput }),
  output: listOf(delegationItem),
  permission: 'authenticated',
});

/** My approvals go to `touserid` from `start` to `end` (for one ledger, or '' for all); an administrator may delegate for `fromuserid`. */
export const delegationAdd = defineContract({
  method: 'POST',
  path: '/UAPI/FlowAuthorization/FlowAuthorizationAdd',
  input: z
    .object({
      fromuserid: z.number().int().positive().optional(),
      touserid: z.number().int().positive(),
      entity: z.string().max(40).default(''),
      start: z.number().int().nonnegative(),
      end: z.number().int().positive(),
      reason: z.string().trim().max(200).default(''),
    })
    .refine((d) => d.end > d.start, { path: ['end'], message: 'records.endBeforeStart' }),
  output: delegationItem,
  permission: 'authenticated',
});

export const delegationRevoke = defineContract({
  method: 'POST',
  path: '/UAPI/FlowAuthorization/FlowAuthorizationRevoke',
  input: z.object({ id: z.number().int().positive() }),
  output: delegationItem,
  permission: 'authenticated',
});
