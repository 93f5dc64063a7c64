import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraDelete, cameraList, cameraSave, frameOriginsSave, homeMine, homeSave } from '../../../../src/shared/dashboards/wall-contracts.js';
import { roleList, roleSave } from '../../../../src/shared/org/contracts.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createDept, createRegion, createUser, ok, userWithRole } from '../../../helpers/factories.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { expectRefused } from '../org/org-fixtures.js';

/** Polls until `probe` answers true (another server's change arrives through the relay). */
async function eventually(probe: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await probe()) {
      return true;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

const csp = async (url: string) => (await fetch(`${url}/login`)).headers.get('content-security-policy') ?? '';

describe.each(dialects)('cameras of a user narrowed to one region (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ dialect });
  });
  afterAll(() => t.close());

  it('lists only the cameras of their region (and those of no region), and may neither add nor change nor delete one elsewhere', async () => {
    const admin = await adminOf(t);
    const [east, west] = [await createRegion(t, admin, { code: 'EAST' }), await createRegion(t, admin, { code: 'WEST' })];
    const mine = await ok(t, cameraSave, { name: '东区', regionid: east, hlsUrl: 'https://cams.example.com/east.m3u8' }, admin.token);
    const theirs = await ok(t, cameraSave, { name: '西区', regionid: west, hlsUrl: 'https://cams.example.com/west.m3u8' }, admin.token);
    await ok(t, cameraSave, { name: '大门', hlsUrl: 'https://cams.example.com/gate.m3u8' }, admin.token);

    const supervisor = await userWithRole(t, 'supervisor', { regions: [east] });
    const seen = await ok(t, cameraList, {}, supervisor.token);
    expect(seen.items.map((c) => c.name).sort()).toEqual(['东区', '大门'].sort());
    // The whole plant's administrator sees all three.
    expect((await ok(t, cameraList, {}, admin.token)).items).toHaveLength(3);

    expectRefused(await call(t.url, cameraSave, { name: '西区新', regionid: west, hlsUrl: 'https://cams.example.com/w2.m3u8' }, supervisor.token), 403, ['regionid']);
    expect((await call(t.url, cameraSave, { id: theirs.id, name: '改名', regionid: east, hlsUrl: theirs.hlsUrl }, supervisor.token)).httpStatus).toBe(403);
    expect((await call(t.url, cameraDelete, { id: theirs.id }, supervisor.token)).httpStatus).toBe(403);
    expect((await ok(t, cameraList, {}, admin.token)).items.find((c) => c.id === theirs.id)?.name).toBe('西区');
    // In their own region they may edit.
    expect((await ok(t, cameraSave, { id: mine.id, name: '东区北', regionid: east, hlsUrl: mine.hlsUrl }, supervisor.token)).name).toBe('东区北');
  });

  it('a role defined at run time gets its home dashboard', async () => {
    const admin = await adminOf(t);
    await ok(t, roleSave, { rolecode: 'shiftLead', rolename: '值班长', rolename_en: 'Shift lead', permissions: ['dashboard:view'] }, admin.token);
    const roleid = (await ok(t, roleList, {}, admin.token)).find((r) => r.rolecode === 'shiftLead')!.roleid;
    const lead = await createUser(t, admin, { roles: [roleid], dept: await createDept(t, admin), all: true });
    expect(await ok(t, homeMine, {}, lead.token)).toEqual({ key: 'safety-overview', role: null });
    await ok(t, homeSave, { items: [{ role: 'shiftLead', key: 'alarms' }] }, admin.token);
    expect(await ok(t, homeMine, {}, lead.token)).toEqual({ key: 'alarms', role: 'shiftLead' });
  });
});

describe.runIf(dialects.includes('postgres'))('the frame allow-list on two servers of one PostgreSQL store', () => {
  let store: TestStore;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    store = await freshDatabase('postgres');
    a = await startTestServer({ dialect: 'postgres', store });
    b = await startTestServer({ dialect: 'postgres', store });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await store?.drop();
  });

  it('an allow-list or a camera saved on one server reaches the other server’s CSP without a restart', async () => {
    const admin = await adminOf(a);
    expect(await csp(b.url)).not.toContain('https://maps.example.com');
    await ok(a, frameOriginsSave, { items: ['https://maps.example.com/plant'] }, admin.token);
    expect(await eventually(async () => (await csp(b.url)).includes("frame-src 'self' blob: https://maps.example.com"))).toBe(true);

    await ok(a, cameraSave, { name: '罐区', hlsUrl: 'https://cams.example.com/tank.m3u8' }, admin.token);
    expect(await eventually(async () => (await csp(b.url)).includes("media-src 'self' blob: https://cams.example.com"))).toBe(true);

    await ok(a, frameOriginsSave, { items: [] }, admin.token);
    expect(await eventually(async () => !(await csp(b.url)).includes('https://maps.example.com'))).toBe(true);
  });
});
