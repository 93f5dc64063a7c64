/*
 * npm run bench:svg — main-thread time of a live process drawing in Chromium (/usr/bin/chromium
 * through Playwright), on the viewer's own code path (DrawingBinder: values queued, written to
 * the DOM in one batch per animation frame):
 *   - live: a drawing with N bound elements (default 2,000: tanks with a level bar, a value text
 *     and a fill condition, and gauges with a turning needle), every tag updated at 5 Hz; per
 *     batch, the JavaScript that writes the frame (median, p95), and the frame with the browser's
 *     style, layout and paint of those changes (from the write to the next frame);
 *   - open: a drawing with M bound elements (default 5,000) from its SVG text to its first frame
 *     painted with values (parse, mount, index the bindings, write the values, next frame): the
 *     main thread's JavaScript (everything before the browser may style and paint) and the time
 *     to the first frame, side by side with the naive way in the same run: the text as innerHTML,
 *     then every binding looked up by a selector and its value written at once, element by element.
 * Options: --elements 2000 --open 5000 --batches 25
 */
import { parseArgs } from 'node:util';
import { openBenchPage } from './bench-page.js';

const { values } = parseArgs({ options: { elements: { type: 'string', default: '2000' }, open: { type: 'string', default: '5000' }, batches: { type: 'string', default: '25' } } });
const elements = Number(values.elements);
const openElements = Number(values.open);
const batches = Number(values.batches);

