import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { newPasswordSchema } from '../../../shared/auth/contracts.js';
import type { Contract } from '../../../shared/contracts/contract.js';
import {
  accountSave,
  type accountGetList,
  type accountResetPassword,
  type accountSetEnabled,
  type auditLogList,
  type deptDelete,
  type deptSave,
  type getMenuPermissionConfig,
  type MenuItem,
  type myTodoList,
  type postDelete,
  type postList,
  type postSave,
  type regionDelete,
  type regionGeometryList,
  type regionGeometrySave,
  type regionGetList,
  type regionSave,
  type RegionFeature,
  type roleDelete,
  type roleSave,
  type userScope,
  type userScopeGet,
  type userScopeSave,
  type AccountItem,
  type DeptItem,
  type PostItem,
  type RegionItem,
  type RoleItem,
} from '../../../shared/org/contracts.js';
import type { Config } from '../../config.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest, conflict, forbidden, invalidInput, notFound } from '../../http/errors.js';
import type { MessageCode } from '../../../shared/messages/catalog.js';
import { fieldIssues } from '../../../shared/messages/zod-issues.js';
import { hashPassword } from '../../security/password.js';
import type { regionGeoJsonExport, regionGeoJsonImport } from '../../../shared/regions/contracts.js';
import type { FieldIssue } from '../../../shared/messages/catalog.js';
import { completeTodos, openTodo, VISIT_KIND } from '../../common/todos.js';
import { withDescendants } from '../../../shared/tree.js';
import { permissions as declaredPermissions } from '../../../shared/modules.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction, type Db, type Store, type Tx } from '../../store/db.js';
import { transactThenPublish, type DomainEvents, type Emit } from '../../stream/bus.js';
import { builtInRoles } from '../../store/seed-base.js';
import {
  createOrgRepository,
  isUniqueViolation,
  type DeptRow,
  type MenuRow,
  type OrgRepository,
  type RegionRow,
  type RegionShapeRow,
  type RegionValues,
} from './org.repository.js';

type In<C extends Contract> = z.output<C['input']>;
type Out<C extends Contract> = z.input<C['output']>;
type UserScopeOut = z.input<typeof userScope>;

/** A code some area declares (a role may hold only those). */
const isPermissionCode = (p: string) => Object.prototype.hasOwnProperty.call(declaredPermissions, p);

export interface UserAccess {
  roles: string[];
  permissions: string[];
}

/** A user's data-isolation scope, expanded to every descendant department and region. */
export interface UserScope {
  all: boolean;
  deptids: number[];
  regionids: number[];
}

export interface NewAdministrator {
  loginname: string;
  username: string;
  password: string;
  /** Name of the company created when the installation has none yet. */
  companyName?: string;
}

export interface OrgService {
  /** Role and permission codes of an enabled user; empty lists when the user is missing or disabled. */
  getAccess(userid: number): Promise<UserAccess>;
  getUserScope(userid: number): Promise<UserScope>;
  /** Enabled users holding a permission (administrators included), with their department: who a module's to-dos go to. */
  holdersOf(permission: string): Promise<{ userid: number; deptid: number }[]>;

  /** The caller's sidebar: granted menus plus the directories above them. */
  menus(caller: AuthUser): Promise<MenuItem[]>;
  /** Every menu, for role editing. */
  allMenus(caller: AuthUser): Promise<MenuItem[]>;
  menuPermissions(caller: AuthUser): Promise<Out<typeof getMenuPermissionConfig>>;
  todoCount(caller: AuthUser): Promise<number>;
  todoList(caller: AuthUser, input: In<typeof myTodoList>): Promise<Out<typeof myTodoList>>;

  isolationDepts(caller: AuthUser): Promise<DeptItem[]>;
  isolationRegions(caller: AuthUser): Promise<RegionItem[]>;

  deptList(caller: AuthUser): Promise<DeptItem[]>;
  saveDept(caller: AuthUser, input: In<typeof deptSave>): Promise<DeptItem>;
  deleteDept(caller: AuthUser, input: In<typeof deptDelete>): Promise<void>;

  regionList(caller: AuthUser, input: In<typeof regionGetList>): Promise<RegionItem[]>;
  saveRegion(caller: AuthUser, input: In<typeof regionSave>): Promise<RegionItem>;
  /** Polygons of the caller's regions. */
  regionGeometry(caller: AuthUser): Promise<Out<typeof regionGeometryList>>;
  saveRegionGeometry(caller: AuthUser, input: In<typeof regionGeometrySave>): Promise<RegionItem>;
  /** Every region polygon, for the stream's region locator (no caller: isolation is applied downstream). */
  regionShapes(): Promise<RegionFeature[]>;
  /** Every department and region, with no caller: for server-side consumers (fence engine, muster); never return it to a user. */
  allDeptsAndRegions(): Promise<{ depts: DeptItem[]; regions: RegionItem[] }>;
  deleteRegion(caller: AuthUser, input: In<typeof regionDelete>): Promise<void>;
  /** The caller's regions with their polygons as GeoJSON, parents by code. */
  exportRegions(caller: AuthUser): Promise<Out<typeof regionGeoJsonExport>>;
  /** Creates and updates regions from GeoJSON, matched by code: all or nothing, one region.changed event. */
  importRegions(caller: AuthUser, input: In<typeof regionGeoJsonImport>): Promise<Out<typeof regionGeoJsonImport>>;

  postList(caller: AuthUser, input: In<typeof postList>): Promise<PostItem[]>;
  savePost(caller: AuthUser, input: In<typeof postSave>): Promise<PostItem>;
  deletePost(caller: AuthUser, input: In<typeof postDelete>): Promise<void>;

  accountList(caller: AuthUser, input: In<typeof accountGetList>): Promise<Out<typeof accountGetList>>;
  saveAccount(caller: AuthUser, input: In<typeof accountSave>): Promise<AccountItem>;
  setAccountEnabled(caller: AuthUser, input: In<typeof accountSetEnabled>): Promise<void>;
  resetPassword(caller: AuthUser, input: In<typeof accountResetPassword>): Promise<void>;

