import { mkdirSync } from 'node:fs';
import { alarmRaise } from '../src/shared/alarms/contracts';
import { monitorList, type MonitorSource } from '../src/shared/major-hazard/contracts';
import { ingestSender } from './alarm-helpers';
import { expect, screenshots, test, type Page } from './fixtures';
import { callApi, signIn } from './sign-in';

/*
 * Issue 22 §4: the wall's own screens /deviceChart, /keyData and /visualDisplay
 * open without the shell at 1920 × 1080, 3840 × 2160 and on a phone, in Chinese
 * and English, fit, show no message code, scale their text with the screen,
 * and follow their topics live.
 */
const screens = [
  { path: '/deviceChart', id: 'device-chart', ready: '.pw-device' },
  { path: '/keyData', id: 'key-data', ready: '[data-testid="key-open-alarms"]' },
  // The map's first render in software GL can take minutes on a loaded machine; the layout is checked without waiting for it.
  { path: '/visualDisplay', id: 'visual-display', ready: '[data-testid="wall-map"]' },
] as const;

async function adminToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
}

for (const locale of ['zh-CN', 'en-US']) {
  test(`the wall screens open without the shell, fit and scale at 1920, 3840 and 390 px in ${locale}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const lang = locale.slice(0, 2);
    const ctx = await browser.newContext({ locale, viewport: { width: 1920, height: 1080 } });
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const s of screens) {
      const titleSize: number[] = [];
      for (const [width, height] of [
        [1920, 1080],
        [3840, 2160],
        [390, 844],
      ] as const) {
        await test.step(`${s.path} ${width}`, async () => {
          await page.setViewportSize({ width, height });
          await page.goto(s.path);
          await expect(page.getByTestId(s.id)).toBeVisible();
          await expect(page.locator(s.ready).first()).toBeVisible({ timeout: 60_000 });
          expect(new URL(page.url()).pathname).toBe(s.path);
          await expect(page.locator('.pw-sidebar, .ant-layout-sider')).toHaveCount(0);
          const text = await page.getByTestId(s.id).innerText();
          expect(text.match(/\b(dashboards|majorHazard|common|permits|risk)\.[A-Za-z]+(\.[A-Za-z0-9]+)*\b/g) ?? []).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          titleSize.push(await page.locator('.pw-wall-head h1').evaluate((el) => parseFloat(getComputedStyle(el).fontSize)));
          if (screenshots) {
            mkdirSync('test-results/screens/wall-screens', { recursive: true });
            await page.screenshot({ path: `test-results/screens/wall-screens/${s.id}-${width}-${lang}.png` });
          }
        });
      }
      // Text in proportion to the screen: twice as tall at 3840 as at 1920, never below the minimum on a phone.
      expect(titleSize[1]).toBeCloseTo(titleSize[0] * 2, 0);
      expect(titleSize[2]).toBeGreaterThanOrEqual(18);
    }
    await ctx.close();
  });
}

test('the wall screens follow their topics: a device value, an urgent alarm, people on the map', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  const token = await adminToken(page);
  const { sources } = await callApi<{ sources: MonitorSource[] }>(request, token, monitorList.path, {});
  const device = sources.flatMap((s) => s.devices).find((d) => d.level !== null)!;
  const tag = device.level!.id;

  // /deviceChart: a value sent to the device's level tag shows on its panel.
  await page.setViewportSize({ width: 3840, height: 2160 });
  await page.goto(`/deviceChart?device=${device.id}`);
  await expect(page.getByTestId(`device-${device.id}`)).toBeVisible();
  await expect(page.getByTestId('device-grid').locator('section')).toHaveCount(1);
  const send = await ingestSender(request, token, 'e2e wall screens');
  await send(tag, 4.321);
  await expect(page.getByTestId(`device-value-${tag}`)).toHaveText('4.32');
  await send(tag, 5.678);
  await expect(page.getByTestId(`device-value-${tag}`)).toHaveText('5.68');

  // /keyData: a new urgent alarm adds one to the urgent count and to the banner.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/keyData');
  const urgent = page.getByTestId('key-priority-1-value');
  await expect(urgent).toHaveText(/^\d+$/);
  await expect(page.getByTestId('key-people-value')).not.toHaveText('0');
  const before = Number(await urgent.innerText());
  await callApi(request, token, alarmRaise.path, { key: 'e2e:wall-screens:1', type: 'external', source: 'E2E-WALL', sourceName: '大屏紧急报警', priority: 1 });
  await expect(urgent).toHaveText(String(before + 1));
  await expect(page.getByTestId('alarm-banner-1')).toContainText(String(before + 1));
  await expect(page.getByTestId('widget-key-alarms')).toContainText('大屏紧急报警');

  // /visualDisplay: the map's people layer follows the position topic.
  await page.goto('/visualDisplay');
  await expect(page.getByTestId('wall-map-state')).toHaveAttribute('data-people', /^[1-9]\d*$/);
});
