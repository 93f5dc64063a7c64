import { openTodo, VISIT_KIND } from '../common/todos.js';
import type { MessageCode } from '../../shared/messages/catalog.js';
import type { Config } from '../config.js';
import { hashPassword } from '../security/password.js';
import fs from 'node:fs';
import path from 'node:path';
import type { RegionKind } from '../../shared/org/contracts.js';
import type { Db, Store, Tx } from './db.js';
import type { BuiltInRole } from './seed-base.js';

interface Node {
  code: string;
  name: string;
  name_en: string;
  /** Regions only: what the region is (contracts/org.ts regionKinds). */
  kind?: RegionKind;
  children?: Node[];
}

/** Department tree of the demo company. */
export const demoDepartments: Node = {
  code: 'HQ',
  name: '演示化工有限公司',
  name_en: 'Demo Chemical Co., Ltd.',
  children: [
    {
      code: 'SAFE',
      name: '安全环保部',
      name_en: 'Safety & Environment',
      children: [{ code: 'SAFE-CENTER', name: '安全监控中心', name_en: 'Safety centre' }],
    },
    {
      code: 'PROD',
      name: '生产部',
      name_en: 'Production',
      children: [
        { code: 'PROD-1', name: '合成车间', name_en: 'Synthesis workshop' },
        { code: 'PROD-2', name: '精馏车间', name_en: 'Distillation workshop' },
        { code: 'PROD-TF', name: '储运车间', name_en: 'Storage & transport workshop' },
      ],
    },
    { code: 'EQUIP', name: '设备部', name_en: 'Equipment' },
    { code: 'ADMIN', name: '综合办公室', name_en: 'General office' },
    { code: 'CONTRACTOR', name: '承包商管理', name_en: 'Contractors' },
  ],
};

/**
 * Region tree of the demo plant. The codes are shared with the plant layout in
 * map-styles/ (each region's polygon carries the same code).
 */
export const demoRegions: Node = {
  code: 'PLANT',
  name: '演示化工厂区',
  name_en: 'Demo chemical plant',
  kind: 'plant',
  children: [
    {
      code: 'TF',
      name: '罐区',
      name_en: 'Tank farm',
      kind: 'tank_farm',
      children: [
        { code: 'TF-A', name: '甲类储罐区', name_en: 'Flammable liquid tanks', kind: 'tank_farm' },
        { code: 'TF-B', name: '液化烃球罐区', name_en: 'LPG spheres', kind: 'tank_farm' },
        { code: 'TF-C', name: '液氨储罐区', name_en: 'Ammonia tanks', kind: 'tank_farm' },
      ],
    },
    {
      code: 'PU',
      name: '生产装置区',
      name_en: 'Process units',
      kind: 'unit',
      children: [
        { code: 'PU-1', name: '合成装置', name_en: 'Synthesis unit', kind: 'unit' },
        { code: 'PU-2', name: '精馏装置', name_en: 'Distillation unit', kind: 'unit' },
        { code: 'PU-3', name: '氯化装置', name_en: 'Chlorination unit', kind: 'unit' },
      ],
    },
    { code: 'LS', name: '装卸站', name_en: 'Loading station', kind: 'loading' },
    { code: 'WH', name: '化学品仓库', name_en: 'Chemicals warehouse', kind: 'warehouse' },
    { code: 'UT', name: '公用工程区', name_en: 'Utilities', kind: 'utility' },
    { code: 'CR', name: '中控室', name_en: 'Control room', kind: 'control_room' },
    { code: 'OF', name: '办公区', name_en: 'Offices', kind: 'office' },
    { code: 'MP', name: '紧急集合点', name_en: 'Emergency assembly point', kind: 'muster_point' },
    {
      code: 'GT',
      name: '门岗',
      name_en: 'Gates',
      kind: 'gate',
      children: [
        { code: 'GT-N', name: '北门', name_en: 'North gate', kind: 'gate' },
        { code: 'GT-S', name: '南门（物流门）', name_en: 'South gate (logistics)', kind: 'gate' },
      ],
    },
  ],
};

const demoPosts: { dept: string; name: string; name_en: string }[] = [
  { dept: 'SAFE-CENTER', name: '值班主管', name_en: 'Duty supervisor' },
  { dept: 'SAFE-CENTER', name: '监控员', name_en: 'Monitoring operator' },
  { dept: 'PROD-TF', name: '罐区操作工', name_en: 'Tank-farm operator' },
  { dept: 'PROD-1', name: '合成操作工', name_en: 'Synthesis operator' },
  { dept: 'SAFE', name: '安全巡检员', name_en: 'Safety inspector' },
  { dept: 'CONTRACTOR', name: '承包商作业人员', name_en: 'Contractor worker' },
  { dept: 'HQ', name: '系统管理员', name_en: 'System administrator' },
];

