import { expect, test } from './fixtures';
import { signIn } from './sign-in';


test('an administrator creates an ingest key, a gateway sends with it, and after revoking it is refused', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/system/ingestKeys');
  await page.getByTestId('ingest-add').click();
  await page.getByTestId('ingest-name').fill('e2e gateway');
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
  const secretEl = page.getByTestId('ingest-secret');
  await expect(secretEl).toBeVisible();
  const key = (await secretEl.innerText()).trim();
  expect(key.length).toBeGreaterThan(16);

  const send = () =>
    page.request.post('/ingest/v1/samples', {
      headers: { authorization: `Bearer ${key}` },
      data: [{ tag: 'TF-A.TK-101.LT', t: Date.now(), v: 42 }, { tag: 'no.such.tag', t: Date.now(), v: 1 }],
    });
  const accepted = await send();
  expect(accepted.status()).toBe(200);
  const body = await accepted.json();
  expect(body.data.accepted).toBe(1);
  expect(body.data.unknownTags).toBe(1);

  await page.getByRole('button', { name: /我已保存|I have saved it/ }).click();
  const row = page.getByRole('row', { name: /e2e gateway/ });
  await row.getByRole('button', { name: /吊销|Revoke/ }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(row).toContainText(/已吊销|Revoked/);
  expect((await send()).status()).toBe(401);
});
