/*
 * Journal record payloads: one batch of samples or positions as columns.
 * [type u8][n u32][dictionary bytes u32][dictionary JSON][ids u32 × n][columns].
 */

export const REC_SAMPLES = 1;
export const REC_POSITIONS = 2;

export interface SampleBatch {
  n: number;
  tag: readonly string[];
  t: ArrayLike<number>;
  v: ArrayLike<number>;
  q: ArrayLike<number>;
}

export interface PositionBatch {
  n: number;
  id: readonly string[];
  t: ArrayLike<number>;
  lon: ArrayLike<number>;
  lat: ArrayLike<number>;
  floor: ArrayLike<number>;
  kind: ArrayLike<number>;
}

function encode(type: number, n: number, ids: readonly string[], f64: ArrayLike<number>[], u8: ArrayLike<number>): Buffer {
  const dict: string[] = [];
  const index = new Map<string, number>();
  const idx = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    let k = index.get(ids[i]);
    if (k === undefined) {
      k = dict.length;
      dict.push(ids[i]);
      index.set(ids[i], k);
    }
    idx[i] = k;
  }
  const d = Buffer.from(JSON.stringify(dict), 'utf8');
  const head = Buffer.allocUnsafe(9);
  head.writeUInt8(type, 0);
  head.writeUInt32LE(n, 1);
  head.writeUInt32LE(d.length, 5);
  const parts: Buffer[] = [head, d, Buffer.from(idx.buffer, idx.byteOffset, n * 4)];
  for (const col of f64) {
    const a = col instanceof Float64Array ? col.subarray(0, n) : Float64Array.from({ length: n }, (_, i) => col[i]);
    parts.push(Buffer.from(a.buffer, a.byteOffset, n * 8));
  }
  const q = u8 instanceof Uint8Array ? u8.subarray(0, n) : Uint8Array.from({ length: n }, (_, i) => u8[i]);
  parts.push(Buffer.from(q.buffer, q.byteOffset, n));
  return Buffer.concat(parts);
}

export function encodeSampleBatch(b: SampleBatch): Buffer {
  return encode(REC_SAMPLES, b.n, b.tag, [b.t, b.v], b.q);
}

export function encodePositionBatch(b: PositionBatch): Buffer {
  return encode(REC_POSITIONS, b.n, b.id, [b.t, b.lon, b.lat, b.floor], b.kind);
}

/** Copies `bytes` from `buf` at `pos` into a fresh, aligned buffer. */
function copy(buf: Buffer, pos: number, bytes: number): ArrayBuffer {
  if (pos + bytes > buf.length) {
    throw new Error('journal record: truncated');
  }
  const out = new Uint8Array(bytes);
  out.set(buf.subarray(pos, pos + bytes));
  return out.buffer;
}

export function decodeRecord(buf: Buffer): { type: 1; batch: SampleBatch } | { type: 2; batch: PositionBatch } {
  const type = buf.readUInt8(0);
  const n = buf.readUInt32LE(1);
  const dl = buf.readUInt32LE(5);
  let pos = 9;
  const dict = JSON.parse(buf.toString('utf8', pos, pos + dl)) as string[];
  pos += dl;
  const idx = new Uint32Array(copy(buf, pos, n * 4));
  pos += n * 4;
  const ids = Array.from(idx, (k) => dict[k]);
  const cols = (type === REC_SAMPLES ? [0, 1] : [0, 1, 2, 3]).map(() => {
    const a = new Float64Array(copy(buf, pos, n * 8));
    pos += n * 8;
    return a;
  });
  const u8 = new Uint8Array(copy(buf, pos, n));
  if (type === REC_SAMPLES) {
    return { type: 1, batch: { n, tag: ids, t: cols[0], v: cols[1], q: u8 } };
  }
  if (type === REC_POSITIONS) {
    return { type: 2, batch: { n, id: ids, t: cols[0], lon: cols[1], lat: cols[2], floor: cols[3], kind: u8 } };
  }
  throw new Error(`journal record: unknown type ${type}`);
}
