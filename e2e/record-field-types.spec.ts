import { expect, test, type Browser, type Page } from './fixtures';
import { choose, signInAs } from './form-helpers';

const ENTITY = `E2eFieldTypes${Date.now() % 100000}`;

async function signIn(browser: Browser, user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, user);
  return page;
}

test('an administrator adds a table and a signature field; a user fills a row and signs; the detail shows both', async ({ browser }) => {
  test.setTimeout(120_000);
  // 1. The designer: a gas-analysis table with two typed columns, and a signature.
  const admin = await signIn(browser, 'admin');
  await admin.goto('/low-code-platform/list-view');
  await admin.getByTestId('ledger-new').click();
  await admin.getByTestId('ledger-name').fill('气体分析记录');
  await admin.getByTestId('ledger-entity').fill(ENTITY);
  await admin.getByTestId('ledger-add-field').click();
  const table = admin.getByTestId('ledger-field-1');
  await table.getByTestId('field-key').fill('gas');
  await choose(admin, table.getByTestId('field-type'), /^12 表格/, '表格');
  await table.getByTestId('field-label').fill('气体分析');
  await admin.getByTestId('ledger-add-column-1').click();
  const c0 = admin.getByTestId('ledger-column-1-0');
  await c0.getByTestId('column-key').fill('point');
  await c0.getByTestId('column-label').fill('取样点');
  await admin.getByTestId('ledger-add-column-1').click();
  const c1 = admin.getByTestId('ledger-column-1-1');
  await c1.getByTestId('column-key').fill('lel');
  await choose(admin, c1.getByTestId('column-type'), /^22 数值/, '数值');
  await c1.getByTestId('column-label').fill('LEL%');
  await admin.getByTestId('ledger-add-field').click();
  const sign = admin.getByTestId('ledger-field-2');
  await sign.getByTestId('field-key').fill('sign');
  await choose(admin, sign.getByTestId('field-type'), /^44 人员签名/, '签名');
  await sign.getByTestId('field-label').fill('分析人签名');
  await admin.getByTestId('ledger-save').click();
  await expect(admin).toHaveURL(new RegExp(`/low-code-platform/ledger/${ENTITY}`));

  // 2. The operator fills one row and signs on the pad.
  const operator = await signIn(browser, 'operator');
  await operator.goto(`/low-code-platform/ledger/${ENTITY}`);
  await operator.getByTestId('record-add').click();
  const form = operator.getByTestId('record-form');
  await form.getByTestId('field-title').fill('储罐T-101动火前分析');
  await form.getByTestId('row-add-gas').click();
  await form.getByTestId('cell-gas-0-point').fill('罐顶人孔');
  await form.getByTestId('cell-gas-0-lel').fill('0.3');
  const pad = form.getByTestId('field-sign');
  const box = (await pad.boundingBox())!;
  await operator.mouse.move(box.x + 20, box.y + box.height / 2);
  await operator.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await operator.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -20 : 20));
  }
  await operator.mouse.up();
  await operator.getByTestId('record-save').click();
  await operator.getByRole('row', { name: /储罐T-101动火前分析/ }).getByRole('button', { name: /查看|View/ }).click();

  // 3. The detail: the row as a table, the drawing with the signer and time set by the server.
  const detail = operator.getByTestId('record-detail');
  await expect(detail.getByTestId('detail-gas')).toContainText('罐顶人孔');
  await expect(detail.getByTestId('detail-gas')).toContainText('0.3');
  await expect(detail.getByTestId('detail-sign-image')).toBeVisible();
  await expect(detail.getByTestId('detail-sign')).toContainText(/签名人: .+ · \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

  // 4. What the signature attests can no longer change: editing shows the title as it was signed, not editable.
  await detail.getByTestId('record-edit').click();
  const edit = operator.getByTestId('record-form');
  await expect(edit.getByTestId('field-title')).toHaveValue('储罐T-101动火前分析');
  await expect(edit.getByTestId('field-title')).toBeDisabled();
});
