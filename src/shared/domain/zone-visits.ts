import { haversineDistance, type LonLat } from './geometry.js';

/** A fix of a tag, as positioning stores it. */
export interface ZoneFix {
  t: number;
  lon: number;
  lat: number;
}

/** One stay of a tag inside a work zone: from its first fix inside to its last one. */
export interface ZoneVisit {
  tagId: string;
  /** 0 person, 1 vehicle. */
  kind: number;
  enter: number;
  leave: number;
  /** Fixes inside the zone during the stay. */
  fixes: number;
}

/**
 * Who was in a work zone and when (issue 25 §7, PersonnelLocationRecord): the
 * stays of each tag within `radiusM` of the zone's centre, from its fixes in
 * time order. A fix at exactly `radiusM` is inside (as the guardian rule
 * judges it). A stay ends at the tag's last fix inside before a fix outside,
 * or before a silence longer than `gapMs` (the tag is not known to have
 * stayed). Stays are listed by their start, then tag.
 */
export function zoneVisits(
  tracks: ReadonlyMap<string, readonly ZoneFix[]>,
  zone: { centre: LonLat; radiusM: number },
  opts: { gapMs: number; kindOf?: (tagId: string) => number },
): ZoneVisit[] {
  const out: ZoneVisit[] = [];
  for (const [tagId, fixes] of tracks) {
    const kind = opts.kindOf?.(tagId) ?? 0;
    let open: ZoneVisit | null = null;
    const sorted = [...fixes].sort((a, b) => a.t - b.t);
    for (const f of sorted) {
      const inside = haversineDistance([f.lon, f.lat], zone.centre) <= zone.radiusM;
      if (open && (!inside || f.t - open.leave > opts.gapMs)) {
        out.push(open);
        open = null;
      }
      if (inside) {
        if (open) {
          open.leave = f.t;
          open.fixes++;
        } else {
          open = { tagId, kind, enter: f.t, leave: f.t, fixes: 1 };
        }
      }
    }
    if (open) {
      out.push(open);
    }
  }
  return out.sort((a, b) => a.enter - b.enter || a.tagId.localeCompare(b.tagId));
}
