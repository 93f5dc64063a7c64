import type { Kysely } from 'kysely';
import { boundsCentre } from '../../../../src/shared/domain/geometry.js';
import type { TestServer } from '../../../helpers/server.js';
import { orgPort } from '../../../../src/server/modules/org/port.js';

/** The middle of a demo region's drawn polygon (the demo's regions are rectangles). */
export async function centreOf(t: TestServer, code: string): Promise<[number, number]> {
  const f = (await t.server.port(orgPort).regionShapes()).find((s) => s.properties.regioncode === code);
  if (!f) {
    throw new Error(`demo region ${code} has no polygon`);
  }
  return boundsCentre(f.geometry);
}

/** Cards of the people who carry an SOS button: those with a `person.<card>.sos` tag. */
export async function sosCards(t: TestServer): Promise<string[]> {
  const db = t.server.store.db as unknown as Kysely<{ tag: { id: string } }>;
  const rows = await db.selectFrom('tag').select('id').where('id', 'like', 'person.%.sos').orderBy('id').execute();
  return rows.map((r) => r.id.slice('person.'.length, -'.sos'.length));
}
