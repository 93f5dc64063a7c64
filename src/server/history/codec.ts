/*
 * Pure encoders of history chunks (no I/O). One chunk holds the samples of one
 * tag (or the fixes of one person or vehicle) over one time window:
 *
 * - times: first time, first delta, then delta-of-deltas as zigzag varints,
 *   a run of zero delta-of-deltas written as one token plus its length
 *   (regular 1 Hz data costs a few bytes per chunk);
 * - values: precision-scaled deltas when every value is a decimal of at most
 *   9 digits after the point (12.34 → 1234 at scale 2; deltas zigzag varints,
 *   runs of equal values as one token), otherwise Gorilla XOR of the IEEE 754
 *   bits (Facebook's Gorilla paper, section 4.1.2). Both are lossless: every
 *   double, -0, the largest finite values and NaN (positions without a floor)
 *   come back bit for bit equal (NaN as NaN);
 * - small integers (quality, kind): runs of (value, length).
 *
 * Chunk layout: version byte, kind byte ('S' samples, 'P' positions), count,
 * then the columns in order.
 */

const VERSION = 1;
const KIND_SAMPLES = 0x53;
const KIND_POSITIONS = 0x50;
const MODE_SCALED = 1;
const MODE_XOR = 2;
/** Scaled integers stay below 2^50 so that deltas and their zigzag stay exact doubles. */
const MAX_SCALED = 2 ** 50;
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9];

class Writer {
  buf: Uint8Array;
  pos = 0;
  constructor(size = 256) {
    this.buf = new Uint8Array(size);
  }
  private room(n: number): void {
    if (this.pos + n > this.buf.length) {
      const next = new Uint8Array(Math.max(this.buf.length * 2, this.pos + n));
      next.set(this.buf.subarray(0, this.pos));
      this.buf = next;
    }
  }
  byte(b: number): void {
    this.room(1);
    this.buf[this.pos++] = b;
  }
  /** Unsigned integer up to 2^53. */
  uvar(x: number): void {
    this.room(8);
    while (x >= 0x80) {
      this.buf[this.pos++] = (x % 0x80) | 0x80;
      x = Math.floor(x / 0x80);
    }
    this.buf[this.pos++] = x;
  }
  svar(x: number): void {
    this.uvar(x >= 0 ? x * 2 : -x * 2 - 1);
  }
  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }
  done(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}

class Reader {
  pos = 0;
  constructor(readonly buf: Uint8Array) {}
  byte(): number {
    if (this.pos >= this.buf.length) {
      throw new Error('history chunk: truncated');
    }
    return this.buf[this.pos++];
  }
  uvar(): number {
    let x = 0;
    let mul = 1;
    for (;;) {
      const b = this.byte();
      x += (b & 0x7f) * mul;
      if (b < 0x80) {
        return x;
      }
      mul *= 0x80;
    }
  }
  svar(): number {
    const z = this.uvar();
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }
}

/** Signed integers as zigzag varints, a run of zeros as one 0 token followed by its length - 1. */
function writeIntRuns(w: Writer, xs: ArrayLike<number>, from: number, n: number): void {
  let i = from;
  while (i < n) {
    const x = xs[i];
    if (x === 0) {
      let j = i + 1;
      while (j < n && xs[j] === 0) {
        j++;
      }
      w.uvar(0);
      w.uvar(j - i - 1);
      i = j;
    } else {
      w.svar(x);
      i++;
    }
  }
}

function readIntRuns(r: Reader, out: Float64Array, from: number, n: number): void {
  let i = from;
  while (i < n) {
    const z = r.uvar();
    if (z === 0) {
      const run = r.uvar() + 1;
      if (i + run > n) {
        throw new Error('history chunk: bad run');
      }
      out.fill(0, i, i + run);
      i += run;
    } else {
      out[i++] = z % 2 === 0 ? z / 2 : -(z + 1) / 2;
    }
  }
}

