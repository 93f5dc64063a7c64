import { expect, test } from './fixtures';
import { callApi, createTankTag, regionIdOf, screens, signIn } from './alarm-helpers';
import { ingestKeyCreate } from '../src/shared/contracts/stream';
import { identificationList, responsibleCheckList, sourceReport } from '../src/shared/major-hazard/contracts';
import { dangerSourceDeviceLedger, dangerSourceResponsibleLedger } from '../src/shared/major-hazard/ledgers';
import { recordContracts } from '../src/shared/records/contracts';

const TAG = `E2E.MH-NM-${Date.now()}.LT`;

/*
 * Issue 20, the pages after grading: a tank whose level tag sends nothing
 * shows 未监测 on the live page; the report of all sources with grade and R;
 * a substance's safety data sheet in 16 sections; a responsible person
 * records a check of their source.
 */
test('not monitored tank, report, MSDS and a responsibility check', async ({ page, request }) => {
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  await createTankTag(request, token, TAG, await regionIdOf(request, token, 'TF'));
  const units = await callApi<{ items: { id: number; code: string }[] }>(request, token, identificationList.path, {});
  const source = units.items.find((u) => u.code === 'MH-TFA')!;
  await callApi(request, token, recordContracts(dangerSourceDeviceLedger).save.path, { name: '端到端静默储罐', code: 'MH-NM-E2E', source: source.id, type: 'tank', levelTag: TAG });

  // The simulator feeds every tag, so the tank's transmitter reports bad quality instead of falling silent
  // (stamped ahead of the simulator's samples, it stays the latest): a bad value measures nothing, 未监测.
  const { key } = await callApi<{ key: string }>(request, token, ingestKeyCreate.path, { name: 'e2e mh silent' });
  const bad = await request.post('/ingest/v1/samples', { data: [{ tag: TAG, t: Date.now() + 10 * 60_000, v: 0, q: 2 }], headers: { authorization: `Bearer ${key}` } });
  expect(bad.status()).toBe(200);
  await page.goto('/MajorHazard');
  await expect(page.getByTestId('mh-not-monitored-MH-NM-E2E')).toBeVisible();
  await expect(page.getByTestId('mh-gauge-MH-NM-E2E')).toHaveAttribute('data-state', 'notMonitored');
  await expect(page.getByTestId(`mh-source-silent-${source.id}`)).toBeVisible();

  const report = await callApi<{ items: { id: number; R: number | null }[] }>(request, token, sourceReport.path, {});
  await page.goto('/majorHazardReport/sourceReport');
  const row = report.items.find((r) => r.id === source.id)!;
  await expect(page.getByTestId(`mh-report-r-${source.id}`)).toHaveText(String(Number(row.R!.toPrecision(6))));
  await expect(page.getByTestId('mh-report-xlsx')).toBeVisible();

  await page.goto('/majorHazard88/instructions?code=chlorine');
  await expect(page.getByTestId('mh-msds-sheet')).toHaveAttribute('data-code', 'chlorine');
  await expect(page.locator('.mh-msds-section')).toHaveCount(16);
  await expect(page.getByTestId('mh-msds-regulatory')).toContainText('5 t');

  const list0 = await callApi<{ items: { id: number }[] }>(request, token, responsibleCheckList.path, {});
  const saved = await callApi<{ id: number }>(request, token, recordContracts(dangerSourceResponsibleLedger).save.path, {
    source: source.id,
    role: 'operation',
    person: await userIdOf(request, token),
  });
  expect(list0.items.map((x) => x.id)).not.toContain(saved.id);
  await page.goto('/dangerSourceManagement/responsibleAllocation');
  await page.getByTestId(`mh-check-do-${saved.id}`).click();
  await page.getByTestId('mh-check-findings').fill('端到端检查：围堰完好');
  await page.getByTestId('mh-check-submit').click();
  await expect(page.getByTestId(`mh-check-${saved.id}`)).toHaveAttribute('data-overdue', '0');
  await expect
    .poll(async () => (await callApi<{ items: { id: number; lastFindings: string }[] }>(request, token, responsibleCheckList.path, {})).items.find((x) => x.id === saved.id)?.lastFindings)
    .toBe('端到端检查：围堰完好');

  await screens(page, '/majorHazardReport/sourceReport', 'major-hazard-report', 'mh-report');
  await screens(page, '/majorHazard88/instructions?code=methanol', 'major-hazard-msds', 'mh-msds-sheet');
  await screens(page, '/dangerSourceManagement/responsibleAllocation', 'major-hazard-responsible', 'mh-checks');
  await screens(page, '/MajorHazard', 'major-hazard-monitor-silent', 'mh-monitor');
});

async function userIdOf(request: Parameters<typeof callApi>[0], token: string): Promise<number> {
  const users = await callApi<{ userid: number; loginname: string }[]>(request, token, '/UAPI/LowCode/UserOptions', {});
  return users.find((u) => u.loginname === 'admin')!.userid;
}
