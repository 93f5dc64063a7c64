import { expect, type Locator, type Page } from '@playwright/test';

const PASSWORD = process.env.DEMO_PASSWORD ?? 'Plantwatch@2026';

/** Signs in on `page` as a demo user and waits for the home page. */
export async function signInAs(page: Page, user: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/Gateway\/home/);
}

/** The text input of a field of a definition form (`field-<key>`). */
export const fieldInput = (form: Locator, key: string): Locator => form.locator(`input[data-testid="field-${key}"]`);

/** The error shown under a field of a definition form (not the one fading out). */
export const fieldError = (form: Locator, key: string): Locator =>
  form
    .locator('.ant-form-item')
    .filter({ has: form.page().locator(`[data-testid="field-${key}"]`) })
    .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
