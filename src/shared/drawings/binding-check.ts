import { tagsNamedBy, type DrawingBinding } from './contracts.js';
import { symbolBindings, symbolOf, tagForKind } from './symbols.js';

/** What the binding checker finds in a drawing before it is saved. */
export interface BindingReport {
  /** Symbols (library groups) none of whose parts is bound. */
  unbound: string[];
  /** Tags named by a binding that the tag list does not have. */
  unknownTags: string[];
  /** Tags shown the same way (same prop) by more than one symbol: usually a copy not yet rebound. */
  duplicateTags: string[];
}

/**
 * The binding checker of the editor: run on save, it lists unbound symbols, unknown tags and
 * duplicate tags. Unknown tags block the save (the server refuses them too); the other two are
 * warnings, since a drawing may show one tag in two places on purpose.
 */
export function checkBindings(symbolIds: readonly string[], bindings: readonly DrawingBinding[], isKnownTag: (tag: string) => boolean): BindingReport {
  const boundSymbols = new Set<string>();
  const owners = new Map<string, Set<string>>();
  const unknown = new Set<string>();
  for (const b of bindings) {
    const owner = symbolOf(b.element, symbolIds) ?? b.element;
    boundSymbols.add(owner);
    const key = `${b.tag}\u0000${b.prop}`;
    owners.set(key, (owners.get(key) ?? new Set()).add(owner));
    if (!isKnownTag(b.tag)) {
      unknown.add(b.tag);
    }
  }
  const duplicate = new Set<string>();
  for (const [key, set] of owners) {
    if (set.size > 1) {
      duplicate.add(key.split('\u0000')[0]);
    }
  }
  return {
    unbound: symbolIds.filter((s) => !boundSymbols.has(s)),
    unknownTags: [...unknown].sort(),
    duplicateTags: [...duplicate].sort(),
  };
}

/** An axis-aligned box in drawing coordinates. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The gap between two boxes (0 when they touch or overlap). */
export function boxGap(a: Box, b: Box): number {
  const dx = Math.max(0, a.x - (b.x + b.w), b.x - (a.x + a.w));
  const dy = Math.max(0, a.y - (b.y + b.h), b.y - (a.y + a.h));
  return Math.hypot(dx, dy);
}

/** A text of the drawing, with where it is drawn. */
export interface PlacedText {
  element: string;
  text: string;
  box: Box;
}

/** Something a tag text can bind: a library symbol (`kind` its library name) or a shape of an imported drawing. */
export interface BindTarget {
  id: string;
  kind: string;
  box: Box;
}

export interface NearbyBinding {
  /** The text that named the tag, the target it sits next to, and the tag. */
  text: string;
  target: string;
  tag: string;
  bindings: DrawingBinding[];
}

/**
 * Automatic binding of ISA tag text: a text that names a tag (`tagsNamedBy`: "LT-101" names the
 * tags whose device ends with 101 and whose signal is LT; among several, the one whose device is
 * of the symbol's kind) binds the nearest symbol within `maxGap` to that tag, each part as the
 * library says. Already-bound targets are left alone, and a target claimed by two texts goes to
 * the nearer one. Texts that name no tag (or several, and the symbol does not decide), or stand
 * far from every symbol, are returned as unmatched.
 */
export function autoBindNearby(
  texts: readonly PlacedText[],
  targets: readonly BindTarget[],
  tagIds: readonly string[],
  opts: { maxGap: number; bound?: ReadonlySet<string> },
): { found: NearbyBinding[]; unmatched: PlacedText[] } {
  const claims = new Map<string, { gap: number; text: PlacedText; tag: string; kind: string }>();
  const unmatched: PlacedText[] = [];
  for (const t of texts) {
    const named = tagsNamedBy(t.text, tagIds);
    let best: { target: BindTarget; gap: number } | null = null;
    if (named.length) {
      for (const target of targets) {
        if (opts.bound?.has(target.id)) {
          continue;
        }
        const gap = boxGap(t.box, target.box);
        if (gap <= opts.maxGap && (best === null || gap < best.gap)) {
          best = { target, gap };
        }
      }
    }
    const tag = best ? tagForKind(best.target.kind, named) : null;
    if (!tag || !best) {
      unmatched.push(t);
      continue;
    }
    const prev = claims.get(best.target.id);
    if (prev && prev.gap <= best.gap) {
      unmatched.push(t);
      continue;
    }
    if (prev) {
      unmatched.push(prev.text);
    }
    claims.set(best.target.id, { gap: best.gap, text: t, tag, kind: best.target.kind });
  }
  const found = [...claims].map(([target, c]) => ({ text: c.text.element, target, tag: c.tag, bindings: symbolBindings(c.kind, target, c.tag) }));
  return { found, unmatched };
}
