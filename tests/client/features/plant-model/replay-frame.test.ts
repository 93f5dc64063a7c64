import { describe, expect, it } from 'vitest';
import { alarmsAt, lastAtOrBefore, levelsAt, positionsAt } from '../../../../src/client/features/plant-model/replay-frame.js';
import { buildAlarmItem } from '../../../helpers/factories.js';

/* What the 3D view's time slider shows at a moment, from the history calls' answers (issue 23 item 2, time slider). */
describe('3D replay: the moment from history', () => {
  const bucket = (t: number, last: number) => ({ t, min: last, max: last, avg: last, last, n: 1 });

  it.each([
    [[10, 20, 30], 5, -1],
    [[10, 20, 30], 10, 0],
    [[10, 20, 30], 25, 1],
    [[10, 20, 30], 99, 2],
    [[], 5, -1],
  ])('the last of %j at or before %d is index %d', (ts, t, i) => {
    expect(lastAtOrBefore(ts, t)).toBe(i);
  });

  it('a level is the latest sample of the last bucket begun by the moment; a tag without one yet is left out', () => {
    const levels = new Map([
      ['A.LT', [bucket(1000, 3), bucket(2000, 4), bucket(3000, 5)]],
      ['B.LT', [bucket(2500, 9)]],
    ]);
    expect(levelsAt({ levels }, 2400)).toEqual([{ tag: 'A.LT', v: 4, q: 0 }]);
    expect(levelsAt({ levels }, 3000)).toEqual([
      { tag: 'A.LT', v: 5, q: 0 },
      { tag: 'B.LT', v: 9, q: 0 },
    ]);
  });

  it('people are at their last fix by the moment; a card silent longer than the limit, or not yet seen, is not drawn', () => {
    const tracks = [
      { tagId: 'P1', kind: 0, t: [1000, 6000], lon: [118.1, 118.2], lat: [32.1, 32.2] },
      { tagId: 'V1', kind: 1, t: [5000], lon: [118.3], lat: [32.3] },
    ];
    expect(positionsAt({ tracks, maxFixAgeMs: 4000 }, 4000)).toEqual([['P1', 1000, 118.1, 32.1, null, 0]]);
    expect(positionsAt({ tracks, maxFixAgeMs: 4000 }, 7000)).toEqual([
      ['P1', 6000, 118.2, 32.2, null, 0],
      ['V1', 5000, 118.3, 32.3, null, 1],
    ]);
    expect(positionsAt({ tracks, maxFixAgeMs: 4000 }, 9500)).toEqual([['P1', 6000, 118.2, 32.2, null, 0]]);
  });

  it('an alarm is open from activation until closed, blinking until acknowledged; the most urgent of a tag wins', () => {
    const alarms = [
      buildAlarmItem({ id: 1, source: 'A.LT', priority: 3, activatedAt: 1000, ackedAt: 2000, closedAt: 5000 }),
      buildAlarmItem({ id: 2, source: 'A.LT', priority: 1, activatedAt: 3000, ackedAt: null, closedAt: null }),
    ];
    expect(alarmsAt({ alarms }, 500).size).toBe(0);
    expect(alarmsAt({ alarms }, 1500).get('A.LT')).toEqual({ priority: 3, unack: true });
    expect(alarmsAt({ alarms }, 2500).get('A.LT')).toEqual({ priority: 3, unack: false });
    expect(alarmsAt({ alarms }, 4000).get('A.LT')).toEqual({ priority: 1, unack: true });
    expect(alarmsAt({ alarms: [alarms[0]] }, 5000).size).toBe(0);
  });
});
