import { MAX_EPOCH_MS, MIN_EPOCH_MS } from '../../shared/contracts/stream.js';
import { MAX_TAG_ID_LENGTH } from '../../shared/contracts/channel.js';

/*
 * Hand-written checks equal to the zod schemas `sampleItem` and `positionItem`
 * in contracts/stream.ts. zod stays the documentation and the contract; these run
 * on the hot path (tens of thousands of items per second), where zod's issue
 * objects and copies cost more than the rest of ingestion. A test feeds both the
 * same good and bad items and requires the same verdicts.
 * Each returns null for a good item, else the reason in the words a device
 * integrator needs.
 */

const T_REASON = `t: expected integer epoch milliseconds between ${MIN_EPOCH_MS} (2000-01-01) and ${MAX_EPOCH_MS} (2100-01-01)`;

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function idReason(field: string, id: unknown): string | null {
  if (typeof id !== 'string') {
    return `${field}: expected a string`;
  }
  if (id.length === 0 || id.length > MAX_TAG_ID_LENGTH) {
    return `${field}: expected 1–${MAX_TAG_ID_LENGTH} characters`;
  }
  return null;
}

function timeReason(t: unknown): string | null {
  if (typeof t !== 'number' || !Number.isInteger(t) || t < MIN_EPOCH_MS || t > MAX_EPOCH_MS) {
    return T_REASON;
  }
  return null;
}

/** Quality of a good sample item: q omitted means good (0). */
export function sampleQuality(item: Record<string, unknown>): number {
  const q = item.q;
  return q === undefined ? 0 : (q as number);
}

export function checkSample(x: unknown): string | null {
  if (!isPlainObject(x)) {
    return 'expected an object {tag, t, v, q}';
  }
  const r = idReason('tag', x.tag) ?? timeReason(x.t);
  if (r !== null) {
    return r;
  }
  const v = x.v;
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    return 'v: expected a finite number';
  }
  const q = x.q;
  if (q !== undefined && q !== 0 && q !== 1 && q !== 2) {
    return 'q: expected 0 (good), 1 (uncertain) or 2 (bad)';
  }
  return null;
}

export function checkPosition(x: unknown): string | null {
  if (!isPlainObject(x)) {
    return 'expected an object {tagId, t, lon, lat, floor?, kind}';
  }
  const r = idReason('tagId', x.tagId) ?? timeReason(x.t);
  if (r !== null) {
    return r;
  }
  const lon = x.lon;
  if (typeof lon !== 'number' || !Number.isFinite(lon) || lon < -180 || lon > 180) {
    return 'lon: expected a number between -180 and 180';
  }
  const lat = x.lat;
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) {
    return 'lat: expected a number between -90 and 90';
  }
  const floor = x.floor;
  if (floor !== undefined && floor !== null && (typeof floor !== 'number' || !Number.isInteger(floor) || floor < -100 || floor > 300)) {
    return 'floor: expected an integer between -100 and 300, or null';
  }
  const kind = x.kind;
  if (kind !== 'person' && kind !== 'vehicle') {
    return "kind: expected 'person' or 'vehicle'";
  }
  return null;
}
