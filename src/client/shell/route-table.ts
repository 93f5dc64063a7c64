import { createContext, useContext } from 'react';
import { matchPath } from 'react-router-dom';
import type { MenuItem } from '../../shared/org/contracts';
import { i18n, type Lang } from '../app/i18n';
import type { PageRoute } from '../app/route-types';
import { findMenuByPath, menuTitle } from './menu';

/** The app's page routes, handed to the shell by the router (the shell never imports the table itself). */
export const RouteTableContext = createContext<PageRoute[]>([]);

export const useRouteTable = (): PageRoute[] => useContext(RouteTableContext);

export function findRoute(routes: PageRoute[], pathname: string): PageRoute | undefined {
  return routes.find((r) => matchPath({ path: r.path, end: true }, pathname));
}

/** Seed 1 §2.4: the server menu name, else the translated route name, else the route title (its edit title when `search` has an id). */
export function pageTitle(pathname: string, routes: PageRoute[], menus: MenuItem[], lang: Lang, search = ''): string {
  const menu = findMenuByPath(menus, pathname);
  if (menu) {
    return menuTitle(menu.item, lang);
  }
  const route = findRoute(routes, pathname);
  if (route?.editTitle && new URLSearchParams(search).get('id')) {
    return route.editTitle[lang] || route.editTitle.zh;
  }
  if (route?.name && i18n.exists(`routes:${route.name}`, { lng: lang })) {
    return i18n.t(`routes:${route.name}`, { lng: lang });
  }
  if (route) {
    return route.title[lang] || route.title.zh;
  }
  return pathname;
}

/** Pages every signed-in user may open whatever the menu permissions say (seed 1 §4.1 step 7). */
export function isMenuFree(pathname: string): boolean {
  const p = pathname.toLowerCase();
  return ['/gateway/home', '/changepassword', '/401', '/404'].includes(p) || p.startsWith('/no.88/');
}

/**
 * A menu URL or path as the permission check compares it: without query,
 * hash and trailing slashes, in lower case, and without a final `/index`
 * (the seed spells some pages both ways, `/PersonnelPositioning` and
 * `/PersonnelPositioning/index`: the same page).
 */
const normalise = (url: string) => (url.split(/[?#]/)[0].replace(/\/+$/, '').replace(/\/index$/i, '') || '/').toLowerCase();

/** With IsNeedMenuPermissions 1 a page must be in the user's permitted menu URLs (a detail page: the page it is reached from). */
export function isPathPermitted(pathname: string, menuUrls: string[], routes: PageRoute[] = []): boolean {
  if (isMenuFree(pathname)) {
    return true;
  }
  const p = normalise(findRoute(routes, pathname)?.permittedBy ?? pathname);
  return menuUrls.some((u) => normalise(u) === p);
}
