import { expect, test } from './fixtures';
import { callApi, signIn } from './sign-in';
import { plantModelUploadDelete } from '../src/shared/plant-model/contracts';
import { buildGlb } from '../tests/helpers/glb';

// WebGL in headless Chromium without a GPU: SwiftShader (software GL), allowed explicitly.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic'],
  },
});

interface Plant3dHook {
  project(node: string): { x: number; y: number } | null;
}

const TAG = 'TF-A.TK-101.TT';

test('a plant uploads its own GLB on the binding page: a wrong file is refused by name, the model is kept, an unbound node is bound, and the 3D display shows the uploaded model', async ({ page, request }) => {
  // A shared two-core machine: the first calls of a freshly seeded demo server and software GL are slow.
  test.setTimeout(400_000);
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/RedashConfig/FactoryMapConfig');
    // The first call on a freshly seeded demo server can be slow on a shared machine.
    await expect(page.getByTestId('model-glb-compare')).toBeVisible({ timeout: 90_000 });
    const input = page.getByTestId('model-glb-input');

    // Refused by name, before anything is stored: a node named twice.
    await input.setInputFiles({ name: 'bad.glb', mimeType: 'model/gltf-binary', buffer: buildGlb(['E2E-R1', 'E2E-R1']) });
    await expect(page.locator('.ant-message')).toContainText('E2E-R1');
    await expect(page.getByTestId('model-uploaded')).toHaveCount(0);

    await input.setInputFiles({ name: 'our-plant.glb', mimeType: 'model/gltf-binary', buffer: buildGlb(['E2E-R1', 'E2E-R2'], { size: 60 }) });
    await expect(page.getByTestId('model-uploaded')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('model-unbound-E2E-R1')).toBeVisible();
    await expect(page.getByTestId('model-unbound-tags')).toContainText(TAG);

    // Bind an unbound node from its tag: region and a tag.
    await page.getByTestId('model-unbound-E2E-R1').click();
    await page.getByTestId('model-bind-region').fill('TF-A');
    await page.getByTestId('model-bind-tags').locator('input').fill(TAG);
    await page.keyboard.press('Enter');
    await page.locator('.ant-modal').getByRole('button', { name: /OK|确\s*定/ }).click();
    await expect(page.locator('.ant-table')).toContainText('E2E-R1');
    await expect(page.getByTestId('model-unbound-E2E-R1')).toHaveCount(0);
    await expect(page.getByTestId('model-unbound-E2E-R2')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/plant-model-upload-1440.png' });

    // The display loads the upload (from the store, with the token) instead of the demo plant; a click on the bound node shows its values.
    await page.goto('/FactoryModel/Display');
    const view = page.getByTestId('plant3d');
    await expect(view).toHaveAttribute('data-model', 'plant');
    await expect(view).toHaveAttribute('data-ready', '1', { timeout: 30_000 });
    // The hook is set once the canvas is up, a little after data-ready.
    const project = (node: string) => page.evaluate((n) => (window as unknown as { __plant3d?: Plant3dHook }).__plant3d?.project(n) ?? null, node);
    await expect.poll(() => project('E2E-R1'), { timeout: 30_000 }).not.toBeNull();
    const at = await project('E2E-R1');
    expect(await project('TK-101')).toBeNull();
    await page.mouse.click(at!.x, at!.y);
    await expect(page.getByTestId('plant3d-panel')).toContainText('E2E-R1');
    await expect(page.getByTestId(`plant3d-value-${TAG}`)).toBeVisible();
  } finally {
    // Other specs on this server expect the demo plant.
    await callApi(request, token, plantModelUploadDelete.path, { model: 'plant' }).catch(() => undefined);
  }
});
