#!/usr/bin/env node
/**
 * Builds the demo plant layout: map-styles/demo-plant.geojson, its label points
 * map-styles/demo-plant-labels.geojson (used by plant-style.json) and map-styles/demo-plant.meta.json.
 *
 * Deterministic (no randomness, no clock): edit the tables below and run
 *   node scripts/build-plant-layout.mjs
 * then commit both outputs. The region codes are the ones of demoRegions in
 * src/server/store/seed-demo.ts; tests/map-styles/demo-plant.test.ts checks the invariants.
 *
 * Coordinates are laid out in metres on a local plane: x east, y north, origin at the
 * south-west corner of the site fence. ORIGIN places that corner at lon 118.8000,
 * lat 32.2500 (the chemical park on the north bank of the Yangtze, Nanjing Jiangbei; the
 * plant itself is fictional). Metres become degrees by the local equirectangular
 * approximation on a sphere of radius 6 371 008.8 m (the same formula as
 * offsetToLonLat in src/shared/domain/geometry.ts); across the site it is off by a few centimetres.
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ORIGIN = { lon: 118.8, lat: 32.25 };
const SITE = { w: 1500, h: 1000 };
const EARTH_RADIUS_M = 6371008.8;
const DEG = 180 / Math.PI;

/** Local metres → [lon, lat], rounded to 1e-7° (about 1 cm). */
function ll(x, y) {
  const lat = ORIGIN.lat + (y / EARTH_RADIUS_M) * DEG;
  const lon = ORIGIN.lon + (x / (EARTH_RADIUS_M * Math.cos(ORIGIN.lat / DEG))) * DEG;
  return [round7(lon), round7(lat)];
}
function round7(v) {
  return Math.round(v * 1e7) / 1e7;
}
/** Closed counter-clockwise ring of an axis-aligned rectangle (RFC 7946 right-hand rule). */
function rectRing(x0, y0, x1, y1) {
  return [ll(x0, y0), ll(x1, y0), ll(x1, y1), ll(x0, y1), ll(x0, y0)];
}
function rect(x0, y0, x1, y1) {
  return { type: 'Polygon', coordinates: [rectRing(x0, y0, x1, y1)] };
}
/** Rectangle of size w × h centred on (cx, cy). */
function box(cx, cy, w, h) {
  return rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2);
}
function circle(cx, cy, r, n = 32) {
  const ring = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    ring.push(ll(cx + r * Math.cos(a), cy + r * Math.sin(a)));
  }
  ring.push(ring[0]);
  return { type: 'Polygon', coordinates: [ring] };
}
function point(x, y) {
  return { type: 'Point', coordinates: ll(x, y) };
}
function line(pts) {
  return { type: 'LineString', coordinates: pts.map(([x, y]) => ll(x, y)) };
}
const r1 = (v) => Math.round(v * 10) / 10;

const features = [];
/** Adds a feature; `x_m`/`y_m` keep the local position (centre) for simulators and tests. */
function add(kind, code, name, name_en, region, geometry, props = {}, at = null) {
  const p = { kind, code, name, name_en, region, ...props };
  if (at) {
    p.x_m = r1(at[0]);
    p.y_m = r1(at[1]);
  }
  features.push({ type: 'Feature', id: features.length + 1, properties: p, geometry });
}

// ───────────────────────── site and regions ─────────────────────────
// Rectangles in local metres [x0, y0, x1, y1]. Siblings keep gaps for the roads between them.
const REGIONS = [
  { code: 'TF', parent: 'PLANT', name: '罐区', name_en: 'Tank farm', rect: [40, 40, 650, 480] },
  { code: 'TF-A', parent: 'TF', name: '甲类储罐区', name_en: 'Flammable liquid tanks', rect: [45, 45, 370, 475] },
  { code: 'TF-B', parent: 'TF', name: '液化烃球罐区', name_en: 'LPG spheres', rect: [420, 270, 645, 475] },
  { code: 'TF-C', parent: 'TF', name: '液氨储罐区', name_en: 'Ammonia tanks', rect: [420, 45, 645, 240] },
  { code: 'PU', parent: 'PLANT', name: '生产装置区', name_en: 'Process units', rect: [40, 520, 1000, 820] },
  { code: 'PU-1', parent: 'PU', name: '合成装置', name_en: 'Synthesis unit', rect: [45, 525, 330, 815] },
  { code: 'PU-2', parent: 'PU', name: '精馏装置', name_en: 'Distillation unit', rect: [360, 525, 680, 815] },
  { code: 'PU-3', parent: 'PU', name: '氯化装置', name_en: 'Chlorination unit', rect: [720, 525, 995, 815] },
  { code: 'LS', parent: 'PLANT', name: '装卸站', name_en: 'Loading station', rect: [750, 40, 1000, 280] },
  { code: 'WH', parent: 'PLANT', name: '化学品仓库', name_en: 'Chemicals warehouse', rect: [1040, 40, 1460, 270] },
  { code: 'UT', parent: 'PLANT', name: '公用工程区', name_en: 'Utilities', rect: [1040, 300, 1460, 960] },
  { code: 'CR', parent: 'PLANT', name: '中控室', name_en: 'Control room', rect: [410, 860, 640, 960] },
  { code: 'OF', parent: 'PLANT', name: '办公区', name_en: 'Offices', rect: [40, 860, 380, 960] },
  // The muster point (集合点) people run to in an emergency, on the open ground by the north gate.
  { code: 'MP', parent: 'PLANT', name: '紧急集合点', name_en: 'Emergency assembly point', rect: [790, 865, 950, 945] },
  { code: 'GT-N', parent: 'GT', name: '北门', name_en: 'North gate', rect: [660, 930, 740, 1000] },
  { code: 'GT-S', parent: 'GT', name: '南门（物流门）', name_en: 'South gate (logistics)', rect: [660, 0, 740, 60] },
];
const GT_PARTS = [
  [655, 925, 745, 1000],
  [655, 0, 745, 65],
];

