import type { AlarmItem } from '../../src/shared/alarms/contracts.js';
import type { TagMeta } from '../../src/server/stream/tag-registry.js';
import type { z } from 'zod';
import { changePasswordNew } from '../../src/shared/auth/contracts.js';
import type { Contract } from '../../src/shared/contracts/contract.js';
import { accountSave, deptList, deptSave, regionSave, roleList, userScopeSave } from '../../src/shared/org/contracts.js';
import { recordContracts, definitionSave, type RecordItem } from '../../src/shared/records/contracts.js';
import type { RecordDefinition } from '../../src/shared/records/definition.js';
import { tagSave } from '../../src/shared/realtime/contracts.js';
import { orgPort } from '../../src/server/modules/org/port.js';
import { call, tokenFor } from './api.js';
import type { TestServer } from './server.js';

let tagSeq = 0;

/** A tag as the stream layer sees it; every field can be overridden. Ids are unique per test file. */
export function buildTag(overrides: Partial<TagMeta> = {}): TagMeta {
  tagSeq++;
  return {
    id: `TEST.T${String(tagSeq).padStart(4, '0')}.PV`,
    regionid: null,
    kind: 'temperature',
    ll: null,
    l: null,
    h: null,
    hh: null,
    deadband: 0,
    ...overrides,
  };
}

let alarmSeq = 0;

/** An open, unacknowledged alarm occurrence as the topic and lists show it; every field can be overridden. */
export function buildAlarmItem(overrides: Partial<AlarmItem> = {}): AlarmItem {
  alarmSeq++;
  return {
    id: alarmSeq,
    alarmKey: `tag:TEST.A${String(alarmSeq).padStart(4, '0')}.PV:h`,
    source: `TEST.A${String(alarmSeq).padStart(4, '0')}.PV`,
    sourceName: '测试位号',
    sourceNameEn: '',
    type: 'h',
    priority: 3,
    state: 'unack',
    active: true,
    acked: false,
    limit: 80,
    unit: '℃',
    value: 81,
    peak: 81,
    activatedAt: 1_800_000_000_000,
    ackedAt: null,
    ackedBy: null,
    ackComment: null,
    returnedAt: null,
    closedAt: null,
    shelvedUntil: null,
    shelvedBy: null,
    shelveReason: null,
    regionid: null,
    updatedAt: 1_800_000_000_000,
    detail: null,
    ...overrides,
  };
}

/*
 * Factories for integration tests on an empty store (DEMO=0): each makes what
 * a test needs through the product's own calls, as an administrator would, so
 * a test owns its data and does not lean on the demo plant. The one exception
 * is the first administrator, made the way the `admin:create` CLI makes it.
 */

