import type { PermissionCode } from '../../shared/contracts/contract.js';
import { permissionCodes } from '../../shared/contracts/contract.js';
import type { Db } from './db.js';

/** A menu entry a module contributes; synced into the menu table at every start (by href). */
export interface MenuSeed {
  href: string;
  name: string;
  name_en: string;
  /** href of the parent directory; omitted for a top-level entry. */
  parent?: string;
  /** 1 directory, 2 page. */
  type: 1 | 2;
  /** 1–4 the four systems, 0 system management. */
  eightyEightType: number;
  icon?: string;
  sort: number;
  /** Built-in roles that get this entry when it is first created. */
  roles: BuiltInRole[];
}

export type BuiltInRole = 'admin' | 'supervisor' | 'operator' | 'inspector' | 'contractor';

export const builtInRoles: { rolecode: BuiltInRole; rolename: string; rolename_en: string; description: string; permissions: PermissionCode[] }[] = [
  { rolecode: 'admin', rolename: '系统管理员', rolename_en: 'Administrator', description: '全部功能与数据', permissions: [...permissionCodes] },
  {
    rolecode: 'supervisor',
    rolename: '安全中心主管',
    rolename_en: 'Safety-centre supervisor',
    description: '监视人员车辆与报警，查看组织与审计',
    permissions: ['org:read', 'audit:read', 'realtime:read', 'positioning:read', 'alarm:ack', 'alarm:shelve', 'alarm:admin'],
  },
  // Operators and inspectors see people and vehicles in their own regions only (data isolation by region).
  { rolecode: 'operator', rolename: '操作员', rolename_en: 'Operator', description: '监视工艺数据、处理报警', permissions: ['realtime:read', 'positioning:read', 'alarm:ack', 'alarm:shelve'] },
  { rolecode: 'inspector', rolename: '巡检员', rolename_en: 'Inspector', description: '巡检与隐患排查', permissions: ['realtime:read', 'positioning:read'] },
  { rolecode: 'contractor', rolename: '承包商', rolename_en: 'Contractor', description: '承包商人员，仅本人事务', permissions: [] },
];

/** Menu entries of the foundation: system management and the to-do centre. */
export const foundationMenus: MenuSeed[] = [
  {
    href: '/No.88/SystemManagement',
    name: '系统管理',
    name_en: 'System management',
    type: 1,
    eightyEightType: 0,
    icon: 'setting',
    sort: 900,
    roles: ['admin', 'supervisor', 'operator', 'inspector', 'contractor'],
  },
  {
    href: '/orgnization/home',
    name: '组织架构',
    name_en: 'Organisation',
    parent: '/No.88/SystemManagement',
    type: 2,
    eightyEightType: 0,
    icon: 'apartment',
    sort: 1,
    roles: ['admin', 'supervisor'],
  },
  {
    href: '/orgnization/personnel-setting',
    name: '人员设置',
    name_en: 'Personnel',
    parent: '/No.88/SystemManagement',
    type: 2,
    eightyEightType: 0,
    icon: 'team',
    sort: 2,
    roles: ['admin', 'supervisor'],
  },
  {
    href: '/orgnization/role-management',
    name: '角色管理',
    name_en: 'Roles',
    parent: '/No.88/SystemManagement',
    type: 2,
    eightyEightType: 0,
    icon: 'safety',
    sort: 3,
    roles: ['admin', 'supervisor'],
  },
  {
    href: '/orgnization/data-isolation',
    name: '数据隔离',
    name_en: 'Data isolation',
    parent: '/No.88/SystemManagement',
    type: 2,
    eightyEightType: 0,
    icon: 'lock',
    sort: 4,
    roles: ['admin', 'supervisor'],
  },
  {
    href: '/orgnization/ToDoCenter',
    name: '待办中心',
    name_en: 'To-do centre',
    parent: '/No.88/SystemManagement',
    type: 2,
    eightyEightType: 0,
    icon: 'schedule',
    sort: 5,
    roles: ['admin', 'supervisor', 'operator', 'inspector', 'contractor'],
  },
  {
    href: '/system/auditLog',
    name: '审计日志',
    name_en: 'Audit log',
    parent: '/No.88/SystemManagement',
    type: 2,
    eightyEightType: 0,
    icon: 'audit',
    sort: 6,
    roles: ['admin', 'supervisor'],
  },
];

