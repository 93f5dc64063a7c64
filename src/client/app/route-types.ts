import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyNamed } from './lazy-named';
import { pageTitle } from '../../shared/modules';

/** One page under the shell layout: its path, its titles, and the code that draws it, loaded on demand. */
export interface PageRoute {
  /** react-router pattern, as the seed spells it (e.g. /orgnization/home). */
  path: string;
  /** Title for the tab strip when the server menu has no entry for the path (seed 1 §2.4): the menu or page declaration of its area. */
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


/**
 * A feature's page: `page('/a/b', () => import('./b-page'), 'BPage')`. Its
 * titles and the page that permits it come from its area's manifest (a menu
 * entry or a page declaration), written once for both sides.
 */
export function page<K extends string>(path: string, load: () => Promise<Record<K, ComponentType>>, exportName: K): PageRoute {
  const declared = pageTitle(path);
  if (!declared) {
    throw new Error(`page ${path} has no menu entry or page declaration in any area's manifest`);
  }
  const { permittedBy, editName } = declared;
  return {
    path,
    title: { zh: declared.zh, en: declared.en },
    component: lazyNamed(load, exportName),
    ...(permittedBy ? { permittedBy } : {}),
    ...(editName ? { editTitle: editName } : {}),
  };
}

/** A feature's page list (its `routes.ts`). */
export function definePages(pages: PageRoute[]): PageRoute[] {
  return pages;
}