/** One demo user per built-in role; scope lists department and region codes (with descendants). */
export const demoUsers: {
  loginname: BuiltInRole;
  username: string;
  phone: string;
  dept: string;
  post: string;
  all: boolean;
  depts: string[];
  regions: string[];
}[] = [
  { loginname: 'admin', username: '系统管理员', phone: '13800000001', dept: 'HQ', post: '系统管理员', all: true, depts: [], regions: [] },
  {
    loginname: 'supervisor',
    username: '王主管',
    phone: '13800000002',
    dept: 'SAFE-CENTER',
    post: '值班主管',
    all: true,
    depts: [],
    regions: [],
  },
  {
    loginname: 'operator',
    username: '李操作',
    phone: '13800000003',
    dept: 'PROD-TF',
    post: '罐区操作工',
    all: false,
    depts: ['PROD-TF'],
    regions: ['TF', 'LS'],
  },
  {
    loginname: 'inspector',
    username: '张巡检',
    phone: '13800000004',
    dept: 'SAFE',
    post: '安全巡检员',
    all: false,
    depts: ['SAFE', 'PROD'],
    regions: ['TF', 'PU', 'WH'],
  },
  {
    loginname: 'contractor',
    username: '赵承包',
    phone: '13800000005',
    dept: 'CONTRACTOR',
    post: '承包商作业人员',
    all: false,
    depts: ['CONTRACTOR'],
    regions: ['PU-2'],
  },
];

async function insertTree(
  tx: Tx,
  node: Node,
  parent: number,
  c_id: number,
  sort: number,
  insert: (tx: Tx, n: Node, parent: number, c_id: number, sort: number) => Promise<number>,
): Promise<void> {
  const id = await insert(tx, node, parent, c_id, sort);
  let i = 0;
  for (const child of node.children ?? []) {
    await insertTree(tx, child, id, c_id, i++, insert);
  }
}

/**
 * Seeds the demo organisation once (idempotent: does nothing when the demo
 * company exists). Demo accounts get the documented default password, or
 * DEMO_PASSWORD.
 */