add('site', 'PLANT', '演示化工厂区', 'Demo chemical plant', 'PLANT', rect(0, 0, SITE.w, SITE.h), { parent: null, area_m2: SITE.w * SITE.h }, [
  SITE.w / 2,
  SITE.h / 2,
]);
/** Colour family of a region in the style: storage, process, logistics, warehouse, utility, admin. */
function category(code) {
  if (code.startsWith('TF')) {
    return 'storage';
  }
  if (code.startsWith('PU')) {
    return 'process';
  }
  if (code === 'LS' || code.startsWith('GT')) {
    return 'logistics';
  }
  return { WH: 'warehouse', UT: 'utility', CR: 'admin', OF: 'admin', MP: 'admin' }[code];
}
const GROUPS = new Set(REGIONS.map((r) => r.parent));
const gtArea = GT_PARTS.reduce((a, [x0, y0, x1, y1]) => a + (x1 - x0) * (y1 - y0), 0);
add('region', 'GT', '门岗', 'Gates', 'GT', { type: 'MultiPolygon', coordinates: GT_PARTS.map((r) => [rectRing(...r)]) }, {
  parent: 'PLANT',
  is_group: true,
  category: 'logistics',
  area_m2: gtArea,
});
for (const r of REGIONS) {
  const [x0, y0, x1, y1] = r.rect;
  add('region', r.code, r.name, r.name_en, r.code, rect(x0, y0, x1, y1), {
    parent: r.parent,
    is_group: GROUPS.has(r.code),
    category: category(r.code),
    area_m2: (x1 - x0) * (y1 - y0),
  }, [(x0 + x1) / 2, (y0 + y1) / 2]);
}

// ───────────────────────── roads ─────────────────────────
// Centre lines; every road starts and ends on a node of another road, so the network is connected.
const ROADS = [
  ['RD-01', '环厂路（南）', 'Ring road south', 8, [[20, 20], [205, 20], [395, 20], [700, 20], [1020, 20], [1480, 20]]],
  ['RD-02', '环厂路（东）', 'Ring road east', 8, [[1480, 20], [1480, 290], [1480, 500], [1480, 840], [1480, 980]]],
  ['RD-03', '环厂路（北）', 'Ring road north', 8, [[1480, 980], [1020, 980], [700, 980], [20, 980]]],
  ['RD-04', '环厂路（西）', 'Ring road west', 8, [[20, 980], [20, 840], [20, 500], [20, 260], [20, 20]]],
  ['RD-05', '中央大道', 'Central avenue', 12, [[700, 1000], [700, 980], [700, 840], [700, 500], [700, 290], [700, 255], [700, 200], [700, 100], [700, 20], [700, 0]]],
  ['RD-06', '纬一路', 'East–west road 1', 9, [[20, 840], [345, 840], [700, 840], [1020, 840], [1480, 840]]],
  ['RD-07', '纬二路', 'East–west road 2', 9, [[20, 500], [205, 500], [345, 500], [395, 500], [700, 500], [1020, 500], [1480, 500]]],
  ['RD-08', '经一路', 'North–south road 1', 9, [[1020, 20], [1020, 100], [1020, 200], [1020, 290], [1020, 500], [1020, 840], [1020, 980]]],
  ['RD-09', '罐区消防路（东）', 'Tank-farm fire lane east', 7, [[395, 20], [395, 255], [395, 500]]],
  ['RD-10', '罐区消防路（中）', 'Tank-farm fire lane centre', 6, [[205, 20], [205, 260], [205, 500]]],
  ['RD-11', '罐区消防路（横）', 'Tank-farm fire lane cross', 6, [[20, 260], [205, 260], [395, 255], [700, 255]]],
  ['RD-12', '装置间道路', 'Unit access road', 7, [[345, 500], [345, 840]]],
  ['RD-13', '物流路', 'Logistics road', 9, [[700, 290], [1020, 290], [1480, 290]]],
  ['RD-14', '装车道（南）', 'Loading lane south', 7, [[700, 100], [1020, 100]]],
  ['RD-15', '装车道（北）', 'Loading lane north', 7, [[700, 200], [1020, 200]]],
];
for (const [code, name, name_en, width_m, pts] of ROADS) {
  add('road', code, name, name_en, 'PLANT', line(pts), { width_m });
}

