import { describe, expect, it } from 'vitest';
import { keyProcesses } from '../../../src/shared/domain/key-processes.js';

/* The 18 hazardous chemical processes under key supervision: 安监总管三〔2009〕116号 (15) and 〔2013〕3号 (3). */
describe('key-supervised hazardous chemical processes', () => {
  it('are 18: 15 of the first batch and 3 of the second, in the documents’ order', () => {
    expect(keyProcesses).toHaveLength(18);
    expect(keyProcesses.filter((p) => p.batch === 1)).toHaveLength(15);
    expect(keyProcesses.filter((p) => p.batch === 2).map((p) => p.name.zh)).toEqual(['新型煤化工工艺', '电石生产工艺', '偶氮化工艺']);
    expect(keyProcesses.map((p) => p.seq)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
  });
  it.each([
    [1, '光气及光气化工艺'],
    [2, '电解工艺（氯碱）'],
    [4, '硝化工艺'],
    [5, '合成氨工艺'],
    [8, '加氢工艺'],
    [15, '烷基化工艺'],
  ])('no. %i is %s', (seq, zh) => expect(keyProcesses.find((p) => p.seq === seq)?.name.zh).toBe(zh));
  it('codes are unique and every process names its key parameters', () => {
    expect(new Set(keyProcesses.map((p) => p.code)).size).toBe(18);
    expect(keyProcesses.every((p) => p.keyParameters.length > 10 && p.name.en !== '')).toBe(true);
  });
});
