import type { Db, Tx } from '../../store/db.js';
import { createAuditLogRepository } from './audit-log.repository.js';
import { createRoleRepository } from './roles.repository.js';
import { createTodoRepository } from './todos.repository.js';
import { createUnitRepository } from './units.repository.js';
import { createUserRepository } from './users.repository.js';

export { isUniqueViolation } from '../../store/unique-violation.js';
export type { AuditFilter } from './audit-log.repository.js';
export type { MenuRow, RoleRow } from './roles.repository.js';
export type { DeptRow, RegionRow, RegionShapeRow, RegionValues } from './units.repository.js';
export type { AccountFilter, AccountRow } from './users.repository.js';

export type OrgRepository = ReturnType<typeof createOrgRepository>;

/**
 * The only place SQL of the organisation area lives: the union of its parts
 * (users, units, roles and menus, to-dos, audit log), one object so a
 * service can run any of them inside one transaction. Pass a transaction to
 * run the calls inside it.
 */
export function createOrgRepository(db: Db | Tx) {
  return {
    ...createUserRepository(db),
    ...createUnitRepository(db),
    ...createRoleRepository(db),
    ...createTodoRepository(db),
    ...createAuditLogRepository(db),
  };
}