// ───────────────────────── tank farm ─────────────────────────
// Substances: GB 18218-2018 Table 1 names; density of the stored liquid (t/m³) so level → mass.
const SUBSTANCES = {
  methanol: { zh: '甲醇', en: 'methanol', cas: '67-56-1', density: 0.79 },
  toluene: { zh: '甲苯', en: 'toluene', cas: '108-88-3', density: 0.87 },
  benzene: { zh: '苯', en: 'benzene', cas: '71-43-2', density: 0.88 },
  acetone: { zh: '丙酮', en: 'acetone', cas: '67-64-1', density: 0.79 },
  ethylAcetate: { zh: '乙酸乙酯', en: 'ethyl acetate', cas: '141-78-6', density: 0.9 },
  lpg: { zh: '液化石油气', en: 'LPG', cas: '68476-85-7', density: 0.55 },
  propylene: { zh: '丙烯', en: 'propylene', cas: '115-07-1', density: 0.51 },
  ammonia: { zh: '液氨', en: 'ammonia', cas: '7664-41-7', density: 0.68 },
};
function substanceProps(key) {
  const s = SUBSTANCES[key];
  return { substance: s.zh, substance_en: s.en, cas: s.cas, density_t_m3: s.density };
}

const tanks = []; // { code, x, y, r, region, gas }
/**
 * A bunded group of vertical tanks, rows × cols around (cx, cy).
 * Spacing: pitch leaves a shell-to-shell gap ≥ 1.0 D, above the 0.4 D (floating roof) to
 * 0.6 D (fixed roof) of GB 50160-2008 Table 6.2.8; bund wall ≥ half the shell height from
 * the shells (GB 50351-2014 §3.2).
 */
function tankGroup({ bund, region, cx, cy, rows, cols, pitch, d, h, cap, roof, items, first }) {
  const r = d / 2;
  let n = first;
  let i = 0;
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = cx + (col - (cols - 1) / 2) * pitch;
      const y = cy + ((rows - 1) / 2 - row) * pitch;
      const key = items[i++];
      const s = SUBSTANCES[key];
      const code = `TK-${n++}`;
      add(
        'tank',
        code,
        `${s.zh}储罐 ${code}`,
        `${s.en[0].toUpperCase()}${s.en.slice(1)} tank ${code}`,
        region,
        circle(x, y, r),
        { diameter_m: d, height_m: h, capacity_m3: cap(key), roof, bund, ...substanceProps(key) },
        [x, y],
      );
      tanks.push({ code, x, y, r, region, key, h });
    }
  }
  const margin = Math.max(6, Math.ceil(h / 2));
  const x0 = cx - ((cols - 1) / 2) * pitch - r - margin;
  const x1 = cx + ((cols - 1) / 2) * pitch + r + margin;
  const y0 = cy - ((rows - 1) / 2) * pitch - r - margin;
  const y1 = cy + ((rows - 1) / 2) * pitch + r + margin;
  return { x0, y0, x1, y1 };
}

const bunds = [
  {
    code: 'BUND-A1', name: '甲醇罐组防火堤', name_en: 'Methanol tank group bund', region: 'TF-A',
    g: { cx: 115, cy: 380, rows: 2, cols: 2, pitch: 42, d: 20, h: 17.8, cap: () => 5000, roof: 'internal_floating', items: ['methanol', 'methanol', 'methanol', 'methanol'], first: 101 },
  },
  {
    code: 'BUND-A2', name: '甲苯罐组防火堤', name_en: 'Toluene tank group bund', region: 'TF-A',
    g: { cx: 290, cy: 380, rows: 2, cols: 2, pitch: 36, d: 16, h: 15, cap: () => 3000, roof: 'internal_floating', items: ['toluene', 'toluene', 'toluene', 'toluene'], first: 105 },
  },
  {
    code: 'BUND-A3', name: '苯罐组防火堤', name_en: 'Benzene tank group bund', region: 'TF-A',
    g: { cx: 115, cy: 150, rows: 2, cols: 2, pitch: 32, d: 14, h: 13, cap: () => 2000, roof: 'internal_floating', items: ['benzene', 'benzene', 'benzene', 'benzene'], first: 109 },
  },
  {
    code: 'BUND-A4', name: '溶剂罐组防火堤', name_en: 'Solvent tank group bund', region: 'TF-A',
    g: { cx: 290, cy: 150, rows: 2, cols: 2, pitch: 28, d: 11.5, h: 10.5, cap: () => 1000, roof: 'fixed', items: ['acetone', 'acetone', 'ethylAcetate', 'ethylAcetate'], first: 113 },
  },
  {
    code: 'BUND-C1', name: '液氨罐组防火堤', name_en: 'Ammonia tank group bund', region: 'TF-C',
    g: { cx: 520, cy: 150, rows: 2, cols: 2, pitch: 36, d: 14, h: 12, cap: () => 1500, roof: 'refrigerated', items: ['ammonia', 'ammonia', 'ammonia', 'ammonia'], first: 301 },
  },
];
const bundRects = {};
for (const b of bunds) {
  const e = tankGroup({ bund: b.code, region: b.region, ...b.g });
  bundRects[b.code] = e;
  add('bund', b.code, b.name, b.name_en, b.region, rect(e.x0, e.y0, e.x1, e.y1), { height_m: 1.2 }, [(e.x0 + e.x1) / 2, (e.y0 + e.y1) / 2]);
}

