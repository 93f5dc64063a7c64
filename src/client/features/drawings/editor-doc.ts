import type { BindTarget, Box, PlacedText } from '../../../shared/drawings/binding-check';
import type { DrawingBinding } from '../../../shared/drawings/contracts';
import { HMI } from '../../../shared/drawings/symbols';

/*
 * The drawing editor's document is the SVG DOM itself: the items are the root's element
 * children, each placed by a leading translate. These helpers are the only code that edits it.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Grid the editor snaps to, in drawing units. */
export const GRID = 10;
/** An empty drawing: 1200 × 800 on the HP-HMI grey. */
export const NEW_SVG = `<svg xmlns="${SVG_NS}" viewBox="0 0 1200 800" font-family="sans-serif"><rect data-bg="1" x="0" y="0" width="1200" height="800" fill="${HMI.background}"/></svg>`;

const NOT_ITEMS = new Set(['defs', 'style', 'title', 'desc', 'metadata']);

/** The background of a drawing: marked so, or a rect that covers the whole view box. */
function isBackground(el: Element, root: SVGSVGElement): boolean {
  if (el.hasAttribute('data-bg')) {
    return true;
  }
  if (el.tagName !== 'rect') {
    return false;
  }
  const vb = root.viewBox.baseVal;
  return Number(el.getAttribute('width')) >= vb.width && Number(el.getAttribute('height')) >= vb.height;
}

/** The items a user selects and moves: the root's children but its background, definitions and the editor's own overlay. */
export function itemsOf(root: SVGSVGElement): SVGGraphicsElement[] {
  return [...root.children].filter((c) => !NOT_ITEMS.has(c.tagName) && !c.hasAttribute('data-editor') && !isBackground(c, root)) as SVGGraphicsElement[];
}

/** The item an event target belongs to, or null (background, overlay). */
export function itemOf(root: SVGSVGElement, target: EventTarget | null): SVGGraphicsElement | null {
  let t = target as Element | null;
  while (t && t.parentNode !== root) {
    t = t.parentNode as Element | null;
  }
  return t && itemsOf(root).includes(t as SVGGraphicsElement) ? (t as SVGGraphicsElement) : null;
}

/** An id no element of the drawing has: `base` followed by the smallest free number. */
export function uniqueId(root: ParentNode, base: string, taken: ReadonlySet<string> = new Set()): string {
  for (let n = 1; ; n++) {
    const id = `${base}${n}`;
    if (!taken.has(id) && !root.querySelector(`[id="${CSS.escape(id)}"]`)) {
      return id;
    }
  }
}

/** Gives every item and every text an id, so each can be selected, bound and auto-bound. */
export function ensureIds(root: SVGSVGElement): void {
  for (const el of itemsOf(root)) {
    if (!el.id) {
      el.id = uniqueId(root, el.tagName === 'g' ? 'group' : 'shape');
    }
  }
  for (const t of root.querySelectorAll('text:not([id])')) {
    t.id = uniqueId(root, 'text');
  }
}

const TRANSLATE = /^\s*translate\(\s*([-\d.e]+)(?:[\s,]+([-\d.e]+))?\s*\)/;

export function getTranslate(el: Element): [number, number] {
  const m = TRANSLATE.exec(el.getAttribute('transform') ?? '');
  return m ? [Number(m[1]), Number(m[2] ?? 0)] : [0, 0];
}

/** Sets an item's leading translate, keeping whatever transform follows it. */
export function setTranslate(el: Element, x: number, y: number): void {
  const t = el.getAttribute('transform') ?? '';
  const rest = TRANSLATE.test(t) ? t.replace(TRANSLATE, '').trim() : t.trim();
  el.setAttribute('transform', `translate(${+x.toFixed(2)} ${+y.toFixed(2)})${rest ? ` ${rest}` : ''}`);
}

export const snap = (v: number) => Math.round(v / GRID) * GRID;

