import { expect, screenshots, test } from './fixtures';
import { callApi, ingestSender, regionIdOf, signIn } from './alarm-helpers';
import { plantModelBindingSave, plantModelGet, type PlantModel } from '../src/shared/plant-model/contracts';
import { tagSave } from '../src/shared/realtime/contracts';
import { levelHex } from '../src/client/ui/risk-level';

/** A level's colour as the scene reports its tint (`#rrggbb`, lower case). */
const tintOf = (level: 1 | 2 | 3 | 4) => levelHex(level).toLowerCase();

// WebGL in headless Chromium without a GPU: SwiftShader (software GL), allowed explicitly.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic'],
  },
});

interface Plant3dHook {
  project(node: string): { x: number; y: number } | null;
  tint(node: string): string | null;
  alarm(node: string): number | null;
}

/**
 * A gas detector of our own in the utilities zone (blue in the demo; the tank farm is red already),
 * bound to TK-101's node: its HH alarm sets the utilities zone red (rule gas-second-level).
 */
const GAS = 'UT.GD-E2E-3D.AT';

/*
 * Issue 23 on /FactoryModel/Display: each zone plate is tinted by its zone's live
 * four-colour level: UT's turns red on the open page when a gas HH alarm in it raises the level
 * (topic `risk`, no reload); alarm-follow flies to the tank whose tag alarmed; a click on the tank
 * opens its card with the major hazard device, the unit's grade and the open alarm; the time
 * slider replays the window without the alarm at its start and hands the scene back when closed.
 */
test('3D plant: zone tint follows the live risk level, alarm-follow, the tank card with its major hazard device, and the time slider', async ({ page, request }) => {
  test.setTimeout(150_000);
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const ut = await regionIdOf(request, token, 'UT');
  await callApi(request, token, tagSave.path, {
    isNew: true,
    id: GAS,
    name: '端到端三维气体探测器',
    name_en: 'E2E 3D gas detector',
    unit: '%LEL',
    kind: 'lel',
    device: 'GD-E2E-3D',
    regionid: ut,
    hazard_source: '',
    range_lo: 0,
    range_hi: 100,
    ll: null,
    l: null,
    h: 25,
    hh: 50,
    deadband: 1,
    enabled: 1,
  });
  const model = await callApi<PlantModel>(request, token, plantModelGet.path, {});
  const tank = model.nodes.find((n) => n.node === 'TK-101')!;
  expect(tank.equipment).toBe('TK-101');
  await callApi(request, token, plantModelBindingSave.path, { model: model.model, node: 'TK-101', region: tank.region, tags: [...tank.tags, GAS], levelTag: tank.levelTag });
  const send = await ingestSender(request, token, 'e2e plant3d live');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/FactoryModel/Display');
  await expect(page.getByTestId('plant3d')).toHaveAttribute('data-ready', '1', { timeout: 30_000 });
  const zone = page.getByTestId('plant3d-zone-zone_UT');
  // The tank farm is red from its evaluated risk points before any alarm.
  await expect(page.getByTestId('plant3d-zone-zone_TF-A')).toHaveAttribute('data-tint', tintOf(1));
  await expect(zone).toHaveAttribute('data-level', /^[2-4]$/);
  const before = await zone.getAttribute('data-tint');
  expect(before).toBe(tintOf(Number(await zone.getAttribute('data-level')) as 2 | 3 | 4));

  await page.getByTestId('plant3d-follow').click();
  await send(GAS, 10);
  await send(GAS, 60);
  // The open page: the zone turns red without a reload, in the scene as in the mirror.
  await expect(zone).toHaveAttribute('data-level', '1', { timeout: 30_000 });
  await expect(zone).toHaveAttribute('data-tint', tintOf(1));
  expect(await page.evaluate(() => (window as unknown as { __plant3d: Plant3dHook }).__plant3d.tint('zone_UT'))).toBe(tintOf(1));
  // Alarm-follow flew to the tank the alarmed tag is bound to.
  await expect(page.getByTestId('plant3d-follow')).toHaveAttribute('data-followed', 'TK-101');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __plant3d: Plant3dHook }).__plant3d.alarm('TK-101'))).not.toBeNull();

  // A click on the tank: its card with the major hazard device, the unit's grade and the open gas alarm.
  await page.getByTestId('plant3d-follow').click();
  const at = (await page.evaluate(() => (window as unknown as { __plant3d: Plant3dHook }).__plant3d.project('TK-101')))!;
  await page.mouse.click(at.x, at.y);
  const card = page.getByTestId('plant3d-panel');
  await expect(card).toHaveAttribute('data-node', 'TK-101');
  await expect(card.getByTestId('plant3d-equipment')).toContainText('TK-101');
  await expect(card.getByTestId('plant3d-grade')).toHaveText(/[一二三四]级|未构成重大危险源/);
  await expect(card.getByTestId('plant3d-card-alarms')).toContainText(GAS);
  await expect(card.locator('.risk-level-tag')).toHaveAttribute('data-level', '1');
  if (screenshots) {
    await page.screenshot({ path: 'test-results/screens/plant3d-live-zh-1440.png' });
  }

  // The time slider: at the window's start the alarm (raised since) is not shown; closing it brings the live scene back.
  await page.getByTestId('plant3d-replay-open').click();
  const replay = page.getByTestId('plant3d-replay');
  await expect(replay.locator('.ant-slider-handle')).toBeVisible({ timeout: 30_000 });
  await replay.locator('.ant-slider-handle').focus();
  await page.keyboard.press('Home');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __plant3d: Plant3dHook }).__plant3d.alarm('TK-101'))).toBeNull();
  await expect(page.getByTestId('plant3d-replay-time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await page.getByTestId('plant3d-replay-close').click();
  await expect(replay).toBeHidden();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __plant3d: Plant3dHook }).__plant3d.alarm('TK-101'))).not.toBeNull();

  // The alarm returns to normal (hold 0): the zone falls back to its level and colour before.
  await send(GAS, 5);
  await expect(zone).toHaveAttribute('data-tint', before!, { timeout: 30_000 });

  if (screenshots) {
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/FactoryModel/Display');
    await expect(page.getByTestId('plant3d')).toHaveAttribute('data-ready', '1', { timeout: 30_000 });
    await page.getByTestId('plant3d-replay-open').click();
    await expect(page.getByTestId('plant3d-replay').locator('.ant-slider-handle')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: 'test-results/screens/plant3d-live-en-390.png' });
    await page.evaluate(() => localStorage.setItem('language', 'zh'));
  }
});
