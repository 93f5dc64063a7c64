import type { Config } from '../../config.js';
import type { Store } from '../../store/db.js';
import type { DomainEvents } from '../../stream/bus.js';
import { createAccountService, type AccountService } from './accounts.service.js';
import { createAuditLogService, type AuditLogService } from './audit-log.service.js';
import { createDeptService, type DeptService } from './depts.service.js';
import { createIsolationService, type IsolationService } from './isolation.service.js';
import { createMenuService, type MenuService } from './menus.service.js';
import type { OrgContext } from './org-context.js';
import { createOrgRepository } from './org.repository.js';
import { createPasswordResetService, type PasswordResetService } from './password-reset.service.js';
import { createPostService, type PostService } from './posts.service.js';
import { createRegionGeoJsonService, type RegionGeoJsonService } from './region-geojson.service.js';
import { createRegionService, type RegionService } from './regions.service.js';
import { createRoleService, type RoleService } from './roles.service.js';
import { userScopeOf } from './scope.js';
import { createTodoService, type TodoService } from './todos.service.js';

export type { NewAdministrator } from './accounts.service.js';
export { menuTree } from './menus.service.js';
export { PASSWORD_RESET_TTL_MS } from './password-reset.service.js';
export type { UserAccess } from './roles.service.js';
export type { UserScope } from './scope.js';

/**
 * The organisation service: departments, regions, posts, users, roles, menus,
 * data isolation, to-dos, password-reset links and the audit log. A facade:
 * each part is a service of one job in its own file, all on one repository
 * (org.repository.ts); this file only composes them into the one object the
 * routes and the org port (port.ts) expose.
 */
export interface OrgService
  extends
    RoleService,
    IsolationService,
    MenuService,
    TodoService,
    DeptService,
    RegionService,
    RegionGeoJsonService,
    PostService,
    AccountService,
    PasswordResetService,
    AuditLogService {}

export function createOrgService(store: Store, _config: Config, events: Pick<DomainEvents, 'publish'>): OrgService {
  const repo = createOrgRepository(store.db);
  const ctx: OrgContext = { db: store.db, repo, events, getUserScope: (userid) => userScopeOf(repo, userid) };
  return {
    ...createRoleService(ctx),
    ...createIsolationService(ctx),
    ...createMenuService(ctx),
    ...createTodoService(ctx),
    ...createDeptService(ctx),
    ...createRegionService(ctx),
    ...createRegionGeoJsonService(ctx),
    ...createPostService(ctx),
    ...createAccountService(ctx),
    ...createPasswordResetService(ctx),
    ...createAuditLogService(ctx),
  };
}
