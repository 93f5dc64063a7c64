import type { DrawingBinding } from './contracts.js';

/*
 * The symbol library of the drawing editor, drawn for this project in the high-performance HMI
 * style (ISA-101): equipment in greys on a grey background, values in dark text, colour kept for
 * what is abnormal (an alarm's priority colour, set by a binding at run time).
 * Each symbol is an SVG group `<g id="<id>" data-symbol="<kind>">` whose parts have ids
 * `<id>-<part>`, so a copy renamed by its group id keeps every part's binding.
 */

/** The greys of the library (ISA-101 high-performance palette). */
export const HMI = {
  background: '#e0e0e0',
  body: '#c8c8c8',
  line: '#606060',
  level: '#8c8c8c',
  text: '#262626',
  dim: '#595959',
} as const;

export const symbolKinds = ['tank', 'pump', 'valve', 'compressor', 'exchanger', 'column', 'pipe', 'instrument', 'gauge', 'sparkline'] as const;
export type SymbolKind = (typeof symbolKinds)[number];

export interface SymbolDef {
  /** Size of the drawn symbol, its origin at the top left. */
  w: number;
  h: number;
  /** The inner markup; `$` stands for the symbol's id. */
  body: string;
  /** What each part shows when the symbol is bound to one tag (auto-binding, the editor's "bind symbol"). */
  parts: readonly { part: string; prop: DrawingBinding['prop'] }[];
  /** Letters that start the device code of this kind of equipment (TK-101 a tank): they pick between tags an ISA text names in several devices. */
  devices: readonly string[];
}

const { body: B, line: L, level: V, text: T, dim: D } = HMI;
const value = (x: number, y: number, size = 13) =>
  `<text id="$-value" x="${x}" y="${y}" text-anchor="middle" font-size="${size}" font-family="monospace" fill="${T}">—</text>`;

/** The library. Coordinates are the symbol's own; the editor places it with a translate. */
export const SYMBOLS: Readonly<Record<SymbolKind, SymbolDef>> = {
  tank: {
    w: 80,
    h: 140,
    body:
      `<rect id="$-shell" x="0" y="0" width="80" height="120" rx="8" fill="${B}" stroke="${L}" stroke-width="2"/>` +
      `<rect x="30" y="10" width="20" height="100" fill="none" stroke="${D}"/>` +
      `<rect id="$-level" x="30" y="10" width="20" height="100" fill="${V}"/>` +
      value(40, 136),
    parts: [
      { part: 'shell', prop: 'alarm' },
      { part: 'level', prop: 'level' },
      { part: 'value', prop: 'text' },
    ],
    devices: ['TK', 'SP', 'T'],
  },
  pump: {
    w: 60,
    h: 70,
    body:
      `<circle id="$-body" cx="30" cy="30" r="22" fill="${B}" stroke="${L}" stroke-width="2"/>` +
      `<path d="M30 8 H58 V18" fill="none" stroke="${L}" stroke-width="2"/>` +
      `<path d="M14 46 L8 56 H52 L46 46" fill="none" stroke="${L}" stroke-width="2"/>` +
      value(30, 68, 12),
    parts: [
      { part: 'body', prop: 'alarm' },
      { part: 'value', prop: 'text' },
    ],
    devices: ['P'],
  },
  valve: {
    w: 50,
    h: 46,
    body: `<path id="$-body" d="M0 0 L50 30 V0 L0 30 Z" fill="${B}" stroke="${L}" stroke-width="2" stroke-linejoin="round"/>` + `<path d="M25 15 V4 M17 4 H33" stroke="${L}" stroke-width="2"/>` + value(25, 44, 11),
    parts: [
      { part: 'body', prop: 'alarm' },
      { part: 'value', prop: 'text' },
    ],
    devices: ['XV', 'FV', 'LV', 'PV', 'TV', 'HV', 'SDV'],
  },
  compressor: {
    w: 70,
    h: 76,
    body:
      `<circle id="$-body" cx="35" cy="30" r="28" fill="${B}" stroke="${L}" stroke-width="2"/>` +
      `<path d="M13 12 L57 20 M13 48 L57 40" stroke="${L}" stroke-width="2"/>` +
      value(35, 74, 12),
    parts: [
      { part: 'body', prop: 'alarm' },
      { part: 'value', prop: 'text' },
    ],
    devices: ['K', 'C'],
  },
  exchanger: {
    w: 110,
    h: 60,
    body:
      `<rect id="$-shell" x="0" y="0" width="110" height="40" rx="20" fill="${B}" stroke="${L}" stroke-width="2"/>` +
      `<path d="M12 14 H98 M12 26 H98" stroke="${D}" stroke-width="1.5"/>` +
      value(55, 57, 12),
    parts: [
      { part: 'shell', prop: 'alarm' },
      { part: 'value', prop: 'text' },
    ],
    devices: ['E', 'HE'],
  },
  column: {
    w: 50,
    h: 200,
    body:
      `<rect id="$-shell" x="0" y="0" width="50" height="180" rx="25" fill="${B}" stroke="${L}" stroke-width="2"/>` +
      `<path d="M6 45 H44 M6 70 H44 M6 95 H44 M6 120 H44 M6 145 H44" stroke="${D}" stroke-width="1"/>` +
      `<rect id="$-level" x="20" y="20" width="10" height="140" fill="${V}"/>` +
      value(25, 196, 12),
    parts: [
      { part: 'shell', prop: 'alarm' },
      { part: 'level', prop: 'level' },
      { part: 'value', prop: 'text' },
    ],
    devices: ['C', 'T', 'DA'],
  },
  pipe: {
    w: 160,
    h: 12,
    body: `<path id="$-line" d="M0 6 H160" stroke="${L}" stroke-width="6"/>` + `<path id="$-flow" class="pw-flow" d="M0 6 H160" stroke="${B}" stroke-width="2" stroke-dasharray="8 8"/>`,
    parts: [{ part: 'flow', prop: 'visible' }],
    devices: [],
  },
  instrument: {
    w: 50,
    h: 66,
    body:
      `<circle id="$-bubble" cx="25" cy="25" r="22" fill="#f0f0f0" stroke="${L}" stroke-width="2"/>` +
      `<text id="$-tag" x="25" y="30" text-anchor="middle" font-size="13" font-weight="600" fill="${T}">XX</text>` +
      value(25, 64, 12),
    parts: [
      { part: 'bubble', prop: 'alarm' },
      { part: 'value', prop: 'text' },
    ],
    devices: [],
  },
  gauge: {
    w: 80,
    h: 80,
    body:
      `<path d="M12 52 A30 30 0 1 1 68 52" fill="none" stroke="${L}" stroke-width="4"/>` +
      `<path id="$-needle" d="M40 40 L40 14" stroke="${T}" stroke-width="3" stroke-linecap="round" data-pivot="40 40" transform="rotate(-135 40 40)"/>` +
      `<circle cx="40" cy="40" r="4" fill="${T}"/>` +
      value(40, 74, 12),
    parts: [
      { part: 'needle', prop: 'rotate' },
      { part: 'value', prop: 'text' },
    ],
    devices: [],
  },
  sparkline: {
    w: 120,
    h: 56,
    body:
      `<rect x="0" y="0" width="120" height="40" fill="#f0f0f0" stroke="${D}"/>` +
      `<polyline id="$-trend" points="" fill="none" stroke="${T}" stroke-width="1.5" data-box="2 2 116 36"/>` +
      value(60, 54, 12),
    parts: [
      { part: 'trend', prop: 'trend' },
      { part: 'value', prop: 'text' },
    ],
    devices: [],
  },
};

