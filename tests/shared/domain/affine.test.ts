import { describe, expect, it } from 'vitest';
import { applyAffine, fitAffine, imageCorners } from '../../../src/shared/domain/affine';
import { haversineDistance, lonLatToOffset, offsetToLonLat } from '../../../src/shared/domain/geometry';

const ORIGIN = [118.8, 32.05] as const;
/** A plan drawn at 0.5 m per pixel, rotated 30° and offset: the ground position of a pixel. */
function truth(px: number, py: number): [number, number] {
  const s = 0.5;
  const th = (30 * Math.PI) / 180;
  const x = s * (Math.cos(th) * px + Math.sin(th) * py) + 40;
  const y = s * (Math.sin(th) * px - Math.cos(th) * py) + 900;
  return offsetToLonLat(ORIGIN, x, y);
}
const at = (px: number, py: number) => {
  const [lon, lat] = truth(px, py);
  return { px, py, lon, lat };
};

describe('fitAffine', () => {
  it('recovers the transform exactly from three points, with zero residual', () => {
    const fit = fitAffine([at(0, 0), at(2000, 100), at(300, 1500)])!;
    expect(fit).not.toBeNull();
    expect(fit.rmsM).toBeLessThan(1e-6);
    // Any other pixel lands where the truth puts it, within a centimetre.
    expect(haversineDistance(applyAffine(fit, 1234, 987), truth(1234, 987))).toBeLessThan(0.01);
    const corners = imageCorners(fit, 2000, 1500);
    expect(haversineDistance(corners[2], truth(2000, 1500))).toBeLessThan(0.01);
  });

  it('reports the residual in metres when a fourth point disagrees', () => {
    const good = [at(0, 0), at(2000, 100), at(300, 1500), at(1800, 1400)];
    // Move the fourth point 8 m east on the ground.
    const [x, y] = lonLatToOffset(ORIGIN, [good[3].lon, good[3].lat]);
    const [lon, lat] = offsetToLonLat(ORIGIN, x + 8, y);
    const fit = fitAffine([...good.slice(0, 3), { px: 1800, py: 1400, lon, lat }])!;
    expect(fit.rmsM).toBeGreaterThan(1);
    expect(fit.rmsM).toBeLessThan(8);
    expect(Math.max(...fit.residualsM)).toBeGreaterThan(2);
  });

  it('refuses points in a line and too few points', () => {
    expect(fitAffine([at(0, 0), at(100, 100), at(200, 200)])).toBeNull();
    expect(fitAffine([at(0, 0), at(100, 100)])).toBeNull();
    // In a line on the ground though not in the image.
    const line = [0, 1, 2].map((i) => ({ px: [0, 1000, 0][i], py: [0, 0, 1000][i], lon: ORIGIN[0] + i * 0.001, lat: ORIGIN[1] + i * 0.001 }));
    expect(fitAffine(line)).toBeNull();
  });
});
