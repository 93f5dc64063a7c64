import { mkdirSync } from 'node:fs';
import { alarmAcknowledge, alarmRaise, alarmRealTimeList } from '../src/shared/alarms/contracts';
import { callApi, prepareTank } from './alarm-helpers';
import { expect, screenshots, test } from './fixtures';
import { choose } from './form-helpers';

/*
 * Big screens (issue 22, Done when): a dashboard built in the editor (three
 * widgets, one binding each), saved, opened in kiosk at 3840 × 2160, a value
 * changing live, and a new urgent alarm interrupting the playlist.
 */
const TANK = 'TF-A.DASH-1.LT';

test('build a dashboard in the editor, show it in kiosk at 4K with live values, and an urgent alarm interrupts the playlist', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token, send } = await prepareTank(page, request, TANK);

  // The default dashboard is on /KeyDataShow out of the box.
  await page.goto('/KeyDataShow');
  await expect(page.getByTestId('dashboard-grid')).toHaveAttribute('data-key', 'safety-overview');
  await expect(page.getByTestId('widget-alarm-list')).toBeVisible();

  // Editor: a new dashboard with a value, a gauge and a trend, each bound to the tank.
  await page.goto('/RedashConfig/MajorHazardVisualConfig');
  await page.getByTestId('editor-key').fill('e2e-wall');
  await page.getByTestId('editor-name-zh').fill('端到端大屏');
  for (const [type, label] of [
    ['value', /实时值/],
    ['gauge', /仪表盘/],
    ['sparkline', /趋势/],
  ] as const) {
    await choose(page, page.getByTestId('palette-type'), label);
    await page.getByTestId('palette-add').click();
    await expect(page.getByTestId('widget-form')).toBeVisible();
    await choose(page, page.getByTestId('binding-tag'), new RegExp(TANK.replace(/\./g, '\\.')), 'DASH-1');
    await expect(page.locator('[data-type="' + type + '"]').last()).toBeVisible();
  }
  await page.getByTestId('editor-save').click();
  await expect(page.locator('.ant-message')).toContainText('已保存');

  // Kiosk at 3840 × 2160: no shell, laid out at the real size, values live.
  await page.setViewportSize({ width: 3840, height: 2160 });
  await page.goto('/visualDisplay?dashboard=e2e-wall');
  await expect(page.getByTestId('kiosk')).toHaveAttribute('data-key', 'e2e-wall');
  await expect(page.locator('.pw-sidebar, .ant-layout-sider')).toHaveCount(0);
  const grid = await page.getByTestId('dashboard-grid').boundingBox();
  expect(grid?.width).toBe(3840);
  expect(grid?.height).toBe(2160);
  await send(3.21);
  await expect(page.getByTestId('widget-value-w1')).toHaveText('3.21');
  await send(4.56);
  await expect(page.getByTestId('widget-value-w1')).toHaveText('4.56');
  await expect(page.getByTestId('widget-value-w2')).toHaveText('4.6');

  // A playlist of two dashboards rotates (5 s each); a new urgent alarm stops it and shows its source until acknowledged.
  await page.goto('/visualDisplay?playlist=e2e-wall,alarms&dwell=5');
  await expect(page.getByTestId('kiosk')).toHaveAttribute('data-key', 'e2e-wall');
  await expect(page.getByTestId('kiosk')).toHaveAttribute('data-key', 'alarms', { timeout: 30_000 });
  await callApi(request, token, alarmRaise.path, { key: 'e2e:dash:1', type: 'external', source: 'E2E-DASH', sourceName: '端到端紧急报警', priority: 1 });
  await expect(page.getByTestId('kiosk-interrupt')).toBeVisible();
  await expect(page.getByTestId('kiosk-interrupt-source')).toHaveText('端到端紧急报警');
  const open = await callApi<{ list: { id: number; alarmKey: string }[] }>(request, token, alarmRealTimeList.path, {});
  const id = open.list.find((a) => a.alarmKey.includes('e2e:dash:1'))!.id;
  await callApi(request, token, alarmAcknowledge.path, { ids: [id], comment: '端到端确认' });
  await expect(page.getByTestId('kiosk-interrupt')).toBeHidden();

  if (screenshots) {
    mkdirSync('docs/screenshots', { recursive: true });
    for (const key of ['safety-overview', 'alarms', 'people', 'major-hazards']) {
      for (const [width, height] of [
        [1920, 1080],
        [3840, 2160],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`/visualDisplay?dashboard=${key}`);
        await expect(page.getByTestId('kiosk')).toHaveAttribute('data-key', key);
        await page.waitForTimeout(1500); // values and counts arrive (a picture, not an assertion)
        await page.screenshot({ path: `docs/screenshots/dashboard-${key}-${width}x${height}.png` });
      }
    }
  }
});