// LPG / propylene spheres, 2000 m³ (D 15.7 m); gap 20 m > 0.5 D of GB 50160-2008 for pressure spheres.
const spheres = [];
{
  const items = ['lpg', 'lpg', 'propylene', 'propylene'];
  const cx = 520;
  const cy = 385;
  const pitch = 36;
  const d = 15.7;
  items.forEach((key, i) => {
    const x = cx + ((i % 2) - 0.5) * pitch;
    const y = cy + (0.5 - Math.floor(i / 2)) * pitch;
    const s = SUBSTANCES[key];
    const code = `SP-${201 + i}`;
    add('sphere', code, `${s.zh}球罐 ${code}`, `${s.en === 'LPG' ? 'LPG' : 'Propylene'} sphere ${code}`, 'TF-B', circle(x, y, d / 2), {
      diameter_m: d,
      height_m: 21,
      capacity_m3: 2000,
      design_pressure_mpa: key === 'lpg' ? 1.77 : 2.16,
      bund: 'BUND-B1',
      ...substanceProps(key),
    }, [x, y]);
    spheres.push({ code, x, y, r: d / 2, key });
  });
  const m = 12;
  const e = { x0: cx - pitch / 2 - d / 2 - m, x1: cx + pitch / 2 + d / 2 + m, y0: cy - pitch / 2 - d / 2 - m, y1: cy + pitch / 2 + d / 2 + m };
  bundRects['BUND-B1'] = e;
  add('bund', 'BUND-B1', '球罐区围堰', 'Sphere area kerb', 'TF-B', rect(e.x0, e.y0, e.x1, e.y1), { height_m: 0.6 }, [cx, cy]);
}

// ───────────────────────── buildings ─────────────────────────
const BUILDINGS = [
  // code, name, name_en, region, cx, cy, w, h, height, building_kind
  ['B-OF-01', '综合办公楼', 'Administration building', 'OF', 130, 920, 110, 36, 22, 'office'],
  ['B-OF-02', '食堂', 'Canteen', 'OF', 250, 925, 50, 30, 8, 'canteen'],
  ['B-OF-03', '消防站', 'Fire station', 'OF', 335, 910, 50, 44, 10, 'fire_station'],
  ['B-OF-04', '停车场', 'Car park', 'OF', 190, 878, 230, 22, 0, 'parking'],
  ['B-CR-01', '中心控制室（抗爆）', 'Central control room (blast-resistant)', 'CR', 480, 910, 90, 50, 8, 'control_room'],
  ['B-CR-02', '分析化验室', 'Analytical laboratory', 'CR', 590, 910, 60, 40, 12, 'laboratory'],
  ['B-GN-01', '北门门卫室', 'North gatehouse', 'GT-N', 725, 960, 14, 10, 4, 'gatehouse'],
  ['B-GS-01', '南门门卫室', 'South gatehouse', 'GT-S', 725, 45, 14, 10, 4, 'gatehouse'],
  ['B-GS-02', '汽车衡', 'Weighbridge', 'GT-S', 680, 40, 5, 20, 0.3, 'weighbridge'],
  ['B-TF-01', '甲醇泵棚', 'Methanol pump shed', 'TF-A', 180, 380, 16, 30, 6, 'pump_shed'],
  ['B-TF-02', '甲苯泵棚', 'Toluene pump shed', 'TF-A', 350, 380, 14, 28, 6, 'pump_shed'],
  ['B-TF-03', '苯泵棚', 'Benzene pump shed', 'TF-A', 180, 150, 16, 28, 6, 'pump_shed'],
  ['B-TF-04', '溶剂泵棚', 'Solvent pump shed', 'TF-A', 350, 150, 14, 26, 6, 'pump_shed'],
  ['B-TF-05', '泡沫站', 'Foam station', 'TF-A', 290, 470 - 10, 24, 12, 6, 'foam_station'],
  ['B-TF-06', '球罐区压缩机房', 'Sphere compressor house', 'TF-B', 615, 385, 30, 20, 7, 'compressor_house'],
  ['B-TF-07', '氨制冷压缩机房', 'Ammonia refrigeration compressor house', 'TF-C', 615, 150, 30, 24, 8, 'compressor_house'],
  ['B-LS-01', '装卸站控制室', 'Loading station office', 'LS', 965, 250, 40, 20, 6, 'office'],
  ['B-LS-02', '装车鹤管泵房', 'Loading pump house', 'LS', 790, 240, 40, 20, 6, 'pump_house'],
  ['B-LS-03', '槽车待检区', 'Tank-truck waiting area', 'LS', 880, 58, 220, 20, 0, 'parking'],
  ['B-WH-01', '甲类仓库', 'Class A chemicals store', 'WH', 1120, 190, 110, 50, 9, 'warehouse'],
  ['B-WH-02', '乙类仓库', 'Class B chemicals store', 'WH', 1290, 190, 130, 50, 9, 'warehouse'],
  ['B-WH-03', '丙类仓库（备品备件）', 'Class C store (spare parts)', 'WH', 1170, 90, 160, 44, 10, 'warehouse'],
  ['B-WH-04', '危险废物暂存间', 'Hazardous waste store', 'WH', 1390, 90, 60, 36, 6, 'waste_store'],
  ['B-UT-01', '总变电所', 'Main substation', 'UT', 1110, 920, 90, 50, 12, 'substation'],
  ['B-UT-02', '循环水冷却塔', 'Cooling towers', 'UT', 1300, 910, 180, 44, 16, 'cooling_tower'],
  ['B-UT-03', '循环水泵房', 'Cooling water pump house', 'UT', 1300, 862, 60, 20, 8, 'pump_house'],
  ['B-UT-04', '锅炉房', 'Boiler house', 'UT', 1120, 760, 100, 60, 18, 'boiler_house'],
  ['B-UT-05', '空压制氮站', 'Air compressor and nitrogen station', 'UT', 1300, 760, 100, 50, 10, 'compressor_house'],
  ['B-UT-06', '消防水池', 'Fire water pond', 'UT', 1150, 620, 140, 80, 0.5, 'pond'],
  ['B-UT-07', '消防泵房', 'Fire pump house', 'UT', 1270, 620, 50, 30, 7, 'pump_house'],
  ['B-UT-08', '污水处理站', 'Wastewater treatment', 'UT', 1200, 400, 180, 110, 6, 'wastewater'],
  ['B-UT-09', '火炬', 'Flare stack', 'UT', 1420, 420, 4, 4, 80, 'flare'],
  ['B-UT-10', '事故水池', 'Emergency retention pond', 'UT', 1390, 620, 90, 60, 0.5, 'pond'],
  ['B-PU-01', '合成装置机柜间', 'Synthesis unit rack room', 'PU-1', 90, 790, 50, 30, 6, 'rack_room'],
  ['B-PU-02', '合成压缩机厂房', 'Synthesis compressor house', 'PU-1', 270, 580, 90, 36, 14, 'compressor_house'],
  ['B-PU-03', '精馏装置机柜间', 'Distillation unit rack room', 'PU-2', 620, 790, 60, 30, 6, 'rack_room'],
  ['B-PU-04', '液氯钢瓶库', 'Chlorine cylinder store', 'PU-3', 940, 580, 60, 40, 7, 'cylinder_store'],
  ['B-PU-05', '氯化装置机柜间', 'Chlorination unit rack room', 'PU-3', 950, 790, 60, 30, 6, 'rack_room'],
  // Site-wide, outside the named regions: upwind of the units, next to the north gate.
  ['B-PK-01', '槽车停车场', 'Tank-truck park', 'PLANT', 870, 420, 220, 100, 0, 'parking'],
  ['B-AP-01', '紧急集合点', 'Emergency assembly point', 'MP', 870, 905, 150, 70, 0, 'assembly_point'],
];
for (const [code, name, name_en, region, cx, cy, w, h, height_m, building_kind] of BUILDINGS) {
  add('building', code, name, name_en, region, box(cx, cy, w, h), { height_m, building_kind }, [cx, cy]);
}

