/**
 * Approval flows of the record engine (issue 18 "Approvals"; seed 2 §4 flow
 * statuses, §6 "only the approver of the current step can process a flow
 * step", the region responsible-person roles): who a step waits for, when a
 * step is done, who acts for someone away, when a step is overdue. Pure: the
 * caller reads the directory (roles, regions, departments, delegations) first.
 */

/** The seed's flow statuses (seed 2 §4), as a task of one approver on one step carries them. */
export const flowTaskStatuses = [
  { code: 1, key: 'pass', zh: '通过', en: 'Passed', color: 'green' },
  { code: 2, key: 'toProcess', zh: '待处理', en: 'To be processed', color: 'gold' },
  { code: 3, key: 'signedToProcess', zh: '已签待处理', en: 'Signed, to be processed', color: 'cyan' },
  { code: 4, key: 'reject', zh: '驳回', en: 'Rejected', color: 'red' },
  { code: 5, key: 'pending', zh: '待定', en: 'Pending', color: 'orange' },
  { code: 6, key: 'unprocessed', zh: '未处理', en: 'Unprocessed', color: 'default' },
  { code: 7, key: 'transfer', zh: '转办', en: 'Transferred', color: 'blue' },
] as const;
export type FlowTaskStatusKey = (typeof flowTaskStatuses)[number]['key'];
export const flowStatus = Object.fromEntries(flowTaskStatuses.map((s) => [s.key, s.code])) as Record<FlowTaskStatusKey, number>;
/** A task that still waits for its approver. */
export const OPEN_FLOW_STATUSES: readonly number[] = [flowStatus.toProcess];

/** any: one approver's pass completes the step (或签); all: every approver must pass (会签). */
export type FlowMode = 'any' | 'all';

/** Who a step waits for; every source adds people (the union, each person once). */
export interface StepApprovers {
  userids?: readonly number[];
  /** Holders of any of these role codes. */
  roles?: readonly string[];
  /** The responsible people of this kind (seed 2 §6 region roles) of the record's region, the nearest region up the tree that names any. */
  regionRole?: string;
  /** The record's department's responsible people: its members holding this role (e.g. a department-head role). */
  deptRole?: string;
  /** A person (3) or people (9) field of the record. */
  field?: string;
}

export interface FlowDirectory {
  /** Users holding a role, with their department. */
  holders(role: string): readonly { userid: number; deptid: number }[];
  /** A region's parent (0 at the top) and its responsible people by kind. */
  region(regionid: number): { parent: number; responsibles: readonly { role: string; userids: readonly number[] }[] } | undefined;
}

export interface FlowRecordPlace {
  values: Record<string, unknown>;
  deptid: number | null;
  regionid: number | null;
}

/** The people of the nearest region up from `regionid` that names responsible people of kind `role`. */
export function regionResponsibles(dir: FlowDirectory, regionid: number | null, role: string): number[] {
  const seen = new Set<number>();
  for (let id = regionid ?? 0, r = dir.region(id); r && !seen.has(id); id = r.parent, r = dir.region(id)) {
    seen.add(id);
    const ids = r.responsibles.filter((x) => x.role === role).flatMap((x) => x.userids);
    if (ids.length) {
      return [...new Set(ids)];
    }
  }
  return [];
}

/** The user ids a step waits for on a record, sorted, each once. */
export function resolveStepApprovers(step: StepApprovers, record: FlowRecordPlace, dir: FlowDirectory): number[] {
  const ids = new Set<number>(step.userids ?? []);
  for (const role of step.roles ?? []) {
    for (const h of dir.holders(role)) {
      ids.add(h.userid);
    }
  }
  if (step.regionRole) {
    for (const u of regionResponsibles(dir, record.regionid, step.regionRole)) {
      ids.add(u);
    }
  }
  if (step.deptRole && record.deptid !== null) {
    for (const h of dir.holders(step.deptRole)) {
      if (h.deptid === record.deptid) {
        ids.add(h.userid);
      }
    }
  }
  if (step.field) {
    const v = record.values[step.field];
    for (const x of Array.isArray(v) ? v : [v]) {
      if (typeof x === 'number' && Number.isInteger(x) && x > 0) {
        ids.add(x);
      }
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * After `actor` passes their task: whether the step is done (the record moves
 * on) or waits for the others (countersign). `tasks` are the step's tasks of
 * this round, the actor's included, before the actor's pass.
 */
export function stepDoneAfterPass(mode: FlowMode, tasks: readonly { userid: number; status: number }[], actor: number): boolean {
  if (mode === 'any') {
    return true;
  }
  return tasks.every((t) => t.userid === actor || t.status !== flowStatus.toProcess);
}

export interface Delegation {
  from: number;
  to: number;
  /** Ledger entity, or '' for every ledger. */
  entity: string;
  start: number;
  end: number;
  revoked: boolean;
}

/** Who gets a task meant for `userid` at `now`: the delegate of an active delegation for the ledger (followed once; no chains), else the person. */
export function delegateOf(
  userid: number,
  entity: string,
  delegations: readonly Delegation[],
  now: number,
): { userid: number; via: number | null } {
  const d = delegations.find(
    (x) => x.from === userid && !x.revoked && x.start <= now && now < x.end && (x.entity === '' || x.entity === entity),
  );
  return d && d.to !== userid ? { userid: d.to, via: userid } : { userid, via: null };
}

/** Whether a task opened at `openedAt` on a step with a limit of `limitHours` is overdue at `now` (no limit: never). */
export function stepOverdue(openedAt: number, limitHours: number | undefined, now: number): boolean {
  return limitHours !== undefined && limitHours > 0 && now - openedAt >= limitHours * 3_600_000;
}
