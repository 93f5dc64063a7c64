import { decodePositions, decodeSamples } from '../../src/server/history/codec.js';
import type { PlantwatchServer } from '../../src/server/server.js';

/** Every stored sample, in the shape of the former `sample` rows, ordered by time then tag (seals open windows first). */
export async function storedSamples(server: PlantwatchServer): Promise<{ tag_id: string; t: number; v: number; q: number }[]> {
  await server.stream.history.sealAll();
  const out: { tag_id: string; t: number; v: number; q: number }[] = [];
  for (const row of await server.store.db.selectFrom('sample_chunk').select(['tag_id', 'data']).execute()) {
    const d = decodeSamples(row.data);
    for (let i = 0; i < d.n; i++) {
      out.push({ tag_id: row.tag_id, t: d.t[i], v: d.v[i], q: d.q[i] });
    }
  }
  return out.sort((a, b) => a.t - b.t || (a.tag_id < b.tag_id ? -1 : a.tag_id > b.tag_id ? 1 : 0));
}

/** Every stored fix, in the shape of the former `position` rows, ordered by target then time. */
export async function storedPositions(
  server: PlantwatchServer,
): Promise<{ target_id: string; t: number; lon: number; lat: number; floor: number | null; kind: number }[]> {
  await server.stream.history.sealAll();
  const out: { target_id: string; t: number; lon: number; lat: number; floor: number | null; kind: number }[] = [];
  for (const row of await server.store.db.selectFrom('position_chunk').select(['target_id', 'data']).execute()) {
    const d = decodePositions(row.data);
    for (let i = 0; i < d.n; i++) {
      out.push({ target_id: row.target_id, t: d.t[i], lon: d.lon[i], lat: d.lat[i], floor: Number.isNaN(d.floor[i]) ? null : d.floor[i], kind: d.kind[i] });
    }
  }
  return out.sort((a, b) => (a.target_id < b.target_id ? -1 : a.target_id > b.target_id ? 1 : a.t - b.t));
}
