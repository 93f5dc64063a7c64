import { expect, test } from './fixtures';
import { callApi, prepareTank, screens } from './alarm-helpers';
import { identificationList } from '../src/shared/major-hazard/contracts';
import { dangerSourceDeviceLedger } from '../src/shared/major-hazard/ledgers';
import { recordContracts } from '../src/shared/records/contracts';

const TAG = 'E2E.MH-TK.LT';

/*
 * Issue 20, Done-when: register a storage unit with two substances, see it
 * identified and graded with its reasons, bind a tank's level tag, and watch
 * the gauge move and turn red when the level alarm fires.
 */
test('a storage unit is identified and graded, and its tank gauge follows the level and turns red on the alarm', async ({ page, request }) => {
  const { token, send } = await prepareTank(page, request, TAG);

  await page.goto('/dangerSourceManagement/dangerSourceConfirm');
  await page.getByTestId('mh-unit-add').click();
  const form = page.getByTestId('mh-unit-form');
  await form.getByTestId('mh-field-name').fill('端到端液氯甲醇罐区');
  await form.getByTestId('mh-field-population').fill('40');
  await form.getByTestId('mh-substance-name-0').fill('氯');
  await form.getByTestId('mh-substance-q-0').fill('10');
  await page.getByTestId('mh-substance-add').click();
  await form.getByTestId('mh-substance-name-1').fill('甲醇');
  await form.getByTestId('mh-substance-q-1').fill('100');
  // The identification as typed: chlorine 10/5 + methanol 100/500 = S 2.2, a major hazard source.
  await expect(page.getByTestId('mh-preview-grade')).toHaveAttribute('data-grade', /[1-4]/);
  await page.getByTestId('mh-unit-save').click();

  const units = await callApi<{ items: { id: number; name: string; result: { S: number; grade: number | null } | null }[] }>(request, token, identificationList.path, {});
  const unit = units.items.find((u) => u.name === '端到端液氯甲醇罐区')!;
  expect(unit.result!.S).toBeCloseTo(2.2, 6);
  const card = page.getByTestId(`mh-unit-${unit.id}`);
  await expect(card.getByTestId(`mh-grade-${unit.id}`)).toHaveAttribute('data-grade', String(unit.result!.grade));
  await expect(card.getByTestId(`mh-reasons-${unit.id}`)).toContainText('表1');
  await expect(card.getByTestId(`mh-reasons-${unit.id}`)).toContainText('S = Σ q/Q = 2.2');

  await callApi(request, token, recordContracts(dangerSourceDeviceLedger).save.path, {
    name: '端到端液氯储罐',
    code: 'MH-TK-E2E',
    source: unit.id,
    type: 'tank',
    capacity: 20,
    medium: '氯',
    levelTag: TAG,
  });

  await page.goto('/MajorHazard');
  const gauge = page.getByTestId('mh-gauge-MH-TK-E2E');
  await expect(gauge).toBeVisible();
  await send(4);
  await expect(page.getByTestId('mh-gauge-value-MH-TK-E2E')).toContainText('4.0 m · 40%');
  await expect(gauge).toHaveAttribute('data-alarm', '');
  await send(6);
  await expect(page.getByTestId('mh-gauge-value-MH-TK-E2E')).toContainText('6.0 m · 60%');
  await expect(page.getByTestId('mh-gauge-outlook-MH-TK-E2E')).not.toHaveText('');
  await send(8.6);
  // The H alarm (limit 8) opens: the gauge and its source take the alarm's colour.
  await expect(gauge).toHaveAttribute('data-alarm', /[1-4]/);
  await expect(page.getByTestId(`mh-source-${unit.id}`)).toHaveAttribute('data-alarm', /[1-4]/);
  const color = await gauge.locator('.mh-gauge-fill').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(color).not.toBe('rgb(22, 119, 255)');

  await screens(page, '/MajorHazard', 'major-hazard-monitor', 'mh-monitor');
  await screens(page, '/dangerSourceManagement/dangerSourceConfirm', 'major-hazard-identification', 'mh-identification');
});
