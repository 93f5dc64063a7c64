import { createElement, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Subject } from 'rxjs';
import type { DashboardDefinition, WidgetType } from '../../src/shared/dashboards/definition';
import { DashboardGrid } from '../../src/client/features/dashboards/dashboard-grid';
import type { TagUpdate } from './fake-stream-client';

/* The page of bench:dashboard: a 40-widget dashboard (or the naive variant) at the viewport's size. */
const w = window as unknown as {
  __feed: Subject<TagUpdate[]>;
  __bench: { mount(kind: string, n: number, seed: number): void; switchTo(seed: number): Promise<number> };
};

const types: WidgetType[] = ['value', 'gauge', 'sparkline', 'stat'];

function definition(kind: string, n: number, seed: number): DashboardDefinition {
  const cols = 24;
  const per = 8;
  const rows = Math.ceil(n / per) * 2;
  return {
    version: 1,
    key: `bench-${seed}`,
    name: { zh: 'bench', en: 'bench' },
    grid: { cols, rows },
    widgets: Array.from({ length: n }, (_, i) => ({
      id: `w${i}`,
      type: kind === 'mixed' ? types[i % types.length] : 'value',
      x: (i % per) * 3,
      y: Math.floor(i / per) * 2,
      w: 3,
      h: 2,
      title: { zh: `位号 ${i}`, en: `Tag ${i}` },
      binding: { kind: 'tag' as const, tag: `B.${i}` },
      options: { min: 0, max: 100, decimals: 2, unit: 'm' },
    })),
  };
}

/** The naive way: each widget keeps the value in React state and sets it on every update. */
function NaiveValue({ tag }: { tag: string }) {
  const [v, setV] = useState<number | null>(null);
  useEffect(() => {
    const sub = w.__feed.subscribe((batch) => {
      for (const u of batch) {
        if (u.tag === tag) {
          setV(u.v);
        }
      }
    });
    return () => sub.unsubscribe();
  }, [tag]);
  return createElement('div', { className: 'pw-dash-widget' }, createElement('div', { className: 'pw-dash-title' }, tag), createElement('span', { className: 'pw-dash-number' }, v?.toFixed(2) ?? '--'));
}

const host = document.createElement('div');
document.body.style.margin = '0';
document.body.appendChild(host);
const root = createRoot(host);

w.__bench = {
  mount(kind, n, seed) {
    if (kind === 'naive') {
      root.render(
        createElement(
          'div',
          { style: { display: 'grid', gridTemplateColumns: 'repeat(8, 1fr)', gap: 16, width: innerWidth, height: innerHeight, fontSize: 32 } },
          Array.from({ length: n }, (_, i) => createElement(NaiveValue, { key: i, tag: `B.${i}` })),
        ),
      );
    } else {
      root.render(createElement(DashboardGrid, { def: definition(kind, n, seed), width: innerWidth, height: innerHeight }));
    }
  },
  /** Time from asking for another dashboard to its first painted frame, ms. */
  async switchTo(seed) {
    const t0 = performance.now();
    flushSync(() => root.render(createElement(DashboardGrid, { def: definition('mixed', 40, seed), width: innerWidth, height: innerHeight })));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - t0;
  },
};
(window as unknown as { __ready: boolean }).__ready = true;
