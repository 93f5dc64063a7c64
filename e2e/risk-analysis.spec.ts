import { expect, test } from './fixtures';
import { regionIdOf } from './alarm-helpers';
import { choose } from './form-helpers';
import { callApi, signIn } from './sign-in';

/*
 * Issue 21 §1–§3 in the browser: an evaluation unit on a demo zone, a risk
 * event of it and a control measure of the event (through the seed's calls),
 * the event evaluated on /RiskManagement/AnalysisList with the plant's bands
 * (LEC 3 × 6 × 15 = 270, 较大), and the three layers on /RiskDetails.
 */
test('a unit, its event and its measure show on /RiskDetails with the level of the evaluation', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const ut = await regionIdOf(request, token, 'UT');
  const unit = await callApi<{ id: number }>(request, token, '/UAPI/RiskControl/EvaluateUnitAdd', { name: 'E2E空压站单元', region: ut });
  const event = await callApi<{ id: number }>(request, token, '/UAPI/RiskControl/AnalysisAdd', {
    name: 'E2E润滑油泄漏着火',
    unit: unit.id,
    hazard: '润滑油',
    cause: '密封失效',
    consequence: '火灾',
  });
  const type = await callApi<{ id: number }>(request, token, '/UAPI/RiskControl/MeasureTypeAdd', { name: 'E2E工程技术', sort: 1 });
  const measure = await callApi<{ id: number }>(request, token, '/UAPI/RiskControl/AnalysisMeasureAdd', {
    analysis: event.id,
    measureType: type.id,
    content: 'E2E定期更换密封',
    tier: 'team',
    checkContent: '密封有无渗漏',
    cycle: 1,
    cycleUnit: 'week',
  });

  await page.goto('/RiskManagement/AnalysisList');
  await choose(page, page.getByTestId('evaluate-target'), /E2E润滑油泄漏着火/, 'E2E润滑油');
  await choose(page, page.getByTestId('evaluate-L'), /^3 /);
  await choose(page, page.getByTestId('evaluate-E'), /^6 /);
  await choose(page, page.getByTestId('evaluate-C'), /^15 /);
  await page.getByTestId('evaluate-go').click();
  await expect(page.getByTestId('evaluate-result')).toHaveAttribute('data-level', '2');

  await page.goto('/RiskDetails');
  await page.getByTestId('risk-details-search').locator('input').fill('E2E空压站');
  await page.getByTestId('risk-details-search').locator('input').press('Enter');
  await page.getByTestId(`risk-unit-${unit.id}`).click();
  const card = page.getByTestId(`risk-event-${event.id}`);
  await expect(card).toContainText('E2E润滑油泄漏着火');
  await expect(card).toContainText('较大风险');
  await expect(page.getByTestId(`risk-measure-${measure.id}`)).toContainText('E2E定期更换密封');
});
