import { z } from 'zod';
import { checkAreaGeometry } from '../domain/geometry.js';
import { defineContract } from '../contracts/contract.js';
import { listOf, pageInput } from '../contracts/envelope.js';

export interface MenuItem {
  c_id: number;
  menuid: number;
  name: string;
  name_en: string;
  /** Route path inside the portal, or an external link. */
  href: string;
  /** Appended to href as a query string. */
  parameter: string;
  type: number;
  skiptype: number;
  /** 1–4: the four systems; 0 system management. */
  eightyEightType: number;
  icon: string;
  childs: MenuItem[];
}
export const menuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    c_id: z.number().int(),
    menuid: z.number().int(),
    name: z.string(),
    name_en: z.string(),
    href: z.string(),
    parameter: z.string(),
    type: z.number().int(),
    skiptype: z.number().int(),
    eightyEightType: z.number().int(),
    icon: z.string(),
    childs: z.array(menuItem),
  }),
);

/** Department item as data isolation returns it (seed 1 §3.6). */
export const deptItem = z.object({
  deptid: z.number().int(),
  c_id: z.number().int(),
  deptname: z.string(),
  deptname_en: z.string(),
  deptcode: z.string(),
  parentdeptid: z.number().int(),
  sort: z.number().int(),
});
export type DeptItem = z.infer<typeof deptItem>;

/** What a region is on the plant; fences and maps treat kinds differently (a muster point, a restricted zone). */
export const regionKinds = [
  'plant',
  'area',
  'unit',
  'tank_farm',
  'warehouse',
  'loading',
  'utility',
  'building',
  'office',
  'control_room',
  'gate',
  'road',
  'restricted',
  'muster_point',
] as const;
export type RegionKind = (typeof regionKinds)[number];

/** The seed's responsible-person roles of a region (seed 2 §6). */
export const regionResponsibleRoles = [
  'hiddenDanger',
  'specialEquipment',
  'inspection',
  'workPermit',
  'alarm',
  'hazardChief',
  'areaSupervisor',
  'administrator',
] as const;

export const regionResponsible = z.object({
  role: z.enum(regionResponsibleRoles),
  userids: z.array(z.coerce.number().int().positive()).max(50),
});

const lonLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
const ring = z.array(lonLat).min(4).max(5000);

/**
 * A region's polygon: GeoJSON Polygon or MultiPolygon in WGS-84, rings closed
 * and not crossing themselves (a self-crossing fence has no clear inside).
 */
export const areaGeometry = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1).max(50) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring).min(1).max(50)).min(1).max(50) }),
  ])
  .superRefine((g, ctx) => {
    const problem = checkAreaGeometry(g);
    if (problem) {
      const [a, b] = problem.vertices ?? [0, 0];
      ctx.addIssue({ code: 'custom', path: ['coordinates', ...problem.ring], message: problem.code, params: { a, b } });
    }
  });
export type AreaGeometry = z.infer<typeof areaGeometry>;

/** Region item (seed 1 §3.6, fields of seed 2 §3). The polygon travels in RegionGeometryList only. */
export const regionItem = z.object({
  regionid: z.number().int(),
  regionname: z.string(),
  regionname_en: z.string(),
  regioncode: z.string(),
  regionparentid: z.number().int(),
  sort: z.number().int(),
  fullname: z.string(),
  fullcode: z.string(),
  /** Initials in pinyin for quick search, e.g. GQ for 罐区. */
  pinyincode: z.string(),
  description: z.string(),
  /** NFC card number fixed at the region (inspection check-in). */
  nfccard: z.string(),
  /** 1: the tree opens this region by default. */
  defaultexpand: z.number().int(),
  responsibles: z.array(regionResponsible),
  kind: z.enum(regionKinds),
  /** Floors of a building region; [] for outdoor areas. */
  floors: z.array(z.number().int()),
  hasGeometry: z.boolean(),
});
export type RegionItem = z.infer<typeof regionItem>;

