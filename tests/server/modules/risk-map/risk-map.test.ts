import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMapColors, mapColorsGet, mapColorsSave } from '../../../../src/shared/risk-map/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { expectRefused } from '../org/org-fixtures.js';
import { adminOf, userWithRole } from '../../../helpers/factories.js';

/** Issue 21 §4, /MapColors: the palette of the four-colour maps in the store, the standard's until changed, every change audited. */
describe.each(dialects)('risk map colours (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let supervisor: string;
  let operator: string;

  beforeAll(async () => {
    t = await startTestServer({ dialect, env: { LOG_LEVEL: 'error' } });
    [admin, supervisor, operator] = await Promise.all([adminOf(t).then((a) => a.token), userWithRole(t, 'supervisor').then((u) => u.token), userWithRole(t, 'operator').then((u) => u.token)]);
  });
  afterAll(() => t?.close());

  it('starts with the national colours (red, orange, yellow, blue) for anyone who views risk', async () => {
    const r = await call(t.url, mapColorsGet, {}, operator);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data!.items.map((c) => c.color)).toEqual(['#FF0000', '#FF9900', '#FFFF00', '#0070C0']);
    expect(r.body.data!.updatedAt).toBeNull();
    expectRefused(await call(t.url, mapColorsGet, {}), 401);
  });

  const table: [string, unknown, number, string[]][] = [
    ['three levels only', defaultMapColors.slice(1), 400, ['items']],
    ['a colour that is not #RRGGBB', defaultMapColors.map((c) => (c.level === 2 ? { ...c, color: 'orange' } : c)), 400, ['items.1.color']],
    ['opacity above 1', defaultMapColors.map((c) => (c.level === 3 ? { ...c, opacity: 1.5 } : c)), 400, ['items.2.opacity']],
    ['opacity 0 (the zone would vanish)', defaultMapColors.map((c) => (c.level === 4 ? { ...c, opacity: 0 } : c)), 400, ['items.3.opacity']],
    ['two levels with one colour', defaultMapColors.map((c) => (c.level === 2 ? { ...c, color: '#ff0000' } : c)), 400, ['items.1.color']],
    ['a level twice', defaultMapColors.map((c) => (c.level === 4 ? { ...c, level: 3, color: '#123456' } : c)), 400, ['items.3.level']],
  ];
  it.each(table)('refuses %s, naming the field', async (_name, items, status, controls) => {
    expectRefused(await call(t.url, mapColorsSave, { items }, admin), status, controls);
  });

  it('a supervisor restyles the palette; it is stored (upper-case hex), read back by everyone and audited with before and after; an operator may not', async () => {
    const items = defaultMapColors.map((c) => (c.level === 1 ? { ...c, color: '#c00000', opacity: 0.75 } : c));
    expectRefused(await call(t.url, mapColorsSave, { items }, operator), 403);
    const saved = await call(t.url, mapColorsSave, { items }, supervisor);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    const read = await call(t.url, mapColorsGet, {}, operator);
    expect(read.body.data!.items[0]).toEqual({ level: 1, color: '#C00000', opacity: 0.75 });
    expect(read.body.data!.items[1]).toEqual(defaultMapColors[1]);
    expect(read.body.data!.updatedBy).toBe('supervisor');
    const rows = await t.server.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'riskMap.colors.save').execute();
    expect(rows).toHaveLength(1);
    const detail = JSON.parse(rows[0].detail) as { before: { color: string }[]; after: { color: string }[] };
    expect([detail.before[0].color, detail.after[0].color]).toEqual(['#FF0000', '#C00000']);
  });
});
