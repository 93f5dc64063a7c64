import { definePages, page } from '../../app/route-types';

/** Organisation and system administration (seed 3 /orgnization). Titles come from the menu and page declarations of the shared manifests. */
export const orgPages = definePages([
  page('/orgnization/home', () => import('./org-home-page'), 'OrgHomePage'),
  page('/orgnization/personnel-setting', () => import('./personnel-page'), 'PersonnelPage'),
  page('/orgnization/role-management', () => import('./role-management-page'), 'RoleManagementPage'),
  page('/orgnization/data-isolation', () => import('./data-isolation-page'), 'DataIsolationPage'),
  page('/orgnization/ToDoCenter', () => import('./todo-center-page'), 'ToDoCenterPage'),
  page('/system/auditLog', () => import('./audit-log-page'), 'AuditLogPage'),
]);