// ───────────────────────── process units ─────────────────────────
// Equipment items as footprints; round ones (reactors, columns, drums on end) are circles.
const EQUIPMENT = [
  // code, name, name_en, region, equipment, shape, x, y, size (d or [w, h]), height, substance
  ['PR-101', '合成装置管廊', 'Synthesis pipe rack', 'PU-1', 'pipe_rack', 'box', 190, 680, [220, 10], 9, 'methanol'],
  ['R-101', '合成反应器 R-101', 'Synthesis reactor R-101', 'PU-1', 'reactor', 'circle', 110, 720, 5, 22, 'methanol'],
  ['R-102', '合成反应器 R-102', 'Synthesis reactor R-102', 'PU-1', 'reactor', 'circle', 150, 720, 5, 22, 'methanol'],
  ['F-101', '加热炉 F-101', 'Fired heater F-101', 'PU-1', 'furnace', 'box', 230, 740, [24, 14], 28, 'methanol'],
  ['E-101', '合成气换热器 E-101', 'Syngas exchanger E-101', 'PU-1', 'heat_exchanger', 'box', 110, 640, [18, 6], 4, 'methanol'],
  ['V-101', '高压分离器 V-101', 'HP separator V-101', 'PU-1', 'vessel', 'circle', 160, 640, 4, 12, 'methanol'],
  ['T-101', '脱硫塔 T-101', 'Desulphurisation column T-101', 'PU-1', 'column', 'circle', 230, 640, 3, 30, 'methanol'],
  ['PR-201', '精馏装置管廊', 'Distillation pipe rack', 'PU-2', 'pipe_rack', 'box', 515, 680, [260, 10], 9, 'toluene'],
  ['T-201', '预分馏塔 T-201', 'Pre-fractionator T-201', 'PU-2', 'column', 'circle', 430, 730, 3.6, 48, 'benzene'],
  ['T-202', '苯塔 T-202', 'Benzene column T-202', 'PU-2', 'column', 'circle', 490, 730, 3.2, 42, 'benzene'],
  ['T-203', '甲苯塔 T-203', 'Toluene column T-203', 'PU-2', 'column', 'circle', 550, 730, 2.8, 38, 'toluene'],
  ['E-201', '再沸器 E-201', 'Reboiler E-201', 'PU-2', 'heat_exchanger', 'box', 460, 640, [16, 6], 5, 'benzene'],
  ['V-201', '回流罐 V-201', 'Reflux drum V-201', 'PU-2', 'vessel', 'box', 520, 640, [14, 4], 6, 'toluene'],
  ['P-201', '塔底泵组 P-201', 'Bottoms pumps P-201', 'PU-2', 'pump', 'box', 590, 640, [20, 8], 3, 'toluene'],
  ['PR-301', '氯化装置管廊', 'Chlorination pipe rack', 'PU-3', 'pipe_rack', 'box', 840, 680, [200, 10], 9, 'toluene'],
  ['R-301', '氯化反应釜 R-301', 'Chlorinator R-301', 'PU-3', 'reactor', 'circle', 780, 730, 3.2, 14, 'toluene'],
  ['R-302', '氯化反应釜 R-302', 'Chlorinator R-302', 'PU-3', 'reactor', 'circle', 820, 730, 3.2, 14, 'toluene'],
  ['E-301', '液氯汽化器 E-301', 'Chlorine vaporiser E-301', 'PU-3', 'heat_exchanger', 'box', 880, 620, [14, 6], 5, 'chlorine'],
  ['T-301', '尾气吸收塔 T-301', 'Tail-gas scrubber T-301', 'PU-3', 'column', 'circle', 880, 740, 2.4, 24, 'chlorine'],
  ['T-302', '氯化液精馏塔 T-302', 'Chlorinated product column T-302', 'PU-3', 'column', 'circle', 930, 740, 2.6, 32, 'toluene'],
];
const equipment = [];
for (const [code, name, name_en, region, kind, shape, x, y, size, height_m, sub] of EQUIPMENT) {
  const geom = shape === 'circle' ? circle(x, y, size / 2, 24) : box(x, y, size[0], size[1]);
  const props = { equipment: kind, height_m };
  if (shape === 'circle') {
    props.diameter_m = size;
  }
  if (sub === 'chlorine') {
    Object.assign(props, { substance: '氯', substance_en: 'chlorine', cas: '7782-50-5' });
  } else {
    const s = SUBSTANCES[sub];
    Object.assign(props, { substance: s.zh, substance_en: s.en, cas: s.cas });
  }
  add('unit', code, name, name_en, region, geom, props, [x, y]);
  equipment.push({ code, x, y, region, kind, sub, size });
}

