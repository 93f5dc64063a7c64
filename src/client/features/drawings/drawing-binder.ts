import type { DrawingBinding } from '../../../shared/drawings/contracts';
import type { TagUpdate } from '../../stream/stream-decode';
import { priorityColors } from '../../ui/alarm-priority';

/** Colour of a value condition that names none: the high-priority alarm colour (HP-HMI: colour only for what is abnormal). */
const ABNORMAL = priorityColors[2];
/** Values a sparkline keeps. */
const TREND_POINTS = 60;

/** The worst open alarm of a tag: its priority (1 most urgent) and whether any is unacknowledged. */
export interface AlarmMark {
  priority: number;
  unack: boolean;
}

interface Bound {
  el: SVGElement;
  b: DrawingBinding;
  /** A level bar's full extent, as drawn. */
  y0: number;
  h0: number;
  /** A text's unit, the part after the placeholder. */
  suffix: string;
  /** The element's own attributes, restored when a condition ends. */
  fill: string | null;
  stroke: string | null;
  /** A rotation's pivot (data-pivot, or the element's box centre, measured on first use). */
  pivot: [number, number] | null;
  /** A sparkline's last values and its box. */
  ring: number[] | null;
  /** What was last written (text, bar height, angle, condition): an unchanged value touches no DOM. */
  last: string | null;
}

const num = (el: Element, attr: string) => Number(el.getAttribute(attr) ?? 0);
const setOrRemove = (el: Element, attr: string, v: string | null) => (v === null ? el.removeAttribute(attr) : el.setAttribute(attr, v));

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Parses an SVG text and drops anything that could run (the server refuses such drawings; this is
 * the second fence). `strict` (files imported in the editor): the XML parser, which refuses a text
 * that is not well-formed. Otherwise (drawings the server stored, which its check keeps to one
 * `<svg>` root without a DOCTYPE): the HTML parser in an inert document, two to four times faster
 * on a 900 KB drawing (npm run bench:svg).
 */
export function parseSvg(text: string, opts: { strict?: boolean } = {}): SVGSVGElement | null {
  let svg: Element | null;
  let doc: Document;
  if (opts.strict || /<!DOCTYPE|<!ENTITY/i.test(text.slice(0, 4096))) {
    doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    svg = doc.documentElement;
    if (svg.nodeName.toLowerCase() !== 'svg' || doc.querySelector('parsererror')) {
      return null;
    }
  } else {
    doc = new DOMParser().parseFromString(text, 'text/html');
    svg = doc.body.firstElementChild;
    if (!svg || svg.namespaceURI !== SVG_NS || svg.localName !== 'svg' || doc.body.childElementCount !== 1) {
      return null;
    }
  }
  // One walk over the elements, attributes read in place (no array per element): under half the time of
  // `querySelectorAll('*')` with copied attribute lists on a 10,000-node drawing (npm run bench:svg).
  const dropped: Element[] = [];
  const walker = doc.createTreeWalker(svg, NodeFilter.SHOW_ELEMENT);
  for (let n: Node | null = walker.currentNode; n; n = walker.nextNode()) {
    const el = n as Element;
    const name = el.localName.toLowerCase();
    if (name === 'script' || name === 'foreignobject') {
      dropped.push(el);
      continue;
    }
    const attrs = el.attributes;
    for (let i = attrs.length - 1; i >= 0; i--) {
      const a = attrs[i];
      if (/^on/i.test(a.name) || /javascript:/i.test(a.value)) {
        el.removeAttribute(a.name);
      }
    }
  }
  dropped.forEach((el) => el.remove());
  if (!svg.getAttribute('viewBox') && svg.getAttribute('width') && svg.getAttribute('height')) {
    svg.setAttribute('viewBox', `0 0 ${parseFloat(svg.getAttribute('width')!)} ${parseFloat(svg.getAttribute('height')!)}`);
  }
  // Fitted to the box at any size: the viewBox scales, the aspect ratio is kept.
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  // Moved into the page, not copied: the parsed document is thrown away anyway.
  return document.adoptNode(svg) as unknown as SVGSVGElement;
}

/**
 * The live side of a drawing, outside React: indexes the bound elements of a mounted SVG once,
 * queues tag updates and writes them to the DOM in one batch per animation frame (the latest
 * value of each tag only), and paints alarm states when the open alarms change.
 */
export class DrawingBinder {
  private readonly index = new Map<string, Bound[]>();
  private readonly pending = new Map<string, number>();
  private frame: number | null = null;

  constructor(root: SVGSVGElement, bindings: readonly DrawingBinding[]) {
    for (const b of bindings) {
      const el = root.getElementById(b.element) as SVGElement | null;
      if (!el) {
        continue;
      }
      const list = this.index.get(b.tag) ?? [];
      list.push({
        el,
        b,
        y0: num(el, 'y'),
        h0: num(el, 'height'),
        suffix: b.prop === 'text' ? (el.textContent ?? '').replace(/^\s*[—-]+\s*/, '') : '',
        fill: el.getAttribute('fill'),
        stroke: el.getAttribute('stroke'),
        pivot: null,
        ring: b.prop === 'trend' ? [] : null,
        last: null,
      });
      this.index.set(b.tag, list);
    }
  }

  /** The tags the drawing shows. */
  tags(): string[] {
    return [...this.index.keys()];
  }

