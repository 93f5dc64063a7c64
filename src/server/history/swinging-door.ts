/*
 * Swinging-door compression (Bristol's swinging door trending, as industrial
 * historians such as AVEVA PI apply it with a per-tag compression deviation):
 * of a series, keep only the points from which straight lines between kept
 * points reproduce every dropped sample within the deviation.
 *
 * The doors hinge on the last kept value itself, not on the value ± the
 * deviation as in the textbook form: each sample after the hinge narrows the
 * range of slopes [lo, hi] a line from the hinge may have and still pass within
 * the deviation of it (the doors swing shut); a sample whose own slope from the
 * hinge leaves that range cannot end the line, so the sample before it is kept
 * and becomes the next hinge. The textbook form bounds the error by twice the
 * deviation; this one by the deviation, at every original sample.
 */

/** Relative slack for rounding, so that interpolating a kept line stays within the deviation in floating point too. */
const ROUNDING = 1e-12;

/**
 * Indices (ascending) of the points to keep of a series sorted by time with
 * unique times. Always keeps the first and last point; keeps a non-finite value
 * and its neighbours, and both sides of a quality change (`q`), since a line
 * cannot stand for those. A deviation of 0 or less (or not a number) keeps
 * everything: lossless.
 */
export function swingingDoor(t: ArrayLike<number>, v: ArrayLike<number>, deviation: number, q?: ArrayLike<number>, n = t.length): number[] {
  if (!(deviation > 0) || n <= 2) {
    return Array.from({ length: n }, (_, i) => i);
  }
  const keep = [0];
  /** The hinge: the last kept point. */
  let a = 0;
  let lo = -Infinity;
  let hi = Infinity;
  for (let j = 1; j < n; j++) {
    if (!Number.isFinite(v[j]) || !Number.isFinite(v[a]) || (q !== undefined && q[j] !== q[j - 1])) {
      if (keep[keep.length - 1] !== j - 1) {
        keep.push(j - 1);
      }
      keep.push(j);
      a = j;
      lo = -Infinity;
      hi = Infinity;
      continue;
    }
    const s = (v[j] - v[a]) / (t[j] - t[a]);
    if (!(s >= lo && s <= hi)) {
      // The line to j would miss a sample in between: the one before j ends this line (it did not miss any).
      keep.push(j - 1);
      a = j - 1;
      lo = -Infinity;
      hi = Infinity;
    }
    const dt = t[j] - t[a];
    const d = deviation - ROUNDING * (Math.abs(v[j]) + Math.abs(v[a]) + deviation);
    lo = Math.max(lo, (v[j] - d - v[a]) / dt);
    hi = Math.min(hi, (v[j] + d - v[a]) / dt);
  }
  if (keep[keep.length - 1] !== n - 1) {
    keep.push(n - 1);
  }
  return keep;
}

/** The value at `x` of the line through kept points (ta, va) and (tb, vb): what a trend draws between them. */
export function interpolate(ta: number, va: number, tb: number, vb: number, x: number): number {
  return tb === ta ? va : va + ((vb - va) * (x - ta)) / (tb - ta);
}
