#!/usr/bin/env node
/**
 * Builds MapLibre glyph PBFs (signed distance fields) from TrueType fonts, offline and with
 * no dependencies, into map-styles/glyphs/{fontstack}/{start}-{end}.pbf.
 *
 *   apt-get install -y fonts-noto-core      # provides NotoSans-{Regular,Bold}.ttf (SIL OFL 1.1)
 *   node scripts/build-glyphs.mjs [--fonts /usr/share/fonts/truetype/noto]
 *
 * Output follows what mapbox/node-fontnik produces, which MapLibre reads: glyphs drawn at
 * 24 px per em, a 3 px buffer around each bitmap, SDF radius 8 px, cutoff 0.25 (the edge sits
 * at 191/255), `top` = glyph top minus the font's ascender (MapLibre places its locally drawn
 * CJK glyphs on the same convention, so mixed Chinese and Latin labels share a baseline). Unlike fontnik, which rasterises with FreeType, this computes the distance
 * exactly from the outline: TrueType quadratic contours are flattened to segments and each
 * pixel centre takes its distance to the nearest segment, signed by the non-zero winding rule.
 *
 * Only Latin, Greek, Cyrillic, punctuation and common symbols are built. Chinese, Japanese
 * and Korean are drawn by the browser from local fonts (MapLibre's localIdeographFontFamily),
 * and a range missing here also falls back to a local font at run time.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'map-styles/glyphs');
const argFonts = process.argv.indexOf('--fonts');
const FONT_DIR = argFonts > 0 ? process.argv[argFonts + 1] : '/usr/share/fonts/truetype/noto';
const FONTS = [
  { file: 'NotoSans-Regular.ttf', stack: 'Noto Sans Regular' },
  { file: 'NotoSans-Bold.ttf', stack: 'Noto Sans Bold' },
];
/** Ranges of 256 code points, by first code point: Latin, Greek, Cyrillic, Latin Extended Additional, punctuation, letterlike, arrows, maths, box drawing, shapes (ranges the font does not cover are skipped). */
const RANGES = [0, 256, 512, 768, 1024, 7680, 8192, 8448, 8704, 8960, 9472, 9728];

const SIZE = 24;
const BUFFER = 3;
const RADIUS = 8;
const CUTOFF = 0.25;

// ───────────────────────── TrueType parsing ─────────────────────────

