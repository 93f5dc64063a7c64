import { useEffect, useMemo, useRef } from 'react';
import { limitTypesOfTags, type AlarmType } from '../../../shared/alarms/contracts';
import type { DrawingBinding } from '../../../shared/drawings/contracts';
import { streamClient, type TagUpdate } from '../../stream/stream-client';
import { priorityColors } from '../../ui/alarm-priority';
import { useOpenAlarms } from '../../ui/use-open-alarms';
import './drawings.css';

const TAG_ALARM_TYPES: readonly AlarmType[] = [...limitTypesOfTags, 'comm'];

interface Bound {
  el: SVGElement;
  b: DrawingBinding;
  /** A level bar's full extent, as drawn. */
  y0: number;
  h0: number;
  /** A text's unit, the part after the placeholder. */
  suffix: string;
  /** The element's own fill, restored when its alarm clears. */
  fill: string | null;
}

/** Parses an SVG text and drops anything that could run (the server refuses such drawings; this is the second fence). */
function parseSvg(text: string): SVGSVGElement | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = doc.documentElement;
  if (svg.nodeName.toLowerCase() !== 'svg' || doc.querySelector('parsererror')) {
    return null;
  }
  doc.querySelectorAll('script, foreignObject').forEach((n) => n.remove());
  doc.querySelectorAll('*').forEach((n) => {
    for (const a of [...n.attributes]) {
      if (/^on/i.test(a.name) || /javascript:/i.test(a.value)) {
        n.removeAttribute(a.name);
      }
    }
  });
  // Fitted to the box at any size: the viewBox scales, the aspect ratio is kept.
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  return document.importNode(svg, true) as unknown as SVGSVGElement;
}

const num = (el: Element, attr: string) => Number(el.getAttribute(attr) ?? 0);

/**
 * A process drawing shown live: each bound element follows its tag (value
 * text, level bar, alarm colour). Values from the stream are written to the
 * DOM in one batch per animation frame, never through React state.
 */
export function DrawingView({ svg, bindings, onPick, height }: { svg: string; bindings: readonly DrawingBinding[]; onPick?: (elementId: string) => void; height: number | string }) {
  const box = useRef<HTMLDivElement>(null);
  const bound = useRef(new Map<string, Bound[]>());
  const alarms = useOpenAlarms(TAG_ALARM_TYPES);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });

  // Mount the SVG, index the bound elements, and stream their tags' values.
  useEffect(() => {
    const host = box.current;
    const root = parseSvg(svg);
    if (!host || !root) {
      return undefined;
    }
    host.replaceChildren(root);
    const index = new Map<string, Bound[]>();
    for (const b of bindings) {
      const el = root.getElementById(b.element) as SVGElement | null;
      if (!el) {
        continue;
      }
      const text = el.textContent ?? '';
      index.set(b.tag, [
        ...(index.get(b.tag) ?? []),
        { el, b, y0: num(el, 'y'), h0: num(el, 'height'), suffix: text.replace(/^\s*[—-]+\s*/, ''), fill: el.getAttribute('fill') },
      ]);
    }
    bound.current = index;
    const pending = new Map<string, TagUpdate>();
    let frame: number | null = null;
    const flush = () => {
      frame = null;
      for (const u of pending.values()) {
        for (const x of index.get(u.tag) ?? []) {
          if (x.b.prop === 'text') {
            x.el.textContent = `${u.v.toFixed(x.b.digits ?? 2)}${x.suffix ? ` ${x.suffix}` : ''}`;
            x.el.setAttribute('data-value', String(u.v));
          } else if (x.b.prop === 'level') {
            const lo = x.b.lo ?? 0;
            const hi = x.b.hi ?? 100;
            const share = Math.min(1, Math.max(0, hi > lo ? (u.v - lo) / (hi - lo) : 0));
            const h = x.h0 * share;
            x.el.setAttribute('height', h.toFixed(2));
            x.el.setAttribute('y', (x.y0 + x.h0 - h).toFixed(2));
            x.el.setAttribute('data-value', String(u.v));
          }
        }
      }
      pending.clear();
    };
    const sub = streamClient()
      .tags$([...index.keys()])
      .subscribe((updates) => {
        updates.forEach((u) => pending.set(u.tag, u));
        frame ??= requestAnimationFrame(flush);
      });
    const handleClick = (e: MouseEvent) => {
      const target = (e.target as Element | null)?.closest('[id]');
      if (target && target !== root && pick.current) {
        pick.current(target.id);
      }
    };
    root.addEventListener('click', handleClick);
    return () => {
      sub.unsubscribe();
      root.removeEventListener('click', handleClick);
      if (frame !== null) {
        cancelAnimationFrame(frame);
      }
    };
  }, [svg, bindings]);

  // Alarm colours: the worst open alarm of each bound tag fills its `alarm` elements; unacknowledged ones blink (CSS).
  const worst = useMemo(() => {
    const m = new Map<string, { priority: number; unack: boolean }>();
    for (const a of alarms.byId.values()) {
      const prev = m.get(a.source);
      m.set(a.source, { priority: Math.min(prev?.priority ?? 4, a.priority), unack: (prev?.unack ?? false) || a.state === 'unack' });
    }
    return m;
  }, [alarms]);
  useEffect(() => {
    for (const [tag, list] of bound.current) {
      const mark = worst.get(tag);
      for (const x of list) {
        if (x.b.prop !== 'alarm') {
          continue;
        }
        if (mark) {
          x.el.setAttribute('fill', priorityColors[mark.priority] ?? priorityColors[4]);
          x.el.classList.toggle('pw-drawing-blink', mark.unack);
          x.el.setAttribute('data-alarm', String(mark.priority));
        } else {
          if (x.fill === null) {
            x.el.removeAttribute('fill');
          } else {
            x.el.setAttribute('fill', x.fill);
          }
          x.el.classList.remove('pw-drawing-blink');
          x.el.removeAttribute('data-alarm');
        }
      }
    }
  }, [worst, svg, bindings]);

  return <div ref={box} className="pw-drawing" data-testid="drawing-view" style={{ width: '100%', height, cursor: onPick ? 'crosshair' : undefined }} />;
}
