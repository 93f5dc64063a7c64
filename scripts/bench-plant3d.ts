/*
 * npm run bench:3d — main-thread time of the 3D plant's live updates, in Chromium
 * (/usr/bin/chromium through Playwright, software WebGL: the GPU is SwiftShader, so the
 * figure is the main thread's JavaScript and GL command encoding), same run, same machine:
 *   - the page's way (PlantSceneController): every fix of a batch written into one
 *     instanced mesh per marker kind (typed array, one upload), then one render;
 *   - the naive way: one Mesh per person, each moved by position.set, then one render
 *     (what one <mesh> per person gives, before React's own reconciliation on top).
 * N people (default 5,000) all move in every batch (2 Hz in the plant: one batch per
 * 500 ms); the figure per batch is apply + render, median and p95. Also: draw calls of the
 * plant, and a level batch (every vessel's level) through applyLevels + render.
 * Options: --people 5000 --batches 12
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openBenchPage } from './bench-page.js';

const { values } = parseArgs({ options: { people: { type: 'string', default: '5000' }, batches: { type: 'string', default: '12' } } });
const people = Number(values.people);
const batches = Number(values.batches);

const pageEntry = `
import { AmbientLight, CylinderGeometry, DirectionalLight, Mesh, MeshStandardMaterial, PerspectiveCamera, Scene, WebGLRenderer } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { PlantSceneController } from './src/client/features/plant-model/plant-scene.ts';
import { offsetToLonLat } from './src/shared/domain/geometry.ts';
import file from './models/demo-plant.bindings.json';

const model = {
  model: file.model, name: file.name, name_en: file.name_en, url: '/models/' + file.file,
  origin: { lon: file.origin.lon, lat: file.origin.lat }, centre: file.centre_m, problems: { unknownTags: [], unknownRegions: [] },
  nodes: file.nodes.map((n) => ({ ...n, regionid: 1, levelTag: n.levelTag ?? null, levelRange: n.levelRange ?? null })),
};
const stats = (xs) => { const s = [...xs].sort((a, b) => a - b); return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] }; };
function fixes(n, k) {
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const x = 50 + ((i * 37) % 1400) + k * 0.7;
    const y = 50 + ((i * 53) % 900) + k * 0.4;
    const [lon, lat] = offsetToLonLat([model.origin.lon, model.origin.lat], x, y);
    out[i] = ['P' + i, 1000 * (k + 1), lon, lat, null, 0];
  }
  return out;
}
async function setup() {
  document.body.innerHTML = '';
  const renderer = new WebGLRenderer({ antialias: true });
  renderer.setSize(1280, 800);
  document.body.appendChild(renderer.domElement);
  const camera = new PerspectiveCamera(45, 1280 / 800, 1, 6000);
  camera.position.set(0, 620, 760);
  camera.lookAt(0, 0, 0);
  const bytes = await (await fetch('/models/demo-plant.glb')).arrayBuffer();
  const gltf = await new GLTFLoader().parseAsync(bytes, '');
  const scene = new Scene();
  scene.add(new AmbientLight(0xffffff, 0.8));
  const sun = new DirectionalLight(0xffffff, 1.6);
  sun.position.set(400, 800, 300);
  scene.add(sun);
  const c = new PlantSceneController(model, gltf.scene);
  scene.add(c.root);
  renderer.render(scene, camera);
  return { renderer, camera, scene, c };
}
window.benchInstanced = async (n, batches) => {
  const { renderer, camera, scene, c } = await setup();
  const plantCalls = renderer.info.render.calls;
  const times = [];
  for (let k = 0; k < batches; k++) {
    const items = fixes(n, k);
    const t0 = performance.now();
    c.applyPositions(items);
    renderer.render(scene, camera);
    times.push(performance.now() - t0);
    await new Promise((r) => requestAnimationFrame(r));
  }
  const calls = renderer.info.render.calls;
  const levels = [];
  const tags = c.levelTags();
  for (let k = 0; k < batches; k++) {
    const t0 = performance.now();
    c.applyLevels(tags.map((tag, i) => ({ tag, v: ((k * 7 + i * 3) % 17), q: 0 })));
    renderer.render(scene, camera);
    levels.push(performance.now() - t0);
  }
  renderer.dispose();
  return { ...stats(times.slice(1)), plantCalls, calls, markers: c.markerCount('person'), levels: stats(levels.slice(1)), vessels: tags.length };
};
window.benchNaive = async (n, batches) => {
  const { renderer, camera, scene, c } = await setup();
  const geometry = new CylinderGeometry(1.4, 1.4, 6, 10);
  const material = new MeshStandardMaterial({ color: 0x36cfc9 });
  const meshes = [];
  for (let i = 0; i < n; i++) { const m = new Mesh(geometry, material); scene.add(m); meshes.push(m); }
  const toScene = (lon, lat) => { const R = 6371008.8, D = Math.PI / 180; const x = (lon - model.origin.lon) * D * R * Math.cos(model.origin.lat * D); const y = (lat - model.origin.lat) * D * R; return [x - model.centre.x, -(y - model.centre.y)]; };
  const times = [];
  for (let k = 0; k < batches; k++) {
    const items = fixes(n, k);
    const t0 = performance.now();
    for (let i = 0; i < n; i++) { const [x, z] = toScene(items[i][2], items[i][3]); meshes[i].position.set(x, 3, z); }
    renderer.render(scene, camera);
    times.push(performance.now() - t0);
    await new Promise((r) => requestAnimationFrame(r));
  }
  const calls = renderer.info.render.calls;
  renderer.dispose();
  void c;
  return { ...stats(times.slice(1)), calls };
};
`;

const { browser, page } = await openBenchPage(pageEntry, 'benchInstanced');
const glb = fs.readFileSync(path.resolve(import.meta.dirname, '../models/demo-plant.glb'));
await page.route('http://bench.local/models/**', (route) => route.fulfill({ contentType: 'model/gltf-binary', body: glb }));

type Stats = { median: number; p95: number };
const inst = await page.evaluate(
  ([n, b]) => (window as unknown as { benchInstanced: (n: number, b: number) => Promise<Stats & { plantCalls: number; calls: number; markers: number; levels: Stats; vessels: number }> }).benchInstanced(n, b),
  [people, batches],
);
const naive = await page.evaluate(([n, b]) => (window as unknown as { benchNaive: (n: number, b: number) => Promise<Stats & { calls: number }> }).benchNaive(n, b), [people, batches]);
console.log(`bench:3d — Chromium ${browser.version()}, software WebGL (SwiftShader), 1280×800, ${batches} batches per case (first left out)`);
console.log(`plant: ${inst.plantCalls} draw calls without markers`);
console.log('people  way                                       draw calls   per batch: median      p95');
console.log(`${String(people).padStart(6)}  instanced mesh (PlantSceneController)   ${String(inst.calls).padStart(10)}   ${inst.median.toFixed(1).padStart(12)} ms ${inst.p95.toFixed(1).padStart(8)} ms`);
console.log(`${String(people).padStart(6)}  one Mesh per person (naive)             ${String(naive.calls).padStart(10)}   ${naive.median.toFixed(1).padStart(12)} ms ${naive.p95.toFixed(1).padStart(8)} ms`);
console.log(`levels: ${inst.vessels} vessels per batch, applyLevels + render: median ${inst.levels.median.toFixed(1)} ms, p95 ${inst.levels.p95.toFixed(1)} ms`);
await browser.close();