function parseFont(buf) {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const u16 = (o) => dv.getUint16(o);
  const i16 = (o) => dv.getInt16(o);
  const u32 = (o) => dv.getUint32(o);
  const tables = {};
  const numTables = u16(4);
  for (let i = 0; i < numTables; i++) {
    const r = 12 + 16 * i;
    tables[String.fromCharCode(buf[r], buf[r + 1], buf[r + 2], buf[r + 3])] = u32(r + 8);
  }
  for (const t of ['head', 'hhea', 'maxp', 'hmtx', 'cmap', 'loca', 'glyf', 'name']) {
    if (tables[t] === undefined) {
      throw new Error(`not a TrueType (glyf) font: no ${t} table`);
    }
  }
  const unitsPerEm = u16(tables.head + 18);
  const longLoca = i16(tables.head + 50) === 1;
  const numGlyphs = u16(tables.maxp + 4);
  const numHMetrics = u16(tables.hhea + 34);
  const ascender = i16(tables.hhea + 4);

  const advance = (g) => u16(tables.hmtx + 4 * Math.min(g, numHMetrics - 1));
  const glyphOffset = (g) => (longLoca ? u32(tables.loca + 4 * g) : u16(tables.loca + 2 * g) * 2);

  // cmap: prefer a full-repertoire subtable (format 12), else the BMP one (format 4).
  const cmap = new Map();
  const nSub = u16(tables.cmap + 2);
  const subs = [];
  for (let i = 0; i < nSub; i++) {
    const r = tables.cmap + 4 + 8 * i;
    const off = tables.cmap + u32(r + 4);
    subs.push({ platform: u16(r), encoding: u16(r + 2), off, format: u16(off) });
  }
  const sub = subs.find((s) => s.format === 12) ?? subs.find((s) => s.format === 4 && (s.platform === 3 || s.platform === 0));
  if (!sub) {
    throw new Error('no usable cmap subtable');
  }
  if (sub.format === 12) {
    const n = u32(sub.off + 12);
    for (let i = 0; i < n; i++) {
      const r = sub.off + 16 + 12 * i;
      const [start, end, gid] = [u32(r), u32(r + 4), u32(r + 8)];
      for (let c = start; c <= end; c++) {
        cmap.set(c, gid + (c - start));
      }
    }
  } else {
    const segX2 = u16(sub.off + 6);
    const ends = sub.off + 14;
    const starts = ends + segX2 + 2;
    const deltas = starts + segX2;
    const rangeOffs = deltas + segX2;
    for (let s = 0; s < segX2 / 2; s++) {
      const end = u16(ends + 2 * s);
      const start = u16(starts + 2 * s);
      const delta = i16(deltas + 2 * s);
      const ro = u16(rangeOffs + 2 * s);
      for (let c = start; c <= end && c !== 0xffff; c++) {
        let g;
        if (ro === 0) {
          g = (c + delta) & 0xffff;
        } else {
          const p = rangeOffs + 2 * s + ro + 2 * (c - start);
          g = u16(p);
          if (g !== 0) {
            g = (g + delta) & 0xffff;
          }
        }
        if (g !== 0) {
          cmap.set(c, g);
        }
      }
    }
  }

  /** Contours of glyph g in font units: arrays of { x, y, on }. */
  function contours(g, depth = 0) {
    if (g >= numGlyphs || depth > 8) {
      return [];
    }
    const start = tables.glyf + glyphOffset(g);
    const end = tables.glyf + glyphOffset(g + 1);
    if (end <= start) {
      return [];
    }
    const nContours = i16(start);
    if (nContours >= 0) {
      const endPts = [];
      for (let i = 0; i < nContours; i++) {
        endPts.push(u16(start + 10 + 2 * i));
      }
      const nPts = nContours ? endPts[nContours - 1] + 1 : 0;
      let p = start + 10 + 2 * nContours;
      p += 2 + u16(p); // instructions
      const flags = [];
      while (flags.length < nPts) {
        const f = buf[p++];
        flags.push(f);
        if (f & 8) {
          let rep = buf[p++];
          while (rep-- > 0) {
            flags.push(f);
          }
        }
      }
      const xs = [];
      let v = 0;
      for (const f of flags) {
        if (f & 2) {
          v += f & 16 ? buf[p++] : -buf[p++];
        } else if (!(f & 16)) {
          v += i16(p);
          p += 2;
        }
        xs.push(v);
      }
      const ys = [];
      v = 0;
      for (const f of flags) {
        if (f & 4) {
          v += f & 32 ? buf[p++] : -buf[p++];
        } else if (!(f & 32)) {
          v += i16(p);
          p += 2;
        }
        ys.push(v);
      }
      const out = [];
      let first = 0;
      for (const last of endPts) {
        const c = [];
        for (let i = first; i <= last; i++) {
          c.push({ x: xs[i], y: ys[i], on: (flags[i] & 1) === 1 });
        }
        out.push(c);
        first = last + 1;
      }
      return out;
    }
    // Composite glyph: components placed by offsets and an optional 2×2 transform (F2Dot14).
    const out = [];
    let p = start + 10;
    for (;;) {
      const flags = u16(p);
      const comp = u16(p + 2);
      p += 4;
      let dx;
      let dy;
      if (flags & 1) {
        dx = i16(p);
        dy = i16(p + 2);
        p += 4;
      } else {
        dx = dv.getInt8(p);
        dy = dv.getInt8(p + 1);
        p += 2;
      }
      if (!(flags & 2)) {
        dx = 0; // point-matching placement: not used by the fonts we build
        dy = 0;
      }
      let [a, b, c, d] = [1, 0, 0, 1];
      const f2 = (o) => i16(o) / 16384;
      if (flags & 8) {
        a = d = f2(p);
        p += 2;
      } else if (flags & 0x40) {
        a = f2(p);
        d = f2(p + 2);
        p += 4;
      } else if (flags & 0x80) {
        [a, b, c, d] = [f2(p), f2(p + 2), f2(p + 4), f2(p + 6)];
        p += 8;
      }
      for (const contour of contours(comp, depth + 1)) {
        out.push(contour.map((q) => ({ x: a * q.x + c * q.y + dx, y: b * q.x + d * q.y + dy, on: q.on })));
      }
      if (!(flags & 0x20)) {
        break;
      }
    }
    return out;
  }

  const names = {};
  {
    const t = tables.name;
    const count = u16(t + 2);
    const strings = t + u16(t + 4);
    for (let i = 0; i < count; i++) {
      const r = t + 6 + 12 * i;
      const [platform, , , nameId, length, offset] = [u16(r), u16(r + 2), u16(r + 4), u16(r + 6), u16(r + 8), u16(r + 10)];
      if (platform === 3 && names[nameId] === undefined) {
        let s = '';
        for (let k = 0; k < length; k += 2) {
          s += String.fromCharCode(u16(strings + offset + k));
        }
        names[nameId] = s;
      }
    }
  }
  return { unitsPerEm, ascender, cmap, advance, contours, names };
}

