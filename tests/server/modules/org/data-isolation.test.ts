import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountGetList,
  dataIsolationDept,
  dataIsolationRegion,
  postList,
  regionGetList,
  userScopeGet,
  userScopeSave,
} from '../../../../src/shared/org/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from './org-fixtures.js';

const codes = <T extends { regioncode: string }>(items: T[]) => items.map((r) => r.regioncode).sort();

describe.each(dialects)('org data isolation (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let ids: Awaited<ReturnType<typeof orgIds>>;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    admin = await demoToken(t.url, 'admin');
    ids = await orgIds(t.url, admin);
  });
  afterAll(() => t?.close());

  it("operator's isolation regions are exactly TF, its three children and LS", async () => {
    const operator = await demoToken(t.url, 'operator');
    const r = await call(t.url, dataIsolationRegion, { businessCode: 'ANY', businessType: 1 }, operator);
    expect(r.body.IsSuccess).toBe(true);
    expect(codes(r.body.data!)).toEqual(['LS', 'TF', 'TF-A', 'TF-B', 'TF-C']);
    expect(r.body.data![0]).toEqual(
      expect.objectContaining({ regionid: expect.any(Number), regionname: expect.any(String), regionparentid: expect.any(Number) }),
    );
  });

  it("operator's isolation departments are their own workshop only; inspector's include descendants", async () => {
    const operator = await demoToken(t.url, 'operator');
    const r = await call(t.url, dataIsolationDept, {}, operator);
    expect(r.body.data!.map((d) => d.deptcode)).toEqual(['PROD-TF']);
    expect(r.body.data![0]).toEqual(
      expect.objectContaining({ deptid: ids.dept.get('PROD-TF'), c_id: expect.any(Number), parentdeptid: ids.dept.get('PROD') }),
    );

    const inspector = await demoToken(t.url, 'inspector');
    const i = await call(t.url, dataIsolationDept, {}, inspector);
    expect(i.body.data!.map((d) => d.deptcode).sort()).toEqual(['PROD', 'PROD-1', 'PROD-2', 'PROD-TF', 'SAFE', 'SAFE-CENTER']);
  });

  it('a user with isolation_all sees every department and region', async () => {
    const d = await call(t.url, dataIsolationDept, {}, admin);
    const r = await call(t.url, dataIsolationRegion, {}, admin);
    expect(d.body.data!.length).toBe(ids.dept.size);
    expect(r.body.data!.length).toBe(ids.region.size);
    expect(ids.region.size).toBeGreaterThan(10);
  });

  it('RegionGetList: 0, 2 and 3 give the own regions; 1 needs org:read', async () => {
    const operator = await demoToken(t.url, 'operator');
    for (const isallregionid of [0, 2, 3]) {
      const r = await call(t.url, regionGetList, { isallregionid }, operator);
      expect(codes(r.body.data!), `isallregionid ${isallregionid}`).toEqual(['LS', 'TF', 'TF-A', 'TF-B', 'TF-C']);
    }
    expectRefused(await call(t.url, regionGetList, { isallregionid: 1 }, operator), 403);

    const supervisor = await demoToken(t.url, 'supervisor');
    const all = await call(t.url, regionGetList, { isallregionid: 1 }, supervisor);
    expect(all.body.data!.length).toBe(ids.region.size);
  });

  describe('a reader limited to the safety department', () => {
    let supervisor: string;

    beforeAll(async () => {
      const me = await call(t.url, accountGetList, { keyword: 'supervisor' }, admin);
      const userid = me.body.data!.items[0].userid;
      const saved = await call(t.url, userScopeSave, { userid, isolation_all: 0, deptids: [ids.dept.get('SAFE')!], regionids: [] }, admin);
      expect(saved.body.IsSuccess).toBe(true);
      expect(saved.body.data).toEqual({ userid, isolation_all: 0, deptids: [ids.dept.get('SAFE')], regionids: [] });
      supervisor = await demoToken(t.url, 'supervisor');
    });

    it('AccountGetList shows only users of departments in scope', async () => {
      const r = await call(t.url, accountGetList, { pageSize: 100 }, supervisor);
      expect(r.body.IsSuccess).toBe(true);
      expect(r.body.data!.items.map((u) => u.loginname).sort()).toEqual(['inspector', 'supervisor']);
      expect(r.body.data!.total).toBe(2);

      const everyone = await call(t.url, accountGetList, { pageSize: 100 }, admin);
      expect(everyone.body.data!.items.map((u) => u.loginname)).toEqual(expect.arrayContaining(['admin', 'operator', 'contractor']));
    });

    it('asking for a department outside the scope, or a keyword matching one, returns nothing', async () => {
      const byDept = await call(t.url, accountGetList, { deptid: ids.dept.get('CONTRACTOR')! }, supervisor);
      expect(byDept.body.data).toEqual({ items: [], total: 0 });
      const byKeyword = await call(t.url, accountGetList, { keyword: 'operator' }, supervisor);
      expect(byKeyword.body.data).toEqual({ items: [], total: 0 });
    });

    it('the scoped reader cannot read the scope of a user outside it', async () => {
      const others = await call(t.url, accountGetList, { keyword: 'contractor' }, admin);
      const contractorId = others.body.data!.items[0].userid;
      expectRefused(await call(t.url, userScopeGet, { userid: contractorId }, supervisor), 403);
    });

    it('PostList only lists posts of departments in scope', async () => {
      const r = await call(t.url, postList, {}, supervisor);
      expect(r.body.data!.map((p) => p.postname_en).sort()).toEqual(['Duty supervisor', 'Monitoring operator', 'Safety inspector']);
      const outside = await call(t.url, postList, { deptid: ids.dept.get('PROD-TF')! }, supervisor);
      expect(outside.body.data).toEqual([]);
      const everything = await call(t.url, postList, {}, admin);
      expect(everything.body.data!.length).toBe(7);
    });

    it('the scoped reader now gets only the safety departments from data isolation', async () => {
      const r = await call(t.url, dataIsolationDept, {}, supervisor);
      expect(r.body.data!.map((d) => d.deptcode).sort()).toEqual(['SAFE', 'SAFE-CENTER']);
    });
  });

  it('AccountGetList pages and matches keyword on login name, name and phone', async () => {
    const page1 = await call(t.url, accountGetList, { page: 1, pageSize: 2 }, admin);
    const page2 = await call(t.url, accountGetList, { page: 2, pageSize: 2 }, admin);
    expect(page1.body.data!.items).toHaveLength(2);
    expect(page1.body.data!.total).toBe(page2.body.data!.total);
    expect(page1.body.data!.items[0].userid).not.toBe(page2.body.data!.items[0].userid);

    const byPhone = await call(t.url, accountGetList, { keyword: '13800000005' }, admin);
    expect(byPhone.body.data!.items.map((u) => u.loginname)).toEqual(['contractor']);
    const byName = await call(t.url, accountGetList, { keyword: '李操作' }, admin);
    expect(byName.body.data!.items.map((u) => u.loginname)).toEqual(['operator']);
    const wildcard = await call(t.url, accountGetList, { keyword: '%' }, admin);
    expect(wildcard.body.data).toEqual({ items: [], total: 0 });
  });

  it('UserScopeSave refuses ids that do not exist', async () => {
    const op = await call(t.url, accountGetList, { keyword: 'operator' }, admin);
    const userid = op.body.data!.items[0].userid;
    expectRefused(await call(t.url, userScopeSave, { userid, isolation_all: 0, deptids: [99999], regionids: [] }, admin), 400, ['deptids']);
    expectRefused(await call(t.url, userScopeSave, { userid, isolation_all: 0, deptids: [], regionids: [99999] }, admin), 400, [
      'regionids',
    ]);
    const unchanged = await call(t.url, userScopeGet, { userid }, admin);
    expect(unchanged.body.data!.regionids.sort((a, b) => a - b)).toEqual(
      [ids.region.get('TF'), ids.region.get('LS')].sort((a, b) => a! - b!),
    );
  });
});
