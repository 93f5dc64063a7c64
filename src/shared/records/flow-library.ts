import { z } from 'zod';
import { bilingual, stepApprovers, type RecordStatus, type WorkflowDef } from './definition.js';

/**
 * The flow library (issue 18 "Approval flows as data", seed `SearchFlowLibraryList`):
 * a named approval flow of up to five steps in order, kept once and bound to
 * ledgers (`FlowBusinessRelation`). Each step names who approves (users, roles,
 * the responsible person of a kind for the record's region, a department role,
 * a person field), any one or all of them (countersign), and an optional time
 * limit with escalation. Send back one step, transfer and delegation are the
 * same for every flow (`/UAPI/Flow/Check`), so a step does not list them.
 */
export const flowStep = z
  .object({
    label: bilingual,
    approvers: stepApprovers,
  })
  .refine((s) => s.approvers.userids.length > 0 || s.approvers.roles.length > 0 || s.approvers.regionRole || s.approvers.deptRole || s.approvers.field, {
    path: ['approvers'],
    message: 'records.flowLib.noApprover',
  });
export type FlowStep = z.infer<typeof flowStep>;

export const flowLibraryDoc = z.object({
  name: bilingual,
  steps: z.array(flowStep).min(1).max(5),
});
export type FlowLibraryDoc = z.infer<typeof flowLibraryDoc>;

/** The seed statuses a flow's steps wait in, in order (待审批, 待审核, 待确认, 待评估, 待实施); done is 已完成 (4), rejected 已终止 (-1). */
export const FLOW_STEP_STATUSES: readonly RecordStatus[] = [6, 2, 3, 1, 7];

/**
 * The ledger workflow a list of steps stands for: each step a status, an
 * approve transition to the next (the last to 已完成), and reject back to the
 * start from any step (已终止, with a reason). Only the step's approvers may act.
 */
export function workflowOfSteps(steps: readonly FlowStep[]): WorkflowDef {
  const codes = steps.map((_, i) => FLOW_STEP_STATUSES[i]);
  return {
    initial: codes[0],
    states: [...steps.map((s, i) => ({ code: codes[i], label: s.label, approvers: s.approvers })), { code: 4 }, { code: -1 }],
    transitions: [
      ...steps.map((_, i) => ({
        action: `approve${i + 1}`,
        label: { zh: '通过', en: 'Approve' },
        from: [codes[i]],
        to: i + 1 < steps.length ? codes[i + 1] : 4,
        grant: [],
        approverOnly: true,
        inputs: [],
      })),
      { action: 'reject', label: { zh: '驳回', en: 'Reject' }, from: codes, to: -1, grant: [], approverOnly: true, inputs: ['reason'] },
    ],
  };
}
