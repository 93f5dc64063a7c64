import { describe, expect, it } from 'vitest';
import {
  delegateOf,
  flowStatus,
  flowTaskStatuses,
  resolveStepApprovers,
  stepDoneAfterPass,
  stepOverdue,
  type Delegation,
  type FlowDirectory,
  type StepApprovers,
} from '../../../src/shared/domain/flow-steps';

// Regions: 1 plant (hazardChief 90) > 2 unit (hiddenDanger 20, 21) > 3 tank farm (none named).
const regions = new Map([
  [1, { parent: 0, responsibles: [{ role: 'hazardChief', userids: [90] }] }],
  [2, { parent: 1, responsibles: [{ role: 'hiddenDanger', userids: [21, 20] }] }],
  [3, { parent: 2, responsibles: [] }],
]);
const roles: Record<string, { userid: number; deptid: number }[]> = {
  safety: [
    { userid: 5, deptid: 10 },
    { userid: 6, deptid: 11 },
  ],
  deptHead: [
    { userid: 7, deptid: 10 },
    { userid: 8, deptid: 11 },
  ],
};
const dir: FlowDirectory = { holders: (r) => roles[r] ?? [], region: (id) => regions.get(id) };
const record = { values: { inspector: 33, team: [34, 35, 33] }, deptid: 11, regionid: 3 };

describe('resolveStepApprovers (issue 18 Approvals: users, role, region / department responsible, person field)', () => {
  const cases: [string, StepApprovers, number[]][] = [
    ['named users', { userids: [4, 2] }, [2, 4]],
    ['a role: every holder', { roles: ['safety'] }, [5, 6]],
    ['region responsible (seed 2 §6): nearest region up the tree naming the kind', { regionRole: 'hiddenDanger' }, [20, 21]],
    ['region responsible found at the top', { regionRole: 'hazardChief' }, [90]],
    ['region responsible named nowhere', { regionRole: 'alarm' }, []],
    ["department responsible: the record's department's holders of the role", { deptRole: 'deptHead' }, [8]],
    ['a person field', { field: 'inspector' }, [33]],
    ['a people field, each once', { field: 'team' }, [33, 34, 35]],
    ['sources add up, each person once', { userids: [5], roles: ['safety'], field: 'inspector' }, [5, 6, 33]],
    ['nothing named', {}, []],
  ];
  it.each(cases)('%s', (_name, step, want) => {
    expect(resolveStepApprovers(step, record, dir)).toEqual(want);
  });

  it('a record without a region or department adds nobody by them', () => {
    expect(
      resolveStepApprovers({ regionRole: 'hazardChief', deptRole: 'deptHead' }, { values: {}, deptid: null, regionid: null }, dir),
    ).toEqual([]);
  });
});

describe('stepDoneAfterPass (或签 any-one-of, 会签 countersign)', () => {
  const open = flowStatus.toProcess;
  const signed = flowStatus.signedToProcess;
  const cases: [string, 'any' | 'all', { userid: number; status: number }[], number, boolean][] = [
    [
      'any: the first pass completes',
      'any',
      [
        { userid: 1, status: open },
        { userid: 2, status: open },
      ],
      1,
      true,
    ],
    [
      'all: one of two signs, the step waits',
      'all',
      [
        { userid: 1, status: open },
        { userid: 2, status: open },
      ],
      1,
      false,
    ],
    [
      'all: the last of two signs, the step is done',
      'all',
      [
        { userid: 1, status: signed },
        { userid: 2, status: open },
      ],
      2,
      true,
    ],
    [
      'all: a transferred task does not wait',
      'all',
      [
        { userid: 1, status: flowStatus.transfer },
        { userid: 3, status: open },
      ],
      3,
      true,
    ],
    ['all: a single approver', 'all', [{ userid: 1, status: open }], 1, true],
  ];
  it.each(cases)('%s', (_n, mode, tasks, actor, want) => {
    expect(stepDoneAfterPass(mode, tasks, actor)).toBe(want);
  });
});

describe('delegateOf (FlowAuthorization: delegate while away)', () => {
  const d = (x: Partial<Delegation>): Delegation => ({ from: 1, to: 2, entity: '', start: 100, end: 200, revoked: false, ...x });
  const cases: [string, Delegation[], number, string, { userid: number; via: number | null }][] = [
    ['active for every ledger', [d({})], 150, 'Permit', { userid: 2, via: 1 }],
    ['before it starts', [d({})], 99, 'Permit', { userid: 1, via: null }],
    ['at its end it is over', [d({})], 200, 'Permit', { userid: 1, via: null }],
    ['revoked', [d({ revoked: true })], 150, 'Permit', { userid: 1, via: null }],
    ['for another ledger', [d({ entity: 'Visitor' })], 150, 'Permit', { userid: 1, via: null }],
    ['for this ledger', [d({ entity: 'Permit' })], 150, 'Permit', { userid: 2, via: 1 }],
    ['not followed in a chain', [d({}), d({ from: 2, to: 3 })], 150, 'Permit', { userid: 2, via: 1 }],
  ];
  it.each(cases)('%s', (_n, list, now, entity, want) => {
    expect(delegateOf(1, entity, list, now)).toEqual(want);
  });
});

describe('stepOverdue (escalation when a step waits longer than its limit)', () => {
  const h = 3_600_000;
  const cases: [string, number | undefined, number, boolean][] = [
    ['no limit', undefined, 100 * h, false],
    ['within the limit', 2, 2 * h - 1, false],
    ['at the limit', 2, 2 * h, true],
    ['zero limit means none', 0, 100 * h, false],
  ];
  it.each(cases)('%s', (_n, limit, elapsed, want) => {
    expect(stepOverdue(1000, limit, 1000 + elapsed)).toBe(want);
  });
});

describe('flow statuses (seed 2 §4)', () => {
  it("are the seed's seven, codes unique", () => {
    expect(flowTaskStatuses.map((s) => s.key)).toEqual([
      'pass',
      'toProcess',
      'signedToProcess',
      'reject',
      'pending',
      'unprocessed',
      'transfer',
    ]);
    expect(new Set(flowTaskStatuses.map((s) => s.code)).size).toBe(7);
  });
});