  /** Queues updates; the DOM is written on the next animation frame. */
  push(updates: readonly Pick<TagUpdate, 'tag' | 'v'>[]): void {
    for (const u of updates) {
      this.pending.set(u.tag, u.v);
    }
    this.frame ??= requestAnimationFrame(() => this.flush());
  }

  /** Writes every queued value now (the frame callback; benches call it directly). */
  flush(): void {
    this.frame = null;
    for (const [tag, v] of this.pending) {
      for (const x of this.index.get(tag) ?? []) {
        this.write(x, v);
      }
    }
    this.pending.clear();
  }

  private write(x: Bound, v: number): void {
    const { el, b } = x;
    switch (b.prop) {
      case 'text': {
        const text = `${v.toFixed(b.digits ?? 2)}${x.suffix ? ` ${x.suffix}` : ''}`;
        if (text !== x.last) {
          x.last = text;
          // The text node's value, not textContent: no node is created per write.
          if (el.firstChild?.nodeType === Node.TEXT_NODE && el.childNodes.length === 1) {
            el.firstChild.nodeValue = text;
          } else {
            el.textContent = text;
          }
        }
        break;
      }
      case 'level': {
        const h = (x.h0 * share(b, v)).toFixed(2);
        if (h !== x.last) {
          x.last = h;
          el.setAttribute('height', h);
          el.setAttribute('y', (x.y0 + x.h0 - Number(h)).toFixed(2));
        }
        break;
      }
      case 'rotate': {
        const deg = b.deg ?? 270;
        const angle = (share(b, v) * deg - deg / 2).toFixed(1);
        if (angle !== x.last) {
          x.last = angle;
          x.pivot ??= pivotOf(el);
          el.setAttribute('transform', `rotate(${angle} ${x.pivot[0]} ${x.pivot[1]})`);
        }
        break;
      }
      case 'trend': {
        const ring = x.ring!;
        ring.push(v);
        if (ring.length > TREND_POINTS) {
          ring.shift();
        }
        const [bx, by, bw, bh] = (el.getAttribute('data-box') ?? '0 0 100 30').split(/[\s,]+/).map(Number);
        const step = bw / (TREND_POINTS - 1);
        const off = TREND_POINTS - ring.length;
        el.setAttribute('points', ring.map((r, i) => `${(bx + (off + i) * step).toFixed(1)},${(by + bh - bh * share(b, r)).toFixed(1)}`).join(' '));
        break;
      }
      case 'fill':
      case 'stroke':
      case 'visible':
      case 'blink':
        if (b.source !== 'alarm') {
          this.condition(x, b.above !== undefined ? v > b.above : v !== 0, null);
        }
        break;
      case 'alarm':
        break;
    }
  }

  /** Applies a condition's state to its element: a colour, shown or hidden, blinking. */
  private condition(x: Bound, on: boolean, mark: AlarmMark | null): void {
    const { el, b } = x;
    const colour = b.color ?? (mark ? (priorityColors[mark.priority] ?? priorityColors[4]) : ABNORMAL);
    const state = on ? `1${colour}` : '0';
    if (state === x.last) {
      return;
    }
    x.last = state;
    switch (b.prop) {
      case 'fill':
      case 'alarm':
        setOrRemove(el, 'fill', on ? colour : x.fill);
        break;
      case 'stroke':
        setOrRemove(el, 'stroke', on ? colour : x.stroke);
        break;
      case 'visible':
        el.setAttribute('visibility', on ? 'visible' : 'hidden');
        break;
      case 'blink':
        el.classList.toggle('pw-drawing-blink', on);
        break;
      case 'text':
      case 'level':
      case 'rotate':
      case 'trend':
        return;
    }
    el.setAttribute('data-on', on ? '1' : '0');
  }

  /** Paints alarm states: `alarm` bindings (and alarm-source conditions) by each tag's worst open alarm; unacknowledged ones blink. */
  applyAlarms(worst: ReadonlyMap<string, AlarmMark>): void {
    for (const [tag, list] of this.index) {
      const mark = worst.get(tag) ?? null;
      for (const x of list) {
        if (x.b.prop === 'alarm') {
          this.condition(x, mark !== null, mark);
          x.el.classList.toggle('pw-drawing-blink', mark?.unack ?? false);
          setOrRemove(x.el, 'data-alarm', mark ? String(mark.priority) : null);
        } else if (x.b.source === 'alarm') {
          this.condition(x, mark !== null && (x.b.prop !== 'blink' || mark.unack), mark);
        }
      }
    }
  }

  dispose(): void {
    if (this.frame !== null) {
      cancelAnimationFrame(this.frame);
      this.frame = null;
    }
  }
}

/** Where v sits in the binding's range, 0..1. */
function share(b: DrawingBinding, v: number): number {
  const lo = b.lo ?? 0;
  const hi = b.hi ?? 100;
  return Math.min(1, Math.max(0, hi > lo ? (v - lo) / (hi - lo) : 0));
}

function pivotOf(el: SVGElement): [number, number] {
  const p = el.getAttribute('data-pivot');
  if (p) {
    const [x, y] = p.split(/[\s,]+/).map(Number);
    return [x, y];
  }
  const bb = (el as SVGGraphicsElement).getBBox();
  return [+(bb.x + bb.width / 2).toFixed(1), +(bb.y + bb.height / 2).toFixed(1)];
}
