import { stockInCall } from '../src/shared/chemicals/contracts';
import { chemicalStoreLedger } from '../src/shared/chemicals/ledger';
import { recordContracts } from '../src/shared/records/contracts';
import { regionIdOf } from './alarm-helpers';
import { expect, test } from './fixtures';
import { choose } from './form-helpers';
import { callApi, signIn } from './sign-in';

const calls = recordContracts(chemicalStoreLedger);

/*
 * Issue 26 §1: a stock-in of an oxidiser into a store holding a flammable
 * liquid is refused on the page with both substances named; an allowed
 * stock-in shows in the stock summed from the movements.
 */
test('a stock-in of oxygen into a methanol store is refused naming both; toluene is taken and shows in the stock', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, 'supervisor');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const wh = await regionIdOf(request, token, 'WH');
  const code = `E2E-${Date.now() % 1_000_000}`;
  const store = await callApi<{ id: number }>(request, token, calls.save.path, {
    code,
    name: '端到端混合库',
    region: wh,
    classes: ['flammable-liquid', 'gas-oxidizing'],
    capacity: 100,
  });
  await callApi(request, token, stockInCall.path, { storeId: store.id, cas: '67-56-1', quantity: 3 });

  await page.goto('/ChemicalsManagement/ChemicalStorageManagement/OutOfTheWarehouse');
  await choose(page, page.getByTestId('chemicals-store'), new RegExp(code), code);
  await choose(page, page.getByTestId('chemicals-substance'), /7782-44-7/, '7782-44-7');
  await page.getByTestId('chemicals-quantity').fill('1');
  await page.getByTestId('chemicals-stock-in').click();
  const result = page.getByTestId('chemicals-result');
  await expect(result).toContainText('甲醇');
  await expect(result).toContainText('氧');
  await expect(result).toContainText('7782-44-7');
  await expect(page.locator('.ant-alert-error')).toBeVisible();

  await choose(page, page.getByTestId('chemicals-substance'), /108-88-3/, '108-88-3');
  await page.getByTestId('chemicals-quantity').fill('2.5');
  await page.getByTestId('chemicals-stock-in').click();
  await expect(page.locator('.ant-alert-success')).toBeVisible();
  const inventory = page.getByTestId('chemicals-inventory');
  await expect(inventory.locator('tr', { hasText: '端到端混合库' }).filter({ hasText: '108-88-3' })).toContainText('2.5');

  // The stock page, on a phone, shows the same sums.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ChemicalStorageManagement/ChemicalStorageFacility');
  await expect(page.getByTestId('chemicals-inventory').locator('tr', { hasText: '端到端混合库' }).filter({ hasText: '67-56-1' })).toContainText('3');
  await page.goto('/ChemicalsManagement/ChemicalStorageManagement/StorageFacilities');
  await expect(page.getByText(code)).toBeVisible();
});
