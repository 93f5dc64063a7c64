/** A list item turned into a tree node: the item's own fields plus the children field. */
export type TreeNode<T, C extends string = 'children'> = T & { [K in C]: TreeNode<T, C>[] };

export interface ListToTreeOptions<T, C extends string> {
  /** Field holding the item's id. */
  id: keyof T;
  /** Field holding the parent's id; 0, null, undefined or '' mean root (seed 1 §3.6). */
  parent: keyof T;
  /** Field the children are written to; 'children' when omitted. */
  children?: C;
}

const isRootParent = (v: unknown) => v === 0 || v === '0' || v === null || v === undefined || v === '';

/**
 * Builds a tree from a flat list (seed 1 §3.6), keeping the list's order among
 * siblings. Items whose parent is not in the list (or is the item itself)
 * become roots, so nothing a caller is allowed to see disappears because its
 * parent is hidden by data isolation. A parent cycle is broken at the first
 * item of the cycle in list order. The input is not modified.
 */
export function listToTree<T extends object, C extends string = 'children'>(
  list: readonly T[],
  options: ListToTreeOptions<T, C>,
): TreeNode<T, C>[] {
  const childrenKey = (options.children ?? 'children') as C;
  const nodes = list.map((item) => ({ ...item, [childrenKey]: [] }) as TreeNode<T, C>);
  const byId = new Map<unknown, TreeNode<T, C>>();
  for (const node of nodes) {
    const id = node[options.id];
    if (!byId.has(id)) {
      byId.set(id, node);
    }
  }
  const kids = (n: TreeNode<T, C>) => n[childrenKey] as TreeNode<T, C>[];
  const roots: TreeNode<T, C>[] = [];
  const parentOf = new Map<TreeNode<T, C>, TreeNode<T, C>>();
  for (const node of nodes) {
    const parentId = node[options.parent];
    const parent = isRootParent(parentId) ? undefined : byId.get(parentId);
    if (!parent || parent === node) {
      roots.push(node);
    } else {
      kids(parent).push(node);
      parentOf.set(node, parent);
    }
  }
  // Items in a parent cycle are unreachable from the roots.
  const reached = new Set<TreeNode<T, C>>();
  const visit = (n: TreeNode<T, C>) => {
    const stack = [n];
    while (stack.length) {
      const cur = stack.pop()!;
      if (!reached.has(cur)) {
        reached.add(cur);
        stack.push(...kids(cur));
      }
    }
  };
  roots.forEach(visit);
  for (const node of nodes) {
    if (!reached.has(node)) {
      const parent = parentOf.get(node);
      if (parent) {
        const siblings = kids(parent);
        siblings.splice(siblings.indexOf(node), 1);
      }
      roots.push(node);
      visit(node);
    }
  }
  return roots;
}

function childrenOf<N>(node: N, childrenKey: string): readonly N[] {
  const value = (node as Record<string, unknown>)[childrenKey];
  return Array.isArray(value) ? (value as N[]) : [];
}

/** Every node of a tree in depth-first pre-order (a parent before its children). */
export function flattenTree<N extends object>(tree: readonly N[], childrenKey = 'children'): N[] {
  const out: N[] = [];
  const stack = [...tree].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    out.push(node);
    stack.push(...[...childrenOf(node, childrenKey)].reverse());
  }
  return out;
}

/**
 * The nodes from a root down to the first node (depth-first pre-order) that
 * matches, both included; an empty array when nothing matches. Used for
 * breadcrumbs and for expanding a tree to a selected node.
 */
export function findPath<N extends object>(tree: readonly N[], predicate: (node: N) => boolean, childrenKey = 'children'): N[] {
  for (const node of tree) {
    if (predicate(node)) {
      return [node];
    }
    const rest = findPath(childrenOf(node, childrenKey), predicate, childrenKey);
    if (rest.length) {
      return [node, ...rest];
    }
  }
  return [];
}

/**
 * The given ids and every id below them in an (id, parent) list, sorted: a
 * data-isolation scope (a department with its sub-departments), a region
 * filter with its sub-regions, or the units a unit may not be moved under.
 * Cycles in the list end the walk instead of looping.
 */
export function withDescendants(ids: readonly number[], pairs: Iterable<readonly [id: number, parent: number]>): number[] {
  const children = new Map<number, number[]>();
  for (const [id, parent] of pairs) {
    const list = children.get(parent) ?? [];
    list.push(id);
    children.set(parent, list);
  }
  const out = new Set<number>();
  const stack = [...ids];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) {
      continue;
    }
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...out].sort((a, b) => a - b);
}
