import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo accounts' password (DEMO_PASSWORD or the documented default). */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Plantwatch@2026';

/** Signs a demo user in through the sign-in page and waits for the home page. */
export async function signIn(page: Page, loginname: string) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(loginname);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/Gateway\/home/);
}

/** Calls the API with a user's token and expects it to succeed; returns `data`. */
export async function callApi<T>(request: APIRequestContext, token: string, path: string, body: unknown): Promise<T> {
  const res = await request.post(path, { data: body, headers: { authorization: `Bearer ${token}` } });
  const env = (await res.json()) as { IsSuccess: boolean; data: T };
  expect(env.IsSuccess, JSON.stringify(env)).toBe(true);
  return env.data;
}
