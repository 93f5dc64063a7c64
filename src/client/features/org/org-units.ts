import type { DeptItem, RegionItem } from '../../../shared/org/contracts';
import { listToTree, withDescendants, type TreeNode } from '../../../shared/tree';
import type { Lang } from '../../app/i18n';

/** A department or a region with the field names they share. */
export interface OrgUnit {
  id: number;
  parentId: number;
  name: string;
  name_en: string;
  code: string;
  sort: number;
}

export const deptToUnit = (d: DeptItem): OrgUnit => ({
  id: d.deptid,
  parentId: d.parentdeptid,
  name: d.deptname,
  name_en: d.deptname_en,
  code: d.deptcode,
  sort: d.sort,
});

export const regionToUnit = (r: RegionItem): OrgUnit => ({
  id: r.regionid,
  parentId: r.regionparentid,
  name: r.regionname,
  name_en: r.regionname_en,
  code: r.regioncode,
  sort: r.sort,
});

/** The name in the current language; the Chinese name when no English one is set. */
export function localName(lang: Lang, zh: string, en: string | undefined): string {
  return lang === 'en' && en ? en : zh;
}

/** A node for antd Tree and TreeSelect (`key`, `value`, `title`, `children`). */
export interface UnitNode {
  key: number;
  value: number;
  title: string;
  unit: OrgUnit;
  disabled?: boolean;
  children: UnitNode[];
}

/** Builds the tree of units in `sort` order; `disabled` marks nodes that may not be chosen. */
export function unitTree(units: readonly OrgUnit[], lang: Lang, disabled?: (u: OrgUnit) => boolean): UnitNode[] {
  const sorted = [...units].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const toNode = ({ children, ...unit }: TreeNode<OrgUnit>): UnitNode => ({
    key: unit.id,
    value: unit.id,
    title: localName(lang, unit.name, unit.name_en),
    unit,
    ...(disabled?.(unit) ? { disabled: true } : {}),
    children: children.map(toNode),
  });
  return listToTree(sorted, { id: 'id', parent: 'parentId' }).map(toNode);
}

/** `id` and all ids below it, so a unit cannot be moved under itself. */
export function selfAndDescendants(units: readonly OrgUnit[], id: number): Set<number> {
  return new Set(
    withDescendants(
      [id],
      units.map((u) => [u.id, u.parentId] as const),
    ),
  );
}

/**
 * The top-most of the checked ids: a checked unit under a checked parent is
 * implied by the parent, since a scope includes all descendants.
 */
export function topMostChecked(units: readonly OrgUnit[], checked: readonly number[]): number[] {
  const set = new Set(checked);
  const parentOf = new Map(units.map((u) => [u.id, u.parentId]));
  return checked.filter((id) => {
    for (let p = parentOf.get(id); p !== undefined && p !== 0; p = parentOf.get(p)) {
      if (set.has(p)) {
        return false;
      }
    }
    return true;
  });
}

/** Keeps nodes whose title or code contains `term`, with their ancestors. */
export function filterUnitTree(nodes: readonly UnitNode[], term: string): UnitNode[] {
  const needle = term.trim().toLowerCase();
  if (!needle) {
    return [...nodes];
  }
  const out: UnitNode[] = [];
  for (const n of nodes) {
    const children = filterUnitTree(n.children, needle);
    const hit = n.title.toLowerCase().includes(needle) || n.unit.code.toLowerCase().includes(needle) || n.unit.name.includes(term.trim());
    if (hit || children.length) {
      out.push({ ...n, children: hit && !children.length ? n.children : children });
    }
  }
  return out;
}

/** Keys of every node, for expanding a whole (filtered) tree. */
export function allKeys(nodes: readonly UnitNode[]): number[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children)]);
}

/** Keys of the nodes down to `depth` levels, for a tree's first view. */
export function keysToDepth(nodes: readonly UnitNode[], depth: number): number[] {
  return depth <= 0 ? [] : nodes.flatMap((n) => (n.children.length ? [n.key, ...keysToDepth(n.children, depth - 1)] : []));
}
