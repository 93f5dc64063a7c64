import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJsonMenus } from '../../../../src/shared/org/contracts.js';
import { classDelete, classList, classSave, classSetTags, tagList } from '../../../../src/shared/realtime/contracts.js';
import { call } from '../../../helpers/api.js';
import { type TestServer, dialects, startTestServer } from '../../../helpers/server.js';
import { auditOf, demoToken, expectRefused } from './realtime-fixtures.js';
import { realtimePort } from '../../../../src/server/modules/realtime/port.js';

describe.each(dialects)('realtime classification (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect, env: { SIMULATOR: '0' } });
    admin = await demoToken(t.url, 'admin');
    operator = await demoToken(t.url, 'operator');
  });
  afterAll(() => t?.close());

  it('the demo tree: major hazard sources by unit, gas detection, loading station, SOS; a tag may sit in several', async () => {
    const r = await call(t.url, classList, {}, admin);
    expect(r.body.IsSuccess).toBe(true);
    const byName = new Map(r.body.data!.map((c) => [c.name_en, c]));
    const hazards = byName.get('Major hazard sources')!;
    const units = r.body.data!.filter((c) => c.parentid === hazards.id).map((c) => c.name_en);
    expect(units).toEqual(expect.arrayContaining(['Flammable liquid tanks', 'LPG spheres', 'Ammonia tanks', 'Synthesis unit']));
    const lpg = r.body.data!.find((c) => c.name_en === 'LPG spheres')!;
    const combustible = byName.get('Combustible gas detection')!;
    const both = lpg.tagids.filter((id) => combustible.tagids.includes(id));
    expect(both.length).toBeGreaterThan(0);
    expect(byName.get('Personnel SOS')!.tagids.every((id) => id.startsWith('person.'))).toBe(true);
  });

  it('isolation: the operator sees the tree, with only the member tags of their regions', async () => {
    const r = await call(t.url, classList, {}, operator);
    const synthesis = r.body.data!.find((c) => c.name_en === 'Synthesis unit')!;
    expect(synthesis.tagids).toEqual([]);
    const lpg = r.body.data!.find((c) => c.name_en === 'LPG spheres')!;
    expect(lpg.tagids.length).toBeGreaterThan(0);
  });

  it('create, set tags, filter TagList by class (with sub-classes), refuse bad moves, delete; all audited', async () => {
    const parent = await call(t.url, classSave, { name: '我的视图', name_en: 'My view', sort: 9 }, admin);
    expect(parent.body.data).toMatchObject({ parentid: 0, name: '我的视图', tagids: [] });
    const child = await call(t.url, classSave, { parentid: parent.body.data!.id, name: '球罐压力' }, admin);
    const childId = child.body.data!.id;

    const pressures = ['TF-B.SP-201.PT', 'TF-B.SP-202.PT'];
    const set = await call(t.url, classSetTags, { id: childId, tagids: pressures }, admin);
    expect(set.body.data!.tagids).toEqual(pressures);
    expect(t.server.port(realtimePort).registry.groupMembers!(String(parent.body.data!.id))).toEqual(pressures);

    const filtered = await call(t.url, tagList, { class_id: parent.body.data!.id }, admin);
    expect(filtered.body.data!.items.map((i) => i.id)).toEqual(pressures);
    expect(filtered.body.data!.items[0].classids).toContain(childId);

    expectRefused(await call(t.url, classSetTags, { id: childId, tagids: ['NO.SUCH.TAG'] }, admin), 400, ['tagids']);
    expectRefused(await call(t.url, classSave, { id: parent.body.data!.id, parentid: childId, name: '我的视图' }, admin), 400, [
      'parentid',
    ]);
    expectRefused(await call(t.url, classSave, { parentid: 999_999, name: 'x' }, admin), 400, ['parentid']);
    expectRefused(await call(t.url, classSave, { name: '' }, admin), 400, ['name']);
    expectRefused(await call(t.url, classDelete, { id: parent.body.data!.id }, admin), 409, ['id']);

    expect((await call(t.url, classDelete, { id: childId }, admin)).body.IsSuccess).toBe(true);
    expect((await call(t.url, classDelete, { id: parent.body.data!.id }, admin)).body.IsSuccess).toBe(true);
    expectRefused(await call(t.url, classDelete, { id: childId }, admin), 404);
    expect(t.server.port(realtimePort).registry.groupMembers!(String(childId))).toBeNull();

    const audits = await auditOf(t.url, admin, 'tag_class', String(childId));
    expect(audits.map((a) => a.action)).toEqual(['delete', 'set_tags', 'create']);
    expect(JSON.parse(audits[1].detail)).toEqual({ added: pressures, removed: [] });
  });

  it('changes need realtime:manage', async () => {
    expectRefused(await call(t.url, classSave, { name: 'x' }, operator), 403);
    expectRefused(await call(t.url, classSetTags, { id: 1, tagids: [] }, operator), 403);
    expectRefused(await call(t.url, classDelete, { id: 1 }, operator), 403);
  });

  it('menus: the major hazard directory with the four pages for the administrator; no management pages for the operator', async () => {
    const hrefsOf = async (token: string) => {
      const r = await call(t.url, getJsonMenus, {}, token);
      const dir = r.body.data!.find((m) => m.href === '/No.88/MajorHazard');
      return dir ? { type: dir.type, system: dir.eightyEightType, pages: dir.childs.map((c) => c.href) } : null;
    };
    // The directory also holds other areas' pages (alarms); the realtime ones are these, in this order.
    const realtimeOnly = (m: Awaited<ReturnType<typeof hrefsOf>>) =>
      m && { ...m, pages: m.pages.filter((p) => p.startsWith('/realTimeData/')) };
    expect(realtimeOnly(await hrefsOf(admin))).toEqual({
      type: 1,
      system: 1,
      pages: ['/realTimeData/detailsView', '/realTimeData/history', '/realTimeData/manage', '/realTimeData/calssificationManage'],
    });
    expect(realtimeOnly(await hrefsOf(operator))).toEqual({
      type: 1,
      system: 1,
      pages: ['/realTimeData/detailsView', '/realTimeData/history'],
    });
    expect(await hrefsOf(await demoToken(t.url, 'contractor'))).toBeNull();
  });
});