export async function seedDemo(store: Store, config: Config): Promise<void> {
  const db = store.db;
  const done = await db.selectFrom('company').select('id').where('code', '=', 'demo').executeTakeFirst();
  if (done) {
    return;
  }
  const passwordHash = await hashPassword(config.demoPassword);
  await db.transaction().execute(async (tx) => {
    const { id: c_id } = await tx
      .insertInto('company')
      .values({ name: '演示化工有限公司', shortname: '演示化工', code: 'demo' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertTree(tx, demoDepartments, 0, c_id, 0, async (t, n, parent, cid, sort) => {
      const r = await t
        .insertInto('dept')
        .values({ parentdeptid: parent, deptname: n.name, deptname_en: n.name_en, deptcode: n.code, c_id: cid, sort })
        .returning('deptid')
        .executeTakeFirstOrThrow();
      return r.deptid;
    });
    await insertTree(tx, demoRegions, 0, c_id, 0, async (t, n, parent, cid, sort) => {
      const r = await t
        .insertInto('region')
        .values({
          regionparentid: parent,
          regionname: n.name,
          regionname_en: n.name_en,
          regioncode: n.code,
          c_id: cid,
          sort,
          kind: n.kind ?? 'area',
        })
        .returning('regionid')
        .executeTakeFirstOrThrow();
      return r.regionid;
    });
    const depts = new Map((await tx.selectFrom('dept').select(['deptid', 'deptcode']).execute()).map((d) => [d.deptcode, d.deptid]));
    const regions = new Map(
      (await tx.selectFrom('region').select(['regionid', 'regioncode']).execute()).map((r) => [r.regioncode, r.regionid]),
    );
    const roles = new Map((await tx.selectFrom('role').select(['roleid', 'rolecode']).execute()).map((r) => [r.rolecode, r.roleid]));
    const posts = new Map<string, number>();
    for (const p of demoPosts) {
      const r = await tx
        .insertInto('post')
        .values({ postname: p.name, postname_en: p.name_en, deptid: depts.get(p.dept)!, c_id })
        .returning('postid')
        .executeTakeFirstOrThrow();
      posts.set(p.name, r.postid);
    }
    const now = Date.now();
    for (const u of demoUsers) {
      const { userid } = await tx
        .insertInto('users')
        .values({
          loginname: u.loginname,
          username: u.username,
          phone: u.phone,
          password_hash: passwordHash,
          deptid: depts.get(u.dept)!,
          postid: posts.get(u.post) ?? null,
          c_id,
          headimg: '',
          is_need_change_password: 0,
          enabled: 1,
          isolation_all: u.all ? 1 : 0,
          created_at: now,
        })
        .returning('userid')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('user_role')
        .values({ userid, roleid: roles.get(u.loginname)! })
        .execute();
      for (const d of u.depts) {
        await tx
          .insertInto('user_dept_scope')
          .values({ userid, deptid: depts.get(d)! })
          .execute();
      }
      for (const r of u.regions) {
        await tx
          .insertInto('user_region_scope')
          .values({ userid, regionid: regions.get(r)! })
          .execute();
      }
      // Each role's to-dos lead to a page it can open, and clear when the work is done (issue 11).
      for (const [i, todo] of (demoTodos[u.loginname] ?? []).entries()) {
        await openTodo(tx, { ...todo, userid, ref: todo.kind === 'password.change' ? userid : todo.href, at: now - i * 3600_000 });
      }
    }
  });
}

/** Demo to-dos by login name: `visit` ones clear when opened from the to-do centre, `password.change` when the password is changed. */
const demoTodos: Record<string, { kind: string; href: string; title: MessageCode }[]> = {
  admin: [
    { kind: VISIT_KIND, href: '/system/auditLog', title: 'todo.reviewAudit' },
    { kind: VISIT_KIND, href: '/realTimeData/manage', title: 'todo.confirmTags' },
    { kind: VISIT_KIND, href: '/orgnization/personnel-setting', title: 'todo.reviewPersonnel' },
  ],
  supervisor: [
    { kind: VISIT_KIND, href: '/system/auditLog', title: 'todo.reviewAudit' },
    { kind: VISIT_KIND, href: '/realTimeData/history', title: 'todo.checkHistory' },
    { kind: VISIT_KIND, href: '/orgnization/personnel-setting', title: 'todo.reviewPersonnel' },
  ],
  operator: [
    { kind: VISIT_KIND, href: '/realTimeData/detailsView', title: 'todo.inspectRealtime' },
    { kind: VISIT_KIND, href: '/realTimeData/history', title: 'todo.checkHistory' },
    { kind: 'password.change', href: '/changePassword', title: 'todo.changePassword' },
  ],
  inspector: [
    { kind: VISIT_KIND, href: '/realTimeData/detailsView', title: 'todo.inspectRealtime' },
    { kind: 'password.change', href: '/changePassword', title: 'todo.changePassword' },
  ],
  contractor: [{ kind: 'password.change', href: '/changePassword', title: 'todo.contractorPassword' }],
};

interface LayoutRegionFeature {
  properties?: { kind?: unknown; code?: unknown } | null;
  geometry?: { type?: unknown; coordinates?: unknown } | null;
}

/**
 * Gives the demo regions their polygons from the plant layout in map-styles/
 * (features `kind: 'region'`, by `code`), once: only regions without a
 * polygon get one, so what an administrator redraws stays. Regions are data
 * from then on; the file is only the demo's starting point.
 */
export async function seedDemoRegionGeometry(db: Db, layoutFile = path.resolve('map-styles/demo-plant.geojson')): Promise<number> {
  if (!fs.existsSync(layoutFile)) {
    return 0;
  }
  const doc = JSON.parse(fs.readFileSync(layoutFile, 'utf8')) as { features?: LayoutRegionFeature[] };
  const byCode = new Map<string, string>();
  for (const f of doc.features ?? []) {
    const type = f.geometry?.type;
    if (f.properties?.kind === 'region' && typeof f.properties.code === 'string' && (type === 'Polygon' || type === 'MultiPolygon')) {
      byCode.set(f.properties.code, JSON.stringify({ type, coordinates: f.geometry?.coordinates }));
    }
  }
  const missing = await db.selectFrom('region').select(['regionid', 'regioncode']).where('geometry', 'is', null).execute();
  let n = 0;
  for (const r of missing) {
    const geometry = byCode.get(r.regioncode);
    if (geometry) {
      await db
        .updateTable('region')
        .set({ geometry, updated_at: Date.now() })
        .where('regionid', '=', r.regionid)
        .where('geometry', 'is', null)
        .execute();
      n++;
    }
  }
  return n;
}