/** Integer epoch milliseconds, any order (chunks are written sorted, but the codec does not need it). */
function writeTimes(w: Writer, t: ArrayLike<number>, n: number): void {
  if (n === 0) {
    return;
  }
  w.svar(t[0]);
  if (n === 1) {
    return;
  }
  const dod = new Float64Array(n);
  dod[1] = t[1] - t[0];
  for (let i = 2; i < n; i++) {
    dod[i] = t[i] - t[i - 1] - (t[i - 1] - t[i - 2]);
  }
  writeIntRuns(w, dod, 1, n);
}

function readTimes(r: Reader, n: number, into?: Float64Array): Float64Array {
  const t = into ?? new Float64Array(n);
  if (n === 0) {
    return t;
  }
  t[0] = r.svar();
  if (n === 1) {
    return t;
  }
  readIntRuns(r, t, 1, n);
  // t now holds [t0, d1, dod2, dod3, ...]
  let delta = t[1];
  t[1] = t[0] + delta;
  for (let i = 2; i < n; i++) {
    delta += t[i];
    t[i] = t[i - 1] + delta;
  }
  return t;
}

/** The smallest decimal scale at which every value is an exact integer, or -1. */
export function decimalScale(v: ArrayLike<number>, n: number): number {
  let p = 0;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (!Number.isFinite(x) || Object.is(x, -0)) {
      return -1;
    }
    for (;;) {
      const s = Math.round(x * POW10[p]);
      if (Math.abs(s) < MAX_SCALED && s / POW10[p] === x) {
        break;
      }
      if (++p >= POW10.length) {
        return -1;
      }
    }
  }
  return p;
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
/** Index of the high word on this machine (little-endian everywhere Node runs, but do not assume). */
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LO = 1 - HI;

class BitWriter {
  private acc = 0;
  private nacc = 0;
  constructor(private readonly w: Writer) {}
  /** Up to 32 bits of x (unsigned), most significant first, filling the current byte a run at a time. */
  bits(x: number, n: number): void {
    while (n > 0) {
      const room = 8 - this.nacc;
      const take = n < room ? n : room;
      const part = (x >>> (n - take)) & ((1 << take) - 1);
      this.acc = (this.acc << take) | part;
      this.nacc += take;
      n -= take;
      if (this.nacc === 8) {
        this.w.byte(this.acc & 0xff);
        this.acc = 0;
        this.nacc = 0;
      }
    }
  }
  end(): void {
    if (this.nacc > 0) {
      this.w.byte((this.acc << (8 - this.nacc)) & 0xff);
      this.acc = 0;
      this.nacc = 0;
    }
  }
}

class BitReader {
  private cur = 0;
  private left = 0;
  constructor(private readonly r: Reader) {}
  /** Up to 32 bits, most significant first, taking whole runs of the current byte at a time. */
  bits(n: number): number {
    let x = 0;
    while (n > 0) {
      if (this.left === 0) {
        this.cur = this.r.byte();
        this.left = 8;
      }
      const take = n < this.left ? n : this.left;
      const shift = this.left - take;
      const part = (this.cur >>> shift) & ((1 << take) - 1);
      // x * 2^take + part, kept unsigned for n = 32.
      x = x * (1 << take) + part;
      this.left -= take;
      n -= take;
    }
    return x >>> 0;
  }
}

/** Bits [lsb, lsb + len) of the 64-bit value (hi, lo), as hi/lo pieces written most significant first. */
function writeBits64(bw: BitWriter, hi: number, lo: number, lsb: number, len: number): void {
  // Shift right by lsb.
  let h = hi;
  let l = lo;
  if (lsb >= 32) {
    l = h >>> (lsb - 32);
    h = 0;
  } else if (lsb > 0) {
    l = ((l >>> lsb) | (h << (32 - lsb))) >>> 0;
    h = h >>> lsb;
  }
  if (len > 32) {
    bw.bits(h, len - 32);
    bw.bits(l, 32);
  } else {
    bw.bits(l, len);
  }
}