/** The password of every user the factories make (after the forced first change). */
export const FACTORY_PASSWORD = 'Factory-pass-2026';
const PASSWORD = FACTORY_PASSWORD;
let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}${Date.now() % 100_000}`;

/** Calls a contract and returns its data, failing with the server's message when refused. */
export async function ok<C extends Contract>(t: TestServer, contract: C, input: z.input<C['input']> | Record<string, unknown>, token: string): Promise<z.output<C['output']>> {
  const r = await call(t.url, contract, input, token);
  if (!r.body.IsSuccess) {
    throw new Error(`${contract.path} refused (${r.httpStatus}): ${r.body.error.code} ${r.body.error.message} [${(r.body.error.controls ?? []).join(', ')}]`);
  }
  return r.body.data as z.output<C['output']>;
}

export interface Admin {
  loginname: string;
  userid: number;
  token: string;
}

/** The installation's first administrator (as `npm run admin:create` makes it); signed in. */
export async function createAdministrator(t: TestServer, loginname = unique('admin')): Promise<Admin> {
  const { userid } = await t.server.port(orgPort).createAdministrator({ loginname, username: '测试管理员', password: PASSWORD }, { userid: null, loginname: 'test' });
  return { loginname, userid, token: await tokenFor(t.url, loginname, PASSWORD) };
}

/** A department under `parent` (0: under the company's root). */
export async function createDept(t: TestServer, admin: Admin, opts: { code?: string; name?: string; parent?: number } = {}): Promise<number> {
  const code = opts.code ?? unique('D');
  const parent = opts.parent ?? (await rootDept(t, admin));
  return (await ok(t, deptSave, { parentdeptid: parent, deptname: opts.name ?? `部门${code}`, deptcode: code }, admin.token)).deptid;
}

async function rootDept(t: TestServer, admin: Admin): Promise<number> {
  const root = (await ok(t, deptList, {}, admin.token)).find((d) => d.parentdeptid === 0);
  if (!root) {
    throw new Error('no root department: create the administrator first');
  }
  return root.deptid;
}

export interface RegionOpts {
  code?: string;
  name?: string;
  parent?: number;
  /** A rectangle [west, south, east, north] in degrees, drawn as the region's polygon. */
  box?: [number, number, number, number];
}

/** A region (under `parent`, or at the top), optionally with a rectangular polygon. */
export async function createRegion(t: TestServer, admin: Admin, opts: RegionOpts = {}): Promise<number> {
  const code = opts.code ?? unique('R');
  const geometry = opts.box
    ? {
        type: 'Polygon' as const,
        coordinates: [
          [
            [opts.box[0], opts.box[1]],
            [opts.box[2], opts.box[1]],
            [opts.box[2], opts.box[3]],
            [opts.box[0], opts.box[3]],
            [opts.box[0], opts.box[1]],
          ],
        ],
      }
    : undefined;
  return (await ok(t, regionSave, { regionparentid: opts.parent ?? 0, regionname: opts.name ?? `区域${code}`, regioncode: code, geometry }, admin.token)).regionid;
}

export type RoleCode = 'admin' | 'supervisor' | 'operator' | 'inspector' | 'contractor';

export interface UserOpts {
  loginname?: string;
  username?: string;
  /** Built-in role codes (or role ids). */
  roles: (RoleCode | number)[];
  dept: number;
  /** Data isolation: everything, or these departments and regions (with their descendants). */
  all?: boolean;
  depts?: number[];
  regions?: number[];
}

export interface User {
  loginname: string;
  userid: number;
  token: string;
}

/**
 * A user with roles and a data scope, made on the account page's calls; the
 * first sign-in's forced password change is done, so the token is a working one.
 */
export async function createUser(t: TestServer, admin: Admin, opts: UserOpts): Promise<User> {
  const loginname = opts.loginname ?? unique('u');
  const roles = await ok(t, roleList, {}, admin.token);
  const roleids = opts.roles.map((r) => {
    if (typeof r === 'number') {
      return r;
    }
    const role = roles.find((x) => x.rolecode === r);
    if (!role) {
      throw new Error(`no role ${r}`);
    }
    return role.roleid;
  });
  const account = await ok(t, accountSave, { loginname, username: opts.username ?? `用户${loginname}`, deptid: opts.dept, roleids, initialPassword: 'Initial-pass-1' }, admin.token);
  await ok(t, userScopeSave, { userid: account.userid, isolation_all: opts.all ? 1 : 0, deptids: opts.depts ?? [], regionids: opts.regions ?? [] }, admin.token);
  const first = await tokenFor(t.url, loginname, 'Initial-pass-1');
  await ok(t, changePasswordNew, { oldPassword: 'Initial-pass-1', newPassword: PASSWORD }, first);
  return { loginname, userid: account.userid, token: await tokenFor(t.url, loginname, PASSWORD) };
}

export interface TagOpts {
  id?: string;
  name?: string;
  kind?: 'temperature' | 'pressure' | 'level' | 'flow' | 'gas' | 'other';
  unit?: string;
  regionid?: number | null;
  range?: [number, number];
  limits?: { ll?: number; l?: number; h?: number; hh?: number };
  deadband?: number;
}

/** A process tag on the tag page's call. */
export async function createTag(t: TestServer, admin: Admin, opts: TagOpts = {}): Promise<string> {
  const id = opts.id ?? `${unique('T')}.PV`;
  await ok(
    t,
    tagSave,
    {
      isNew: true,
      id,
      name: opts.name ?? `位号${id}`,
      kind: opts.kind ?? 'temperature',
      unit: opts.unit ?? '℃',
      regionid: opts.regionid ?? null,
      range_lo: opts.range?.[0] ?? 0,
      range_hi: opts.range?.[1] ?? 100,
      ll: opts.limits?.ll ?? null,
      l: opts.limits?.l ?? null,
      h: opts.limits?.h ?? null,
      hh: opts.limits?.hh ?? null,
      deadband: opts.deadband ?? 0,
    },
    admin.token,
  );
  return id;
}

/** A ledger defined in the low-code designer's call; returns its calls. */
export async function createLedger(t: TestServer, admin: Admin, def: RecordDefinition) {
  await ok(t, definitionSave, { definition: def }, admin.token);
  return recordContracts(def);
}

/** A record saved on a ledger's save call by `token`; returns the record as the ledger's get call reads it. */
export async function createRecord(t: TestServer, token: string, def: RecordDefinition, values: Record<string, unknown>): Promise<RecordItem> {
  const calls = recordContracts(def);
  const { id } = await ok(t, calls.save, values, token);
  return (await ok(t, calls.get, { id }, token)).record;
}

const firstAdmins = new WeakMap<TestServer, Promise<Admin>>();

/** The administrator of this test server, `admin`, made on first use (one per server). */
export function adminOf(t: TestServer): Promise<Admin> {
  let a = firstAdmins.get(t);
  if (!a) {
    a = createAdministrator(t, 'admin');
    firstAdmins.set(t, a);
  }
  return a;
}

/**
 * A signed-in user with one built-in role, in a new department: the whole plant
 * in scope unless `regions` or `depts` narrow it. For tests that need "an
 * operator" or "a supervisor" and nothing more about them.
 */
export async function userWithRole(t: TestServer, role: RoleCode, scope: { regions?: number[]; depts?: number[] } = {}): Promise<User> {
  const admin = await adminOf(t);
  const dept = await createDept(t, admin);
  const narrowed = scope.regions !== undefined || scope.depts !== undefined;
  // The first user of a role is called by the role's name (audit rows read "supervisor"); later ones get unique names.
  const taken = rolesNamed.get(t) ?? new Set<string>();
  rolesNamed.set(t, taken);
  const loginname = taken.has(role) ? undefined : role;
  taken.add(role);
  return createUser(t, admin, { loginname, roles: [role], dept, all: !narrowed, regions: scope.regions, depts: scope.depts });
}

const rolesNamed = new WeakMap<TestServer, Set<string>>();