/** A region as a GeoJSON feature: what maps draw and fences test. */
export const regionFeature = z.object({
  type: z.literal('Feature'),
  id: z.number().int(),
  properties: z.object({
    regionid: z.number().int(),
    regioncode: z.string(),
    regionname: z.string(),
    regionname_en: z.string(),
    regionparentid: z.number().int(),
    kind: z.enum(regionKinds),
    floors: z.array(z.number().int()),
  }),
  geometry: areaGeometry,
});
export type RegionFeature = z.infer<typeof regionFeature>;

export const postItem = z.object({
  postid: z.number().int(),
  postname: z.string(),
  postname_en: z.string(),
  deptid: z.number().int(),
});
export type PostItem = z.infer<typeof postItem>;

export const roleItem = z.object({
  roleid: z.number().int(),
  rolecode: z.string(),
  rolename: z.string(),
  rolename_en: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  menuids: z.array(z.number().int()),
});
export type RoleItem = z.infer<typeof roleItem>;

export const accountItem = z.object({
  userid: z.number().int(),
  loginname: z.string(),
  username: z.string(),
  phone: z.string(),
  deptid: z.number().int(),
  deptname: z.string(),
  /** The department's English name ('' when none): shown in English (issue 11). */
  deptname_en: z.string().default(''),
  postid: z.number().int().nullable(),
  postname: z.string(),
  roleids: z.array(z.number().int()),
  rolenames: z.array(z.string()),
  enabled: z.number().int(),
});
export type AccountItem = z.infer<typeof accountItem>;

const businessKey = { businessCode: z.string().optional(), businessType: z.coerce.number().int().optional() };
const id = z.coerce.number().int().positive();
const code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, 'validation.codeChars');
const name = z.string().trim().min(1).max(100);

export const getJsonMenus = defineContract({
  method: 'POST',
  path: '/UAPI/Common/GetJsonMenus',
  input: z.object({}),
  output: z.array(menuItem),
  permission: 'authenticated',
});

/** Every menu, for role editing. */
export const roleWebMenuGetList = defineContract({
  method: 'POST',
  path: '/UAPI/Common/RoleWebMenuGetList',
  input: z.object({}),
  output: z.array(menuItem),
  permission: 'org:read',
});

export const getMenuPermissionConfig = defineContract({
  method: 'POST',
  path: '/API/Permission/GetMenuPermissionConfig',
  input: z.object({}),
  output: listOf(z.object({ menuUrl: z.string() })),
  permission: 'authenticated',
});

export const myTodoStats = defineContract({
  method: 'GET',
  path: '/todo/api/myTodo/stats',
  input: z.object({}),
  output: z.object({ todoCount: z.number().int() }),
  permission: 'authenticated',
});

export const myTodoList = defineContract({
  method: 'POST',
  path: '/todo/api/myTodo/list',
  input: z.object(pageInput),
  output: listOf(
    z.object({
      id: z.number().int(),
      title: z.string(),
      href: z.string(),
      created_at: z.number(),
      /** Issue 11: the title as a message code and its parameters, rendered in the user's language ('' on old rows). */
      titleCode: z.string().default(''),
      titleParams: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
    }),
  ),
  permission: 'authenticated',
});

export const dataIsolationDept = defineContract({
  method: 'POST',
  path: '/oaa/api/DataIsolationBusiness/GetCurrentUserDataIsolationDept',
  input: z.object(businessKey),
  output: z.array(deptItem),
  permission: 'authenticated',
});

export const dataIsolationRegion = defineContract({
  method: 'POST',
  path: '/oaa/api/DataIsolationBusiness/GetCurrentUserDataIsolationRegion',
  input: z.object(businessKey),
  output: z.array(regionItem),
  permission: 'authenticated',
});

export const dataIsolationRoleList = defineContract({
  method: 'GET',
  path: '/oaa/api/DataIsolationRole/GetRoleList',
  input: z.object({}),
  output: z.array(roleItem),
  permission: 'org:read',
});

export const deptList = defineContract({
  method: 'POST',
  path: '/UAPI/Common/DeptList',
  input: z.object({}),
  output: z.array(deptItem),
  permission: 'org:read',
});

