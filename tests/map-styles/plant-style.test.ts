import fs from 'node:fs';
import path from 'node:path';
// A dependency of maplibre-gl, so always installed with it.
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { PLANT_INTERACTIVE_LAYERS, plantStyle } from '../../src/client/ui/plant-layout.js';
import { type LonLat, type MultiPolygonGeometry, type PolygonGeometry, pointInGeometry } from '../../src/shared/domain/geometry.js';

/** map-styles/plant-style.json works offline: local URLs only, glyphs shipped, valid style. */

const root = path.resolve(import.meta.dirname, '../..');
const mapStyles = path.join(root, 'map-styles');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(mapStyles, file), 'utf8'));

interface Layer {
  id: string;
  type: string;
  source?: string;
  metadata?: Record<string, unknown>;
  layout?: Record<string, unknown>;
}
interface Style {
  version: number;
  glyphs: string;
  sprite?: unknown;
  sources: Record<string, { type: string; data?: unknown; url?: string; tiles?: string[] }>;
  layers: Layer[];
}
interface Feature {
  properties: Record<string, unknown> & { kind: string; code: string; region: string };
  geometry: { type: string; coordinates: unknown };
}
const style = readJson('plant-style.json') as Style;
const layout = readJson('demo-plant.geojson') as { features: Feature[] };
const labels = readJson('demo-plant-labels.geojson') as { features: Feature[] };

function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') {
    out.push(v);
  } else if (Array.isArray(v)) {
    v.forEach((x) => strings(x, out));
  } else if (v && typeof v === 'object') {
    Object.entries(v).forEach(([k, x]) => {
      out.push(k);
      strings(x, out);
    });
  }
  return out;
}

/** Every font stack the style names: layer text-font and text-font overrides inside format expressions. */
function fontStacks(): Set<string> {
  const stacks = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      v.forEach(walk);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'text-font') {
          const list = Array.isArray(x) && x[0] === 'literal' ? (x[1] as unknown) : x;
          expect(Array.isArray(list), `text-font must be a literal list: ${JSON.stringify(x)}`).toBe(true);
          stacks.add((list as string[]).join(','));
        } else {
          walk(x);
        }
      }
    }
  };
  style.layers.forEach((l) => walk(l.layout));
  return stacks;
}

/** Minimal reader of a glyph PBF (glyphs.proto): stack name, range, and the glyph ids. */
function readGlyphPbf(buf: Uint8Array): { name: string; range: string; ids: Set<number> } {
  let p = 0;
  const varint = () => {
    let r = 0;
    let s = 0;
    let b: number;
    do {
      b = buf[p++];
      r += (b & 127) * 2 ** s;
      s += 7;
    } while (b & 128);
    return r;
  };
  const out = { name: '', range: '', ids: new Set<number>() };
  const message = (end: number, onField: (field: number, start: number, stop: number, value: number) => void) => {
    while (p < end) {
      const tag = varint();
      if ((tag & 7) === 0) {
        onField(tag >> 3, 0, 0, varint());
      } else if ((tag & 7) === 2) {
        const len = varint();
        const start = p;
        onField(tag >> 3, start, start + len, 0);
        p = start + len;
      } else {
        throw new Error(`unexpected wire type ${tag & 7}`);
      }
    }
  };
  const text = (a: number, b: number) => new TextDecoder().decode(buf.subarray(a, b));
  message(buf.length, (f, a, b) => {
    if (f !== 1) {
      return;
    }
    p = a;
    message(b, (f2, a2, b2) => {
      if (f2 === 1) {
        out.name = text(a2, b2);
      } else if (f2 === 2) {
        out.range = text(a2, b2);
      } else if (f2 === 3) {
        p = a2;
        message(b2, (f3, _a, _b, v) => {
          if (f3 === 1) {
            out.ids.add(v);
          }
        });
      }
    });
  });
  return out;
}