// ───────────────────────── outline → segments ─────────────────────────

/** Flattens TrueType quadratic contours (scaled to px) into closed polylines. */
function flatten(contours, scale) {
  const rings = [];
  for (const raw of contours) {
    if (raw.length < 2) {
      continue;
    }
    const pts = raw.map((q) => ({ x: q.x * scale, y: q.y * scale, on: q.on }));
    // Insert the implied on-curve midpoints between consecutive off-curve points.
    const seq = [];
    for (let i = 0; i < pts.length; i++) {
      const a = pts[i];
      const b = pts[(i + 1) % pts.length];
      seq.push(a);
      if (!a.on && !b.on) {
        seq.push({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, on: true });
      }
    }
    const s0 = seq.findIndex((q) => q.on);
    const ordered = [...seq.slice(s0), ...seq.slice(0, s0)];
    const ring = [[ordered[0].x, ordered[0].y]];
    for (let i = 1; i <= ordered.length; i++) {
      const q = ordered[i % ordered.length];
      if (q.on) {
        ring.push([q.x, q.y]);
        continue;
      }
      const p0 = ring[ring.length - 1];
      const p2 = ordered[(i + 1) % ordered.length];
      const len = Math.hypot(q.x - p0[0], q.y - p0[1]) + Math.hypot(p2.x - q.x, p2.y - q.y);
      const n = Math.max(2, Math.min(16, Math.ceil(len / 1.5)));
      for (let k = 1; k <= n; k++) {
        const t = k / n;
        const u = 1 - t;
        ring.push([u * u * p0[0] + 2 * u * t * q.x + t * t * p2.x, u * u * p0[1] + 2 * u * t * q.y + t * t * p2.y]);
      }
      i++;
    }
    rings.push(ring);
  }
  return rings;
}

function segDist2(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  let t = l2 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}

/** Non-zero winding number test. */
function inside(rings, px, py) {
  let w = 0;
  for (const r of rings) {
    for (let i = 0; i < r.length - 1; i++) {
      const [ax, ay] = r[i];
      const [bx, by] = r[i + 1];
      if (ay <= py) {
        if (by > py && (bx - ax) * (py - ay) - (px - ax) * (by - ay) > 0) {
          w++;
        }
      } else if (by <= py && (bx - ax) * (py - ay) - (px - ax) * (by - ay) < 0) {
        w--;
      }
    }
  }
  return w !== 0;
}

