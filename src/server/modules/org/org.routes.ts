import {
  accountGetList,
  accountResetPassword,
  accountSave,
  accountSetEnabled,
  auditLogList,
  dataIsolationDept,
  dataIsolationRegion,
  dataIsolationRoleList,
  deptDelete,
  deptList,
  deptSave,
  getJsonMenus,
  getMenuPermissionConfig,
  myTodoList,
  myTodoStats,
  postDelete,
  postList,
  postSave,
  regionDelete,
  regionGeometryList,
  regionGeometrySave,
  regionGetList,
  regionSave,
  roleDelete,
  roleList,
  roleSave,
  roleWebMenuGetList,
  userScopeGet,
  userScopeSave,
} from '../../../shared/org/contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { OrgService } from './org.service.js';

/** Binds the organisation's calls to its service. */
export function registerOrgRoutes(http: HttpApp, org: OrgService): void {
  http.route(getJsonMenus, (_in, ctx) => org.menus(caller(ctx)));
  http.route(roleWebMenuGetList, (_in, ctx) => org.allMenus(caller(ctx)));
  http.route(getMenuPermissionConfig, (_in, ctx) => org.menuPermissions(caller(ctx)));
  http.route(myTodoStats, async (_in, ctx) => ({ todoCount: await org.todoCount(caller(ctx)) }));
  http.route(myTodoList, (input, ctx) => org.todoList(caller(ctx), input));

  http.route(dataIsolationDept, (_in, ctx) => org.isolationDepts(caller(ctx)));
  http.route(dataIsolationRegion, (_in, ctx) => org.isolationRegions(caller(ctx)));
  http.route(dataIsolationRoleList, () => org.roleList());

  http.route(deptList, (_in, ctx) => org.deptList(caller(ctx)));
  http.route(deptSave, (input, ctx) => org.saveDept(caller(ctx), input));
  http.route(deptDelete, async (input, ctx) => {
    await org.deleteDept(caller(ctx), input);
    return {};
  });

  http.route(regionGetList, (input, ctx) => org.regionList(caller(ctx), input));
  http.route(regionSave, (input, ctx) => org.saveRegion(caller(ctx), input));
  http.route(regionGeometryList, (_in, ctx) => org.regionGeometry(caller(ctx)));
  http.route(regionGeometrySave, (input, ctx) => org.saveRegionGeometry(caller(ctx), input));
  http.route(regionDelete, async (input, ctx) => {
    await org.deleteRegion(caller(ctx), input);
    return {};
  });

  http.route(postList, (input, ctx) => org.postList(caller(ctx), input));
  http.route(postSave, (input, ctx) => org.savePost(caller(ctx), input));
  http.route(postDelete, async (input, ctx) => {
    await org.deletePost(caller(ctx), input);
    return {};
  });

  http.route(accountGetList, (input, ctx) => org.accountList(caller(ctx), input));
  http.route(accountSave, (input, ctx) => org.saveAccount(caller(ctx), input));
  http.route(accountSetEnabled, async (input, ctx) => {
    await org.setAccountEnabled(caller(ctx), input);
    return {};
  });
  http.route(accountResetPassword, async (input, ctx) => {
    await org.resetPassword(caller(ctx), input);
    return {};
  });

  http.route(roleList, () => org.roleList());
  http.route(roleSave, (input, ctx) => org.saveRole(caller(ctx), input));
  http.route(roleDelete, async (input, ctx) => {
    await org.deleteRole(caller(ctx), input);
    return {};
  });

  http.route(userScopeGet, (input, ctx) => org.getScope(caller(ctx), input));
  http.route(userScopeSave, (input, ctx) => org.saveScope(caller(ctx), input));

  http.route(auditLogList, (input) => org.auditLog(input));
}
