import { describe, expect, it } from 'vitest';
import { createRecordEncoders, decodeRecord, encodeSampleBatch } from '../../../src/server/history/records.js';
import { appendAllOpen, appendOpen, newOpenSeries, openColumns } from '../../../src/server/history/series.js';

/*
 * The historian's memory of open windows (rows in one typed array per id) and
 * its journal encoding: what a query, a seal and a replay read back must be
 * exactly what arrived, sorted, with the last received value of a repeated time.
 */

const T0 = Date.UTC(2026, 10, 23, 8);

describe('open series', () => {
  it('keeps every item past the first doublings, sorted, the last received of a repeated time', () => {
    const s = newOpenSeries(2);
    const want = new Map<number, [number, number]>();
    // 1,000 items (the first room is 64), out of order, every seventh time sent twice with a new value.
    const times = Array.from({ length: 1000 }, (_, i) => T0 + ((i * 389) % 1000) * 1000);
    times.forEach((t, i) => {
      appendOpen(s, t, [[i * 0.5], [0]], 0);
      want.set(t, [i * 0.5, 0]);
      if (i % 7 === 0) {
        appendOpen(s, t, [[-i], [192]], 0);
        want.set(t, [-i, 192]);
      }
    });
    expect(s.sorted).toBe(false);
    const c = openColumns(s);
    const sorted = [...want.keys()].sort((a, b) => a - b);
    expect(Array.from(c.t)).toEqual(sorted);
    expect(Array.from(c.cols[0])).toEqual(sorted.map((t) => want.get(t)![0]));
    expect(Array.from(c.cols[1])).toEqual(sorted.map((t) => want.get(t)![1]));
    // Sorted in place: appending after the last time keeps it sorted.
    appendOpen(s, sorted.at(-1)! + 1000, [[1], [0]], 0);
    expect(s.sorted).toBe(true);
    expect(openColumns(s).n).toBe(sorted.length + 1);
  });

  it('appends a whole series after another (a window put back after a failed write): the later items win', () => {
    const taken = newOpenSeries(2);
    const since = newOpenSeries(2);
    for (let i = 0; i < 100; i++) {
      appendOpen(taken, T0 + i * 1000, [[i], [0]], 0);
    }
    for (let i = 50; i < 150; i++) {
      appendOpen(since, T0 + i * 1000, [[-i], [0]], 0);
    }
    appendAllOpen(taken, since);
    const c = openColumns(taken);
    expect(c.n).toBe(150);
    expect(Array.from(c.cols[0])).toEqual(Array.from({ length: 150 }, (_, i) => (i < 50 ? i : -i)));
  });
});

describe('journal records', () => {
  it('encode a batch with the ids of the previous one without indexing them again, and decode to the same batch', () => {
    const enc = createRecordEncoders();
    const tags = ['A.PT01', 'B.TT02', 'A.PT01', 'C.LT03'];
    const batch = (k: number) => ({ n: 4, tag: [...tags], t: tags.map((_, i) => T0 + k * 1000 + i), v: tags.map((_, i) => k * 10 + i + 0.25), q: [0, 0, 192, 0] });
    for (let k = 0; k < 3; k++) {
      const b = batch(k);
      const buf = enc.samples(b);
      // The same bytes as an encoder that has seen nothing before.
      expect(buf.equals(encodeSampleBatch(b))).toBe(true);
      const r = decodeRecord(buf);
      expect(r.type).toBe(1);
      if (r.type === 1) {
        expect(r.batch.tag).toEqual(tags);
        expect(Array.from(r.batch.t)).toEqual(b.t);
        expect(Array.from(r.batch.v)).toEqual(b.v);
        expect(Array.from(r.batch.q)).toEqual(b.q);
      }
    }
    // Other ids, or fewer of them, are indexed anew.
    const other = { n: 2, tag: ['C.LT03', 'D.FT04'], t: [T0, T0 + 1], v: [1, 2], q: new Uint8Array([0, 0]) };
    const r = decodeRecord(enc.samples(other));
    expect(r.type === 1 && r.batch.tag).toEqual(['C.LT03', 'D.FT04']);
  });
});