const pageEntry = `
import { DrawingBinder, parseSvg } from './src/client/features/drawings/drawing-binder.ts';
import { symbolMarkup } from './src/shared/drawings/symbols.ts';

const stats = (xs) => { const s = [...xs].sort((a, b) => a - b); return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] }; };
const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));

/** A drawing of n bound elements: per unit a tank (level, value, fill above 80) and a gauge (needle, value) on two tags. */
function drawing(n) {
  const units = Math.ceil(n / 5);
  const cols = Math.ceil(Math.sqrt(units * 2));
  const parts = [];
  const bindings = [];
  for (let u = 0; u < units; u++) {
    const x = (u % cols) * 200, y = Math.floor(u / cols) * 160;
    parts.push(symbolMarkup('tank', 'tank' + u, x, y), symbolMarkup('gauge', 'gauge' + u, x + 100, y + 30));
    const a = 'U' + u + '.LT', b = 'U' + u + '.PT';
    bindings.push(
      { element: 'tank' + u + '-level', tag: a, prop: 'level', lo: 0, hi: 100 },
      { element: 'tank' + u + '-value', tag: a, prop: 'text', digits: 1 },
      { element: 'tank' + u + '-shell', tag: a, prop: 'fill', above: 80 },
      { element: 'gauge' + u + '-needle', tag: b, prop: 'rotate', lo: 0, hi: 10, deg: 270 },
      { element: 'gauge' + u + '-value', tag: b, prop: 'text', digits: 2 },
    );
  }
  const w = cols * 200, h = Math.ceil(units / cols) * 160;
  return { svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + w + ' ' + h + '"><rect width="' + w + '" height="' + h + '" fill="#e0e0e0"/>' + parts.join('') + '</svg>', bindings: bindings.slice(0, n) };
}

function mount(d) {
  const host = document.createElement('div');
  host.style.cssText = 'width:1280px;height:800px';
  document.body.replaceChildren(host);
  const root = parseSvg(d.svg);
  root.style.cssText = 'width:100%;height:100%;display:block';
  host.replaceChildren(root);
  return new DrawingBinder(root, d.bindings);
}

window.benchLive = async (n, batches) => {
  const d = drawing(n);
  const binder = mount(d);
  const tags = binder.tags();
  await frame();
  const js = [], full = [];
  for (let k = 0; k < batches; k++) {
    const updates = tags.map((tag, i) => ({ tag, v: tag.endsWith('LT') ? (k * 7 + i * 13) % 100 : ((k + i) % 10) + 0.5 }));
    // The stream hands a batch over; the frame callback writes it (the DrawingView's path).
    await new Promise((resolve) => {
      // rAF callbacks run in the order they were asked for: ours, the binder's write, ours.
      let t0 = 0;
      requestAnimationFrame(() => { t0 = performance.now(); });
      binder.push(updates);
      requestAnimationFrame(() => {
        const t1 = performance.now();
        js.push(t1 - t0);
        requestAnimationFrame(() => { full.push(performance.now() - t0); resolve(); });
      });
    });
    await new Promise((r) => setTimeout(r, 200));
  }
  binder.dispose();
  return { js: stats(js.slice(1)), full: stats(full.slice(1)), bound: d.bindings.length, tags: tags.length, svgKb: d.svg.length / 1024 };
};

window.benchOpen = async (n, runs, strict) => {
  const d = drawing(n);
  const times = [], parse = [], index = [], js = [];
  for (let k = 0; k < runs; k++) {
    document.body.replaceChildren();
    await frame();
    const t0 = performance.now();
    const root = parseSvg(d.svg, { strict });
    const t1 = performance.now();
    const host = document.createElement('div');
    host.style.cssText = 'width:1280px;height:800px';
    document.body.replaceChildren(host);
    root.style.cssText = 'width:100%;height:100%;display:block';
    host.replaceChildren(root);
    const binder = new DrawingBinder(root, d.bindings);
    binder.push(binder.tags().map((tag, i) => ({ tag, v: i % 100 })));
    binder.flush();
    const t2 = performance.now();
    const painted = await frame();
    await frame();
    times.push(painted - t0);
    parse.push(t1 - t0);
    index.push(t2 - t1);
    js.push(t2 - t0);
    binder.dispose();
  }
  return { ...stats(times), js: stats(js), parse: stats(parse), index: stats(index), bound: d.bindings.length, nodes: document.querySelectorAll('svg *').length, svgKb: d.svg.length / 1024 };
};
/** The naive live path: each update written at once, its bindings found by a scan and a selector per element. */
window.benchLiveNaive = async (n, batches) => {
  const d = drawing(n);
  const host = document.createElement('div');
  host.style.cssText = 'width:1280px;height:800px';
  document.body.replaceChildren(host);
  host.innerHTML = d.svg;
  const root = host.firstElementChild;
  root.style.cssText = 'width:100%;height:100%;display:block';
  const tags = [...new Set(d.bindings.map((b) => b.tag))];
  await frame();
  const js = [];
  for (let k = 0; k < batches; k++) {
    const updates = tags.map((tag, i) => ({ tag, v: tag.endsWith('LT') ? (k * 7 + i * 13) % 100 : ((k + i) % 10) + 0.5 }));
    const t0 = performance.now();
    for (const u of updates) {
      for (const b of d.bindings) {
        if (b.tag !== u.tag) continue;
        const el = root.querySelector('#' + CSS.escape(b.element));
        if (!el) continue;
        if (b.prop === 'text') el.textContent = u.v.toFixed(b.digits ?? 2);
        else if (b.prop === 'level') el.setAttribute('height', (60 * (u.v - b.lo) / (b.hi - b.lo)).toFixed(2));
        else if (b.prop === 'fill') el.setAttribute('fill', u.v > b.above ? '#d4380d' : '#c8c8c8');
        else if (b.prop === 'rotate') el.setAttribute('transform', 'rotate(' + ((u.v - b.lo) / (b.hi - b.lo)) * b.deg + ')');
      }
    }
    js.push(performance.now() - t0);
    await frame();
    await new Promise((r) => setTimeout(r, 200));
  }
  return { js: stats(js.slice(1)) };
};

/** The naive way: innerHTML, then each binding found by querySelector and written straight away. */
function naiveOpen(d) {
  const host = document.createElement('div');
  host.style.cssText = 'width:1280px;height:800px';
  document.body.replaceChildren(host);
  host.innerHTML = d.svg;
  const root = host.firstElementChild;
  root.style.cssText = 'width:100%;height:100%;display:block';
  d.bindings.forEach((b, i) => {
    const el = root.querySelector('#' + CSS.escape(b.element));
    if (!el) return;
    const v = i % 100;
    if (b.prop === 'text') el.textContent = v.toFixed(b.digits ?? 2);
    else if (b.prop === 'level') el.setAttribute('height', String((Number(el.getAttribute('height')) * (v - b.lo)) / (b.hi - b.lo)));
    else if (b.prop === 'fill') el.setAttribute('fill', v > b.above ? '#d4380d' : '#c8c8c8');
    else if (b.prop === 'rotate') el.setAttribute('transform', 'rotate(' + ((v - b.lo) / (b.hi - b.lo)) * b.deg + ')');
  });
}

window.benchOpenNaive = async (n, runs) => {
  const d = drawing(n);
  const times = [], js = [];
  for (let k = 0; k < runs; k++) {
    document.body.replaceChildren();
    await frame();
    const t0 = performance.now();
    naiveOpen(d);
    const t1 = performance.now();
    const painted = await frame();
    await frame();
    times.push(painted - t0);
    js.push(t1 - t0);
  }
  return { ...stats(times), js: stats(js) };
};
window.benchReady = true;
`;