function readBits64(br: BitReader, lsb: number, len: number): [number, number] {
  let h = 0;
  let l = 0;
  if (len > 32) {
    h = br.bits(len - 32);
    l = br.bits(32);
  } else {
    l = br.bits(len);
  }
  // Shift left by lsb.
  if (lsb >= 32) {
    h = (l << (lsb - 32)) >>> 0;
    l = 0;
  } else if (lsb > 0) {
    h = ((h << lsb) | (l >>> (32 - lsb))) >>> 0;
    l = (l << lsb) >>> 0;
  }
  return [h, l];
}

const clz64 = (h: number, l: number) => (h !== 0 ? Math.clz32(h) : 32 + Math.clz32(l));
const ctz32 = (x: number) => (x === 0 ? 32 : 31 - Math.clz32(x & -x));
const ctz64 = (h: number, l: number) => (l !== 0 ? ctz32(l) : 32 + ctz32(h));

function writeXor(w: Writer, v: ArrayLike<number>, n: number): void {
  const bw = new BitWriter(w);
  f64[0] = v[0];
  let ph = u32[HI];
  let pl = u32[LO];
  bw.bits(ph, 32);
  bw.bits(pl, 32);
  let lead = -1;
  let trail = 0;
  for (let i = 1; i < n; i++) {
    f64[0] = v[i];
    const h = u32[HI];
    const l = u32[LO];
    const xh = (h ^ ph) >>> 0;
    const xl = (l ^ pl) >>> 0;
    ph = h;
    pl = l;
    if (xh === 0 && xl === 0) {
      bw.bits(0, 1);
      continue;
    }
    const lz = Math.min(31, clz64(xh, xl));
    const tz = ctz64(xh, xl);
    if (lead >= 0 && lz >= lead && tz >= trail) {
      bw.bits(0b10, 2);
      writeBits64(bw, xh, xl, trail, 64 - lead - trail);
    } else {
      lead = lz;
      trail = tz;
      const len = 64 - lz - tz;
      bw.bits(0b11, 2);
      bw.bits(lz, 5);
      // 1..64 stored as 0..63.
      bw.bits(len - 1, 6);
      writeBits64(bw, xh, xl, tz, len);
    }
  }
  bw.end();
}

function readXor(r: Reader, out: Float64Array, n: number): void {
  const br = new BitReader(r);
  let ph = br.bits(32);
  let pl = br.bits(32);
  u32[HI] = ph;
  u32[LO] = pl;
  out[0] = f64[0];
  let lead = 0;
  let trail = 0;
  for (let i = 1; i < n; i++) {
    if (br.bits(1) === 1) {
      if (br.bits(1) === 1) {
        lead = br.bits(5);
        const len = br.bits(6) + 1;
        trail = 64 - lead - len;
      }
      const [xh, xl] = readBits64(br, trail, 64 - lead - trail);
      ph = (ph ^ xh) >>> 0;
      pl = (pl ^ xl) >>> 0;
    }
    u32[HI] = ph;
    u32[LO] = pl;
    out[i] = f64[0];
  }
}

/** A column of doubles: scaled decimal deltas when exact, else Gorilla XOR. */
function writeFloats(w: Writer, v: ArrayLike<number>, n: number): void {
  if (n === 0) {
    return;
  }
  let p = decimalScale(v, n);
  for (let i = 0; p >= 0 && i < n; i++) {
    const s = Math.round(v[i] * POW10[p]);
    if (!(Math.abs(s) < MAX_SCALED && s / POW10[p] === v[i])) {
      p = -1;
    }
  }
  if (p < 0) {
    w.byte(MODE_XOR);
    writeXor(w, v, n);
    return;
  }
  w.byte(MODE_SCALED);
  w.byte(p);
  const d = new Float64Array(n);
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const s = Math.round(v[i] * POW10[p]);
    d[i] = s - prev;
    prev = s;
  }
  writeIntRuns(w, d, 0, n);
}

