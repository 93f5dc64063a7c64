import type { BuiltInRole, MenuDecl } from '../../shared/module.js';
import { permissionCodes, permissions, type PermissionCode } from '../../shared/modules.js';
import type { Db } from './db.js';

export type { BuiltInRole, MenuDecl };

/** The built-in roles; what each may do comes from the areas' permission declarations (`roles` of each code). */
export const builtInRoles: { rolecode: BuiltInRole; rolename: string; rolename_en: string; description: string }[] = [
  { rolecode: 'admin', rolename: '系统管理员', rolename_en: 'Administrator', description: '全部功能与数据' },
  {
    rolecode: 'supervisor',
    rolename: '安全中心主管',
    rolename_en: 'Safety-centre supervisor',
    description: '监视人员车辆与报警，查看组织与审计',
  },
  // Operators and inspectors see people and vehicles in their own regions only (data isolation by region).
  { rolecode: 'operator', rolename: '操作员', rolename_en: 'Operator', description: '监视工艺数据、处理报警' },
  { rolecode: 'inspector', rolename: '巡检员', rolename_en: 'Inspector', description: '巡检与隐患排查' },
  { rolecode: 'contractor', rolename: '承包商', rolename_en: 'Contractor', description: '承包商人员，仅本人事务' },
];

/** The built-in roles a permission goes to when it first appears: the administrator always, and those its area names. */
export function rolesGranted(code: PermissionCode): BuiltInRole[] {
  return ['admin', ...permissions[code].roles.filter((r) => r !== 'admin')];
}

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
export async function syncBaseData(db: Db, menus: readonly MenuDecl[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const r of builtInRoles) {
      const existing = await tx.selectFrom('role').select('roleid').where('rolecode', '=', r.rolecode).executeTakeFirst();
      if (!existing) {
        await tx
          .insertInto('role')
          .values({ rolecode: r.rolecode, rolename: r.rolename, rolename_en: r.rolename_en, description: r.description })
          .execute();
      }
    }
    const roleIds = new Map((await tx.selectFrom('role').select(['roleid', 'rolecode']).execute()).map((r) => [r.rolecode, r.roleid]));
    // A permission code an area declares for the first time goes to the built-in roles it names, once:
    // what an administrator later takes away from a role stays taken away.
    const seen = new Set((await tx.selectFrom('permission_seen').select('code').execute()).map((r) => r.code));
    for (const code of permissionCodes.filter((c) => !seen.has(c))) {
      await tx.insertInto('permission_seen').values({ code, first_seen: Date.now() }).execute();
      const grants = rolesGranted(code).flatMap((rc) => (roleIds.has(rc) ? [roleIds.get(rc)!] : []));
      for (const roleid of grants) {
        const has = await tx
          .selectFrom('role_permission')
          .select('roleid')
          .where('roleid', '=', roleid)
          .where('permission', '=', code)
          .executeTakeFirst();
        if (!has) {
          await tx.insertInto('role_permission').values({ roleid, permission: code }).execute();
        }
      }
    }
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