// ───────────────────────── loading station ─────────────────────────
// Drive-through bays between the loading lanes RD-14 (y = 100) and RD-15 (y = 200), 6 m × 24 m, 18 m apart.
const BAYS = ['methanol', 'methanol', 'toluene', 'benzene', 'acetone', 'lpg', 'propylene', 'ammonia'];
const bays = [];
BAYS.forEach((key, i) => {
  const x = 790 + i * 18;
  const y = 150;
  const s = SUBSTANCES[key];
  const code = `LB-0${i + 1}`;
  add('loading_bay', code, `${code} ${s.zh}装车位`, `Bay ${code} ${s.en}`, 'LS', box(x, y, 6, 24), {
    product: s.zh,
    product_en: s.en,
    cas: s.cas,
    mode: key === 'lpg' || key === 'propylene' || key === 'ammonia' ? 'pressure' : 'top_loading',
  }, [x, y]);
  bays.push({ code, x, y, key });
});

// ───────────────────────── gates ─────────────────────────
add('gate', 'GATE-N', '北门', 'North gate', 'GT-N', point(700, 995), { gate_kind: 'people', lanes: 2 }, [700, 995]);
add('gate', 'GATE-S', '南门（物流门）', 'South gate (logistics)', 'GT-S', point(700, 5), { gate_kind: 'logistics', lanes: 2 }, [700, 5]);