function renderGlyph(font, codePoint) {
  const gid = font.cmap.get(codePoint);
  const scale = SIZE / font.unitsPerEm;
  const advance = Math.round(font.advance(gid) * scale);
  // Like fontnik (FreeType size metrics), `top` is measured from the ascender line, rounded up.
  const ascender = Math.ceil(font.ascender * scale);
  const rings = flatten(font.contours(gid), scale);
  if (rings.length === 0) {
    return { id: codePoint, width: 0, height: 0, left: 0, top: 0, advance };
  }
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const r of rings) {
    for (const [x, y] of r) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  [x0, y0, x1, y1] = [Math.round(x0), Math.round(y0), Math.round(x1), Math.round(y1)];
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  // Bitmap space: origin at the bottom-left of the buffered box, y up.
  const shifted = rings.map((r) => r.map(([x, y]) => [x - x0 + BUFFER, y - y0 + BUFFER]));
  const segs = [];
  for (const r of shifted) {
    for (let i = 0; i < r.length - 1; i++) {
      segs.push(r[i][0], r[i][1], r[i + 1][0], r[i + 1][1]);
    }
  }
  const w = width + 2 * BUFFER;
  const h = height + 2 * BUFFER;
  const bitmap = new Uint8Array(w * h);
  const r2max = RADIUS * RADIUS;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      let best = r2max;
      for (let s = 0; s < segs.length; s += 4) {
        const d2 = segDist2(px, py, segs[s], segs[s + 1], segs[s + 2], segs[s + 3]);
        if (d2 < best) {
          best = d2;
        }
      }
      let d = Math.sqrt(best) * (256 / RADIUS);
      if (inside(shifted, px, py)) {
        d = -d;
      }
      d += CUTOFF * 256;
      const n = Math.max(0, Math.min(255, Math.round(d)));
      bitmap[(h - 1 - y) * w + x] = 255 - n;
    }
  }
  return { id: codePoint, bitmap, width, height, left: x0, top: y1 - ascender, advance };
}

// ───────────────────────── protobuf (glyphs.proto) ─────────────────────────

class Writer {
  bytes = [];
  varint(v) {
    let n = v >>> 0;
    while (n > 127) {
      this.bytes.push((n & 127) | 128);
      n >>>= 7;
    }
    this.bytes.push(n);
  }
  tag(field, wire) {
    this.varint((field << 3) | wire);
  }
  uint(field, v) {
    this.tag(field, 0);
    this.varint(v);
  }
  sint(field, v) {
    this.tag(field, 0);
    this.varint((v << 1) ^ (v >> 31));
  }
  bytesField(field, data) {
    this.tag(field, 2);
    this.varint(data.length);
    for (const b of data) {
      this.bytes.push(b);
    }
  }
  string(field, s) {
    this.bytesField(field, new TextEncoder().encode(s));
  }
  message(field, w) {
    this.bytesField(field, w.bytes);
  }
}

function encodeRange(stack, range, glyphs) {
  const fs = new Writer();
  fs.string(1, stack);
  fs.string(2, range);
  for (const g of glyphs) {
    const gw = new Writer();
    gw.uint(1, g.id);
    if (g.bitmap) {
      gw.bytesField(2, g.bitmap);
    }
    gw.uint(3, g.width);
    gw.uint(4, g.height);
    gw.sint(5, g.left);
    gw.sint(6, g.top);
    gw.uint(7, g.advance);
    fs.message(3, gw);
  }
  const root = new Writer();
  root.message(1, fs);
  return Uint8Array.from(root.bytes);
}

// ───────────────────────── main ─────────────────────────

for (const { file, stack } of FONTS) {
  const font = parseFont(readFileSync(join(FONT_DIR, file)));
  const dir = join(OUT, stack);
  mkdirSync(dir, { recursive: true });
  let total = 0;
  for (const start of RANGES) {
    const glyphs = [];
    for (let c = start; c < start + 256; c++) {
      if (font.cmap.has(c)) {
        glyphs.push(renderGlyph(font, c));
      }
    }
    if (glyphs.length === 0) {
      continue;
    }
    const data = encodeRange(stack, `${start}-${start + 255}`, glyphs);
    writeFileSync(join(dir, `${start}-${start + 255}.pbf`), data);
    total += data.length;
  }
  console.log(`${stack}: ${font.names[4]} ${font.names[5] ?? ''} — ${(total / 1024).toFixed(0)} KiB`);
  console.log(`  ${font.names[0] ?? ''}`);
}
