import { expect, test } from './fixtures';
import { callApi, screens, signIn } from './alarm-helpers';
import { choose } from './form-helpers';
import { identificationList } from '../src/shared/major-hazard/contracts';
import { dangerCardLedger, dangerCardTemplateLedger } from '../src/shared/major-hazard/ledgers-more';
import { recordContracts } from '../src/shared/records/contracts';

const RUN = Date.now() % 1_000_000;

/*
 * Issue 20 §6: a card of a source drawn from its template, the register and
 * the catalogue on /DangerThreeCards/index; published, its QR code's link
 * opens the card on a phone that has never signed in; revoked, the link is gone.
 */
test('a hazard source card opens by its public link on a phone without signing in, until it is revoked', async ({ page, browser, request }) => {
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const units = await callApi<{ items: { id: number; code: string; name: string }[] }>(request, token, identificationList.path, {});
  const source = units.items.find((u) => u.code === 'MH-TFA')!;
  const template = await callApi<{ id: number }>(request, token, recordContracts(dangerCardTemplateLedger).save.path, {
    name: `端到端应急处置卡模板${RUN}`,
    cardType: 'emergency',
    emergencyText: `端到端应急步骤${RUN}：关闭紧急切断阀，疏散下风向人员`,
    contacts: '119 / 120 / 厂内 8888',
  });
  const name = `端到端罐区A应急处置卡${RUN}`;
  await callApi(request, token, recordContracts(dangerCardLedger).save.path, { name, source: source.id, template: template.id, post: '罐区操作岗' });

  await page.goto('/DangerThreeCards/index');
  await choose(page, page.getByTestId('mh-card-select'), new RegExp(name), name);
  const view = page.getByTestId('mh-card-sheet');
  await expect(view).toContainText(name);
  await expect(view).toContainText(source.name);
  await expect(view).toContainText(`端到端应急步骤${RUN}`);
  await expect(view).toContainText('119 / 120 / 厂内 8888');
  await page.getByTestId('mh-card-publish').click();
  await expect(page.getByTestId('mh-card-qr').locator('img')).toBeVisible();
  const href = (await page.getByTestId('mh-card-link').getAttribute('href'))!;
  expect(href).toMatch(/^\/p\//);

  // A phone that has never signed in.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  const mobile = await phone.newPage();
  await mobile.goto(new URL(href, page.url()).toString());
  await expect(mobile.getByTestId('document-view')).toContainText(`端到端应急步骤${RUN}`);
  await expect(mobile).toHaveURL(/\/p\//);
  await mobile.screenshot({ path: `test-results/screens/major-hazard-card-public-zh-390.png`, fullPage: true });

  await page.getByTestId('mh-card-revoke').click();
  await expect(page.getByTestId('mh-card-publish')).toBeVisible();
  await mobile.reload();
  await expect(mobile.getByTestId('public-error')).toBeVisible();
  await expect(mobile.getByTestId('document-view')).toHaveCount(0);
  await phone.close();

  await screens(page, '/DangerThreeCards/index', 'major-hazard-cards', 'mh-cards');
});