/** Client point → drawing coordinates. */
export function toDrawing(root: SVGSVGElement, clientX: number, clientY: number): [number, number] {
  const m = root.getScreenCTM();
  if (!m) {
    return [clientX, clientY];
  }
  const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

/** Where an element is drawn, in drawing coordinates. */
export function boxIn(root: SVGSVGElement, el: Element): Box {
  const r = el.getBoundingClientRect();
  const [x0, y0] = toDrawing(root, r.left, r.top);
  const [x1, y1] = toDrawing(root, r.right, r.bottom);
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** Ids in an element's subtree, itself included. */
export function idsIn(el: Element): string[] {
  return [el, ...el.querySelectorAll('[id]')].map((e) => e.id).filter(Boolean);
}

/** The saved text of the drawing: without the editor's overlay and selection marks. */
export function serialise(root: SVGSVGElement): string {
  const copy = root.cloneNode(true) as SVGSVGElement;
  copy.querySelectorAll('[data-editor]').forEach((n) => n.remove());
  copy.removeAttribute('class');
  copy.removeAttribute('style');
  return new XMLSerializer().serializeToString(copy);
}

/** An item's markup parsed back into an element of this document. */
export function elementFrom(markup: string): SVGGraphicsElement | null {
  const doc = new DOMParser().parseFromString(`<svg xmlns="${SVG_NS}">${markup}</svg>`, 'image/svg+xml');
  const el = doc.documentElement.firstElementChild;
  return el ? (document.importNode(el, true) as SVGGraphicsElement) : null;
}

/**
 * Gives a pasted copy ids of its own and returns old id → new id: the item's id gets the next
 * number of its base (`tank1` → `tank2`), its parts follow (`tank1-level` → `tank2-level`), so
 * every binding of the original can be carried over to the copy.
 */
export function renameCopy(root: SVGSVGElement, el: Element, taken: Set<string>): Map<string, string> {
  const renamed = new Map<string, string>();
  const top = el.id;
  const newTop = top ? uniqueId(root, top.replace(/\d+$/, '') || 'item', taken) : '';
  if (top) {
    taken.add(newTop);
  }
  for (const e of [el, ...el.querySelectorAll('[id]')]) {
    const old = e.id;
    if (!old) {
      continue;
    }
    let next: string;
    if (old === top) {
      next = newTop;
    } else if (top && old.startsWith(`${top}-`)) {
      next = `${newTop}${old.slice(top.length)}`;
    } else {
      next = uniqueId(root, `${old}-c`, taken);
    }
    taken.add(next);
    renamed.set(old, next);
    e.id = next;
  }
  return renamed;
}

/** Bindings of the elements a map renames, carried over to their new ids. */
export function carryBindings(bindings: readonly DrawingBinding[], renamed: ReadonlyMap<string, string>): DrawingBinding[] {
  return bindings.filter((b) => renamed.has(b.element)).map((b) => ({ ...b, element: renamed.get(b.element)! }));
}

/** Creates an SVG element of this document. */
export function svgElement<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    el.setAttribute(k, String(v));
  }
  return el;
}

/** Puts the items in a new group, in the place of the first; returns the group. */
export function groupItems(root: SVGSVGElement, items: readonly SVGGraphicsElement[]): SVGGElement {
  const g = svgElement('g', { id: uniqueId(root, 'group') });
  root.insertBefore(g, items[0]);
  items.forEach((e) => g.appendChild(e));
  return g;
}

/** Takes the children out of plain groups (not symbols), keeping where they are drawn; returns their ids. */
export function ungroupItems(root: SVGSVGElement, groups: readonly SVGGraphicsElement[]): string[] {
  const freed: string[] = [];
  for (const g of groups) {
    const outer = g.getAttribute('transform') ?? '';
    for (const c of [...g.children]) {
      const inner = c.getAttribute('transform') ?? '';
      if (outer || inner) {
        c.setAttribute('transform', `${outer} ${inner}`.trim());
      }
      root.insertBefore(c, g);
      if (!c.id) {
        c.id = uniqueId(root, 'shape');
      }
      freed.push(c.id);
    }
    g.remove();
  }
  return freed;
}

/** Aligns items on the leftmost or topmost edge, or on the first item's centre or middle. */
export function alignItems(root: SVGSVGElement, items: readonly SVGGraphicsElement[], how: 'left' | 'centre' | 'top' | 'middle'): void {
  const boxes = items.map((e) => boxIn(root, e));
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const centre = boxes[0].x + boxes[0].w / 2;
  const middle = boxes[0].y + boxes[0].h / 2;
  items.forEach((e, i) => {
    const b = boxes[i];
    const [tx, ty] = getTranslate(e);
    const dx = how === 'left' ? left - b.x : how === 'centre' ? centre - (b.x + b.w / 2) : 0;
    const dy = how === 'top' ? top - b.y : how === 'middle' ? middle - (b.y + b.h / 2) : 0;
    setTranslate(e, tx + dx, ty + dy);
  });
}

/**
 * What auto-binding works on (ids made first): the symbols, the free texts with
 * their boxes, and what a text may bind — symbols, and plain shapes that are
 * neither part of a symbol, the background nor the editor's own.
 */
export function autoBindScene(root: SVGSVGElement): { symbolIds: string[]; texts: PlacedText[]; targets: BindTarget[] } {
  ensureIds(root);
  const symbolIds = [...root.querySelectorAll('[data-symbol]')].map((e) => e.id);
  const texts: PlacedText[] = [...root.querySelectorAll('text')]
    .filter((e) => !e.closest('[data-symbol]') && (e.textContent ?? '').trim())
    .map((e) => ({ element: e.id, text: (e.textContent ?? '').trim(), box: boxIn(root, e) }));
  const targets: BindTarget[] = [
    ...[...root.querySelectorAll('[data-symbol]')].map((e) => ({ id: e.id, kind: e.getAttribute('data-symbol') ?? 'shape', box: boxIn(root, e) })),
    ...[...root.querySelectorAll('rect[id], circle[id], ellipse[id], path[id], polygon[id]')]
      .filter((e) => !e.closest('[data-symbol]') && !e.hasAttribute('data-bg') && !e.hasAttribute('data-editor'))
      .map((e) => ({ id: e.id, kind: 'shape', box: boxIn(root, e) })),
  ];
  return { symbolIds, texts, targets };
}

/** Where the next item goes: under the first selected item, or stepped down the drawing. */
export function nextPlaceIn(root: SVGSVGElement, selected: readonly SVGGraphicsElement[]): [number, number] {
  if (selected.length) {
    const b = boxIn(root, selected[0]);
    return [snap(b.x), snap(b.y + b.h + GRID)];
  }
  const n = itemsOf(root).length;
  return [40 + (n % 8) * 120, 60 + (Math.floor(n / 8) % 5) * 150];
}
