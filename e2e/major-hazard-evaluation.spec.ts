import { expect, test } from './fixtures';
import { callApi, screens, signIn } from './alarm-helpers';
import { evaluationReportLedger } from '../src/shared/major-hazard/ledgers-evaluation';
import { recordContracts } from '../src/shared/records/contracts';

/*
 * Issue 20 §2, assessment reports: the demo plant's reports on their ledger
 * page, each with its re-assessment and filing status (总局令第40号 第十一条,
 * 第二十三条), and a source's archive listing its reports.
 */
test('assessment reports: the ledger with due and filing status, and the archive of a source', async ({ page, request }) => {
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const list = await callApi<{ items: { id: number; reportNo: string; source: number }[] }>(request, token, recordContracts(evaluationReportLedger).list.path, {
    page: 1,
    pageSize: 20,
    filters: {},
    keyword: '',
  });
  const byNo = new Map(list.items.map((r) => [r.reportNo, r]));
  const soon = byNo.get('AQPG-2023-017')!;
  const late = byNo.get('AQPG-2025-004')!;
  const changed = byNo.get('AQPG-2025-031')!;

  await page.goto('/dangerSourceManagement/evaluationReport');
  await expect(page.getByTestId(`mh-evaluation-status-${soon.id}`)).toHaveAttribute('data-reassess', 'dueSoon');
  await expect(page.getByTestId(`mh-evaluation-status-${late.id}`)).toHaveAttribute('data-filing', 'filedLate');
  await expect(page.getByTestId(`mh-evaluation-status-${changed.id}`)).toHaveAttribute('data-reassess', 'overdue');

  await page.goto(`/dangerSourceManagement/dangerarchives?id=${soon.source}`);
  await expect(page.getByTestId('mh-archive-reports')).toContainText('AQPG-2023-017');
  await expect(page.getByTestId(`mh-archive-report-${soon.id}`)).toHaveAttribute('data-reassess', 'dueSoon');

  await screens(page, '/dangerSourceManagement/evaluationReport', 'major-hazard-evaluation', `mh-evaluation-status-${soon.id}`);
  await screens(page, `/dangerSourceManagement/dangerarchives?id=${soon.source}`, 'major-hazard-archive-reports', 'mh-archive-reports');
});
