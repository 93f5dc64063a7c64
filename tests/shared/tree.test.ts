import { describe, expect, it } from 'vitest';
import { findPath, flattenTree, listToTree } from '../../src/shared/tree.js';

interface Dept {
  deptid: number;
  parentdeptid: number | null | undefined;
  name: string;
}

const list: Dept[] = [
  { deptid: 1, parentdeptid: 0, name: 'HQ' },
  { deptid: 2, parentdeptid: 1, name: 'Safety' },
  { deptid: 3, parentdeptid: 1, name: 'Production' },
  { deptid: 4, parentdeptid: 3, name: 'Synthesis' },
  { deptid: 5, parentdeptid: 3, name: 'Distillation' },
  { deptid: 6, parentdeptid: 2, name: 'Centre' },
];
const opts = { id: 'deptid', parent: 'parentdeptid' } as const;

describe('listToTree (seed 1 §3.6)', () => {
  it('builds the tree, keeping sibling order', () => {
    const tree = listToTree(list, opts);
    expect(tree).toHaveLength(1);
    expect(tree[0].name).toBe('HQ');
    expect(tree[0].children.map((c) => c.name)).toEqual(['Safety', 'Production']);
    expect(tree[0].children[1].children.map((c) => c.name)).toEqual(['Synthesis', 'Distillation']);
    expect(tree[0].children[0].children[0].children).toEqual([]);
  });

  it('treats parent 0, null, missing and unknown parents as roots', () => {
    const tree = listToTree(
      [
        { deptid: 1, parentdeptid: 0, name: 'zero' },
        { deptid: 2, parentdeptid: null, name: 'null' },
        { deptid: 3, parentdeptid: undefined, name: 'undefined' },
        { deptid: 4, parentdeptid: 99, name: 'orphan' },
        { deptid: 5, parentdeptid: 4, name: 'child of orphan' },
      ],
      opts,
    );
    expect(tree.map((n) => n.name)).toEqual(['zero', 'null', 'undefined', 'orphan']);
    expect(tree[3].children.map((n) => n.name)).toEqual(['child of orphan']);
  });

  it('handles a child listed before its parent', () => {
    const tree = listToTree(
      [
        { deptid: 2, parentdeptid: 1, name: 'child' },
        { deptid: 1, parentdeptid: 0, name: 'parent' },
      ],
      opts,
    );
    expect(tree.map((n) => n.name)).toEqual(['parent']);
    expect(tree[0].children.map((n) => n.name)).toEqual(['child']);
  });

  it('uses a custom children field and string ids', () => {
    const tree = listToTree(
      [
        { code: 'TF', up: '', n: 1 },
        { code: 'TF-A', up: 'TF', n: 2 },
      ],
      { id: 'code', parent: 'up', children: 'childList' },
    );
    expect(tree[0].childList[0].code).toBe('TF-A');
    expect(tree[0].childList[0].childList).toEqual([]);
  });

  it('does not modify the input list', () => {
    const copy = structuredClone(list);
    listToTree(list, opts);
    expect(list).toEqual(copy);
  });

  it('never loses items in a self-reference or a parent cycle', () => {
    const tree = listToTree(
      [
        { deptid: 1, parentdeptid: 1, name: 'self' },
        { deptid: 2, parentdeptid: 3, name: 'a' },
        { deptid: 3, parentdeptid: 2, name: 'b' },
      ],
      opts,
    );
    expect(
      flattenTree(tree)
        .map((n) => n.name)
        .sort(),
    ).toEqual(['a', 'b', 'self']);
    expect(tree.map((n) => n.name)).toEqual(['self', 'a']);
    expect(tree[1].children.map((n) => n.name)).toEqual(['b']);
  });

  it('returns an empty tree for an empty list', () => {
    expect(listToTree([] as Dept[], opts)).toEqual([]);
  });
});

describe('flattenTree', () => {
  it('lists nodes in depth-first pre-order', () => {
    const tree = listToTree(list, opts);
    expect(flattenTree(tree).map((n) => n.deptid)).toEqual([1, 2, 6, 3, 4, 5]);
  });

  it('accepts nodes without a children field and a custom field', () => {
    expect(flattenTree([{ id: 1 }, { id: 2, kids: [{ id: 3 }] }], 'kids').map((n) => n.id)).toEqual([1, 2, 3]);
  });
});

describe('findPath', () => {
  const tree = listToTree(list, opts);

  it('returns the nodes from the root to the match', () => {
    expect(findPath(tree, (n) => n.deptid === 5).map((n) => n.name)).toEqual(['HQ', 'Production', 'Distillation']);
  });

  it('returns the root alone when the root matches', () => {
    expect(findPath(tree, (n) => n.deptid === 1).map((n) => n.name)).toEqual(['HQ']);
  });

  it('returns an empty array when nothing matches', () => {
    expect(findPath(tree, (n) => n.deptid === 42)).toEqual([]);
    expect(findPath([], () => true)).toEqual([]);
  });
});
