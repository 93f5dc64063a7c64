import { expect, test } from './fixtures';
import { ingestSender, signIn } from './alarm-helpers';

// WebGL in headless Chromium without a GPU: SwiftShader (software GL), allowed explicitly.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic'],
  },
});

interface Plant3dHook {
  project(node: string): { x: number; y: number } | null;
  fill(node: string): number | null;
  markers(kind: 'person' | 'vehicle'): number;
  frames: number;
}

const LEVEL = 'TF-A.TK-101.LT';
/** TK-101 is 17.8 m high: its level range is 0..17.8 m. */
const HEIGHT = 17.8;

test('3D plant and drawing: the model loads in software GL, a posted level sample moves the tank fill, a click on the tank shows its live values and its faceplate; the tank-farm drawing shows the value live', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const send = await ingestSender(request, token, 'e2e plant3d');

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/FactoryModel/Display');
  await expect(page.getByTestId('plant3d')).toHaveAttribute('data-ready', '1', { timeout: 30_000 });
  await expect(page.locator('[data-testid="plant3d"] canvas')).toBeVisible();

  const fill = page.getByTestId('plant3d-fill-TK-101');
  await send(LEVEL, HEIGHT * 0.25);
  await expect(fill).toHaveAttribute('data-fill', '0.250');
  await send(LEVEL, HEIGHT * 0.75);
  await expect(fill).toHaveAttribute('data-fill', '0.750');
  expect(await page.evaluate(() => (window as unknown as { __plant3d: Plant3dHook }).__plant3d.fill('TK-101'))).toBeCloseTo(0.75, 3);
  await page.screenshot({ path: 'test-results/screens/plant3d-1920.png' });

  // A click (not a drag) on the tank picks it: its live values, then its faceplate.
  const at = (await page.evaluate(() => (window as unknown as { __plant3d: Plant3dHook }).__plant3d.project('TK-101')))!;
  expect(at).not.toBeNull();
  await page.mouse.click(at.x, at.y);
  const panel = page.getByTestId('plant3d-panel');
  await expect(panel).toContainText('TK-101');
  await expect(page.getByTestId(`plant3d-value-${LEVEL}`)).toContainText((HEIGHT * 0.75).toFixed(2));
  await page.getByTestId('plant3d-faceplate').click();
  await expect(page.getByTestId(`faceplate-${LEVEL}`)).toBeVisible();
  await page.keyboard.press('Escape');

  // Above HH (90 % of the height) the tank takes its alarm's colour, in 3D and on the drawing below.
  await send(LEVEL, HEIGHT * 0.95);
  await expect(fill).toHaveAttribute('data-alarm', /^[1-4]$/);

  // At phone width the scene still renders and fills follow.
  await page.setViewportSize({ width: 390, height: 844 });
  await send(LEVEL, HEIGHT * 0.5);
  await expect(fill).toHaveAttribute('data-fill', '0.500');
  await page.screenshot({ path: 'test-results/screens/plant3d-390.png' });

  // The tank-farm drawing shows the same tag live: value text and level bar.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/NewSvg/SvgConfig');
  const view = page.getByTestId('drawing-view');
  await expect(view.locator('svg')).toBeVisible();
  await expect(view.locator('[id="TK-101-LT"]')).toContainText((HEIGHT * 0.5).toFixed(2));
  await send(LEVEL, HEIGHT * 0.6);
  await expect(view.locator('[id="TK-101-LT"]')).toContainText((HEIGHT * 0.6).toFixed(2));
  await expect(view.locator('[id="TK-101-level"]')).toHaveAttribute('height', '60.00');
  // The alarm raised above is still open (unacknowledged): the shell shows its priority's colour.
  await expect(view.locator('[id="TK-101-shell"]')).toHaveAttribute('data-alarm', /^[1-4]$/);
  await page.screenshot({ path: 'test-results/screens/drawing-1440.png' });

  // Read-only and fitted at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('drawing-show').click();
  await expect(page.getByTestId('svg-show').locator('[id="TK-101-LT"]')).toContainText((HEIGHT * 0.6).toFixed(2));
  await page.screenshot({ path: 'test-results/screens/drawing-390.png' });
});
