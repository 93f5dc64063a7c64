import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** One page under the shell layout: its path, its titles, and the code that draws it, loaded on demand. */
export interface PageRoute {
  /** react-router pattern, as the seed spells it (e.g. /orgnization/home). */
  path: string;
  /** Title for the tab strip when the server menu has no entry for the path (seed 1 §2.4). */
  title: { zh: string; en: string };
  /** Title when the query names a record (`?id=`): the add page that edits when given an id. */
  editTitle?: { zh: string; en: string };
  /** Key of a translated route name in the `routes` namespace, preferred over `title`. */
  name?: string;
  component: LazyExoticComponent<ComponentType>;
  /**
   * A page reached from another (a detail or edit form): it has no menu
   * entry of its own and is permitted wherever that page's href is.
   */
  permittedBy?: string;
}

/** Lazy component from a module's named export (pages use named exports only). */
export function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, exportName: K): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[exportName] }));
}

/** A route table entry: `page('/a/b', { zh, en }, () => import('…/b-page'), 'BPage')`. */
export function page<K extends string>(
  path: string,
  title: { zh: string; en: string },
  load: () => Promise<Record<K, ComponentType>>,
  exportName: K,
  extra: { name?: string; permittedBy?: string; editTitle?: { zh: string; en: string } } = {},
): PageRoute {
  return { path, title, component: lazyNamed(load, exportName), ...extra };
}
