/*
 * npm run bench:positions-map — main-thread time per position batch on a live map, in
 * Chromium (/usr/bin/chromium through Playwright), same run, same machine:
 *   - the live map's way: fixes into MarkerBuffer (typed columns), one GeoJSON
 *     setData of the whole collection into a MapLibre circle layer (GPU);
 *   - the naive way: one DOM marker per person (what a React <Marker> per person
 *     renders: react-map-gl's Marker is a maplibregl.Marker), each moved by setLngLat.
 * For each, N people (5,000 and 20,000) move a few metres per batch; the figure is
 * the time from the batch's arrival until the next animation frame has run (the
 * JavaScript of the batch plus the frame it costs), median and p95 over the batches.
 * Options: --sizes 5000,20000 --batches 12
 */
import { parseArgs } from 'node:util';
import { openBenchPage } from './bench-page.js';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '5000,20000' }, batches: { type: 'string', default: '12' } } });
const sizes = values.sizes.split(',').map(Number);
const batches = Number(values.batches);

/** What runs in the page: a map, a buffer, and the two ways to move N markers. */
const pageEntry = `
import * as maplibregl from 'maplibre-gl';
import { MarkerBuffer } from './src/client/features/positioning/marker-buffer.ts';
maplibregl.setWorkerUrl('/maplibre-gl-worker.mjs');
const center = [118.8, 32.25];
const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
const stats = (xs) => { const s = [...xs].sort((a, b) => a - b); return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] }; };
function fixes(n, k) {
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const a = (i * 2.399) % (2 * Math.PI);
    const r = 0.0005 + (i % 100) * 0.00003;
    out[i] = ['P' + i, 1000 * (k + 1), center[0] + r * Math.cos(a) + k * 0.00001, center[1] + r * Math.sin(a), null, 0];
  }
  return out;
}
async function newMap() {
  document.body.innerHTML = '<div id="m" style="width:1200px;height:800px"></div>';
  const map = new maplibregl.Map({ container: 'm', style: { version: 8, sources: {}, layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#eee' } }] }, center, zoom: 15, attributionControl: false });
  await new Promise((r) => map.on('load', r));
  return map;
}
window.benchGpu = async (n, batches) => {
  const map = await newMap();
  const buffer = new MarkerBuffer();
  map.addSource('p', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  map.addLayer({ id: 'p', type: 'circle', source: 'p', paint: { 'circle-radius': 4, 'circle-color': ['match', ['get', 'c'], 0, '#1677ff', '#8c8c8c'] } });
  const opts = { serverNow: 0, staleMs: 1e12, floor: null, alarmed: new Set() };
  const times = [];
  for (let k = 0; k < batches; k++) {
    const items = fixes(n, k);
    await frame();
    const t0 = performance.now();
    buffer.ingest(items, t0);
    map.getSource('p').setData(buffer.fill(t0 + 1e6, opts));
    await frame();
    times.push(performance.now() - t0);
  }
  map.remove();
  return stats(times.slice(1));
};
window.benchDom = async (n, batches) => {
  const map = await newMap();
  const first = fixes(n, 0);
  const markers = first.map((f) => {
    const el = document.createElement('div');
    el.style.cssText = 'width:8px;height:8px;border-radius:50%;background:#1677ff';
    return new maplibregl.Marker({ element: el }).setLngLat([f[2], f[3]]).addTo(map);
  });
  const times = [];
  for (let k = 1; k <= batches; k++) {
    const items = fixes(n, k);
    await frame();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) markers[i].setLngLat([items[i][2], items[i][3]]);
    await frame();
    times.push(performance.now() - t0);
  }
  map.remove();
  return stats(times.slice(1));
};
`;

const { browser, page } = await openBenchPage(pageEntry, 'benchGpu');

console.log(`bench:positions-map — Chromium ${browser.version()}, software WebGL (SwiftShader), ${batches} batches per case (first left out)`);
console.log('markers  way                              per batch: median    p95');
for (const n of sizes) {
  const gpu = await page.evaluate(([m, b]) => (window as unknown as { benchGpu: (n: number, b: number) => Promise<{ median: number; p95: number }> }).benchGpu(m, b), [n, batches]);
  console.log(`${String(n).padStart(7)}  buffer + GeoJSON setData (GPU)    ${gpu.median.toFixed(1).padStart(8)} ms ${gpu.p95.toFixed(1).padStart(8)} ms`);
  const dom = await page.evaluate(([m, b]) => (window as unknown as { benchDom: (n: number, b: number) => Promise<{ median: number; p95: number }> }).benchDom(m, b), [n, Math.min(batches, 6)]);
  console.log(`${String(n).padStart(7)}  one DOM marker per person (naive) ${dom.median.toFixed(1).padStart(8)} ms ${dom.p95.toFixed(1).padStart(8)} ms`);
}
await browser.close();