/** The markup of one placed symbol. */
export function symbolMarkup(kind: SymbolKind, id: string, x: number, y: number): string {
  return `<g id="${id}" data-symbol="${kind}" transform="translate(${x} ${y})">${SYMBOLS[kind].body.replaceAll('$', id)}</g>`;
}

/** The bindings of a whole symbol to one tag: each part what the library says it shows. */
export function symbolBindings(kind: string, id: string, tag: string): DrawingBinding[] {
  const def = (SYMBOLS as Record<string, SymbolDef | undefined>)[kind];
  if (!def) {
    // A shape of an imported drawing: its colour follows the tag's alarms.
    return [{ element: id, tag, prop: 'alarm' }];
  }
  return def.parts.map(({ part, prop }) => ({ element: `${id}-${part}`, tag, prop, ...(prop === 'rotate' ? { deg: 270 } : {}) }));
}

/** The symbol an element id belongs to: the longest symbol id equal to it or prefixing it with `-`. */
export function symbolOf(element: string, symbolIds: readonly string[]): string | null {
  let best: string | null = null;
  for (const s of symbolIds) {
    if ((element === s || element.startsWith(`${s}-`)) && (best === null || s.length > best.length)) {
      best = s;
    }
  }
  return best;
}

/** Among tags an ISA text names in several devices, the one whose device is of the symbol's kind (LT-101 next to a tank: TK-101, not V-101). */
export function tagForKind(kind: string, tags: readonly string[]): string | null {
  if (tags.length === 1) {
    return tags[0];
  }
  const prefixes = (SYMBOLS as Record<string, SymbolDef | undefined>)[kind]?.devices ?? [];
  const fits = tags.filter((t) => {
    const parts = t.split('.');
    const letters = /^[A-Za-z]+/.exec(parts[parts.length - 2] ?? '')?.[0].toUpperCase() ?? '';
    return prefixes.includes(letters);
  });
  return fits.length === 1 ? fits[0] : null;
}
