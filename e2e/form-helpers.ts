import type { Locator } from '@playwright/test';
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
