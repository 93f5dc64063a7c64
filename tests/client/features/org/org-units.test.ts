import { describe, expect, it } from 'vitest';
import {
  allKeys,
  filterUnitTree,
  keysToDepth,
  localName,
  selfAndDescendants,
  topMostChecked,
  unitTree,
  type OrgUnit,
} from '../../../../src/client/features/org/org-units.js';

const unit = (id: number, parentId: number, code: string, name: string, sort = 0): OrgUnit => ({
  id,
  parentId,
  code,
  name,
  name_en: `${code} en`,
  sort,
});

// HQ ─┬ SAFE ── CENTER
//     └ PROD ─┬ P1
//             └ P2
const units: OrgUnit[] = [
  unit(1, 0, 'HQ', '公司'),
  unit(3, 1, 'PROD', '生产部', 2),
  unit(2, 1, 'SAFE', '安全环保部', 1),
  unit(4, 2, 'CENTER', '安全监控中心'),
  unit(5, 3, 'P1', '合成车间', 1),
  unit(6, 3, 'P2', '精馏车间', 0),
];

describe('unitTree', () => {
  it('orders siblings by sort and names nodes in the chosen language', () => {
    const tree = unitTree(units, 'zh');
    expect(tree[0].children.map((n) => n.unit.code)).toEqual(['SAFE', 'PROD']);
    expect(tree[0].children[1].children.map((n) => n.title)).toEqual(['精馏车间', '合成车间']);
    expect(unitTree(units, 'en')[0].title).toBe('HQ en');
  });

  it('marks disabled nodes', () => {
    const blocked = selfAndDescendants(units, 3);
    const tree = unitTree(units, 'zh', (u) => blocked.has(u.id));
    expect(tree[0].disabled).toBeUndefined();
    expect(tree[0].children[1].disabled).toBe(true);
    expect(tree[0].children[1].children.every((n) => n.disabled)).toBe(true);
  });
});

describe('localName', () => {
  it('falls back to Chinese when there is no English name', () => {
    expect(localName('en', '部门', '')).toBe('部门');
    expect(localName('en', '部门', 'Dept')).toBe('Dept');
    expect(localName('zh', '部门', 'Dept')).toBe('部门');
  });
});

describe('selfAndDescendants', () => {
  it('collects a unit and everything below it, whatever the list order', () => {
    expect([...selfAndDescendants(units, 3)].sort()).toEqual([3, 5, 6]);
    expect([...selfAndDescendants(units, 1)].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...selfAndDescendants(units, 6)]).toEqual([6]);
  });
});

describe('topMostChecked', () => {
  it('drops units implied by a checked ancestor', () => {
    expect(topMostChecked(units, [3, 5, 6, 4])).toEqual([3, 4]);
    expect(topMostChecked(units, [1, 2, 3, 4, 5, 6])).toEqual([1]);
    expect(topMostChecked(units, [5])).toEqual([5]);
    expect(topMostChecked(units, [])).toEqual([]);
  });
});

describe('filterUnitTree', () => {
  const tree = unitTree(units, 'zh');

  it('keeps matches with their ancestors, by name or code', () => {
    const byName = filterUnitTree(tree, '精馏');
    expect(allKeys(byName)).toEqual([1, 3, 6]);
    expect(allKeys(filterUnitTree(tree, 'center'))).toEqual([1, 2, 4]);
  });

  it('keeps the whole subtree of a match whose children do not match; an empty term keeps everything', () => {
    expect(allKeys(filterUnitTree(tree, '生产部'))).toEqual([1, 3, 6, 5]);
    expect(allKeys(filterUnitTree(tree, '  '))).toEqual(allKeys(tree));
    expect(filterUnitTree(tree, 'nothing')).toEqual([]);
  });
});

describe('keysToDepth', () => {
  it('lists the parents down to the given depth', () => {
    const tree = unitTree(units, 'zh');
    expect(keysToDepth(tree, 1)).toEqual([1]);
    expect(keysToDepth(tree, 2)).toEqual([1, 2, 3]);
    expect(keysToDepth(tree, 0)).toEqual([]);
  });
});