export const deptSave = defineContract({
  method: 'POST',
  path: '/UAPI/Org/DeptSave',
  input: z.object({
    deptid: id.optional(),
    parentdeptid: z.coerce.number().int().min(0),
    deptname: name,
    deptname_en: z.string().trim().max(100).default(''),
    deptcode: code,
    sort: z.coerce.number().int().default(0),
  }),
  output: deptItem,
  permission: 'org:manage',
});

export const deptDelete = defineContract({
  method: 'POST',
  path: '/UAPI/Org/DeptDelete',
  input: z.object({ deptid: id }),
  output: z.object({}),
  permission: 'org:manage',
});

/** isallregionid: 0 and 3 the user's regions, 1 all regions (needs org:read), 2 the user's department regions (seed 1 §7.1). */
export const regionGetList = defineContract({
  method: 'POST',
  path: '/UAPI/Common/RegionGetList',
  input: z.object({ isallregionid: z.coerce.number().int().min(0).max(3).default(0) }),
  output: z.array(regionItem),
  permission: 'authenticated',
});

/**
 * Creates or edits a region. The seed 2 §3 fields, kind, floors and polygon
 * are optional: left out, an edit keeps what the region has (so a form that
 * knows only the name never clears a fence); `geometry: null` removes the polygon.
 */
export const regionSave = defineContract({
  method: 'POST',
  path: '/UAPI/Org/RegionSave',
  input: z.object({
    regionid: id.optional(),
    regionparentid: z.coerce.number().int().min(0),
    regionname: name,
    regionname_en: z.string().trim().max(100).default(''),
    regioncode: code,
    sort: z.coerce.number().int().default(0),
    fullname: z.string().trim().max(200).optional(),
    fullcode: z.string().trim().max(200).optional(),
    pinyincode: z.string().trim().max(50).optional(),
    description: z.string().trim().max(1000).optional(),
    nfccard: z.string().trim().max(64).optional(),
    defaultexpand: z.coerce.number().int().min(0, 'validation.zeroOrOne').max(1, 'validation.zeroOrOne').optional(),
    responsibles: z.array(regionResponsible).max(regionResponsibleRoles.length).optional(),
    kind: z.enum(regionKinds).optional(),
    floors: z.array(z.number().int().min(-10).max(300)).max(200).optional(),
    geometry: areaGeometry.nullable().optional(),
  }),
  output: regionItem,
  permission: 'org:manage',
});

/** Polygons of the caller's regions (data isolation applies), as a GeoJSON FeatureCollection. */
export const regionGeometryList = defineContract({
  method: 'POST',
  path: '/UAPI/Region/GeometryList',
  input: z.object({}),
  output: z.object({ type: z.literal('FeatureCollection'), features: z.array(regionFeature) }),
  permission: 'authenticated',
});

/** Redraws (or with null removes) one region's polygon: what the map editor saves. */
export const regionGeometrySave = defineContract({
  method: 'POST',
  path: '/UAPI/Region/GeometrySave',
  input: z.object({ regionid: id, geometry: areaGeometry.nullable() }),
  output: regionItem,
  permission: 'org:manage',
});

export const regionDelete = defineContract({
  method: 'POST',
  path: '/UAPI/Org/RegionDelete',
  input: z.object({ regionid: id }),
  output: z.object({}),
  permission: 'org:manage',
});

export const postList = defineContract({
  method: 'POST',
  path: '/UAPI/Org/PostList',
  input: z.object({ deptid: z.coerce.number().int().optional() }),
  output: z.array(postItem),
  permission: 'org:read',
});

export const postSave = defineContract({
  method: 'POST',
  path: '/UAPI/Org/PostSave',
  input: z.object({
    postid: id.optional(),
    postname: name,
    postname_en: z.string().trim().max(100).default(''),
    deptid: id,
  }),
  output: postItem,
  permission: 'org:manage',
});

export const postDelete = defineContract({
  method: 'POST',
  path: '/UAPI/Org/PostDelete',
  input: z.object({ postid: id }),
  output: z.object({}),
  permission: 'org:manage',
});