/** Characters MapLibre draws from local fonts when localIdeographFontFamily is set (CJK and full-width forms). */
const drawnLocally = (cp: number) => (cp >= 0x2e80 && cp <= 0x9fff) || (cp >= 0xac00 && cp <= 0xd7af) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xff00 && cp <= 0xffef);

describe('plant style', () => {
  it('is a valid MapLibre style (version 8)', () => {
    expect(style.version).toBe(8);
    expect(validateStyleMin(style as unknown as Parameters<typeof validateStyleMin>[0]).map((e) => e.message)).toEqual([]);
  });

  it('references only local URLs under /map-styles/ that exist in the repository', () => {
    for (const s of strings(style)) {
      expect(s, 'no absolute or protocol-relative URL').not.toMatch(/^([a-z][a-z0-9+.-]*:)?\/\//i);
      expect(s).not.toMatch(/^(mapbox|pmtiles|https?):/i);
    }
    expect(style.sprite).toBeUndefined();
    expect(style.glyphs).toBe('/map-styles/glyphs/{fontstack}/{range}.pbf');
    for (const [id, src] of Object.entries(style.sources)) {
      expect(src.url, id).toBeUndefined();
      expect(src.tiles, id).toBeUndefined();
      expect(typeof src.data, id).toBe('string');
      const data = src.data as string;
      expect(data.startsWith('/map-styles/'), data).toBe(true);
      expect(fs.existsSync(path.join(root, data)), data).toBe(true);
    }
    expect(style.sources.plant.data).toBe('/map-styles/demo-plant.geojson');
  });

  it('ships glyph PBFs (Latin, Latin-1, punctuation at least) for every font stack it uses, with the font licence', () => {
    const stacks = fontStacks();
    expect(stacks.size).toBeGreaterThan(0);
    for (const stack of stacks) {
      for (const range of ['0-255', '256-511', '8192-8447']) {
        const file = path.join(mapStyles, 'glyphs', stack, `${range}.pbf`);
        expect(fs.existsSync(file), file).toBe(true);
        const pbf = readGlyphPbf(fs.readFileSync(file));
        expect(pbf.name).toBe(stack);
        expect(pbf.range).toBe(range);
        expect(pbf.ids.size).toBeGreaterThan(range === '8192-8447' ? 20 : 90);
      }
    }
    expect(fs.readFileSync(path.join(mapStyles, 'glyphs/OFL.txt'), 'utf8')).toMatch(/SIL OPEN FONT LICENSE Version 1\.1/);
  });

  it('has a glyph for every non-CJK character of the labels in every stack', () => {
    const textKeys = ['name', 'name_en', 'code', 'substance', 'substance_en', 'product', 'product_en'];
    const needed = new Set<number>();
    for (const f of [...layout.features, ...labels.features]) {
      for (const k of textKeys) {
        const v = f.properties[k];
        if (typeof v === 'string') {
          for (const ch of v) {
            const cp = ch.codePointAt(0)!;
            if (!drawnLocally(cp) && cp !== 10) {
              needed.add(cp);
            }
          }
        }
      }
    }
    expect(needed.has('–'.codePointAt(0)!)).toBe(true); // "East–west road"
    for (const stack of fontStacks()) {
      const have = new Set<number>();
      const dir = path.join(mapStyles, 'glyphs', stack);
      for (const file of fs.readdirSync(dir).filter((n) => n.endsWith('.pbf'))) {
        readGlyphPbf(fs.readFileSync(path.join(dir, file))).ids.forEach((id) => have.add(id));
      }
      const missing = [...needed].filter((cp) => !have.has(cp)).map((cp) => String.fromCodePoint(cp));
      expect(missing, stack).toEqual([]);
    }
  });

  it('pairs the flat (2d) and extruded (3d) layers, with the 3d ones hidden by default', () => {
    const byView = (v: string) => style.layers.filter((l) => l.metadata?.['plantwatch:view'] === v);
    expect(byView('2d').length).toBeGreaterThan(0);
    expect(byView('3d').map((l) => l.type)).toEqual(byView('3d').map(() => 'fill-extrusion'));
    for (const l of byView('3d')) {
      expect(l.layout?.visibility, l.id).toBe('none');
    }
    for (const l of style.layers) {
      expect(l.source === undefined || l.source in style.sources, l.id).toBe(true);
    }
  });

  it('names only existing layers as interactive', () => {
    const ids = new Set(style.layers.map((l) => l.id));
    for (const id of PLANT_INTERACTIVE_LAYERS) {
      expect(ids.has(id), id).toBe(true);
    }
  });
});

describe('plantStyle()', () => {
  const layer = (s: ReturnType<typeof plantStyle>, id: string) => s.layers.find((l) => l.id === id) as unknown as Layer;

  it('keeps Chinese first for zh and leads with English for en', () => {
    const zh = plantStyle('zh', 'http://127.0.0.1:8080');
    const en = plantStyle('en', 'http://127.0.0.1:8080');
    expect(layer(zh, 'region-label').layout?.['text-field']).toEqual(layer(style as never, 'region-label').layout?.['text-field']);
    expect(layer(en, 'region-label').layout?.['text-field']).toEqual(['format', ['get', 'name_en'], {}, '\n', {}, ['get', 'name'], { 'font-scale': 0.8 }]);
    expect(layer(en, 'road-label').layout?.['text-field']).toEqual(['get', 'name_en']);
    expect(JSON.stringify(layer(en, 'tank-label').layout?.['text-field'])).toMatch(/"substance_en"\],\{"font-scale":0.9\}.*"substance"\],\{"font-scale":0.8\}/);
    // The style file itself is untouched.
    expect(layer(style as never, 'road-label').layout?.['text-field']).toEqual(['get', 'name']);
  });

  it('shows the layers of the requested view', () => {
    const flat = plantStyle('zh', 'http://h');
    const tilted = plantStyle('zh', 'http://h', '3d');
    expect(layer(flat, 'tank').layout?.visibility).toBe('none');
    expect(layer(flat, 'tank-flat').layout?.visibility).toBe('visible');
    expect(layer(tilted, 'tank').layout?.visibility).toBe('visible');
    expect(layer(tilted, 'tank-flat').layout?.visibility).toBe('none');
    expect(layer(tilted, 'road').layout?.visibility).toBeUndefined();
  });

  it('makes glyph and source URLs absolute for the page origin, keeping the URL template', () => {
    const s = plantStyle('zh', 'http://plant.local:8080/');
    expect(s.glyphs).toBe('http://plant.local:8080/map-styles/glyphs/{fontstack}/{range}.pbf');
    expect((s.sources.plant as { data: string }).data).toBe('http://plant.local:8080/map-styles/demo-plant.geojson');
  });
});

describe('label points (demo-plant-labels.geojson)', () => {
  const byCode = new Map(layout.features.map((f) => [f.properties.code, f]));
  const areas = new Map(
    layout.features
      .filter((f) => f.properties.kind === 'site' || f.properties.kind === 'region')
      .map((f) => [f.properties.code, f.geometry as PolygonGeometry | MultiPolygonGeometry]),
  );

  it('labels each region, tank, sphere, unit, building and bay once, inside its region', () => {
    const codes = labels.features.map((f) => f.properties.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const f of labels.features) {
      const target = byCode.get(f.properties.code);
      expect(target, f.properties.code).toBeDefined();
      expect(f.properties.kind).toBe(target!.properties.kind);
      expect(f.properties.name).toBe(target!.properties.name);
      expect(f.geometry.type).toBe('Point');
      expect(pointInGeometry(f.geometry.coordinates as LonLat, areas.get(f.properties.region)!), f.properties.code).toBe(true);
    }
    for (const kind of ['tank', 'sphere', 'building', 'loading_bay']) {
      const n = layout.features.filter((f) => f.properties.kind === kind).length;
      expect(labels.features.filter((f) => f.properties.kind === kind).length, kind).toBe(n);
    }
  });
});