function readFloats(r: Reader, n: number, into?: Float64Array): Float64Array {
  const out = into ?? new Float64Array(n);
  if (n === 0) {
    return out;
  }
  const mode = r.byte();
  if (mode === MODE_XOR) {
    readXor(r, out, n);
    return out;
  }
  if (mode !== MODE_SCALED) {
    throw new Error(`history chunk: unknown value mode ${mode}`);
  }
  const p = r.byte();
  readIntRuns(r, out, 0, n);
  let s = 0;
  const pow = POW10[p];
  for (let i = 0; i < n; i++) {
    s += out[i];
    out[i] = s / pow;
  }
  return out;
}

/** Small non-negative integers as (value, run length) pairs. */
function writeSmall(w: Writer, x: ArrayLike<number>, n: number): void {
  let i = 0;
  while (i < n) {
    let j = i + 1;
    while (j < n && x[j] === x[i]) {
      j++;
    }
    w.uvar(x[i]);
    w.uvar(j - i);
    i = j;
  }
}

function readSmall(r: Reader, n: number): Uint8Array {
  const out = new Uint8Array(n);
  let i = 0;
  while (i < n) {
    const x = r.uvar();
    const run = r.uvar();
    if (run < 1 || i + run > n) {
      throw new Error('history chunk: bad run');
    }
    out.fill(x, i, i + run);
    i += run;
  }
  return out;
}

export interface SampleChunk {
  n: number;
  t: Float64Array;
  v: Float64Array;
  q: Uint8Array;
}

export interface PositionChunk {
  n: number;
  t: Float64Array;
  lon: Float64Array;
  lat: Float64Array;
  /** NaN: no floor. */
  floor: Float64Array;
  kind: Uint8Array;
}

function header(r: Reader, kind: number): number {
  const version = r.byte();
  if (version !== VERSION) {
    throw new Error(`history chunk: unknown version ${version}`);
  }
  if (r.byte() !== kind) {
    throw new Error('history chunk: wrong kind');
  }
  return r.uvar();
}

export function encodeSamples(c: { n: number; t: ArrayLike<number>; v: ArrayLike<number>; q: ArrayLike<number> }): Uint8Array {
  const w = new Writer(16 + c.n * 2);
  w.byte(VERSION);
  w.byte(KIND_SAMPLES);
  w.uvar(c.n);
  writeTimes(w, c.t, c.n);
  writeFloats(w, c.v, c.n);
  writeSmall(w, c.q, c.n);
  return w.done();
}

export function decodeSamples(buf: Uint8Array): SampleChunk {
  const r = new Reader(buf);
  const n = header(r, KIND_SAMPLES);
  const t = readTimes(r, n);
  const v = readFloats(r, n);
  const q = readSmall(r, n);
  return { n, t, v, q };
}

export function encodePositions(c: {
  n: number;
  t: ArrayLike<number>;
  lon: ArrayLike<number>;
  lat: ArrayLike<number>;
  floor: ArrayLike<number>;
  kind: ArrayLike<number>;
}): Uint8Array {
  const w = new Writer(32 + c.n * 6);
  w.byte(VERSION);
  w.byte(KIND_POSITIONS);
  w.uvar(c.n);
  writeTimes(w, c.t, c.n);
  writeFloats(w, c.lon, c.n);
  writeFloats(w, c.lat, c.n);
  writeFloats(w, c.floor, c.n);
  writeSmall(w, c.kind, c.n);
  return w.done();
}

export function decodePositions(buf: Uint8Array): PositionChunk {
  const r = new Reader(buf);
  const n = header(r, KIND_POSITIONS);
  const t = readTimes(r, n);
  const lon = readFloats(r, n);
  const lat = readFloats(r, n);
  const floor = readFloats(r, n);
  const kind = readSmall(r, n);
  return { n, t, lon, lat, floor, kind };
}