type Stats = { median: number; p95: number };
const { browser, page } = await openBenchPage(pageEntry, 'benchReady');
const live = await page.evaluate(
  ([n, b]) => (window as unknown as { benchLive: (n: number, b: number) => Promise<{ js: Stats; full: Stats; bound: number; tags: number; svgKb: number }> }).benchLive(n, b),
  [elements, batches],
);
const liveNaive = await page.evaluate(([n, b]) => (window as unknown as { benchLiveNaive: (n: number, b: number) => Promise<{ js: Stats }> }).benchLiveNaive(n, b), [elements, batches]);
type OpenResult = Stats & { js: Stats; parse: Stats; index: Stats; bound: number; nodes: number; svgKb: number };
const openWith = (strict: boolean) =>
  page.evaluate(([n, r, s]) => (window as unknown as { benchOpen: (n: number, r: number, s: boolean) => Promise<OpenResult> }).benchOpen(n, r, s), [openElements, 7, strict] as const);
const open = await openWith(false);
const strict = await openWith(true);
const naive = await page.evaluate(([n, r]) => (window as unknown as { benchOpenNaive: (n: number, r: number) => Promise<Stats & { js: Stats }> }).benchOpenNaive(n, r), [openElements, 7]);
console.log(`bench:svg — Chromium ${browser.version()}, 1280×800, the viewer's DrawingBinder (one DOM batch per animation frame)`);
console.log(`live: ${live.bound} bound elements on ${live.tags} tags (${live.svgKb.toFixed(0)} KB of SVG), every tag at 5 Hz, ${batches} batches (first left out)`);
console.log(`  JS per frame (write the batch):              median ${live.js.median.toFixed(2)} ms   p95 ${live.js.p95.toFixed(2)} ms   (goal < 10 ms)`);
console.log(`  frame with style, layout and paint:          median ${live.full.median.toFixed(1)} ms   p95 ${live.full.p95.toFixed(1)} ms`);
console.log(`  the naive way (each update written at once, bindings scanned, a selector per element): JS per batch median ${liveNaive.js.median.toFixed(1)} ms   p95 ${liveNaive.js.p95.toFixed(1)} ms`);
console.log(`open: ${open.bound} bound elements, ${open.nodes} SVG nodes (${open.svgKb.toFixed(0)} KB): parse, mount, index, values, first frame`);
for (const [name, r] of [
  ['the viewer (a stored drawing: HTML parser in an inert document, sanitise, adopt, index once, one batch of values)', open],
  ['the editor\'s strict import path (XML parser), the rest the same', strict],
] as const) {
  console.log(`  ${name}, 7 runs:`);
  console.log(`    main-thread JS:     median ${r.js.median.toFixed(0)} ms   p95 ${r.js.p95.toFixed(0)} ms   (parse + sanitise ${r.parse.median.toFixed(0)} ms, mount + index + values ${r.index.median.toFixed(0)} ms)`);
  console.log(`    to the first frame: median ${r.median.toFixed(0)} ms   p95 ${r.p95.toFixed(0)} ms   (goal < 1,000 ms)`);
}
console.log(`  the naive way (innerHTML, querySelector per binding, each value written at once), 7 runs:`);
console.log(`    main-thread JS:     median ${naive.js.median.toFixed(0)} ms   p95 ${naive.js.p95.toFixed(0)} ms`);
console.log(`    to the first frame: median ${naive.median.toFixed(0)} ms   p95 ${naive.p95.toFixed(0)} ms`);
await browser.close();
