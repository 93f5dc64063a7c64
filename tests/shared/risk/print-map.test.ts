import { describe, expect, it } from 'vitest';
import { riskColours, riskLevelInfo, type RiskLevel } from '../../../src/shared/domain/risk-evaluation.js';
import { riskMapSvg, type PrintZone } from '../../../src/shared/risk/print-map.js';

const color = (l: RiskLevel | null) => (l === null ? '#BFBFBF' : riskColours[riskLevelInfo[l].colour].hex);
const square = (x: number, y: number, d = 0.001): PrintZone['polygons'] => [
  [
    [
      [x, y],
      [x + d, y],
      [x + d, y + d],
      [x, y + d],
      [x, y],
    ],
  ],
];

const zones: PrintZone[] = [
  { id: 1, name: '罐区 A', level: 1, polygons: square(120.1, 30.1) },
  { id: 2, name: '装置区', level: 2, polygons: square(120.102, 30.1) },
  { id: 3, name: '仓库 <B&C>', level: 3, polygons: square(120.1, 30.102) },
  { id: 4, name: '办公楼', level: 4, polygons: square(120.102, 30.102) },
  { id: 5, name: '未评价区', level: null, polygons: square(120.104, 30.1) },
  { id: 6, name: '未绘制区', level: 2, polygons: null },
];

/** The text of each `data-row` / `data-label` group, by zone id (tags stripped, entities decoded). */
function groups(svg: string, attr: 'row' | 'label'): Map<number, string> {
  const out = new Map<number, string>();
  for (const m of svg.matchAll(new RegExp(`<g data-${attr}="(\\d+)"[^>]*>(.*?)</g>`, 'gs'))) {
    out.set(
      Number(m[1]),
      m[2]
        .replace(/<\/text>/g, ' ')
        .replace(/<[^>]+>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  return out;
}

/**
 * Issue 21 §5, the printable map: an A3 or A4 landscape SVG (no tiles, no GPU)
 * that writes every zone's level in text beside its colour (on the map and in
 * the list), with the legend and the time.
 */
describe('printable four-colour map', () => {
  it.each(['A3', 'A4'] as const)('%s: names every zone with its level in the list, and on the map where it is drawn', (size) => {
    const svg = riskMapSvg({ title: '四色风险分布图', viewName: '实时', time: '2026-11-26 20:30', lang: 'zh', size, zones, color, opacity: () => 0.5 });
    expect(svg).toContain(size === 'A3' ? 'width="420mm" height="297mm"' : 'width="297mm" height="210mm"');
    const rows = groups(svg, 'row');
    expect(rows.get(1)).toBe('罐区 A：重大风险');
    expect(rows.get(2)).toBe('装置区：较大风险');
    expect(rows.get(3)).toBe('仓库 <B&C>：一般风险');
    expect(rows.get(4)).toBe('办公楼：低风险');
    expect(rows.get(5)).toBe('未评价区：未评价');
    expect(rows.get(6)).toBe('未绘制区：较大风险');
    // Most severe first in the list.
    const levelOf = new Map(zones.map((z) => [z.id, z.level ?? 5]));
    const order = [...rows.keys()].map((id) => levelOf.get(id)!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(rows.size).toBe(zones.length);
    const labels = groups(svg, 'label');
    expect(labels.get(1)).toBe('罐区 A 重大风险');
    expect(labels.get(4)).toBe('办公楼 低风险');
    expect(labels.has(6)).toBe(false);
    // Each zone's colour is its level's, beside its name.
    expect(svg).toMatch(/<path [^>]*fill="#FF0000"[^>]*data-zone="1" data-level="1"/);
    expect(svg).toMatch(/<g data-row="4"><rect [^>]*fill="#0070C0"/);
    // The legend names the four levels and "not evaluated"; the time is printed.
    for (const name of ['重大风险', '较大风险', '一般风险', '低风险', '未评价']) {
      expect(svg).toContain(`>${name}</text>`);
    }
    expect(svg).toContain('状态时间：2026-11-26 20:30');
    // Escaped: a name cannot break the document.
    expect(svg).not.toContain('<B&C>');
  });

  it('in English, and with a hundred zones every one is still named (two columns)', () => {
    const many: PrintZone[] = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: `Zone ${i + 1}`, level: ((i % 4) + 1) as RiskLevel, polygons: square(120 + (i % 10) * 0.002, 30 + Math.floor(i / 10) * 0.002) }));
    const svg = riskMapSvg({ title: 'Four-colour risk map', viewName: 'Live', time: '2026-11-26 20:30', lang: 'en', size: 'A4', zones: many, color, opacity: () => 0.5 });
    const rows = groups(svg, 'row');
    expect(rows.size).toBe(100);
    expect(rows.get(1)).toBe('Zone 1: Major risk');
    expect(rows.get(100)).toBe('Zone 100: Low risk');
    expect(svg).toContain('State at 2026-11-26 20:30');
    // Two columns: rows start at two x positions.
    const xs = new Set([...svg.matchAll(/<g data-row="\d+"><rect x="([\d.]+)"/g)].map((m) => m[1]));
    expect(xs.size).toBe(2);
  });

  it('says so when no zone is drawn, and still lists the zones', () => {
    const svg = riskMapSvg({ title: 't', viewName: 'v', time: 'now', lang: 'zh', size: 'A3', zones: [{ id: 9, name: '无图形', level: 3, polygons: null }], color, opacity: () => 0.5 });
    expect(svg).toContain('没有已绘制的区域');
    expect(groups(svg, 'row').get(9)).toBe('无图形：一般风险');
  });
});