const KIND_ROLLUP = 0x52;

/**
 * Minute rollups of one chunk: minute starts, counts, min, max, sum, mean,
 * first and last value. Sums are stored when all are finite (decimal data
 * gives decimal sums, which the scaled encoding keeps small), means otherwise
 * (sums of 1e308 overflow, means do not).
 */
export interface RollupColumns {
  n: number;
  m: ArrayLike<number>;
  count: ArrayLike<number>;
  min: ArrayLike<number>;
  max: ArrayLike<number>;
  sum: ArrayLike<number>;
  avg: ArrayLike<number>;
  first: ArrayLike<number>;
  last: ArrayLike<number>;
}

export function encodeRollup(c: RollupColumns): Uint8Array {
  const w = new Writer(16 + c.n * 12);
  w.byte(VERSION);
  w.byte(KIND_ROLLUP);
  w.uvar(c.n);
  writeTimes(w, c.m, c.n);
  writeTimes(w, c.count, c.n);
  let sums = true;
  for (let i = 0; i < c.n; i++) {
    sums &&= Number.isFinite(c.sum[i]);
  }
  w.byte(sums ? 0 : 1);
  for (const col of [c.min, c.max, sums ? c.sum : c.avg, c.first, c.last]) {
    writeFloats(w, col, c.n);
  }
  return w.done();
}

export function decodeRollup(buf: Uint8Array): {
  n: number;
  m: Float64Array;
  count: Float64Array;
  min: Float64Array;
  max: Float64Array;
  sum: Float64Array;
  avg: Float64Array;
  first: Float64Array;
  last: Float64Array;
} {
  const r = new Reader(buf);
  const n = header(r, KIND_ROLLUP);
  const m = readTimes(r, n);
  const count = readTimes(r, n);
  const sums = r.byte() === 0;
  const [min, max, x, first, last] = [0, 1, 2, 3, 4].map(() => readFloats(r, n));
  const other = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    other[i] = sums ? x[i] / count[i] : x[i] * count[i];
  }
  return sums ? { n, m, count, min, max, sum: x, avg: other, first, last } : { n, m, count, min, max, sum: other, avg: x, first, last };
}

/**
 * The columns of decoded rollups a trend needs, in buffers reused from one
 * rollup to the next (`readRollup`): a 30-day trend decodes 720 hour rows
 * without allocating per row or per minute. `x` holds sums when `sums`, means
 * otherwise (as encoded).
 */
export class RollupScratch {
  n = 0;
  sums = true;
  m = new Float64Array(64);
  count = new Float64Array(64);
  min = new Float64Array(64);
  max = new Float64Array(64);
  x = new Float64Array(64);
  first = new Float64Array(64);
  last = new Float64Array(64);
  grow(n: number): void {
    if (n > this.m.length) {
      const size = Math.max(n, this.m.length * 2);
      this.m = new Float64Array(size);
      this.count = new Float64Array(size);
      this.min = new Float64Array(size);
      this.max = new Float64Array(size);
      this.x = new Float64Array(size);
      this.first = new Float64Array(size);
      this.last = new Float64Array(size);
    }
  }
}

/** Decodes a rollup into `s` (valid for s.n entries until the next call). */
export function readRollup(buf: Uint8Array, s: RollupScratch): RollupScratch {
  const r = new Reader(buf);
  const n = header(r, KIND_ROLLUP);
  s.grow(n);
  s.n = n;
  readTimes(r, n, s.m);
  readTimes(r, n, s.count);
  s.sums = r.byte() === 0;
  readFloats(r, n, s.min);
  readFloats(r, n, s.max);
  readFloats(r, n, s.x);
  readFloats(r, n, s.first);
  readFloats(r, n, s.last);
  return s;
}
