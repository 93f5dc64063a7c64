import { expect, screenshots, test, type Browser, type Page } from './fixtures';
import { definitionSave } from '../src/shared/records/contracts';
import { callApi, signIn } from './sign-in';

const ENTITY = `LiveLedger${Date.now() % 100000}`;

async function userPage(browser: Browser, loginname: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, loginname);
  return page;
}

test("one user's save shows in another user's open list, with the dictionary's label", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await userPage(browser, 'admin');
  const token = (await admin.evaluate(() => localStorage.getItem('Admin-Token')))!;
  // The administrator keeps the choices in the data dictionary (the page, not the API).
  await admin.goto('/low-code-platform/data-dictionary');
  await admin.getByTestId('dictionary-add').click();
  const dict = admin.getByTestId('dictionary-form');
  await dict.getByTestId('dictionary-code').fill(`risk${ENTITY}`);
  await dict.getByTestId('dictionary-name').fill('风险等级');
  await dict.getByTestId('dictionary-option-0').getByTestId('option-value').fill('r1');
  await dict.getByTestId('dictionary-option-0').getByTestId('option-zh').fill('低风险');
  await dict.getByTestId('dictionary-add-option').click();
  await dict.getByTestId('dictionary-option-1').getByTestId('option-value').fill('r4');
  await dict.getByTestId('dictionary-option-1').getByTestId('option-zh').fill('重大风险');
  await admin.getByTestId('dictionary-save').click();
  await expect(admin.getByRole('row', { name: new RegExp(`risk${ENTITY}`) })).toContainText('重大风险');
  if (screenshots) {
    await admin.screenshot({ path: 'test-results/e2e/shots/data-dictionary-desktop.png', fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: 'test-results/e2e/shots/data-dictionary-phone.png', fullPage: true });
  }
  // Editing opens the entry itself (its code fixed, its options listed).
  await admin.getByTestId(`dictionary-edit-risk${ENTITY}`).click();
  const edit = admin.getByTestId('dictionary-form');
  await expect(edit.getByTestId('dictionary-code')).toHaveValue(`risk${ENTITY}`);
  await expect(edit.getByTestId('dictionary-code')).toBeDisabled();
  await expect(edit.getByTestId('dictionary-option-1').getByTestId('option-zh')).toHaveValue('重大风险');
  if (screenshots) {
    await expect(admin.getByTestId('dictionary-save')).toBeVisible();
    await admin.screenshot({ path: 'test-results/e2e/shots/data-dictionary-edit-phone.png', animations: 'disabled' });
  }
  await admin.keyboard.press('Escape');

  await callApi(request, token, definitionSave.path, {
    definition: {
      area: 'LowCode',
      entity: ENTITY,
      name: { zh: '实时台账', en: 'Live ledger' },
      fields: [
        { key: 'title', type: 4, label: { zh: '名称', en: 'Title' }, required: true },
        { key: 'risk', type: 7, label: { zh: '风险', en: 'Risk' }, required: true, dictionary: `risk${ENTITY}` },
      ],
      list: { columns: ['title', 'risk'], filters: [], sort: { field: 'updated', order: 'desc' } },
      menu: { parent: '/low-code-platform', roles: ['operator', 'supervisor'] },
    },
  });

  // The watcher keeps the list open; the editor saves in another browser context.
  const watcher = await userPage(browser, 'operator');
  await watcher.goto(`/low-code-platform/ledger/${ENTITY}`);
  await expect(watcher.getByTestId(`ledger-${ENTITY}`)).toBeVisible();
  await expect(watcher.getByRole('row', { name: /巡检记录甲/ })).toHaveCount(0);

  const editor = await userPage(browser, 'supervisor');
  await editor.goto(`/low-code-platform/ledger/${ENTITY}`);
  await editor.getByTestId('record-add').click();
  const form = editor.getByTestId('record-form');
  await form.getByTestId('field-title').fill('巡检记录甲');
  await form.getByTestId('field-risk').click();
  const options = editor.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await options.locator('.ant-select-item-option').filter({ hasText: '重大风险' }).click();
  await editor.getByTestId('record-save').click();
  await expect(editor.getByRole('row', { name: /巡检记录甲/ })).toBeVisible();

  // No reload, no click: the change arrives on the stream and the watcher's page refreshes itself.
  const row = watcher.getByRole('row', { name: /巡检记录甲/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('重大风险');

  // A delete by the editor leaves the watcher's list too.
  await editor.getByRole('row', { name: /巡检记录甲/ }).getByRole('button', { name: /删\s*除|Delete/ }).click();
  await editor.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK|Yes/ }).click();
  await expect(row).toHaveCount(0);
});
