import { boundsCentre } from '../../../../src/shared/domain/geometry.js';
import type { TestServer } from '../../../helpers/server.js';

/** The middle of a demo region's drawn polygon (the demo's regions are rectangles). */
export async function centreOf(t: TestServer, code: string): Promise<[number, number]> {
  const f = (await t.server.services.org.regionShapes()).find((s) => s.properties.regioncode === code);
  if (!f) {
    throw new Error(`demo region ${code} has no polygon`);
  }
  return boundsCentre(f.geometry);
}
