import { riskLevelInfo, riskLevels, type RiskLevel } from '../domain/risk-evaluation.js';
import { renderMessage } from '../messages/catalog.js';
import type { Lang } from '../time.js';

/*
 * The printable four-colour map (issue 21 §5): one SVG sized in millimetres
 * for an A3 or A4 landscape sheet, with no map tiles and no GPU: the zones'
 * polygons filled in their level's colour with the zone's name and its level
 * written in text on it, the same in a list beside the map (a zone too small
 * to label is still named there), the legend and the time of the state
 * printed. The browser prints it (or saves it as PDF); the text stays text.
 */

export type PaperSize = 'A3' | 'A4';
/** Landscape sheets, mm. */
export const paperSizes: Record<PaperSize, { w: number; h: number }> = { A3: { w: 420, h: 297 }, A4: { w: 297, h: 210 } };

type Ring = readonly (readonly number[])[];
export interface PrintZone {
  id: number;
  name: string;
  level: RiskLevel | null;
  /** Outer and inner rings per polygon (GeoJSON Polygon or MultiPolygon coordinates, lon/lat); null: not drawn. */
  polygons: readonly (readonly Ring[])[] | null;
  /** A note after the level in the list (a live cause count, an override). */
  note?: string;
}
export interface PrintMapInput {
  title: string;
  /** Which level is shown (live, static, inherent), in words. */
  viewName: string;
  /** When the state shown was read (already formatted in the plant's time). */
  time: string;
  lang: Lang;
  size: PaperSize;
  zones: readonly PrintZone[];
  color: (level: RiskLevel | null) => string;
  opacity: (level: RiskLevel | null) => number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const f = (n: number) => (Math.round(n * 100) / 100).toString();

/** A level's name in the reader's language (or "not evaluated"). */
export function printLevelName(lang: Lang, level: RiskLevel | null): string {
  return level === null ? renderMessage(lang, 'risk.map.notEvaluated') : lang === 'en' ? riskLevelInfo[level].en : riskLevelInfo[level].zh;
}

/** Area-weighted centroid of a ring (its first vertex for a degenerate one). */
function ringCentroid(ring: Ring): { x: number; y: number; area: number } {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const [x0, y0] = ring[i];
    const [x1, y1] = ring[(i + 1) % n];
    const cross = x0 * y1 - x1 * y0;
    a += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (Math.abs(a) < 1e-18) {
    return { x: ring[0]?.[0] ?? 0, y: ring[0]?.[1] ?? 0, area: 0 };
  }
  return { x: cx / (3 * a), y: cy / (3 * a), area: Math.abs(a / 2) };
}

/** The printable map as one SVG document (width and height in mm). */
export function riskMapSvg(input: PrintMapInput): string {
  const { w: W, h: H } = paperSizes[input.size];
  const M = 10;
  const scaleText = input.size === 'A3' ? 1 : 0.8;
  const titleH = 14 * scaleText;
  const sideW = input.size === 'A3' ? 110 : 88;
  const map = { x: M, y: M + titleH, w: W - 2 * M - sideW - 6, h: H - 2 * M - titleH };
  const side = { x: W - M - sideW, y: M + titleH, w: sideW, h: H - 2 * M - titleH };
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}mm" height="${H}mm" viewBox="0 0 ${W} ${H}" font-family="'Noto Sans SC','Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',sans-serif" data-size="${input.size}">`,
    `<rect x="0" y="0" width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${M}" y="${f(M + 7 * scaleText)}" font-size="${f(7 * scaleText)}" font-weight="bold" fill="#000">${esc(input.title)} · ${esc(input.viewName)}</text>`,
    `<text x="${W - M}" y="${f(M + 7 * scaleText)}" font-size="${f(4 * scaleText)}" text-anchor="end" fill="#000" data-role="time">${esc(renderMessage(input.lang, 'risk.print.time', { time: input.time }))}</text>`,
    `<line x1="${M}" y1="${f(M + titleH - 3)}" x2="${W - M}" y2="${f(M + titleH - 3)}" stroke="#000" stroke-width="0.4"/>`,
  );

  // Fit every drawn polygon in the map box (equirectangular, x shortened by cos(latitude)).
  const drawn = input.zones.filter((z) => z.polygons && z.polygons.length > 0);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let latSum = 0;
  let latN = 0;
  for (const z of drawn) {
    for (const poly of z.polygons ?? []) {
      for (const [, lat] of poly[0] ?? []) {
        latSum += lat;
        latN++;
      }
    }
  }
  const k = Math.cos(((latN ? latSum / latN : 0) * Math.PI) / 180) || 1;
  for (const z of drawn) {
    for (const poly of z.polygons ?? []) {
      for (const [lon, lat] of poly[0] ?? []) {
        minX = Math.min(minX, lon * k);
        maxX = Math.max(maxX, lon * k);
        minY = Math.min(minY, lat);
        maxY = Math.max(maxY, lat);
      }
    }
  }
  out.push(`<rect x="${map.x}" y="${map.y}" width="${f(map.w)}" height="${f(map.h)}" fill="none" stroke="#888" stroke-width="0.3"/>`);
  if (drawn.length > 0 && Number.isFinite(minX)) {
    const pad = 4;
    const sx = maxX - minX || 1e-9;
    const sy = maxY - minY || 1e-9;
    const s = Math.min((map.w - 2 * pad) / sx, (map.h - 2 * pad) / sy);
    const ox = map.x + pad + (map.w - 2 * pad - sx * s) / 2;
    const oy = map.y + pad + (map.h - 2 * pad - sy * s) / 2;
    const px = (lon: number) => ox + (lon * k - minX) * s;
    const py = (lat: number) => oy + (maxY - lat) * s;
    const labels: string[] = [];
    for (const z of drawn) {
      const fill = input.color(z.level);
      const d = (z.polygons ?? [])
        .map((poly) => poly.map((ring) => ring.map(([lon, lat], i) => `${i === 0 ? 'M' : 'L'}${f(px(lon))} ${f(py(lat))}`).join('') + 'Z').join(''))
        .join('');
      out.push(
        `<path d="${d}" fill="${esc(fill)}" fill-opacity="${f(Math.max(0.35, input.opacity(z.level)))}" fill-rule="evenodd" stroke="${esc(fill)}" stroke-width="0.5" data-zone="${z.id}" data-level="${z.level ?? ''}"/>`,
      );
      // The label sits on the largest outer ring's centroid, with a white halo so it reads on any colour.
      const c = (z.polygons ?? []).map((p) => ringCentroid(p[0] ?? [])).sort((a, b) => b.area - a.area)[0];
      if (c) {
        const x = f(px(c.x));
        const y = py(c.y);
        const fs = 3.2 * scaleText;
        labels.push(
          `<g data-label="${z.id}" font-size="${f(fs)}" text-anchor="middle" paint-order="stroke" stroke="#fff" stroke-width="${f(fs * 0.28)}" stroke-linejoin="round" fill="#000">` +
            `<text x="${x}" y="${f(y - fs * 0.15)}">${esc(z.name)}</text>` +
            `<text x="${x}" y="${f(y + fs * 1.05)}" font-weight="bold">${esc(printLevelName(input.lang, z.level))}</text></g>`,
        );
      }
    }
    out.push(...labels);
  } else {
    out.push(
      `<text x="${f(map.x + map.w / 2)}" y="${f(map.y + map.h / 2)}" font-size="5" text-anchor="middle" fill="#666">${esc(renderMessage(input.lang, 'risk.print.noShapes'))}</text>`,
    );
  }

  // Legend: each level's colour with its name beside it.
  let y = side.y + 4;
  const lf = 3.4 * scaleText;
  out.push(`<text x="${side.x}" y="${f(y)}" font-size="${f(lf * 1.1)}" font-weight="bold" fill="#000">${esc(renderMessage(input.lang, 'risk.map.legend'))}</text>`);
  y += lf * 1.2;
  for (const l of [...riskLevels, null] as const) {
    out.push(
      `<rect x="${side.x}" y="${f(y)}" width="${f(lf * 1.6)}" height="${f(lf)}" fill="${esc(input.color(l))}" stroke="#000" stroke-width="0.2"/>`,
      `<text x="${f(side.x + lf * 2)}" y="${f(y + lf * 0.85)}" font-size="${f(lf)}" fill="#000">${esc(printLevelName(input.lang, l))}</text>`,
    );
    y += lf * 1.45;
  }

  // Every zone with its level in text beside its colour, most severe first.
  y += lf * 0.8;
  out.push(`<text x="${side.x}" y="${f(y)}" font-size="${f(lf * 1.1)}" font-weight="bold" fill="#000">${esc(renderMessage(input.lang, 'risk.print.zones', { n: input.zones.length }))}</text>`);
  y += lf * 0.6;
  const rows = [...input.zones].sort((a, b) => (a.level ?? 5) - (b.level ?? 5) || a.name.localeCompare(b.name));
  const avail = side.y + side.h - y;
  const cols = rows.length * lf * 1.4 > avail ? 2 : 1;
  const perCol = Math.max(1, Math.ceil(rows.length / cols));
  const rowH = Math.min(lf * 1.4, avail / perCol);
  const rf = Math.min(lf, rowH * 0.75);
  const colW = side.w / cols;
  rows.forEach((z, i) => {
    const cx = side.x + Math.floor(i / perCol) * colW;
    const ry = y + (i % perCol) * rowH;
    const fill = input.color(z.level);
    const levelText = printLevelName(input.lang, z.level);
    out.push(
      `<g data-row="${z.id}">` +
        `<rect x="${f(cx)}" y="${f(ry + rowH * 0.15)}" width="${f(rf * 1.3)}" height="${f(rf)}" fill="${esc(fill)}" stroke="#000" stroke-width="0.2"/>` +
        `<text x="${f(cx + rf * 1.6)}" y="${f(ry + rowH * 0.15 + rf * 0.85)}" font-size="${f(rf)}" fill="#000">${esc(z.name)}${input.lang === 'en' ? ': ' : '：'}<tspan font-weight="bold">${esc(levelText)}</tspan>${z.note ? ` ${esc(z.note)}` : ''}</text>` +
        `</g>`,
    );
  });
  out.push('</svg>');
  return out.join('\n');
}
