import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardGet, dashboardList, dashboardRestore, dashboardSave, dashboardVersions } from '../../../../src/shared/dashboards/contracts.js';
import type { DashboardDefinition } from '../../../../src/shared/dashboards/definition.js';
import { loadDefaultDashboards } from '../../../../src/server/modules/dashboards/default-dashboards.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused } from '../org/org-fixtures.js';

/** A small dashboard: one value of a tag, one alarm list. */
function buildDashboard(key: string): DashboardDefinition {
  return {
    version: 1,
    key,
    name: { zh: '测试大屏', en: 'Test screen' },
    grid: { cols: 24, rows: 12 },
    widgets: [
      { id: 'v', type: 'value', x: 0, y: 0, w: 6, h: 2, binding: { kind: 'tag', tag: 'TF-A.TK-101.LT' }, options: { decimals: 2 } },
      { id: 'a', type: 'alarmList', x: 6, y: 0, w: 18, h: 6, binding: { kind: 'alarms' }, options: {} },
    ],
  };
}

describe('default dashboards', () => {
  it('every file of dashboards/ validates, is named after its key, and the safety centre has its four screens', () => {
    const defs = loadDefaultDashboards();
    expect(defs.map((d) => d.key).sort()).toEqual(['alarms', 'dual-prevention', 'major-hazards', 'people', 'safety-overview']);
    for (const d of defs) {
      expect(d.widgets.length).toBeGreaterThan(0);
    }
  });
});

describe.each(dialects)('dashboards (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    admin = await demoToken(t.url, 'admin');
    operator = await demoToken(t.url, 'operator');
  });
  afterAll(() => t.close());

  it('the shipped dashboards are seeded on start and an operator may list and open them', async () => {
    const list = await call(t.url, dashboardList, {}, operator);
    expect(list.body.IsSuccess, JSON.stringify(list.body)).toBe(true);
    const keys = list.body.data!.items.map((d) => d.key);
    expect(keys).toEqual(expect.arrayContaining(['safety-overview', 'alarms', 'people', 'major-hazards']));
    expect(list.body.data!.items.every((d) => d.builtin && d.version === 1)).toBe(true);
    const one = await call(t.url, dashboardGet, { key: 'safety-overview' }, operator);
    expect(one.body.data!.definition.widgets.map((w) => w.type)).toEqual(expect.arrayContaining(['stat', 'value', 'sparkline', 'gauge', 'alarmList', 'areaCount']));
  });

  it('a save is audited, versioned with a diff, refuses a stale version, and restores an earlier one', async () => {
    const def = buildDashboard('test-screen');
    const created = await call(t.url, dashboardSave, { definition: def }, admin);
    expect(created.body.IsSuccess, JSON.stringify(created.body)).toBe(true);
    const id = created.body.data!.id;
    expect(created.body.data!.version).toBe(1);

    const edited = { ...def, widgets: [...def.widgets.slice(1), { id: 'g', type: 'gauge' as const, x: 0, y: 6, w: 6, h: 4, binding: { kind: 'tag' as const, tag: 'TF-B.SP-201.PT' }, options: { min: 0, max: 3 } }] };
    const second = await call(t.url, dashboardSave, { id, version: 1, definition: edited }, admin);
    expect(second.body.data!.version).toBe(2);

    const stale = await call(t.url, dashboardSave, { id, version: 1, definition: def }, admin);
    expectRefused(stale, 409, ['version']);

    const versions = await call(t.url, dashboardVersions, { id }, admin);
    expect(versions.body.data!.items.map((v) => v.version)).toEqual([2, 1]);
    expect(versions.body.data!.items[0].diff).toEqual({ added: ['g'], removed: ['v'], changed: [] });

    const restored = await call(t.url, dashboardRestore, { id, version: 1 }, admin);
    expect(restored.body.data!.version).toBe(3);
    expect(restored.body.data!.definition.widgets.map((w) => w.id)).toEqual(['v', 'a']);

    const rows = await t.server.store.db.selectFrom('audit_log').selectAll().where('entity', '=', 'dashboard').where('entity_id', '=', String(id)).execute();
    expect(rows.map((r) => r.action).sort()).toEqual(['dashboard.restore', 'dashboard.save', 'dashboard.save', 'dashboard.save']);
    expect(rows.every((r) => r.loginname === 'admin')).toBe(true);
  });

  it('bad input is refused naming the field; an operator may not save', async () => {
    const bad = buildDashboard('bad-screen');
    bad.widgets[0].x = 20;
    const r = await call(t.url, dashboardSave, { definition: bad }, admin);
    expectRefused(r, 400);
    expect(r.body.error.controls.join(',')).toContain('definition.widgets.0.w');
    const badTag = { ...buildDashboard('bad-tag'), widgets: [{ ...buildDashboard('x').widgets[0], binding: { kind: 'tag' as const, tag: 'no spaces allowed' } }] };
    const r2 = await call(t.url, dashboardSave, { definition: badTag }, admin);
    expectRefused(r2, 400);
    expect(r2.body.error.controls.join(',')).toContain('definition.widgets.0.binding.tag');
    const dup = await call(t.url, dashboardSave, { definition: buildDashboard('alarms') }, admin);
    expectRefused(dup, 409, ['definition.key']);
    const denied = await call(t.url, dashboardSave, { definition: buildDashboard('operator-screen') }, operator);
    expect(denied.httpStatus).toBe(403);
    expect(denied.body.IsSuccess).toBe(false);
  });
});