// ───────────────────────── gas detectors ─────────────────────────
// GB/T 50493-2019: combustible detectors within 10 m of an outdoor release source, toxic
// within 4 m; alarm set points: combustible 1st ≤ 25 %LEL, 2nd ≤ 50 %LEL; toxic 1st ≤ 100 %
// OEL, 2nd ≤ 200 % OEL (OEL from GBZ 2.1-2019: NH3 PC-STEL 30 mg/m³ ≈ 43 ppm, Cl2 MAC
// 1 mg/m³ ≈ 0.35 ppm, H2S MAC 10 mg/m³ ≈ 7 ppm). The set points are defaults; plants adjust them.
const GAS = {
  combustible: { kind: 'lel', unit: '%LEL', range_max: 100, alarm_1: 25, alarm_2: 50, zh: '可燃气体探测器', en: 'Combustible gas detector' },
  NH3: { kind: 'ppm', unit: 'ppm', range_max: 100, alarm_1: 25, alarm_2: 50, zh: '氨气探测器', en: 'NH₃ detector' },
  Cl2: { kind: 'ppm', unit: 'ppm', range_max: 10, alarm_1: 0.3, alarm_2: 0.6, zh: '氯气探测器', en: 'Cl₂ detector' },
  H2S: { kind: 'ppm', unit: 'ppm', range_max: 100, alarm_1: 5, alarm_2: 10, zh: '硫化氢探测器', en: 'H₂S detector' },
};
const detectorSeq = {};
function detector(region, gas, x, y, target) {
  const g = GAS[gas];
  const tag = region.replace('-', '');
  detectorSeq[tag] = (detectorSeq[tag] ?? 0) + 1;
  const code = `GD-${tag}-${String(detectorSeq[tag]).padStart(2, '0')}`;
  add('gas_detector', code, `${g.zh} ${code}`, `${g.en} ${code}`, region, point(x, y), {
    gas,
    detector_kind: g.kind,
    unit: g.unit,
    range_max: g.range_max,
    alarm_1: g.alarm_1,
    alarm_2: g.alarm_2,
    target,
  }, [x, y]);
}
// Each tank: one detector at the outlet nozzle (facing its pump shed), inside the bund.
for (const t of tanks) {
  const gas = t.key === 'ammonia' ? 'NH3' : 'combustible';
  const bund = Object.entries(bundRects).find(([, e]) => t.x > e.x0 && t.x < e.x1 && t.y > e.y0 && t.y < e.y1)[1];
  const toward = (bund.x0 + bund.x1) / 2 < t.x ? 1 : -1; // the side away from the group centre
  detector(t.region, gas, t.x + toward * (t.r + 3), t.y, t.code);
  if (t.key === 'ammonia') {
    detector(t.region, gas, t.x, t.y + ((bund.y0 + bund.y1) / 2 < t.y ? 1 : -1) * (t.r + 2.5), t.code);
  }
}
// Pump sheds and compressor houses in the tank farm: two each.
for (const [code, , , region, cx, cy, , h] of BUILDINGS.filter((b) => /^B-TF-0[1-4,6,7]$/.test(b[0]))) {
  const gas = region === 'TF-C' ? 'NH3' : 'combustible';
  detector(region, gas, cx, cy + h / 2 - 4, code);
  detector(region, gas, cx, cy - h / 2 + 4, code);
}
// Spheres: two each, at the bottom outlet valves.
for (const s of spheres) {
  detector('TF-B', 'combustible', s.x - s.r - 2, s.y, s.code);
  detector('TF-B', 'combustible', s.x + s.r + 2, s.y, s.code);
}
// Process equipment: pumps, seals and flanges around each item (pipe racks excluded).
for (const e of equipment.filter((q) => q.kind !== 'pipe_rack')) {
  const half = Array.isArray(e.size) ? e.size[0] / 2 : e.size / 2;
  if (e.sub === 'chlorine') {
    detector(e.region, 'Cl2', e.x - half - 2, e.y, e.code);
    detector(e.region, 'Cl2', e.x + half + 2, e.y, e.code);
  } else {
    detector(e.region, 'combustible', e.x + half + 3, e.y, e.code);
    if (e.kind === 'reactor' || e.kind === 'column') {
      detector(e.region, 'combustible', e.x - half - 3, e.y, e.code);
    }
    if (e.region === 'PU-3' && e.kind === 'reactor') {
      detector(e.region, 'Cl2', e.x, e.y - half - 2, e.code); // chlorine feed line to the chlorinator
    }
  }
}
detector('PU-1', 'H2S', 230, 636, 'T-101'); // desulphuriser
detector('PU-3', 'Cl2', 925, 580, 'B-PU-04');
detector('PU-3', 'Cl2', 955, 580, 'B-PU-04');
detector('PU-3', 'Cl2', 940, 555, 'B-PU-04');
// Loading bays: one at each loading arm; NH3 for ammonia, two for the pressure bays.
for (const b of bays) {
  const gas = b.key === 'ammonia' ? 'NH3' : 'combustible';
  detector('LS', gas, b.x + 6, b.y + 6, b.code);
  if (b.key !== 'methanol' && b.key !== 'toluene' && b.key !== 'benzene' && b.key !== 'acetone') {
    detector('LS', gas, b.x + 6, b.y - 8, b.code);
  }
}
detector('LS', 'combustible', 790, 255, 'B-LS-02');
detector('WH', 'combustible', 1090, 190, 'B-WH-01');
detector('WH', 'combustible', 1150, 190, 'B-WH-01');
detector('UT', 'combustible', 1080, 760, 'B-UT-04'); // natural-gas burner front
detector('UT', 'combustible', 1160, 760, 'B-UT-04');
detector('UT', 'H2S', 1140, 400, 'B-UT-08'); // wastewater inlet, sludge, and aeration
detector('UT', 'H2S', 1200, 400, 'B-UT-08');
detector('UT', 'H2S', 1260, 400, 'B-UT-08');

