import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFigures, dashboardSave } from '../../../../src/shared/dashboards/contracts.js';
import { runningEffectCall } from '../../../../src/shared/performance-board/contracts.js';
import { call } from '../../../helpers/api.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { expectRefused } from '../org/org-fixtures.js';
import { adminOf, userWithRole } from '../../../helpers/factories.js';

/**
 * Widgets declared by their module (issue 22): the performance board offers
 * its figures; a screen reads several in one call, each under its own
 * permission, and a dashboard naming a figure no module offers is refused.
 */
describe('module figures on dashboards', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await adminOf(t).then((a) => a.token);
  });
  afterAll(() => t.close());

  it('answers the module\'s own figures, unknown keys as unknown', async () => {
    const effect = (await call(t.url, runningEffectCall, {}, admin)).body.data!;
    const r = (await call(t.url, dashboardFigures, { keys: ['performance.riskPoints', 'performance.rectifyRate', 'performance.overdue', 'nobody.figure'] }, admin)).body.data!;
    expect(r.values['performance.riskPoints']).toEqual({ v: effect.riskPoints, state: 'ok' });
    expect(r.values['performance.rectifyRate']).toEqual({ v: effect.all.rectifyRate, state: 'ok' });
    expect(r.values['performance.overdue']).toEqual({ v: effect.all.overdue, state: 'ok' });
    expect(r.values['nobody.figure']).toEqual({ v: null, state: 'unknown' });
  });

  it('gives a figure only to those holding its permission', async () => {
    const r = (await call(t.url, dashboardFigures, { keys: ['performance.riskPoints'] }, await userWithRole(t, 'contractor').then((u) => u.token))).body.data!;
    expect(r.values['performance.riskPoints']).toEqual({ v: null, state: 'denied' });
  });

  it('refuses a dashboard bound to a figure no module offers, naming the widget\'s field', async () => {
    const definition = {
      version: 1 as const,
      key: 'figure-test',
      name: { zh: '指标', en: 'Figures' },
      grid: { cols: 24, rows: 12 },
      widgets: [{ id: 'f', type: 'stat' as const, x: 0, y: 0, w: 4, h: 2, binding: { kind: 'figure' as const, figure: 'nobody.figure' }, options: {} }],
    };
    const bad = await call(t.url, dashboardSave, { definition }, admin);
    expectRefused(bad, 400, ['definition.widgets.0.binding.figure']);
    const good = await call(t.url, dashboardSave, { definition: { ...definition, widgets: [{ ...definition.widgets[0], binding: { kind: 'figure' as const, figure: 'performance.onTimeRate' } }] } }, admin);
    expect(good.body.IsSuccess, JSON.stringify(good.body.error)).toBe(true);
  });
});