  roleList(): Promise<RoleItem[]>;
  saveRole(caller: AuthUser, input: In<typeof roleSave>): Promise<RoleItem>;
  deleteRole(caller: AuthUser, input: In<typeof roleDelete>): Promise<void>;

  getScope(caller: AuthUser, input: In<typeof userScopeGet>): Promise<UserScopeOut>;
  saveScope(caller: AuthUser, input: In<typeof userScopeSave>): Promise<UserScopeOut>;

  auditLog(input: In<typeof auditLogList>): Promise<Out<typeof auditLogList>>;

  /** Issues a one-time reset link for a user the caller may manage (issue 11); audited, opens a to-do for the caller. */
  issuePasswordReset(caller: AuthUser, userid: number): Promise<{ token: string; expiresAt: number; loginname: string }>;
  /** Whose account a reset token opens, until when; refuses unknown, used and expired tokens. */
  checkPasswordReset(token: string): Promise<{ loginname: string; expiresAt: number }>;
  /** Sets the new password with a reset token, once; audited; ends the user's sessions. */
  completePasswordReset(token: string, newPassword: string, ip: string): Promise<{ loginname: string }>;
  /** Marks a `visit` to-do of the caller done when they open it from the to-do centre; returns where it leads. */
  visitTodo(caller: AuthUser, id: number): Promise<{ href: string }>;

  /**
   * Creates an administrator (built-in admin role, sees all data) and, on an
   * empty installation, the company and its root department. Used by the CLI.
   */
  createAdministrator(input: NewAdministrator, actor: Actor): Promise<{ userid: number }>;
}

const ADMIN_ROLE = 'admin';
const parseParams = (json: string): Record<string, string | number> => {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string | number>) : {};
  } catch {
    return {};
  }
};

/** How long an administrator's reset link works. */
export const PASSWORD_RESET_TTL_MS = 24 * 3600_000;
const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** The reset row of a token that may still be used, or the refusal naming why not. */
async function validResetRow(tx: Tx | Db, token: string, now: number) {
  const row = await tx.selectFrom('password_reset').selectAll().where('token_hash', '=', sha256hex(token)).executeTakeFirst();
  if (!row) {
    throw badRequest('shell.resetLinkInvalid', ['token']);
  }
  if (row.used_at !== null) {
    throw badRequest('shell.resetLinkUsed', ['token']);
  }
  if (Number(row.expires_at) <= now) {
    throw badRequest('shell.resetLinkExpired', ['token']);
  }
  return row;
}
const builtInRoleCodes = new Set<string>(builtInRoles.map((r) => r.rolecode));

const outsideScope = () => forbidden('common.outsideScope');
const actorOf = (u: AuthUser): Actor => ({ userid: u.userid, loginname: u.loginname });
const unique = (ids: number[]) => [...new Set(ids)];
const offsetOf = (p: { page: number; pageSize: number }) => (p.page - 1) * p.pageSize;

function checkNewPassword(password: string, field: string): void {
  const r = newPasswordSchema.safeParse(password);
  if (!r.success) {
    throw new AppError(
      400,
      'auth.passwordTooWeak',
      [field],
      {},
      fieldIssues(r.error.issues).map((i) => ({ ...i, field })),
    );
  }
}

/** Turns a unique-constraint race (two saves at once) into the same 409 the up-front check gives. */
async function uniqueAs<T>(code: MessageCode, field: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof AppError) && isUniqueViolation(err)) {
      throw conflict(code, [field]);
    }
    throw err;
  }
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

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A stored region as the contracts carry it: JSON columns parsed, the polygon reduced to a flag. */
function toRegionItem(r: RegionRow): RegionItem {
  const { has_geometry, updated_at: _updated, c_id: _c, ...rest } = r;
  return {
    ...rest,
    responsibles: parseJson(r.responsibles, []),
    kind: r.kind as RegionItem['kind'],
    floors: parseJson(r.floors, []),
    hasGeometry: Number(has_geometry) === 1,
  };
}

function toRegionFeature(r: RegionShapeRow): RegionFeature {
  return {
    type: 'Feature',
    id: r.regionid,
    properties: {
      regionid: r.regionid,
      regioncode: r.regioncode,
      regionname: r.regionname,
      regionname_en: r.regionname_en,
      regionparentid: r.regionparentid,
      kind: r.kind as RegionItem['kind'],
      floors: parseJson(r.floors, []),
    },
    geometry: JSON.parse(r.geometry) as RegionFeature['geometry'],
  };
}

const deptTreePairs = async (r: OrgRepository) => (await r.deptTree()).map((d): [number, number] => [d.deptid, d.parentdeptid]);
const regionTreePairs = async (r: OrgRepository) => (await r.regionTree()).map((d): [number, number] => [d.regionid, d.regionparentid]);

/**
 * What a department and a region differ in when one is saved; the rule
 * itself (scope, parent, not under itself, unique code, audit) is one:
 * `saveUnit` in the service.
 */
interface UnitKind<Row, Values> {
  entity: 'dept' | 'region';
  /** Contract names of the parent and code fields, for `controls`. */
  parentField: string;
  codeField: string;
  messages: { notFound: MessageCode; parentMissing: MessageCode; underItself: MessageCode; codeExists: MessageCode };
  get(r: OrgRepository, id: number): Promise<Row | undefined>;
  /** Id of the unit holding this code, if any. */
  holderOf(r: OrgRepository, code: string): Promise<number | undefined>;
  pairs(r: OrgRepository): Promise<[number, number][]>;
  scopeIds(scope: UserScope): number[];
  idOf(row: Row): number;
  parentOf(row: Row): number;
  cidOf(row: Row): number;
  insert(r: OrgRepository, values: Values): Promise<number>;
  update(r: OrgRepository, id: number, values: Values): Promise<void>;
}

const deptKind: UnitKind<DeptRow, Omit<DeptRow, 'deptid'>> = {
  entity: 'dept',
  parentField: 'parentdeptid',
  codeField: 'deptcode',
  messages: {
    notFound: 'org.deptNotFound',
    parentMissing: 'org.parentDeptMissing',
    underItself: 'org.deptUnderItself',
    codeExists: 'org.deptCodeExists',
  },
  get: (r, id) => r.getDept(id),
  holderOf: async (r, code) => (await r.deptByCode(code))?.deptid,
  pairs: deptTreePairs,
  scopeIds: (s) => s.deptids,
  idOf: (d) => d.deptid,
  parentOf: (d) => d.parentdeptid,
  cidOf: (d) => d.c_id,
  insert: (r, v) => r.insertDept(v),
  update: (r, id, v) => r.updateDept(id, v),
};

