import { expect, test } from './fixtures';
import { screens, signIn } from './alarm-helpers';

/*
 * Issue 20 §7, the regulator push page: a bad endpoint is refused on its field
 * (the contract's own rule, in the form); a saved endpoint that does not answer
 * leaves the demo plant's major hazard sources waiting in the buffer with the
 * last error shown.
 */
test('the regulator push endpoint is validated on the form; an endpoint that does not answer leaves rows waiting with the error shown', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/realTimeDataCollection/RegulatorPush');
  await expect(page.getByTestId('mh-push')).toBeVisible();
  await page.getByTestId('mh-push-url').fill('mqtt://127.0.0.1:1883');
  await page.getByTestId('mh-push-interval').fill('5');
  await page.getByTestId('mh-push-save').click();
  // HTTP with an mqtt:// address: refused on the URL field.
  await expect(page.locator('.ant-form-item-has-error')).toContainText('接收地址不正确');

  // Port 47 on this host: nothing listens there, so every try is refused and the rows wait.
  await page.getByTestId('mh-push-url').fill('http://127.0.0.1:47/regulator');
  await page.getByTestId('mh-push-plant').fill('DEMO-001');
  await page.getByTestId('mh-push-enabled').click();
  await page.getByTestId('mh-push-save').click();
  await expect(page.locator('.ant-form-item-has-error')).toHaveCount(0);
  await expect
    .poll(async () => {
      await page.getByRole('button', { name: '↻' }).click();
      return Number(await page.getByTestId('mh-push-waiting').textContent());
    })
    .toBeGreaterThan(0);
  await expect(page.getByTestId('mh-push-error')).not.toHaveText('');
  await expect(page.locator('[data-testid^="mh-push-row-"]').first()).toHaveAttribute('data-status', 'waiting');

  await screens(page, '/realTimeDataCollection/RegulatorPush', 'regulator-push', 'mh-push');
});