// ───────────────────────── cameras ─────────────────────────
const CAMERAS = [
  // region, x, y, camera_kind, bearing (° from north, clockwise), name, name_en
  ['GT-N', 690, 945, 'bullet', 0, '北门出入口', 'North gate entrance'],
  ['GT-S', 690, 55, 'bullet', 180, '南门出入口', 'South gate entrance'],
  ['GT-S', 735, 25, 'bullet', 270, '汽车衡', 'Weighbridge'],
  ['LS', 760, 190, 'ex_ptz', 90, '装车台西', 'Loading racks west'],
  ['LS', 990, 190, 'ex_ptz', 270, '装车台东', 'Loading racks east'],
  ['LS', 990, 75, 'bullet', 270, '槽车待检区', 'Tank-truck waiting area'],
  ['TF-A', 50, 470, 'ex_ptz', 135, '甲醇罐组', 'Methanol tank group'],
  ['TF-A', 365, 470, 'ex_ptz', 225, '甲苯罐组', 'Toluene tank group'],
  ['TF-A', 50, 50, 'ex_ptz', 45, '苯罐组', 'Benzene tank group'],
  ['TF-A', 365, 50, 'ex_ptz', 315, '溶剂罐组', 'Solvent tank group'],
  ['TF-B', 425, 470, 'ex_ptz', 135, '球罐区', 'Sphere area'],
  ['TF-C', 425, 50, 'ex_ptz', 45, '液氨罐区', 'Ammonia tank area'],
  ['PU-1', 50, 810, 'ex_ptz', 135, '合成装置', 'Synthesis unit'],
  ['PU-1', 320, 530, 'ex_bullet', 315, '合成压缩机', 'Synthesis compressors'],
  ['PU-2', 365, 810, 'ex_ptz', 135, '精馏装置', 'Distillation unit'],
  ['PU-2', 675, 530, 'ex_bullet', 315, '精馏塔底泵', 'Distillation bottoms pumps'],
  ['PU-3', 725, 810, 'ex_ptz', 135, '氯化装置', 'Chlorination unit'],
  ['PU-3', 990, 560, 'ex_bullet', 270, '液氯钢瓶库', 'Chlorine cylinder store'],
  ['WH', 1045, 265, 'dome', 135, '甲类仓库', 'Class A chemicals store'],
  ['UT', 1045, 470, 'bullet', 90, '污水处理站', 'Wastewater treatment'],
  ['CR', 420, 950, 'dome', 135, '中控室', 'Control room'],
  ['OF', 45, 955, 'dome', 135, '办公区', 'Office area'],
];
CAMERAS.forEach(([region, x, y, camera_kind, bearing_deg, name, name_en], i) => {
  const code = `CAM-${String(i + 1).padStart(2, '0')}`;
  add('camera', code, `${name}摄像机 ${code}`, `${name_en} camera ${code}`, region, point(x, y), {
    camera_kind,
    bearing_deg,
    explosion_proof: camera_kind.startsWith('ex_'),
  }, [x, y]);
});

// ───────────────────────── label points ─────────────────────────
// MapLibre cuts a GeoJSON source into tiles and labels each piece of a polygon, so a region
// or building across a tile edge would be named twice. The style labels polygons from these
// points instead: regions at their north-west corner (the inside stays clear for equipment
// and live markers), groups and everything else at the centre. Same kind, code and names.
const labels = [];
for (const f of features) {
  const p = f.properties;
  const labelled =
    (p.kind === 'region' && !p.code.startsWith('GT')) ||
    ['tank', 'sphere', 'building', 'loading_bay'].includes(p.kind) ||
    (p.kind === 'unit' && p.equipment !== 'pipe_rack');
  if (!labelled) {
    continue;
  }
  let at = [p.x_m, p.y_m];
  if (p.kind === 'region' && !p.is_group) {
    const [x0, , , y1] = REGIONS.find((r) => r.code === p.code).rect;
    at = [x0 + 8, y1 - 8];
  }
  const props = { ...p, x_m: r1(at[0]), y_m: r1(at[1]) };
  labels.push({ type: 'Feature', id: labels.length + 1, properties: props, geometry: point(at[0], at[1]) });
}

// ───────────────────────── output ─────────────────────────
const sw = ll(0, 0);
const ne = ll(SITE.w, SITE.h);
const center = ll(SITE.w / 2, SITE.h / 2);
const REGION_ORDER = ['PLANT', 'TF', 'TF-A', 'TF-B', 'TF-C', 'PU', 'PU-1', 'PU-2', 'PU-3', 'LS', 'WH', 'UT', 'CR', 'OF', 'MP', 'GT', 'GT-N', 'GT-S'];
const counts = {};
for (const f of features) {
  counts[f.properties.kind] = (counts[f.properties.kind] ?? 0) + 1;
}
const meta = {
  name: '演示化工厂区',
  name_en: 'Demo chemical plant',
  origin: {
    lon: ORIGIN.lon,
    lat: ORIGIN.lat,
    description: 'South-west corner of the site fence; local x east, y north in metres (x_m, y_m in the features)',
    earth_radius_m: EARTH_RADIUS_M,
  },
  size_m: { x: SITE.w, y: SITE.h },
  bounds: [sw, ne],
  center,
  zoom: 15.6,
  bearing: 0,
  pitch: 0,
  min_zoom: 13,
  max_zoom: 21,
  regions: REGION_ORDER,
  feature_counts: counts,
};

const geojson = {
  type: 'FeatureCollection',
  name: 'demo-plant',
  bbox: [sw[0], sw[1], ne[0], ne[1]],
  features,
};
// One feature per line: small diffs when the layout changes.
const body = features.map((f) => '  ' + JSON.stringify(f)).join(',\n');
const text = `{"type":"FeatureCollection","name":"demo-plant","bbox":${JSON.stringify(geojson.bbox)},"features":[\n${body}\n]}\n`;
writeFileSync(resolve(ROOT, 'map-styles/demo-plant.geojson'), text);
writeFileSync(resolve(ROOT, 'map-styles/demo-plant.meta.json'), JSON.stringify(meta, null, 2) + '\n');
const labelBody = labels.map((f) => '  ' + JSON.stringify(f)).join(',\n');
writeFileSync(
  resolve(ROOT, 'map-styles/demo-plant-labels.geojson'),
  `{"type":"FeatureCollection","name":"demo-plant-labels","features":[\n${labelBody}\n]}\n`,
);
console.log(`demo-plant.geojson: ${features.length} features, demo-plant-labels.geojson: ${labels.length} label points`, counts);
