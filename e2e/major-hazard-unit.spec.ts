import { expect, test } from './fixtures';
import { callApi, ingestSender, prepareTank, screens } from './alarm-helpers';
import { tagSave } from '../src/shared/realtime/contracts';
import { choose } from './form-helpers';
import { identificationList } from '../src/shared/major-hazard/contracts';

const RUN = Date.now() % 1_000_000;
const TAG = `E2E.MHU-${RUN}.LT`;
const ESD = `E2E.MHU-${RUN}.ESD`;
const UNIT = `端到端两物质罐区${RUN}`;
const DEVICE = `MHU-TK-${RUN}`;

/*
 * Issue 20, "Done when", all on the pages: register a storage unit with two
 * substances and see it identified and graded with its reasons (each
 * substance's Q and β, the table they came from, S), bind a tank's level tag
 * on the device register's form, post samples through the ingest call and
 * watch the gauge on /MajorHazard move, then a value above the H limit and the
 * gauge turns red when the level alarm fires. The level tag is the test's own
 * (created through the tag call), not a demo tag.
 */
test('a two-substance storage unit is graded with its Q and β; its tank, bound on the form, moves on the gauge and turns red on the H alarm', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { token, send } = await prepareTank(page, request, TAG);

  await page.goto('/dangerSourceManagement/dangerSourceConfirm');
  await page.getByTestId('mh-unit-add').click();
  const form = page.getByTestId('mh-unit-form');
  await form.getByTestId('mh-field-name').fill(UNIT);
  await form.getByTestId('mh-field-population').fill('40');
  await form.getByTestId('mh-substance-name-0').fill('氯');
  await form.getByTestId('mh-substance-q-0').fill('10');
  await page.getByTestId('mh-substance-add').click();
  await form.getByTestId('mh-substance-name-1').fill('甲醇');
  await form.getByTestId('mh-substance-q-1').fill('100');
  await expect(page.getByTestId('mh-preview-grade')).toHaveAttribute('data-grade', /[1-4]/);
  await page.getByTestId('mh-unit-save').click();
  await expect(page.getByTestId('mh-unit-form')).toBeHidden();

  const units = await callApi<{ items: { id: number; name: string; result: { S: number; R: number; grade: number | null } | null }[] }>(request, token, identificationList.path, {});
  const unit = units.items.find((u) => u.name === UNIT)!;
  // GB 18218 Table 1: chlorine Q 5 t (Table 3 β 4), methanol Q 500 t (β 1); S = 10/5 + 100/500 = 2.2;
  // Table 5: 40 people → α 1.2; R = 1.2 × (4 × 2 + 1 × 0.2) = 9.84 → Table 6: 四级.
  expect(unit.result!.S).toBeCloseTo(2.2, 6);
  expect(unit.result!.R).toBeCloseTo(9.84, 6);
  expect(unit.result!.grade).toBe(4);
  const card = page.getByTestId(`mh-unit-${unit.id}`);
  await expect(card.getByTestId(`mh-grade-${unit.id}`)).toHaveAttribute('data-grade', '4');
  const chlorine = card.locator('tbody tr').filter({ hasText: /^氯/ });
  await expect(chlorine.locator('td').nth(2)).toHaveText('5');
  await expect(chlorine.locator('td').nth(3)).toHaveText('4');
  const methanol = card.locator('tbody tr').filter({ hasText: '甲醇' });
  await expect(methanol.locator('td').nth(2)).toHaveText('500');
  await expect(methanol.locator('td').nth(3)).toHaveText('1');
  const reasons = card.getByTestId(`mh-reasons-${unit.id}`);
  await expect(reasons).toContainText('表1');
  await expect(reasons).toContainText('S = Σ q/Q = 2.2');

  // The tank and its level tag, on the device register's form.
  await page.goto('/majorHazard88/dangerSourceDeviceInfo');
  await page.getByTestId('record-add').click();
  const device = page.getByTestId('record-form');
  await device.getByTestId('field-name').fill('端到端液氯储罐');
  await device.getByTestId('field-code').fill(DEVICE);
  await choose(page, device.getByTestId('field-source'), new RegExp(UNIT), UNIT);
  await choose(page, device.getByTestId('field-type'), /储罐/);
  await device.getByTestId('field-medium').fill('氯');
  await device.getByTestId('field-levelTag').fill(TAG);
  // Its emergency shutdown status: 0 healthy, 1 tripped.
  await callApi(request, token, tagSave.path, {
    isNew: true,
    id: ESD,
    name: `端到端紧急停车 ${ESD}`,
    name_en: `E2E ESD ${ESD}`,
    unit: '',
    kind: 'discrete',
    device: DEVICE,
    regionid: null,
    hazard_source: '',
    range_lo: 0,
    range_hi: 1,
    ll: null,
    l: null,
    h: null,
    hh: null,
    deadband: 0,
    enabled: 1,
  });
  await device.getByTestId('field-esdTag').fill(ESD);
  await page.getByTestId('record-save').click();
  await expect(page.getByRole('row', { name: new RegExp(DEVICE) })).toBeVisible();

  await page.goto('/MajorHazard');
  const gauge = page.getByTestId(`mh-gauge-${DEVICE}`);
  await expect(gauge).toBeVisible();
  await send(4);
  await expect(page.getByTestId(`mh-gauge-value-${DEVICE}`)).toContainText('4.0 m · 40%');
  await expect(gauge).toHaveAttribute('data-alarm', '');
  const calm = await gauge.locator('.mh-gauge-fill').evaluate((el) => getComputedStyle(el).backgroundColor);
  await send(6);
  await expect(page.getByTestId(`mh-gauge-value-${DEVICE}`)).toContainText('6.0 m · 60%');
  await send(8.6);
  // Above H (8 m): the H alarm opens and the gauge and its source take the alarm's colour.
  await expect(gauge).toHaveAttribute('data-alarm', /[1-4]/);
  await expect(page.getByTestId(`mh-source-${unit.id}`)).toHaveAttribute('data-alarm', /[1-4]/);
  const alarmed = await gauge.locator('.mh-gauge-fill').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(alarmed).not.toBe(calm);
  // Red-dominant (the alarm palette), not the calm blue.
  const [r, g, b] = alarmed.match(/\d+/g)!.map(Number);
  expect(r).toBeGreaterThan(g);
  expect(r).toBeGreaterThan(b);

  // The emergency shutdown state beside the gauge: healthy, then tripped.
  const sendStatus = await ingestSender(request, token, `e2e ${ESD}`);
  const esd = page.getByTestId(`mh-esd-${DEVICE}`);
  await sendStatus(ESD, 0);
  await expect(esd).toHaveAttribute('data-state', 'healthy');
  await sendStatus(ESD, 1);
  await expect(esd).toHaveAttribute('data-state', 'tripped');
  await expect(esd).toContainText('紧急停车 动作');

  await screens(page, '/majorHazard88/dangerSourceDeviceInfo', 'major-hazard-devices', 'record-add');
});
