import { expect, type Locator, type Page } from '@playwright/test';
import { signIn } from './sign-in';

/** Signs in on `page` as a demo user and waits for the home page. */
export const signInAs = signIn;

/** The text input of a field of a definition form (`field-<key>`). */
export const fieldInput = (form: Locator, key: string): Locator => form.locator(`input[data-testid="field-${key}"]`);

/** The error shown under a field of a definition form (not the one fading out). */
export const fieldError = (form: Locator, key: string): Locator =>
  form
    .locator('.ant-form-item')
    .filter({ has: form.page().locator(`[data-testid="field-${key}"]`) })
    .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');

/** Picks the option matching `option` in an antd select (typing `search` first for long, virtual lists). */
export async function choose(page: Page, select: Locator, option: RegExp, search?: string) {
  await select.click();
  if (search) {
    // Long option lists are virtual: type to bring the option into the list.
    await page.keyboard.type(search);
  }
  // The newest open dropdown: an earlier select's list may still be fading out (and so "visible") for a moment.
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await list.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  await expect(list).toBeHidden();
}