export const defaultSystemConfig: Record<string, string> = {
  customerwebtitle: 'Plantwatch 安全生产智能管控平台',
  customershortname: '演示化工',
  customercode: 'demo',
  LogOutJumpUrl: '',
  IsNeedMenuPermissions: '1',
  IsEnableNo88: '1',
};

/**
 * Product-level data every installation needs, kept in step at every start:
 * built-in roles with their permissions, menus from the modules, system config.
 * Idempotent; never overwrites what an administrator changed, except menu labels.
 */
export async function syncBaseData(db: Db, menus: MenuSeed[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const r of builtInRoles) {
      const existing = await tx.selectFrom('role').select('roleid').where('rolecode', '=', r.rolecode).executeTakeFirst();
      if (!existing) {
        const { roleid } = await tx
          .insertInto('role')
          .values({ rolecode: r.rolecode, rolename: r.rolename, rolename_en: r.rolename_en, description: r.description })
          .returning('roleid')
          .executeTakeFirstOrThrow();
        if (r.permissions.length) {
          await tx
            .insertInto('role_permission')
            .values(r.permissions.map((permission) => ({ roleid, permission })))
            .execute();
        }
      }
    }
    const roleIds = new Map((await tx.selectFrom('role').select(['roleid', 'rolecode']).execute()).map((r) => [r.rolecode, r.roleid]));
    // Parents first, so each child finds its parent's id.
    const ordered = [...menus].sort((a, b) => Number(Boolean(a.parent)) - Number(Boolean(b.parent)));
    for (const m of ordered) {
      const parentid = m.parent
        ? ((await tx.selectFrom('menu').select('menuid').where('href', '=', m.parent).executeTakeFirst())?.menuid ?? 0)
        : 0;
      const values = {
        parentid,
        name: m.name,
        name_en: m.name_en,
        href: m.href,
        type: m.type,
        eightyEightType: m.eightyEightType,
        icon: m.icon ?? '',
        sort: m.sort,
        parameter: '',
        skiptype: 0,
      };
      const existing = await tx.selectFrom('menu').select('menuid').where('href', '=', m.href).executeTakeFirst();
      if (existing) {
        await tx.updateTable('menu').set(values).where('menuid', '=', existing.menuid).execute();
        continue;
      }
      const { menuid } = await tx.insertInto('menu').values(values).returning('menuid').executeTakeFirstOrThrow();
      const grants = m.roles.map((code) => roleIds.get(code)).filter((id): id is number => id !== undefined);
      if (grants.length) {
        await tx
          .insertInto('role_menu')
          .values(grants.map((roleid) => ({ roleid, menuid })))
          .execute();
      }
    }
    // A menu whose page no module provides any more is removed, with its grants.
    const hrefs = new Set(menus.map((m) => m.href));
    const stale = (await tx.selectFrom('menu').select(['menuid', 'href']).execute()).filter((m) => !hrefs.has(m.href));
    for (const s of stale) {
      await tx.deleteFrom('role_menu').where('menuid', '=', s.menuid).execute();
      await tx.deleteFrom('menu').where('menuid', '=', s.menuid).execute();
    }
    for (const [consttitle, constvalue] of Object.entries(defaultSystemConfig)) {
      const existing = await tx.selectFrom('system_config').select('consttitle').where('consttitle', '=', consttitle).executeTakeFirst();
      if (!existing) {
        await tx.insertInto('system_config').values({ consttitle, constvalue }).execute();
      }
    }
  });
}