export const accountGetList = defineContract({
  method: 'POST',
  path: '/UAPI/Account/AccountGetList',
  input: z.object({ ...pageInput, keyword: z.string().trim().max(100).optional(), deptid: z.coerce.number().int().optional() }),
  output: listOf(accountItem),
  permission: 'org:read',
});

export const accountSave = defineContract({
  method: 'POST',
  path: '/UAPI/Account/AccountSave',
  input: z.object({
    userid: id.optional(),
    loginname: code,
    username: name,
    phone: z
      .string()
      .trim()
      .max(20)
      .regex(/^[0-9+\- ]*$/, 'validation.phone')
      .default(''),
    deptid: id,
    postid: id.nullable().optional(),
    roleids: z.array(z.coerce.number().int().positive()).min(1, 'org.oneRoleAtLeast'),
    /** Required when creating; the user must change it at first sign-in. */
    initialPassword: z.string().min(8).max(64).optional(),
  }),
  output: accountItem,
  permission: 'org:manage',
});

export const accountSetEnabled = defineContract({
  method: 'POST',
  path: '/UAPI/Account/AccountSetEnabled',
  input: z.object({ userid: id, enabled: z.coerce.number().int().min(0).max(1) }),
  output: z.object({}),
  permission: 'org:manage',
});

export const accountResetPassword = defineContract({
  method: 'POST',
  path: '/UAPI/Account/AccountResetPassword',
  input: z.object({ userid: id, newPassword: z.string().min(8).max(64) }),
  output: z.object({}),
  permission: 'org:manage',
});

export const roleList = defineContract({
  method: 'POST',
  path: '/UAPI/Role/RoleList',
  input: z.object({}),
  output: z.array(roleItem),
  permission: 'org:read',
});

export const roleSave = defineContract({
  method: 'POST',
  path: '/UAPI/Role/RoleSave',
  input: z.object({
    roleid: id.optional(),
    rolecode: code,
    rolename: name,
    rolename_en: z.string().trim().max(100).default(''),
    description: z.string().trim().max(500).default(''),
    /** Permission codes (src/shared/modules.ts); the server refuses a code no area declares. */
    permissions: z.array(z.string().min(1).max(60)).max(200).default([]),
    menuids: z.array(z.coerce.number().int().positive()).default([]),
  }),
  output: roleItem,
  permission: 'org:manage',
});

export const roleDelete = defineContract({
  method: 'POST',
  path: '/UAPI/Role/RoleDelete',
  input: z.object({ roleid: id }),
  output: z.object({}),
  permission: 'org:manage',
});

export const userScope = z.object({
  userid: z.number().int(),
  /** 1: sees every department and region. */
  isolation_all: z.number().int(),
  deptids: z.array(z.number().int()),
  regionids: z.array(z.number().int()),
});

export const userScopeGet = defineContract({
  method: 'POST',
  path: '/UAPI/DataIsolation/UserScopeGet',
  input: z.object({ userid: id }),
  output: userScope,
  permission: 'org:read',
});

export const userScopeSave = defineContract({
  method: 'POST',
  path: '/UAPI/DataIsolation/UserScopeSave',
  input: z.object({
    userid: id,
    isolation_all: z.coerce.number().int().min(0).max(1),
    deptids: z.array(z.coerce.number().int().positive()).default([]),
    regionids: z.array(z.coerce.number().int().positive()).default([]),
  }),
  output: userScope,
  permission: 'org:manage',
});

export const auditLogList = defineContract({
  method: 'POST',
  path: '/UAPI/Audit/AuditLogList',
  input: z.object({
    ...pageInput,
    loginname: z.string().trim().max(64).optional(),
    entity: z.string().trim().max(64).optional(),
    from: z.coerce.number().int().optional(),
    to: z.coerce.number().int().optional(),
  }),
  output: listOf(
    z.object({
      id: z.number().int(),
      at: z.number(),
      loginname: z.string(),
      action: z.string(),
      entity: z.string(),
      entity_id: z.string(),
      detail: z.string(),
    }),
  ),
  permission: 'audit:read',
});
