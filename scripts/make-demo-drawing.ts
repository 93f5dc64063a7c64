/**
 * Writes the demo process drawing of the tank farm, `models/drawings/tank-farm.svg`, and its
 * bindings, `models/drawings/tank-farm.bindings.json`, from the plant model's bindings
 * (models/demo-plant.bindings.json): one tank symbol per tank and sphere in the high-performance
 * HMI style (grey shell, blue level bar, value text), each element bound by its id.
 *
 *   npx tsx scripts/make-demo-drawing.ts
 */
import fs from 'node:fs';
import path from 'node:path';

interface NodeBinding {
  node: string;
  kind: string;
  name: string;
  name_en: string;
  region: string;
  tags: string[];
  levelTag?: string;
  levelRange?: [number, number];
}

const root = path.resolve(import.meta.dirname, '..');
const model = JSON.parse(fs.readFileSync(path.join(root, 'models/demo-plant.bindings.json'), 'utf8')) as { nodes: NodeBinding[] };
const vessels = model.nodes.filter((n) => (n.kind === 'tank' || n.kind === 'sphere') && n.levelTag);

const COLS = 6;
const CELL = { w: 170, h: 210 };
const W = COLS * CELL.w + 40;
const H = Math.ceil(vessels.length / COLS) * CELL.h + 90;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const bindings: { element: string; tag: string; prop: 'text' | 'level' | 'alarm'; lo?: number; hi?: number }[] = [];
const parts: string[] = [];
vessels.forEach((v, i) => {
  const x = 20 + (i % COLS) * CELL.w;
  const y = 70 + Math.floor(i / COLS) * CELL.h;
  const [lo, hi] = v.levelRange ?? [0, 100];
  const unit = hi === 100 ? '%' : 'm';
  const temp = v.tags.find((t) => t.endsWith('.TT'));
  const shape =
    v.kind === 'sphere'
      ? `<circle id="${v.node}-shell" cx="${x + 75}" cy="${y + 80}" r="55" fill="#d9d9d9" stroke="#595959" stroke-width="2"/>`
      : `<rect id="${v.node}-shell" x="${x + 30}" y="${y + 20}" width="90" height="120" rx="6" fill="#d9d9d9" stroke="#595959" stroke-width="2"/>`;
  parts.push(
    `<g id="${v.node}" class="vessel">`,
    `  ${shape}`,
    `  <rect id="${v.node}-level" x="${x + 60}" y="${y + 30}" width="30" height="100" fill="#1677ff" data-lo="${lo}" data-hi="${hi}"/>`,
    `  <rect x="${x + 60}" y="${y + 30}" width="30" height="100" fill="none" stroke="#8c8c8c"/>`,
    `  <text x="${x + 75}" y="${y + 160}" text-anchor="middle" font-size="15" font-weight="600" fill="#262626">${esc(v.node)}</text>`,
    `  <text x="${x + 75}" y="${y + 15}" text-anchor="middle" font-size="11" fill="#595959">${esc(v.name_en.replace(` ${v.node}`, ''))}</text>`,
    `  <text id="${v.node}-LT" x="${x + 75}" y="${y + 180}" text-anchor="middle" font-size="14" fill="#262626" font-family="monospace">— ${unit}</text>`,
    temp ? `  <text id="${v.node}-TT" x="${x + 75}" y="${y + 198}" text-anchor="middle" font-size="12" fill="#595959" font-family="monospace">— °C</text>` : '',
    `</g>`,
  );
  bindings.push({ element: `${v.node}-level`, tag: v.levelTag!, prop: 'level', lo, hi });
  bindings.push({ element: `${v.node}-LT`, tag: v.levelTag!, prop: 'text' });
  bindings.push({ element: `${v.node}-shell`, tag: v.levelTag!, prop: 'alarm' });
  if (temp) {
    bindings.push({ element: `${v.node}-TT`, tag: temp, prop: 'text' });
  }
});

const svg = [
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="sans-serif">`,
  `<rect width="${W}" height="${H}" fill="#f0f0f0"/>`,
  `<text x="20" y="40" font-size="22" font-weight="600" fill="#262626">罐区工艺流程 · Tank farm</text>`,
  ...parts.filter(Boolean),
  `</svg>`,
].join('\n');

fs.mkdirSync(path.join(root, 'models/drawings'), { recursive: true });
fs.writeFileSync(path.join(root, 'models/drawings/tank-farm.svg'), `${svg}\n`);
fs.writeFileSync(
  path.join(root, 'models/drawings/tank-farm.bindings.json'),
  `${JSON.stringify({ name: '罐区工艺流程', name_en: 'Tank farm', svg: 'tank-farm.svg', bindings }, null, 1)}\n`,
);
console.log(`models/drawings/tank-farm.svg: ${vessels.length} vessels, ${bindings.length} bindings`);
