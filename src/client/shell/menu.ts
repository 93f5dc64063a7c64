import type { MenuItem } from '../../shared/org/contracts';
import { isExternal } from '../../shared/text';
import type { Lang } from '../app/i18n';

/** The link of a menu entry: href plus its parameter as query (seed 1 §2.3). */
export function menuLink(item: Pick<MenuItem, 'href' | 'parameter'>): string {
  const param = item.parameter.trim().replace(/^[?&]/, '');
  if (!param) {
    return item.href;
  }
  return `${item.href}${item.href.includes('?') ? '&' : '?'}${param}`;
}

export const menuTitle = (item: MenuItem, lang: Lang): string => (lang === 'en' && item.name_en ? item.name_en : item.name);

/** Opens in a new window: external links and entries with skiptype 1. */
export const opensNewWindow = (item: MenuItem): boolean => isExternal(item.href) || item.skiptype === 1;

export function walkMenus(items: MenuItem[], visit: (item: MenuItem, parents: MenuItem[]) => void, parents: MenuItem[] = []): void {
  for (const item of items) {
    visit(item, parents);
    walkMenus(item.childs, visit, [...parents, item]);
  }
}

const pathOf = (href: string) => href.split(/[?#]/)[0].replace(/\/+$/, '') || '/';

/** The menu entry for a portal path (query ignored). */
export function findMenuByPath(items: MenuItem[], pathname: string): { item: MenuItem; parents: MenuItem[] } | null {
  const target = pathOf(pathname).toLowerCase();
  let found: { item: MenuItem; parents: MenuItem[] } | null = null;
  walkMenus(items, (item, parents) => {
    if (!found && !isExternal(item.href) && item.href && pathOf(item.href).toLowerCase() === target) {
      found = { item, parents };
    }
  });
  return found;
}

/** Pages (not directories) of a menu tree, in menu order. */
export function menuPages(items: MenuItem[]): MenuItem[] {
  const out: MenuItem[] = [];
  walkMenus(items, (item) => {
    if (item.childs.length === 0 && item.type !== 1 && item.href) {
      out.push(item);
    }
  });
  return out;
}

/** Keeps entries whose title matches the keyword, with their parents; a matching directory keeps all its children. */
export function filterMenus(items: MenuItem[], keyword: string, lang: Lang): MenuItem[] {
  const k = keyword.trim().toLowerCase();
  if (!k) {
    return items;
  }
  const out: MenuItem[] = [];
  for (const item of items) {
    const hit = item.name.toLowerCase().includes(k) || item.name_en.toLowerCase().includes(k) || menuTitle(item, lang).toLowerCase().includes(k);
    if (hit) {
      out.push(item);
      continue;
    }
    const childs = filterMenus(item.childs, keyword, lang);
    if (childs.length) {
      out.push({ ...item, childs });
    }
  }
  return out;
}
