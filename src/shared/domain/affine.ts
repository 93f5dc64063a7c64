/**
 * Placing a scanned or drawn site plan on the map: an affine transform from image
 * pixels to ground, fitted to control points (pixel ↔ lon/lat) by least squares.
 * The fit is done in local metres (x east, y north) around the first point's
 * lon/lat, so residuals come out in metres; a plant is small enough for that
 * plane (see geometry.ts).
 */
import { type LonLat, lonLatToOffset, offsetToLonLat } from './geometry.js';

export interface ControlPointPair {
  /** Image pixel: x right, y down from the top-left corner. */
  px: number;
  py: number;
  lon: number;
  lat: number;
}

/** x = a·px + b·py + c, y = d·px + e·py + f, in metres from `origin`. */
export interface AffineFit {
  origin: LonLat;
  coef: [number, number, number, number, number, number];
  /** Distance from each control point to where the fit puts its pixel, metres. */
  residualsM: number[];
  /** Root mean square of the residuals, metres. With exactly three points it is 0. */
  rmsM: number;
}

/** Solves the 3×3 system m·x = v by Cramer's rule; null when singular. */
function solve3(m: number[][], v: number[]): [number, number, number] | null {
  const det = (a: number[][]) =>
    a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
  const d = det(m);
  const scale = Math.max(...m.flat().map(Math.abs), 1);
  if (Math.abs(d) <= 1e-12 * scale ** 3) {
    return null;
  }
  const col = (k: number) => det(m.map((row, i) => row.map((x, j) => (j === k ? v[i] : x))));
  return [col(0) / d, col(1) / d, col(2) / d];
}

/** Twice the largest triangle area among the points, relative to their spread: ~0 when they lie in a line. */
function spread(points: readonly (readonly [number, number])[]): number {
  let best = 0;
  let diag = 0;
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      diag = Math.max(diag, Math.hypot(points[j][0] - points[i][0], points[j][1] - points[i][1]));
      for (let k = j + 1; k < points.length; k++) {
        const [a, b, c] = [points[i], points[j], points[k]];
        best = Math.max(best, Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])));
      }
    }
  }
  return diag === 0 ? 0 : best / (diag * diag);
}

/**
 * Least-squares affine fit of pixels to ground. Needs at least three points that do
 * not lie in a line, both in the image and on the ground; returns null otherwise.
 */
export function fitAffine(points: readonly ControlPointPair[]): AffineFit | null {
  if (points.length < 3) {
    return null;
  }
  const origin: LonLat = [points[0].lon, points[0].lat];
  const ground = points.map((p) => lonLatToOffset(origin, [p.lon, p.lat]));
  const pixels = points.map((p): [number, number] => [p.px, p.py]);
  // A thin sliver of a triangle would fit, but any error in a point would throw the plan far off.
  if (spread(pixels) < 1e-3 || spread(ground) < 1e-3) {
    return null;
  }
  // Normal equations AᵀA·c = Aᵀb with rows [px, py, 1].
  const ata = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const atx = [0, 0, 0];
  const aty = [0, 0, 0];
  points.forEach((p, i) => {
    const row = [p.px, p.py, 1];
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        ata[r][c] += row[r] * row[c];
      }
      atx[r] += row[r] * ground[i][0];
      aty[r] += row[r] * ground[i][1];
    }
  });
  const cx = solve3(ata, atx);
  const cy = solve3(ata, aty);
  if (!cx || !cy) {
    return null;
  }
  const coef: AffineFit['coef'] = [cx[0], cx[1], cx[2], cy[0], cy[1], cy[2]];
  const residualsM = points.map((p, i) => {
    const x = coef[0] * p.px + coef[1] * p.py + coef[2];
    const y = coef[3] * p.px + coef[4] * p.py + coef[5];
    return Math.hypot(x - ground[i][0], y - ground[i][1]);
  });
  const rmsM = Math.sqrt(residualsM.reduce((s, r) => s + r * r, 0) / residualsM.length);
  return { origin, coef, residualsM, rmsM };
}

/** Where the fit puts an image pixel, [lon, lat]. */
export function applyAffine(fit: AffineFit, px: number, py: number): [number, number] {
  const [a, b, c, d, e, f] = fit.coef;
  return offsetToLonLat(fit.origin, a * px + b * py + c, d * px + e * py + f);
}

/** The image's corners on the ground: top-left, top-right, bottom-right, bottom-left (MapLibre image source order). */
export function imageCorners(fit: AffineFit, width: number, height: number): [LonLat, LonLat, LonLat, LonLat] {
  return [applyAffine(fit, 0, 0), applyAffine(fit, width, 0), applyAffine(fit, width, height), applyAffine(fit, 0, height)];
}
