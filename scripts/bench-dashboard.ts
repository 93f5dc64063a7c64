/*
 * bench:dashboard (issue 22 §5): a 40-widget dashboard at 3840 × 2160 in
 * Debian's Chromium, every widget bound to a tag updating at 10 Hz, fed
 * through the real live store (one store update per animation frame) from a
 * fake stream core. Prints main-thread time per widget per second, longest
 * task, heap growth, and dashboard switch time; then the same 40 values with
 * naive per-update React state, for the ratio. BENCH_SECONDS (default 60)
 * sets each phase's length (the figure is 600).
 */
import path from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WIDGETS = Number(process.env.BENCH_WIDGETS ?? 40);
const HZ = 10;

async function bundle() {
  const out = await build({
    entryPoints: [path.join(root, 'scripts/bench-dashboard/entry.tsx')],
    bundle: true,
    format: 'esm',
    write: false,
    outdir: path.join(root, 'test-results/bench-dashboard'),
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    plugins: [
      {
        name: 'fake-stream',
        setup(b) {
          b.onResolve({ filter: /\/stream-client$/ }, () => ({ path: path.join(root, 'scripts/bench-dashboard/fake-stream-client.ts') }));
        },
      },
    ],
  });
  const js = out.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const css = out.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  return { js, css };
}

interface Metrics {
  TaskDuration: number;
  ScriptDuration: number;
  JSHeapUsedSize: number;
}

let cdpSession: CDPSession | null = null;
async function cdp(page: Page): Promise<CDPSession> {
  if (!cdpSession) {
    cdpSession = await page.context().newCDPSession(page);
    await cdpSession.send('Performance.enable');
  }
  return cdpSession;
}

async function metrics(page: Page): Promise<Metrics> {
  const { metrics: list } = await (await cdp(page)).send('Performance.getMetrics');
  const get = (n: string) => list.find((m) => m.name === n)?.value ?? 0;
  return { TaskDuration: get('TaskDuration'), ScriptDuration: get('ScriptDuration'), JSHeapUsedSize: get('JSHeapUsedSize') };
}

async function gc(page: Page) {
  await (await cdp(page)).send('HeapProfiler.collectGarbage');
}

async function phase(page: Page, kind: string) {
  await page.evaluate(([k, n]) => (window as unknown as { __bench: { mount(k: string, n: number, s: number): void } }).__bench.mount(k, n, 1), [kind, WIDGETS] as const);
  await page.waitForTimeout(500);
  await gc(page);
  const before = await metrics(page);
  // Feeder: every 100 ms one batch with a new value of every tag (as the socket delivers them), longest task observed.
  await page.evaluate(
    ([n, hz]) => {
      const win = window as unknown as { __feed: { next(b: unknown[]): void }; __timer: number; __longest: number };
      win.__longest = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) {
          win.__longest = Math.max(win.__longest, e.duration);
        }
      }).observe({ type: 'longtask', buffered: false });
      let k = 0;
      win.__timer = window.setInterval(() => {
        k++;
        const t = Date.now();
        win.__feed.next(Array.from({ length: n }, (_, i) => ({ tag: `B.${i}`, t, v: 50 + 40 * Math.sin((k + i) / 10), q: 0 })));
      }, 1000 / hz);
    },
    [WIDGETS, HZ] as const,
  );
  await page.waitForTimeout(SECONDS * 1000);
  const longest = await page.evaluate(() => {
    const win = window as unknown as { __timer: number; __longest: number };
    clearInterval(win.__timer);
    return win.__longest;
  });
  const after = await metrics(page);
  await gc(page);
  const heapAfter = (await metrics(page)).JSHeapUsedSize;
  const perWidgetMs = ((after.TaskDuration - before.TaskDuration) * 1000) / WIDGETS / SECONDS;
  return { kind, perWidgetMs, scriptPerWidgetMs: ((after.ScriptDuration - before.ScriptDuration) * 1000) / WIDGETS / SECONDS, longest, heapGrowthMB: (heapAfter - before.JSHeapUsedSize) / 1e6 };
}

async function main() {
  const { js, css } = await bundle();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 3840, height: 2160 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.route('http://bench.local/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/bench.js') {
      return route.fulfill({ contentType: 'text/javascript', body: js });
    }
    if (url.pathname === '/bench.css') {
      return route.fulfill({ contentType: 'text/css', body: css });
    }
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><head><link rel="stylesheet" href="/bench.css"></head><body></body><script type="module" src="/bench.js"></script></html>' });
  });
  await page.goto('http://bench.local/');
  await page.waitForFunction(() => '__ready' in window);
  console.log(`bench:dashboard — ${WIDGETS} widgets, ${HZ} Hz per tag, ${SECONDS} s per phase, 3840 × 2160, Chromium ${browser.version()}`);
  const results = [];
  for (const kind of ['mixed', 'value', 'naive']) {
    const r = await phase(page, kind);
    results.push(r);
    console.log(
      `${kind.padEnd(6)} main-thread ${r.perWidgetMs.toFixed(2)} ms/widget/s (script ${r.scriptPerWidgetMs.toFixed(2)}), longest task ${r.longest.toFixed(0)} ms, heap growth ${r.heapGrowthMB.toFixed(2)} MB`,
    );
  }
  const value = results.find((r) => r.kind === 'value')!;
  const naive = results.find((r) => r.kind === 'naive')!;
  console.log(`naive / frame-batched (value widgets): ${(naive.perWidgetMs / value.perWidgetMs).toFixed(2)}×`);
  const switches: number[] = [];
  for (let i = 0; i < 10; i++) {
    switches.push(await page.evaluate((s) => (window as unknown as { __bench: { switchTo(s: number): Promise<number> } }).__bench.switchTo(s), 100 + i));
  }
  switches.sort((a, b) => a - b);
  console.log(`dashboard switch (40 widgets, to first frame): median ${switches[5].toFixed(0)} ms, max ${switches[9].toFixed(0)} ms`);
  await browser.close();
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
