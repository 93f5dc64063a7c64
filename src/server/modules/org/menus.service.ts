import type { getMenuPermissionConfig, MenuItem } from '../../../shared/org/contracts.js';
import type { AuthUser } from '../../http/app.js';
import type { OrgContext, Out } from './org-context.js';
import type { MenuRow } from './org.repository.js';

/** The menus: the caller's sidebar, every menu for role editing, and the pages a caller may open. */
export interface MenuService {
  /** The caller's sidebar: granted menus plus the directories above them. */
  menus(caller: AuthUser): Promise<MenuItem[]>;
  /** Every menu, for role editing. */
  allMenus(caller: AuthUser): Promise<MenuItem[]>;
  menuPermissions(caller: AuthUser): Promise<Out<typeof getMenuPermissionConfig>>;
}

/** Builds the nested menu the client renders; rows arrive sorted by `sort`. */
export function menuTree(rows: MenuRow[], c_id: number, dropEmptyDirectories: boolean): MenuItem[] {
  const ids = new Set(rows.map((r) => r.menuid));
  const children = new Map<number, MenuRow[]>();
  for (const r of rows) {
    const parent = ids.has(r.parentid) ? r.parentid : 0;
    const list = children.get(parent) ?? [];
    list.push(r);
    children.set(parent, list);
  }
  const build = (parent: number, seen: Set<number>): MenuItem[] =>
    (children.get(parent) ?? [])
      .filter((r) => !seen.has(r.menuid))
      .map((r) => ({
        c_id,
        menuid: r.menuid,
        name: r.name,
        name_en: r.name_en,
        href: r.href,
        parameter: r.parameter,
        type: r.type,
        skiptype: r.skiptype,
        eightyEightType: r.eightyEightType,
        icon: r.icon,
        childs: build(r.menuid, new Set([...seen, r.menuid])),
      }))
      // A directory a role grants without any page under it would be an empty, dead entry in the sidebar.
      .filter((m) => !dropEmptyDirectories || m.type !== 1 || m.childs.length > 0);
  return build(0, new Set());
}

/** Granted menus plus every directory above them, in menu order. */
function withAncestors(all: MenuRow[], granted: number[]): MenuRow[] {
  const byId = new Map(all.map((m) => [m.menuid, m]));
  const visible = new Set<number>();
  for (const id of granted) {
    let cur = byId.get(id);
    while (cur && !visible.has(cur.menuid)) {
      visible.add(cur.menuid);
      cur = byId.get(cur.parentid);
    }
  }
  return all.filter((m) => visible.has(m.menuid));
}

export function createMenuService({ repo }: OrgContext): MenuService {
  async function visibleMenuRows(caller: AuthUser): Promise<MenuRow[]> {
    const [all, granted] = await Promise.all([repo.allMenus(), repo.grantedMenuIds(caller.userid)]);
    return withAncestors(all, granted);
  }

  return {
    async menus(caller) {
      return menuTree(await visibleMenuRows(caller), caller.c_id, true);
    },
    async allMenus(caller) {
      return menuTree(await repo.allMenus(), caller.c_id, false);
    },
    async menuPermissions(caller) {
      const items = (await visibleMenuRows(caller)).filter((m) => m.href).map((m) => ({ menuUrl: m.href }));
      return { items, total: items.length };
    },
  };
}
