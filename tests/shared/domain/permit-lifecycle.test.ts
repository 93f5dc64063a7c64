import { describe, expect, it } from 'vitest';
import { certificateRules, certificateVerdict, nextStatus, permitActions, permitStatuses, type PermitAction, type PermitStatus } from '../../../src/shared/domain/permit-lifecycle.js';

/*
 * The life of a safe-work permit (GB 30871-2022 §4, Annex A; seed 2 §4):
 * drafts, rejection back to the applicant, voiding (作废) before work starts.
 */

const DAY = 24 * 3600_000;

describe('permit transitions (GB 30871-2022 §4, seed 2 §4)', () => {
  // [from, action, to | null]: null is refused.
  const table: [PermitStatus, PermitAction, PermitStatus | null][] = [
    ['draft', 'saveDraft', 'draft'],
    ['draft', 'apply', 'signing'],
    ['draft', 'sign', null],
    ['draft', 'start', null],
    ['draft', 'reject', null],
    ['draft', 'void', 'voided'],
    // seed 2 §4 驳回: back to the applicant, who edits and applies again.
    ['signing', 'reject', 'rejected'],
    ['signing', 'saveDraft', null],
    ['signing', 'apply', null],
    ['signing', 'sign', 'signing'],
    ['signing', 'lastSign', 'approved'],
    ['signing', 'start', null],
    ['rejected', 'saveDraft', 'rejected'],
    ['rejected', 'apply', 'signing'],
    ['rejected', 'sign', null],
    ['rejected', 'reject', null],
    ['rejected', 'void', 'voided'],
    // 作废 before the work starts only.
    ['signing', 'void', 'voided'],
    ['approved', 'void', 'voided'],
    ['active', 'void', null],
    ['suspended', 'void', null],
    ['completed', 'void', null],
    ['closed', 'void', null],
    ['voided', 'void', null],
    ['voided', 'apply', null],
    ['voided', 'saveDraft', null],
    ['approved', 'start', 'active'],
    ['approved', 'reject', null],
    ['active', 'suspend', 'suspended'],
    ['suspended', 'resume', 'active'],
    ['active', 'complete', 'completed'],
    ['suspended', 'complete', 'completed'],
    ['completed', 'accept', 'closed'],
    ['closed', 'apply', null],
  ];
  it.each(table)('%s --%s--> %s', (from, action, to) => {
    expect(nextStatus(from, action)).toBe(to);
  });

  it('nothing leaves a final status', () => {
    for (const from of ['closed', 'cancelled', 'voided'] as const) {
      expect(permitActions.map((a) => nextStatus(from, a)).filter((x) => x !== null)).toEqual([]);
    }
  });

  it('an unknown status moves nowhere', () => {
    expect(nextStatus('bogus', 'apply')).toBeNull();
    expect(permitStatuses).toContain('draft');
  });
});

describe('certificates of special-operation workers (GB 30871-2022 §4.4)', () => {
  const at = Date.UTC(2026, 10, 26, 4);
  const today = Date.UTC(2026, 10, 26) - 8 * 3600_000;
  const cases: [string, Parameters<typeof certificateVerdict>[0], { kind: string; expiry: number }[], ReturnType<typeof certificateVerdict>['ok'], string?][] = [
    ['a welder with no certificate', 'welder', [], false, 'missing'],
    ['a welder with only an electrician certificate', 'welder', [{ kind: 'electrician', expiry: at + DAY }], false, 'missing'],
    ['a welder with a special-operation certificate valid tomorrow', 'welder', [{ kind: 'special-operation', expiry: at + DAY }], true],
    ['a welder whose certificate expires today (valid through the day)', 'welder', [{ kind: 'hot-work', expiry: today }], true],
    ['a welder whose certificate expired yesterday', 'welder', [{ kind: 'hot-work', expiry: today - DAY }], false, 'expired'],
    ['an expired and a renewed certificate: the latest counts', 'electrician', [{ kind: 'electrician', expiry: at - 10 * DAY }, { kind: 'electrician', expiry: at + 300 * DAY }], true],
    ['a lifting operator with a lifting certificate', 'liftingOperator', [{ kind: 'lifting', expiry: at + DAY }], true],
    ['a scaffolder with a work-at-height certificate expired', 'scaffolder', [{ kind: 'work-at-height', expiry: at - 2 * DAY }], false, 'expired'],
    ['a confined-space guardian untrained', 'confinedGuardian', [{ kind: 'hot-work', expiry: at + DAY }], false, 'missing'],
  ];
  it.each(cases)('%s', (_name, role, held, ok, reason) => {
    const v = certificateVerdict(role, held, at);
    expect(v.ok).toBe(ok);
    if (!v.ok) {
      expect(v.reason).toBe(reason);
    }
  });

  it('every role names the permit types and the clause', () => {
    for (const rule of Object.values(certificateRules)) {
      expect(rule.types.length).toBeGreaterThan(0);
      expect(rule.clause).toMatch(/GB 30871-2022/);
    }
  });
});
