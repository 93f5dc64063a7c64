import { plantCalendarGet } from '../src/shared/permits/calendar-contracts';
import { workingBillCheck } from '../src/shared/permits/contracts';
import { expect, screenshots, test } from './fixtures';
import { callApi, signIn } from './sign-in';

/*
 * Issue 25 §1: the plant calendar is a page. A holiday typed on
 * /systemConfig/holidaySpecialTimeConfig and saved raises a 二级 hot-work
 * check on that day (the rules read the saved calendar).
 */
test('a holiday saved on the plant calendar page raises a 二级 hot-work check that day', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  // Wednesday 2 October 2030, 10:00–12:00 at UTC+8.
  const start = Date.UTC(2030, 9, 2, 2, 0);
  const grade = async () => (await callApi<{ effectiveGrade: string }>(request, token, workingBillCheck.path, { type: 'hot', grade: '2', start, end: start + 7_200_000, at: start })).effectiveGrade;
  expect(await grade()).toBe('2');

  await page.goto('/systemConfig/holidaySpecialTimeConfig');
  const holidays = page.getByTestId('plant-calendar-holidays');
  await expect(page.getByTestId('plant-calendar')).toContainText('节假日');
  await holidays.locator('input').fill('2030-10-02');
  await holidays.locator('input').press('Enter');
  await page.getByTestId('plant-calendar-save').click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect.poll(grade).toBe('1');
  expect((await callApi<{ holidays: string[] }>(request, token, plantCalendarGet.path, {})).holidays).toEqual(['2030-10-02']);

  for (const lang of screenshots ? (['zh', 'en'] as const) : []) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/systemConfig/holidaySpecialTimeConfig');
      await expect(page.getByTestId('plant-calendar-holidays')).toContainText('2030-10-02');
      await page.screenshot({ path: `test-results/screens/plant-calendar-${lang}-${width}.png` });
    }
  }
});

/* Issue 25 §7: /Gantt/gantt_JD shows the day's permits as bars coloured by status (the demo's confined-space permit in effect). */
test('the day’s permits on /Gantt/gantt_JD as bars by status', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'supervisor');
  await page.goto('/Gantt/gantt_JD');
  const chart = page.getByTestId('permit-gantt');
  await expect(chart.locator('[data-status="active"]').first()).toBeVisible();
  // The demo's signing permit starts in an hour: on the chart unless that is already tomorrow.
  await expect(chart.locator('[data-status="active"]')).toHaveCount(1);
  for (const lang of screenshots ? (['zh', 'en'] as const) : []) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/Gantt/gantt_JD');
      await expect(page.getByTestId('permit-gantt').locator('[data-status="active"]').first()).toBeVisible();
      await page.screenshot({ path: `test-results/screens/permit-gantt-${lang}-${width}.png` });
    }
  }
});
