import type { AlarmItem } from '../../../shared/alarms/contracts';
import type { ReplayTrack } from '../../../shared/positioning/contracts';
import type { MarkerCollection, MarkerFeature } from './marker-buffer';
import { interpolate } from './playback';

/** Whether an alarm was active at `t` (raised, not yet back to normal). */
export const activeAt = (a: AlarmItem, t: number): boolean => a.activatedAt <= t && t < (a.returnedAt ?? a.closedAt ?? Infinity);

/**
 * Everyone's replayed positions at a playhead: each card is drawn from its first
 * to its last fix of the window, between fixes linearly; its colour by category,
 * red while one of its alarms was active. One reused collection, as on the live map.
 */
export class ReplayFrames {
  private readonly features: MarkerFeature[];
  private readonly collection: MarkerCollection = { type: 'FeatureCollection', features: [] };

  constructor(
    private readonly tracks: readonly ReplayTrack[],
    categoryOf: (id: string, kind: 0 | 1) => number,
  ) {
    this.features = tracks.map((tr, i) => ({
      type: 'Feature',
      id: i,
      geometry: { type: 'Point', coordinates: [0, 0] },
      properties: { id: tr.tagId, c: categoryOf(tr.tagId, tr.kind === 1 ? 1 : 0), a: 0, s: 0, sel: 0 },
    }));
  }

  /** The markers at time `t`; `alarmedAt(card)` says whether the card had an active alarm then. */
  fill(t: number, alarmed: ReadonlySet<string>, selected: string | null = null): MarkerCollection {
    const out = this.collection.features;
    out.length = 0;
    this.tracks.forEach((tr, i) => {
      const n = tr.t.length;
      if (n === 0 || t < tr.t[0] || t > tr.t[n - 1]) {
        return;
      }
      const p = interpolate(
        n,
        (k) => tr.t[k],
        (k) => tr.lon[k],
        (k) => tr.lat[k],
        t,
      );
      if (!p) {
        return;
      }
      const f = this.features[i];
      f.geometry.coordinates[0] = p[0];
      f.geometry.coordinates[1] = p[1];
      f.properties.a = alarmed.has(tr.tagId) ? 1 : 0;
      f.properties.sel = tr.tagId === selected ? 1 : 0;
      out.push(f);
    });
    return this.collection;
  }
}
