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

/** The ids of a batch as a dictionary (JSON, UTF-8) and one index per item. */
interface IdIndex {
  ids: readonly string[];
  dict: Buffer;
  idx: Uint32Array;
}

function indexIds(ids: readonly string[], n: number): IdIndex {
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
  return { ids: ids.slice(0, n), dict: Buffer.from(JSON.stringify(dict), 'utf8'), idx };
}

const sameIds = (a: readonly string[], b: readonly string[], n: number) => {
  if (a.length !== n) {
    return false;
  }
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) {
      return false;
    }
  }
  return true;
};

/** The payload in one buffer (no concatenation of parts). */
function encode(type: number, n: number, ix: IdIndex, f64: ArrayLike<number>[], u8: ArrayLike<number>): Buffer {
  const out = Buffer.allocUnsafe(9 + ix.dict.length + n * 4 + f64.length * n * 8 + n);
  out.writeUInt8(type, 0);
  out.writeUInt32LE(n, 1);
  out.writeUInt32LE(ix.dict.length, 5);
  let pos = 9;
  pos += ix.dict.copy(out, pos);
  out.set(new Uint8Array(ix.idx.buffer, ix.idx.byteOffset, n * 4), pos);
  pos += n * 4;
  for (const col of f64) {
    if (col instanceof Float64Array) {
      out.set(new Uint8Array(col.buffer, col.byteOffset, n * 8), pos);
    } else {
      for (let i = 0; i < n; i++) {
        out.writeDoubleLE(col[i], pos + i * 8);
      }
    }
    pos += n * 8;
  }
  if (u8 instanceof Uint8Array) {
    out.set(u8.subarray(0, n), pos);
  } else {
    for (let i = 0; i < n; i++) {
      out[pos + i] = u8[i];
    }
  }
  return out;
}

export function encodeSampleBatch(b: SampleBatch): Buffer {
  return encode(REC_SAMPLES, b.n, indexIds(b.tag, b.n), [b.t, b.v], b.q);
}

export function encodePositionBatch(b: PositionBatch): Buffer {
  return encode(REC_POSITIONS, b.n, indexIds(b.id, b.n), [b.t, b.lon, b.lat, b.floor], b.kind);
}

/**
 * Encoders of the historian's journal appends. Each remembers the ids of the
 * last batch it encoded: a source that sends the same tags every tick (a
 * gateway, the simulator) has its ids indexed once, not once per batch.
 */
export function createRecordEncoders() {
  let sampleIds: IdIndex | null = null;
  let positionIds: IdIndex | null = null;
  return {
    samples(b: SampleBatch): Buffer {
      if (!sampleIds || !sameIds(sampleIds.ids, b.tag, b.n)) {
        sampleIds = indexIds(b.tag, b.n);
      }
      return encode(REC_SAMPLES, b.n, sampleIds, [b.t, b.v], b.q);
    },
    positions(b: PositionBatch): Buffer {
      if (!positionIds || !sameIds(positionIds.ids, b.id, b.n)) {
        positionIds = indexIds(b.id, b.n);
      }
      return encode(REC_POSITIONS, b.n, positionIds, [b.t, b.lon, b.lat, b.floor], b.kind);
    },
  };
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