const regionKind: UnitKind<RegionRow, RegionValues> = {
  entity: 'region',
  parentField: 'regionparentid',
  codeField: 'regioncode',
  messages: {
    notFound: 'org.regionNotFound',
    parentMissing: 'org.parentRegionMissing',
    underItself: 'org.regionUnderItself',
    codeExists: 'org.regionCodeExists',
  },
  get: (r, id) => r.getRegion(id),
  holderOf: async (r, code) => (await r.regionByCode(code))?.regionid,
  pairs: regionTreePairs,
  scopeIds: (s) => s.regionids,
  idOf: (x) => x.regionid,
  parentOf: (x) => x.regionparentid,
  cidOf: (x) => x.c_id,
  insert: (r, v) => r.insertRegion(v),
  update: (r, id, v) => r.updateRegion(id, v),
};

export function createOrgService(store: Store, _config: Config, events: Pick<DomainEvents, 'publish'>): OrgService {
  const db = store.db;
  const repo = createOrgRepository(db);

  async function getUserScope(userid: number): Promise<UserScope> {
    const s = await repo.scope(userid);
    if (s.all) {
      return { all: true, deptids: [], regionids: [] };
    }
    const [depts, regions] = await Promise.all([deptTreePairs(repo), regionTreePairs(repo)]);
    return { all: false, deptids: withDescendants(s.deptids, depts), regionids: withDescendants(s.regionids, regions) };
  }

  const inDepts = (scope: UserScope, deptid: number) => scope.all || scope.deptids.includes(deptid);
  const inRegions = (scope: UserScope, regionid: number) => scope.all || scope.regionids.includes(regionid);

  /**
   * Saves a department or region: it must exist when an id is given and lie
   * in the caller's scope; a new parent must exist, not be the unit or one
   * of its descendants, and lie in the scope (a top-level unit lies outside
   * every limited scope); the code is unique. Audited in the transaction,
   * `changed` emitted after it commits.
   */
  async function saveUnit<Row, Values>(
    caller: AuthUser,
    kind: UnitKind<Row, Values>,
    input: { id?: number; parentid: number; code: string },
    valuesOf: (c_id: number) => Values,
    changed: (emit: Emit, id: number, existing: Row | undefined) => void,
  ): Promise<number> {
    const scope = await getUserScope(caller.userid);
    const inScope = (id: number) => scope.all || kind.scopeIds(scope).includes(id);
    return uniqueAs(kind.messages.codeExists, kind.codeField, () =>
      transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const existing = input.id ? await kind.get(r, input.id) : undefined;
        if (input.id && !existing) {
          throw notFound(kind.messages.notFound);
        }
        if (existing && !inScope(kind.idOf(existing))) {
          throw outsideScope();
        }
        let c_id = existing ? kind.cidOf(existing) : caller.c_id;
        if (input.parentid !== 0) {
          const parent = await kind.get(r, input.parentid);
          if (!parent) {
            throw badRequest(kind.messages.parentMissing, [kind.parentField]);
          }
          c_id = kind.cidOf(parent);
          if (existing && withDescendants([kind.idOf(existing)], await kind.pairs(r)).includes(input.parentid)) {
            throw badRequest(kind.messages.underItself, [kind.parentField]);
          }
        }
        if ((!existing || kind.parentOf(existing) !== input.parentid) && (input.parentid === 0 ? !scope.all : !inScope(input.parentid))) {
          throw outsideScope();
        }
        const holder = await kind.holderOf(r, input.code);
        if (holder !== undefined && holder !== (existing ? kind.idOf(existing) : undefined)) {
          throw conflict(kind.messages.codeExists, [kind.codeField]);
        }
        const values = valuesOf(c_id);
        let id: number;
        if (existing) {
          id = kind.idOf(existing);
          await kind.update(r, id, values);
        } else {
          id = await kind.insert(r, values);
        }
        await audit(
          tx,
          actorOf(caller),
          existing ? 'update' : 'create',
          kind.entity,
          id,
          existing ? { before: existing, after: values } : values,
        );
        changed(emit, id, existing);
        return id;
      }),
    );
  }

  async function visibleMenuRows(caller: AuthUser): Promise<MenuRow[]> {
    const [all, granted] = await Promise.all([repo.allMenus(), repo.grantedMenuIds(caller.userid)]);
    return withAncestors(all, granted);
  }

  /**
   * Whether the caller may change this account: it must sit in a department of
   * the caller's scope, and accounts holding the administrator role are changed
   * by administrators only (org:manage alone must not be a way to take one over).
   */
  async function assertMayManageUser(r: OrgRepository, caller: AuthUser, scope: UserScope, userid: number) {
    const target = await r.account(userid);
    if (!target) {
      throw notFound('org.accountNotFound');
    }
    if (!inDepts(scope, target.deptid)) {
      throw outsideScope();
    }
    const roles = await r.rolesByIds(target.roleids);
    if (roles.some((x) => x.rolecode === ADMIN_ROLE) && !caller.roles.includes(ADMIN_ROLE)) {
      throw forbidden('org.adminAccountAdminOnly');
    }
    return target;
  }

  return {
    getAccess: (userid) => repo.access(userid),
    holdersOf: (permission) => repo.holdersOf(permission),
    getUserScope,

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
    todoCount: (caller) => repo.openTodoCount(caller.userid),

    async issuePasswordReset(caller, userid) {
      const scope = await getUserScope(caller.userid);
      const token = randomBytes(24).toString('base64url');
      const now = Date.now();
      const expiresAt = now + PASSWORD_RESET_TTL_MS;
      const loginname = await transactThenPublish(db, events, async (tx) => {
        const r = createOrgRepository(tx);
        const target = await assertMayManageUser(r, caller, scope, userid);
        // A new link replaces the user's earlier unused ones.
        await tx
          .updateTable('password_reset')
          .set({ used_at: now })
          .where('userid', '=', target.userid)
          .where('used_at', 'is', null)
          .execute();
        await tx
          .insertInto('password_reset')
          .values({
            token_hash: sha256hex(token),
            userid: target.userid,
            created_by: caller.loginname,
            created_at: now,
            expires_at: expiresAt,
            used_at: null,
          })
          .execute();
        await audit(tx, actorOf(caller), 'password.resetLink', 'users', target.userid, { loginname: target.loginname, expiresAt });
        await openTodo(tx, {
          userid: caller.userid,
          kind: 'password.resetLink',
          ref: target.userid,
          href: `/orgnization/personnel-setting?userid=${target.userid}`,
          title: 'todo.resetLinkIssued',
          params: { loginname: target.loginname },
        });
        return target.loginname;
      });
      return { token, expiresAt, loginname };
    },

    async checkPasswordReset(token) {
      const row = await validResetRow(db, token, Date.now());
      const user = await repo.getUser(row.userid);
      if (!user) {
        throw badRequest('shell.resetLinkInvalid', ['token']);
      }
      return { loginname: user.loginname, expiresAt: Number(row.expires_at) };
    },

    async completePasswordReset(token, newPassword, ip) {
      checkNewPassword(newPassword, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      return transactThenPublish(db, events, async (tx, emit) => {
        const now = Date.now();
        const row = await validResetRow(tx, token, now);
        // Claim the token first: of two uses at once, only one updates the row.
        const claimed = await tx
          .updateTable('password_reset')
          .set({ used_at: now })
          .where('token_hash', '=', row.token_hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows ?? 0) !== 1) {
          throw badRequest('shell.resetLinkUsed', ['token']);
        }
        const r = createOrgRepository(tx);
        const user = await r.getUser(row.userid);
        if (!user) {
          throw badRequest('shell.resetLinkInvalid', ['token']);
        }
        if (!user.enabled) {
          throw forbidden('shell.accountDisabled');
        }
        await r.setPassword(user.userid, passwordHash, false);
        await r.revokeRefreshTokens(user.userid, now);
        emit('session.revoked', { userid: user.userid });
        await audit(tx, { userid: user.userid, loginname: user.loginname }, 'password.resetByLink', 'users', user.userid, {
          loginname: user.loginname,
          ip,
          issuedBy: row.created_by,
        });
        await completeTodos(tx, { kind: 'password.resetLink', ref: user.userid });
        await completeTodos(tx, { kind: 'password.change', userid: user.userid });
        return { loginname: user.loginname };
      });
    },

    async visitTodo(caller, id) {
      const row = await db.selectFrom('todo').select(['id', 'href', 'kind', 'userid']).where('id', '=', id).executeTakeFirst();
      if (!row || row.userid !== caller.userid) {
        throw notFound('common.notFound');
      }
      if (row.kind === VISIT_KIND) {
        await db.updateTable('todo').set({ status: 1 }).where('id', '=', id).execute();
      }
      return { href: row.href };
    },
    async todoList(caller, input) {
      const [items, total] = await Promise.all([
        repo.openTodos(caller.userid, offsetOf(input), input.pageSize),
        repo.openTodoCount(caller.userid),
      ]);
      return {
        items: items.map(({ title_code, title_params, ...t }) => ({
          ...t,
          created_at: Number(t.created_at),
          titleCode: title_code,
          titleParams: parseParams(title_params),
        })),
        total,
      };
    },

    // The seed keys isolation by businessCode/businessType; one scope per user serves every business here.
    async isolationDepts(caller) {
      const scope = await getUserScope(caller.userid);
      return repo.listDepts(scope.all ? null : scope.deptids);
    },
    async isolationRegions(caller) {
      const scope = await getUserScope(caller.userid);
      return (await repo.listRegions(scope.all ? null : scope.regionids)).map(toRegionItem);
    },

    async deptList(caller) {
      const scope = await getUserScope(caller.userid);
      return repo.listDepts(scope.all ? null : scope.deptids);
    },

    async saveDept(caller, input) {
      const id = await saveUnit(
        caller,
        deptKind,
        { id: input.deptid, parentid: input.parentdeptid, code: input.deptcode },
        (c_id) => ({
          parentdeptid: input.parentdeptid,
          deptname: input.deptname,
          deptname_en: input.deptname_en,
          deptcode: input.deptcode,
          c_id,
          sort: input.sort,
        }),
        (emit, deptid) => emit('dept.changed', { deptids: [deptid] }),
      );
      return (await repo.getDept(id))!;
    },

    async deleteDept(caller, input) {
      const scope = await getUserScope(caller.userid);
      await transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const dept = await r.getDept(input.deptid);
        if (!dept) {
          throw notFound('org.deptNotFound');
        }
        if (!inDepts(scope, dept.deptid)) {
          throw outsideScope();
        }
        const dep = await r.deptDependants(dept.deptid);
        if (dep.children > 0) {
          throw conflict('org.deptHasChildren', ['deptid']);
        }
        if (dep.users > 0) {
          throw conflict('org.deptHasUsers', ['deptid']);
        }
        if (dep.posts > 0) {
          throw conflict('org.deptHasPosts', ['deptid']);
        }
        await r.deleteDept(dept.deptid);
        await audit(tx, actorOf(caller), 'delete', 'dept', dept.deptid, dept);
        emit('dept.changed', { deptids: [dept.deptid] });
      });
    },

    async regionList(caller, input) {
      switch (input.isallregionid) {
        case 1:
          if (!caller.permissions.has('org:read')) {
            throw forbidden('common.permissionDenied', { permission: 'org:read' });
          }
          return (await repo.listRegions(null)).map(toRegionItem);
        // 2 asks for the regions of the user's departments; departments are not mapped to regions
        // here, so it gets the user's own region scope, like 0 and 3.
        default: {
          const scope = await getUserScope(caller.userid);
          return (await repo.listRegions(scope.all ? null : scope.regionids)).map(toRegionItem);
        }
      }
    },

    async saveRegion(caller, input) {
      // The optional fields are written only when given, so an edit that leaves them out keeps them.
      const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
      const id = await saveUnit(
        caller,
        regionKind,
        { id: input.regionid, parentid: input.regionparentid, code: input.regioncode },
        (c_id) => ({
          regionparentid: input.regionparentid,
          regionname: input.regionname,
          regionname_en: input.regionname_en,
          regioncode: input.regioncode,
          c_id,
          sort: input.sort,
          fullname: input.fullname,
          fullcode: input.fullcode,
          pinyincode: input.pinyincode,
          description: input.description,
          nfccard: input.nfccard,
          defaultexpand: input.defaultexpand,
          responsibles: json(input.responsibles),
          kind: input.kind,
          floors: json(input.floors),
          geometry: input.geometry === undefined ? undefined : input.geometry === null ? null : JSON.stringify(input.geometry),
          updated_at: Date.now(),
        }),
        (emit, regionid, existing) =>
          emit('region.changed', { regions: [{ regionid, parentid: input.regionparentid }], action: existing ? 'update' : 'create' }),
      );
      return toRegionItem((await repo.getRegion(id))!);
    },

    async regionGeometry(caller) {
      const scope = await getUserScope(caller.userid);
      return {
        type: 'FeatureCollection' as const,
        features: (await repo.regionShapes(scope.all ? null : scope.regionids)).map(toRegionFeature),
      };
    },

    async saveRegionGeometry(caller, input) {
      const scope = await getUserScope(caller.userid);
      await transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const region = await r.getRegion(input.regionid);
        if (!region) {
          throw notFound('org.regionNotFound');
        }
        if (!inRegions(scope, region.regionid)) {
          throw outsideScope();
        }
        const [before] = await r.regionShapes([region.regionid]);
        const geometry = input.geometry === null ? null : JSON.stringify(input.geometry);
        await r.updateRegion(region.regionid, { geometry, updated_at: Date.now() });
        await audit(tx, actorOf(caller), 'geometry', 'region', region.regionid, {
          regioncode: region.regioncode,
          before: before ? (JSON.parse(before.geometry) as unknown) : null,
          after: input.geometry,
        });
        emit('region.changed', { regions: [{ regionid: region.regionid, parentid: region.regionparentid }], action: 'update' });
      });
      return toRegionItem((await repo.getRegion(input.regionid))!);
    },

    async exportRegions(caller) {
      const scope = await getUserScope(caller.userid);
      const ids = scope.all ? null : scope.regionids;
      const [rows, shapes] = await Promise.all([repo.listRegions(ids), repo.regionShapes(ids)]);
      const codeOf = new Map(rows.map((r) => [r.regionid, r.regioncode]));
      const shapeOf = new Map(shapes.map((s) => [s.regionid, JSON.parse(s.geometry) as RegionFeature['geometry']]));
      return {
        type: 'FeatureCollection' as const,
        features: rows.map((r) => ({
          type: 'Feature' as const,
          properties: {
            code: r.regioncode,
            name: r.regionname,
            name_en: r.regionname_en,
            kind: r.kind as RegionItem['kind'],
            parent: codeOf.get(r.regionparentid) ?? null,
            floors: parseJson<number[]>(r.floors, []),
          },
          geometry: shapeOf.get(r.regionid) ?? null,
        })),
      };
    },

    async importRegions(caller, input) {
      const scope = await getUserScope(caller.userid);
      const features = input.collection.features;
      const field = (i: number, name: string) => `collection.features.${i}.properties.${name}`;
      return transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const all = await r.listRegions(null);
        const byCode = new Map(all.map((x) => [x.regioncode, x]));
        const byId = new Map(all.map((x) => [x.regionid, x]));
        const issues: FieldIssue[] = [];
        const firstIndex = new Map<string, number>();
        features.forEach((f, i) => {
          const code = f.properties.code;
          if (firstIndex.has(code)) {
            issues.push({ field: field(i, 'code'), code: 'region.importDuplicateCode', params: { index: i, code } });
          } else {
            firstIndex.set(code, i);
          }
          const existing = byCode.get(code);
          if (existing && !inRegions(scope, existing.regionid)) {
            issues.push({ field: field(i, 'code'), code: 'region.importOutsideScope', params: { index: i, code } });
          }
        });
        if (input.parentid !== 0 && !byId.has(input.parentid)) {
          throw badRequest('org.parentRegionMissing', ['parentid']);
        }
        // Where each region of the file hangs: a code in the file or the store, else the chosen parent.
        const parentCode = (i: number): string | null => features[i].properties.parent || null;
        features.forEach((f, i) => {
          const p = parentCode(i);
          if (p !== null && !firstIndex.has(p) && !byCode.has(p)) {
            issues.push({ field: field(i, 'parent'), code: 'region.importParentMissing', params: { index: i, parent: p } });
          } else if (p !== null && !firstIndex.has(p)) {
            if (!inRegions(scope, byCode.get(p)!.regionid)) {
              issues.push({ field: field(i, 'parent'), code: 'region.importOutsideScope', params: { index: i, code: p } });
            }
          } else if (p === null && !byCode.has(f.properties.code)) {
            if (input.parentid === 0 ? !scope.all : !inRegions(scope, input.parentid)) {
              issues.push({ field: field(i, 'parent'), code: 'region.importOutsideScope', params: { index: i, code: f.properties.code } });
            }
          }
        });
        if (issues.length > 0) {
          throw invalidInput(issues);
        }
        // The tree after the import, by code, to refuse a cycle (A under B under A).
        const parentAfter = new Map<string, string | null>();
        for (const x of all) {
          parentAfter.set(x.regioncode, byId.get(x.regionparentid)?.regioncode ?? null);
        }
        features.forEach((f, i) => {
          const p = parentCode(i);
          const existing = byCode.get(f.properties.code);
          parentAfter.set(
            f.properties.code,
            p ?? (existing ? (byId.get(existing.regionparentid)?.regioncode ?? null) : (byId.get(input.parentid)?.regioncode ?? null)),
          );
        });
        features.forEach((f, i) => {
          const seen = new Set<string>([f.properties.code]);
          let up = parentAfter.get(f.properties.code) ?? null;
          while (up !== null) {
            if (seen.has(up)) {
              issues.push({ field: field(i, 'parent'), code: 'region.importParentCycle', params: { index: i } });
              break;
            }
            seen.add(up);
            up = parentAfter.get(up) ?? null;
          }
        });
        if (issues.length > 0) {
          throw invalidInput(issues);
        }

        // Parents first: a new region under another new one needs that one's id.
        const idOf = new Map(all.map((x) => [x.regioncode, x.regionid]));
        const pending = features.map((_, i) => i);
        const changed: { regionid: number; parentid: number }[] = [];
        let created = 0;
        let updated = 0;
        while (pending.length > 0) {
          const ready = pending.filter((i) => {
            const p = parentAfter.get(features[i].properties.code) ?? null;
            return p === null || idOf.has(p);
          });
          if (ready.length === 0) {
            break; // unreachable: cycles were refused above
          }
          for (const i of ready) {
            pending.splice(pending.indexOf(i), 1);
            const f = features[i];
            const p = parentAfter.get(f.properties.code) ?? null;
            const regionparentid = p === null ? 0 : idOf.get(p)!;
            const parentRow = regionparentid ? ((await r.getRegion(regionparentid)) ?? undefined) : undefined;
            const values = {
              regionparentid,
              regionname: f.properties.name,
              regionname_en: f.properties.name_en,
              kind: f.properties.kind,
              floors: JSON.stringify(f.properties.floors),
              geometry: f.geometry === null ? null : JSON.stringify(f.geometry),
              updated_at: Date.now(),
            };
            const existing = byCode.get(f.properties.code);
            if (existing) {
              await r.updateRegion(existing.regionid, values);
              await audit(tx, actorOf(caller), 'import', 'region', existing.regionid, { before: existing, after: values });
              changed.push({ regionid: existing.regionid, parentid: regionparentid });
              updated += 1;
            } else {
              const id = await r.insertRegion({ ...values, regioncode: f.properties.code, c_id: parentRow?.c_id ?? caller.c_id, sort: i });
              idOf.set(f.properties.code, id);
              await audit(tx, actorOf(caller), 'import', 'region', id, { created: { ...values, regioncode: f.properties.code } });
              changed.push({ regionid: id, parentid: regionparentid });
              created += 1;
            }
          }
        }
        if (changed.length > 0) {
          emit('region.changed', { regions: changed, action: 'import' });
        }
        return { created, updated };
      });
    },

    async regionShapes() {
      return (await repo.regionShapes(null)).map(toRegionFeature);
    },

    async allDeptsAndRegions() {
      const [depts, regions] = await Promise.all([repo.listDepts(null), repo.listRegions(null)]);
      return { depts, regions: regions.map(toRegionItem) };
    },

    async deleteRegion(caller, input) {
      const scope = await getUserScope(caller.userid);
      await transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const region = await r.getRegion(input.regionid);
        if (!region) {
          throw notFound('org.regionNotFound');
        }
        if (!inRegions(scope, region.regionid)) {
          throw outsideScope();
        }
        if ((await r.regionChildCount(region.regionid)) > 0) {
          throw conflict('org.regionHasChildren', ['regionid']);
        }
        await r.deleteRegion(region.regionid);
        await audit(tx, actorOf(caller), 'delete', 'region', region.regionid, region);
        emit('region.changed', { regions: [{ regionid: region.regionid, parentid: region.regionparentid }], action: 'delete' });
      });
    },

    async postList(caller, input) {
      const scope = await getUserScope(caller.userid);
      let deptids: number[] | null = scope.all ? null : scope.deptids;
      if (input.deptid !== undefined) {
        deptids = deptids === null || deptids.includes(input.deptid) ? [input.deptid] : [];
      }
      return repo.listPosts(deptids);
    },

    async savePost(caller, input) {
      const scope = await getUserScope(caller.userid);
      const postid = await inTransaction(db, async (tx) => {
        const r = createOrgRepository(tx);
        const existing = input.postid ? await r.getPost(input.postid) : undefined;
        if (input.postid && !existing) {
          throw notFound('org.postNotFound');
        }
        if (existing && !inDepts(scope, existing.deptid)) {
          throw outsideScope();
        }
        const dept = await r.getDept(input.deptid);
        if (!dept) {
          throw badRequest('org.deptNotFound', ['deptid']);
        }
        if (!inDepts(scope, dept.deptid)) {
          throw outsideScope();
        }
        const dup = await r.postByName(dept.deptid, input.postname);
        if (dup && dup.postid !== existing?.postid) {
          throw conflict('org.postNameExists', ['postname']);
        }
        const values = { postname: input.postname, postname_en: input.postname_en, deptid: dept.deptid, c_id: dept.c_id };
        let id: number;
        if (existing) {
          id = existing.postid;
          if (existing.deptid !== dept.deptid && (await r.postHolderCount(id)) > 0) {
            throw conflict('org.postHeldCannotMove', ['deptid']);
          }
          await r.updatePost(id, values);
        } else {
          id = await r.insertPost(values);
        }
        await audit(
          tx,
          actorOf(caller),
          existing ? 'update' : 'create',
          'post',
          id,
          existing ? { before: existing, after: values } : values,
        );
        return id;
      });
      return (await repo.getPost(postid))!;
    },

    async deletePost(caller, input) {
      const scope = await getUserScope(caller.userid);
      await inTransaction(db, async (tx) => {
        const r = createOrgRepository(tx);
        const post = await r.getPost(input.postid);
        if (!post) {
          throw notFound('org.postNotFound');
        }
        if (!inDepts(scope, post.deptid)) {
          throw outsideScope();
        }
        if ((await r.postHolderCount(post.postid)) > 0) {
          throw conflict('org.postHeld', ['postid']);
        }
        await r.deletePost(post.postid);
        await audit(tx, actorOf(caller), 'delete', 'post', post.postid, post);
      });
    },

    async accountList(caller, input) {
      const scope = await getUserScope(caller.userid);
      let deptids: number[] | null = scope.all ? null : scope.deptids;
      if (input.deptid !== undefined) {
        const wanted = withDescendants([input.deptid], await deptTreePairs(repo));
        deptids = deptids === null ? wanted : wanted.filter((d) => deptids!.includes(d));
      }
      return repo.accountPage({ deptids, keyword: input.keyword || undefined, offset: offsetOf(input), limit: input.pageSize });
    },

    async saveAccount(caller, input) {
      if (input.userid === undefined && input.initialPassword === undefined) {
        throw badRequest('org.newAccountNeedsPassword', ['initialPassword']);
      }
      if (input.userid !== undefined && input.initialPassword !== undefined) {
        throw badRequest('org.useResetPassword', ['initialPassword']);
      }
      if (input.initialPassword !== undefined) {
        checkNewPassword(input.initialPassword, 'initialPassword');
      }
      const passwordHash = input.initialPassword === undefined ? null : await hashPassword(input.initialPassword);
      const scope = await getUserScope(caller.userid);
      const roleids = unique(input.roleids);
      const userid = await uniqueAs('org.loginnameExists', 'loginname', () =>
        transactThenPublish(db, events, async (tx, emit) => {
          const r = createOrgRepository(tx);
          const existing = input.userid ? await assertMayManageUser(r, caller, scope, input.userid) : undefined;
          const dept = await r.getDept(input.deptid);
          if (!dept) {
            throw badRequest('org.deptNotFound', ['deptid']);
          }
          if (!inDepts(scope, dept.deptid)) {
            throw outsideScope();
          }
          const postid = input.postid ?? null;
          if (postid !== null) {
            const post = await r.getPost(postid);
            if (!post || post.deptid !== dept.deptid) {
              throw badRequest('org.postNotInDept', ['postid']);
            }
          }
          const dup = await r.userByLoginname(input.loginname);
          if (dup && dup.userid !== existing?.userid) {
            throw conflict('org.loginnameExists', ['loginname']);
          }
          const roles = await r.rolesByIds(roleids);
          if (roles.length !== roleids.length) {
            throw badRequest('org.roleNotFound', ['roleids']);
          }
          const grantsAdmin = roles.some((x) => x.rolecode === ADMIN_ROLE);
          if (grantsAdmin && !caller.roles.includes(ADMIN_ROLE)) {
            throw forbidden('org.grantAdminAdminOnly');
          }
          if (existing?.userid === caller.userid && caller.roles.includes(ADMIN_ROLE) && !grantsAdmin) {
            throw badRequest('org.cannotDropOwnAdmin', ['roleids']);
          }
          const values = {
            loginname: input.loginname,
            username: input.username,
            phone: input.phone,
            deptid: dept.deptid,
            postid,
            c_id: dept.c_id,
          };
          let id: number;
          if (existing) {
            id = existing.userid;
            await r.updateUser(id, values);
          } else {
            id = await r.insertUser({
              ...values,
              password_hash: passwordHash!,
              is_need_change_password: 1,
              isolation_all: 0,
              created_at: Date.now(),
            });
          }
          await r.replaceUserRoles(id, roleids);
          const after = { ...values, roleids };
          await audit(tx, actorOf(caller), existing ? 'update' : 'create', 'users', id, existing ? { before: existing, after } : after);
          emit('user.changed', { userids: [id] });
          return id;
        }),
      );
      return (await repo.account(userid))!;
    },

    async setAccountEnabled(caller, input) {
      if (input.userid === caller.userid && input.enabled === 0) {
        throw badRequest('org.cannotDisableSelf', ['userid']);
      }
      const scope = await getUserScope(caller.userid);
      await transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const target = await assertMayManageUser(r, caller, scope, input.userid);
        await r.setEnabled(target.userid, input.enabled);
        if (input.enabled === 0) {
          await r.revokeRefreshTokens(target.userid, Date.now());
          emit('session.revoked', { userid: target.userid });
        }
        emit('user.changed', { userids: [target.userid] });
        await audit(tx, actorOf(caller), input.enabled ? 'enable' : 'disable', 'users', target.userid, { loginname: target.loginname });
      });
    },

    async resetPassword(caller, input) {
      checkNewPassword(input.newPassword, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      const scope = await getUserScope(caller.userid);
      await transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const target = await assertMayManageUser(r, caller, scope, input.userid);
        await r.setPassword(target.userid, passwordHash, true);
        await r.revokeRefreshTokens(target.userid, Date.now());
        emit('session.revoked', { userid: target.userid });
        await audit(tx, actorOf(caller), 'password.reset', 'users', target.userid, { loginname: target.loginname });
      });
    },

    roleList: () => repo.listRoles(),

    async saveRole(caller, input) {
      const permissions: string[] = [...new Set(input.permissions)].sort();
      const unknown = input.permissions.flatMap((p, i) => (isPermissionCode(p) ? [] : [{ p, field: `permissions.${i}` }]));
      if (unknown.length) {
        throw badRequest(
          'org.unknownPermission',
          unknown.map((u) => u.field),
          { permissions: unknown.map((u) => u.p).join(', ') },
        );
      }
      const menuids = unique(input.menuids).sort((a, b) => a - b);
      // org:manage must not be a way to hand out more than the caller holds.
      const beyond = permissions.filter((p) => !caller.permissions.has(p));
      if (beyond.length) {
        throw forbidden('org.cannotGrantBeyond', { permissions: beyond.join(', ') });
      }
      const roleid = await uniqueAs('org.roleCodeExists', 'rolecode', () =>
        transactThenPublish(db, events, async (tx, emit) => {
          const r = createOrgRepository(tx);
          const [existing] = input.roleid ? await r.listRoles([input.roleid]) : [];
          if (input.roleid && !existing) {
            throw notFound('org.roleNotFound');
          }
          if (existing && builtInRoleCodes.has(existing.rolecode) && input.rolecode !== existing.rolecode) {
            throw badRequest('org.builtInRoleCode', ['rolecode']);
          }
          if (existing?.rolecode === ADMIN_ROLE) {
            if (!caller.roles.includes(ADMIN_ROLE)) {
              throw forbidden('org.adminRoleAdminOnly');
            }
            if (existing.permissions.some((p) => !permissions.includes(p))) {
              throw badRequest('org.adminRoleKeepsAll', ['permissions']);
            }
          }
          const dup = await r.roleByCode(input.rolecode);
          if (dup && dup.roleid !== existing?.roleid) {
            throw conflict('org.roleCodeExists', ['rolecode']);
          }
          if ((await r.existingMenuIds(menuids)).length !== menuids.length) {
            throw badRequest('org.menuNotFound', ['menuids']);
          }
          const values = {
            rolecode: input.rolecode,
            rolename: input.rolename,
            rolename_en: input.rolename_en,
            description: input.description,
          };
          let id: number;
          if (existing) {
            id = existing.roleid;
            await r.updateRole(id, values);
          } else {
            id = await r.insertRole(values);
          }
          await r.replaceRoleGrants(id, permissions, menuids);
          const after = { ...values, permissions, menuids };
          await audit(tx, actorOf(caller), existing ? 'update' : 'create', 'role', id, existing ? { before: existing, after } : after);
          if (existing) {
            emit('user.changed', { userids: await r.roleHolderIds(id) });
          }
          return id;
        }),
      );
      return (await repo.listRoles([roleid]))[0];
    },

    async deleteRole(caller, input) {
      await inTransaction(db, async (tx) => {
        const r = createOrgRepository(tx);
        const [role] = await r.listRoles([input.roleid]);
        if (!role) {
          throw notFound('org.roleNotFound');
        }
        // Built-in roles come back at the next start (syncBaseData), so deleting one would only strip its grants.
        if (builtInRoleCodes.has(role.rolecode)) {
          throw conflict('org.builtInRoleDelete', ['roleid']);
        }
        const holders = await r.roleHolderCount(role.roleid);
        if (holders > 0) {
          throw conflict('org.roleHeld', ['roleid'], { count: holders });
        }
        await r.deleteRole(role.roleid);
        await audit(tx, actorOf(caller), 'delete', 'role', role.roleid, role);
      });
    },

    async getScope(caller, input) {
      const scope = await getUserScope(caller.userid);
      const target = await repo.account(input.userid);
      if (!target) {
        throw notFound('org.accountNotFound');
      }
      if (!inDepts(scope, target.deptid)) {
        throw outsideScope();
      }
      const s = await repo.scope(target.userid);
      return { userid: target.userid, isolation_all: s.all ? 1 : 0, deptids: s.deptids, regionids: s.regionids };
    },

    async saveScope(caller, input) {
      const scope = await getUserScope(caller.userid);
      const deptids = unique(input.deptids).sort((a, b) => a - b);
      const regionids = unique(input.regionids).sort((a, b) => a - b);
      // Nobody hands out data they cannot see themselves.
      if (input.isolation_all === 1 && !scope.all) {
        throw forbidden('org.grantAllNeedsAll');
      }
      await transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const target = await assertMayManageUser(r, caller, scope, input.userid);
        emit('user.changed', { userids: [target.userid] });
        if ((await r.listDepts(deptids)).length !== deptids.length) {
          throw badRequest('org.deptNotFound', ['deptids']);
        }
        if ((await r.listRegions(regionids)).length !== regionids.length) {
          throw badRequest('org.regionNotFound', ['regionids']);
        }
        if (!deptids.every((d) => inDepts(scope, d)) || !regionids.every((x) => inRegions(scope, x))) {
          throw outsideScope();
        }
        const before = await r.scope(target.userid);
        await r.replaceScope(target.userid, input.isolation_all === 1, deptids, regionids);
        await audit(tx, actorOf(caller), 'scope.save', 'users', target.userid, {
          loginname: target.loginname,
          before: { isolation_all: before.all ? 1 : 0, deptids: before.deptids, regionids: before.regionids },
          after: { isolation_all: input.isolation_all, deptids, regionids },
        });
      });
      const s = await repo.scope(input.userid);
      return { userid: input.userid, isolation_all: s.all ? 1 : 0, deptids: s.deptids, regionids: s.regionids };
    },

    auditLog: (input) =>
      repo.auditPage({
        loginname: input.loginname || undefined,
        entity: input.entity || undefined,
        from: input.from,
        to: input.to,
        offset: offsetOf(input),
        limit: input.pageSize,
      }),

    async createAdministrator(input, actor) {
      const loginname = accountSave.input.shape.loginname.safeParse(input.loginname);
      if (!loginname.success) {
        throw invalidInput(fieldIssues(loginname.error.issues).map((i) => ({ ...i, field: 'loginname' })));
      }
      const username = accountSave.input.shape.username.safeParse(input.username);
      if (!username.success) {
        throw invalidInput(fieldIssues(username.error.issues).map((i) => ({ ...i, field: 'username' })));
      }
      checkNewPassword(input.password, 'password');
      const passwordHash = await hashPassword(input.password);
      return uniqueAs('org.loginnameExists', 'loginname', () =>
        inTransaction(db, async (tx) => {
          const r = createOrgRepository(tx);
          if (await r.userByLoginname(loginname.data)) {
            throw conflict('org.loginnameExists', ['loginname']);
          }
          const adminRole = await r.roleByCode(ADMIN_ROLE);
          if (!adminRole) {
            throw new Error('built-in admin role missing: base data not synced');
          }
          let company = await r.firstCompany();
          if (!company) {
            const name = input.companyName?.trim() || 'Plantwatch';
            const values = { name, shortname: name.slice(0, 20), code: 'default' };
            company = { id: await r.insertCompany(values), name };
            await audit(tx, actor, 'create', 'company', company.id, values);
          }
          let dept = await r.firstRootDept();
          if (!dept) {
            const values = { parentdeptid: 0, deptname: company.name, deptname_en: '', deptcode: 'ROOT', c_id: company.id, sort: 0 };
            dept = { ...values, deptid: await r.insertDept(values) };
            await audit(tx, actor, 'create', 'dept', dept.deptid, values);
          }
          const values = {
            loginname: loginname.data,
            username: username.data,
            phone: '',
            deptid: dept.deptid,
            postid: null,
            c_id: dept.c_id,
            is_need_change_password: 0,
            isolation_all: 1,
          };
          const userid = await r.insertUser({ ...values, password_hash: passwordHash, created_at: Date.now() });
          await r.replaceUserRoles(userid, [adminRole.roleid]);
          await audit(tx, actor, 'create', 'users', userid, { ...values, roleids: [adminRole.roleid] });
          return { userid };
        }),
      );
    },
  };
}
