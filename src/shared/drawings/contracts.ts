import { z } from 'zod';
import { defineContract } from '../contracts/contract.js';
import { listOf } from '../contracts/envelope.js';

/** Largest drawing accepted (characters of SVG text). */
export const MAX_SVG_LENGTH = 2_000_000;
/** Most bindings of one drawing. */
export const MAX_BINDINGS = 5000;

/**
 * What a bound element shows: `text` the value, `level` a bar filled by (v − lo) / (hi − lo),
 * `alarm` the fill colour of the tag's worst open alarm, `fill` / `stroke` a colour while the
 * condition holds, `visible` shown only while it holds, `blink` blinking while it holds,
 * `rotate` turned by (v − lo) / (hi − lo) of `deg` degrees, `trend` a sparkline of the last values.
 */
export const bindingProps = ['text', 'level', 'alarm', 'fill', 'stroke', 'visible', 'blink', 'rotate', 'trend'] as const;
export type BindingProp = (typeof bindingProps)[number];

/** What a condition of `fill`, `stroke`, `visible` and `blink` reads: the tag's value, or its alarm state. */
export const bindingSources = ['value', 'alarm'] as const;
export type BindingSource = (typeof bindingSources)[number];

export const drawingBinding = z.object({
  /** The SVG element's id. */
  element: z.string().min(1).max(120),
  tag: z.string().min(1).max(128),
  prop: z.enum(bindingProps),
  /** Range of a `level`, `rotate` or `trend` binding; the tag's range when left out. */
  lo: z.number().optional(),
  hi: z.number().optional(),
  /** Digits after the point of a `text` binding. */
  digits: z.number().int().min(0).max(6).optional(),
  /** Condition of `fill`, `stroke`, `visible`, `blink`: on the value (the default) or on an open alarm of the tag (`blink`: unacknowledged). */
  source: z.enum(bindingSources).optional(),
  /** A value condition holds while v > above; without it, while v ≠ 0 (a digital signal). */
  above: z.number().optional(),
  /** Colour of `fill` / `stroke` while the condition holds; the alarm's priority colour (source alarm) or red when left out. */
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{3,8}$/, 'validation.badFormat')
    .optional(),
  /** Degrees a `rotate` binding turns over the range (default 270). */
  deg: z.number().min(-3600).max(3600).optional(),
});
export type DrawingBinding = z.infer<typeof drawingBinding>;

export const drawingItem = z.object({ id: z.number().int(), name: z.string(), bindings: z.number().int(), updatedAt: z.number(), updatedBy: z.string() });
export const drawingDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  svg: z.string(),
  bindings: z.array(drawingBinding),
  updatedAt: z.number(),
  updatedBy: z.string(),
});
export type DrawingDetail = z.infer<typeof drawingDetail>;

export const drawingList = defineContract({
  method: 'POST',
  path: '/UAPI/Svg/DrawingList',
  input: z.object({}),
  output: listOf(drawingItem),
  permission: 'drawing:view',
});

export const drawingGet = defineContract({
  method: 'POST',
  path: '/UAPI/Svg/DrawingGet',
  input: z.object({ id: z.number().int().positive() }),
  output: drawingDetail,
  permission: 'drawing:view',
});

/** Creates (no id) or replaces a drawing; bindings are checked against the SVG's element ids and the tag list (audited). */
export const drawingSave = defineContract({
  method: 'POST',
  path: '/UAPI/Svg/DrawingSave',
  input: z.object({
    id: z.number().int().positive().optional(),
    name: z.string().trim().min(1).max(100),
    svg: z.string().min(10).max(MAX_SVG_LENGTH),
    bindings: z.array(drawingBinding).max(MAX_BINDINGS),
  }),
  output: drawingDetail,
  permission: 'drawing:manage',
});

/**
 * Automatic binding of ISA tag text in a drawing (e.g. the text "LT-101" or "TK-101.LT"): each
 * `<text id>` whose content names exactly one tag gets a `text` binding to it; ambiguous or
 * unknown texts are listed, not guessed.
 */
export const drawingAutoBind = defineContract({
  method: 'POST',
  path: '/UAPI/Svg/AutoBind',
  input: z.object({ svg: z.string().min(10).max(MAX_SVG_LENGTH) }),
  output: z.object({
    bindings: z.array(drawingBinding),
    /** Texts that name no tag, or several (`candidates`: the symbol next to the text may decide, e.g. a tank picks the TK device). */
    unmatched: z.array(z.object({ element: z.string(), text: z.string(), candidates: z.array(z.string()).optional() })),
  }),
  permission: 'drawing:manage',
});

/** The binding checker's question to the server: which of these tags does the plant not have? */
export const drawingCheckTags = defineContract({
  method: 'POST',
  path: '/UAPI/Svg/CheckTags',
  input: z.object({ tags: z.array(z.string().min(1).max(128)).max(MAX_BINDINGS) }),
  output: z.object({ unknown: z.array(z.string()) }),
  permission: 'drawing:manage',
});

/** Texts with an id: `<text id="…">LT-101</text>` (tspans flattened). */
export function svgIdTexts(svg: string): { element: string; text: string }[] {
  const out: { element: string; text: string }[] = [];
  for (const m of svg.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)) {
    const id = /\sid\s*=\s*["']([^"']+)["']/.exec(m[1]);
    const text = m[2].replace(/<[^>]*>/g, '').trim();
    if (id && text) {
      out.push({ element: id[1], text });
    }
  }
  return out;
}

const norm = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The tags a text names, among `tagIds`: those whose id ends with the text (separators ignored:
 * "TK-101.LT" names "TF-A.TK-101.LT"), or, for an ISA tag "LT-101", those whose last part is the
 * letters and whose device ends with the number.
 */
export function tagsNamedBy(text: string, tagIds: readonly string[]): string[] {
  const t = norm(text);
  if (t.length < 3) {
    return [];
  }
  const hits = tagIds.filter((id) => norm(id).endsWith(t));
  const isa = /^([A-Za-z]{1,4})[-_ ]?(\d{2,5}[A-Za-z]?)$/.exec(text.trim());
  if (hits.length || !isa) {
    return hits;
  }
  const [letters, number] = [isa[1].toUpperCase(), isa[2].toUpperCase()];
  return tagIds.filter((id) => {
    const parts = id.split('.');
    return parts.length >= 2 && parts[parts.length - 1].toUpperCase() === letters && norm(parts[parts.length - 2]).endsWith(number);
  });
}

/** The one tag a text names (`tagsNamedBy`); null when none or several match. */
export function tagNamedBy(text: string, tagIds: readonly string[]): string | null {
  const hits = tagsNamedBy(text, tagIds);
  return hits.length === 1 ? hits[0] : null;
}

/** Element ids of an SVG text (`id="…"`), without parsing a DOM: the server checks bindings with it. */
export function svgElementIds(svg: string): Set<string> {
  const ids = new Set<string>();
  for (const m of svg.matchAll(/\sid\s*=\s*["']([^"']+)["']/g)) {
    ids.add(m[1]);
  }
  return ids;
}

/** An SVG the portal will show: an `<svg` root and nothing that runs (script, event handlers, foreign HTML, javascript: links). */
export function isSafeSvg(svg: string): boolean {
  const head = svg.trimStart().replace(/^<\?xml[^>]*>\s*/, '').replace(/^<!--[\s\S]*?-->\s*/, '');
  return /^<svg[\s>]/i.test(head) && !/<script|<foreignObject|\son\w+\s*=|javascript:/i.test(svg);
}
