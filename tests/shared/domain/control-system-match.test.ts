import { describe, expect, it } from 'vitest';
import { controlSystemMatcher } from '../../../src/shared/domain/control-system-match.js';

describe('controlSystemMatcher', () => {
  const systemOf = controlSystemMatcher([
    { id: 1, tagPatterns: ['TF-', 'PU-'] },
    { id: 2, tagPatterns: ['*.GD-'] },
    { id: 3, tagPatterns: ['LS.', '*', ''] },
  ]);

  it('matches prefixes; the longest matching pattern wins', () => {
    expect(systemOf('TF-A.TK-101.LT')).toBe(1);
    expect(systemOf('PU-1.R-101.TT')).toBe(1);
    expect(systemOf('TF-A.GD-TFA-01.AT')).toBe(2);
    expect(systemOf('LS.LB-01.FT')).toBe(3);
    expect(systemOf('LS.GD-LS-01.AT')).toBe(2);
  });

  it('treats dots literally, ignores empty and bare-star patterns, answers null for an unowned tag', () => {
    expect(systemOf('LSX.A')).toBeNull();
    expect(systemOf('XTF-A.TK-1')).toBeNull();
    expect(systemOf('OF.CAM-1')).toBeNull();
  });
});
