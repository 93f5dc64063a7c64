import { expect, test } from './fixtures';
import { callApi, screens, signIn } from './alarm-helpers';
import { getUserInfo } from '../src/shared/auth/contracts';
import { commitmentConfigSave } from '../src/shared/commitments/contracts';

/*
 * Issue 21 §7 in the browser: the supervisor, set as the responsible person,
 * drafts today's safety commitment from live data on
 * /RiskResearch88/CommitmentNoticeManage (the demo units: 4 in operation,
 * 1 stopped, 1 under maintenance), signs it on their own session, and the
 * public /showCommitment shows it signed to a browser that never signed in,
 * on a phone too. Screenshots at 1440 and 390 px, zh and en, with SCREENSHOTS=1.
 */
test('the responsible person drafts and signs the daily commitment; the public page shows it without sign-in', async ({ page, request, browser }) => {
  test.setTimeout(180_000); // two browsers, several pages (and screenshots with SCREENSHOTS=1)
  await signIn(page, 'supervisor');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const info = await request.get(getUserInfo.path, { headers: { authorization: `Bearer ${token}` } });
  const { userid } = ((await info.json()) as { data: { userid: number } }).data;
  await callApi(request, token, commitmentConfigSave.path, { responsibleUserId: userid, draftTime: '07:00', statement: '端到端：今日我承诺各装置安全运行。' });

  await page.goto('/RiskResearch88/CommitmentNoticeManage');
  await page.getByTestId('commitment-draft').click();
  const notice = page.getByTestId('commitment-manage-page').getByTestId('commitment-notice').first();
  await expect(notice).toHaveAttribute('data-status', 'draft');
  await expect(notice.getByTestId('commitment-operating')).toHaveText('4');
  await expect(notice.getByTestId('commitment-stopped')).toHaveText('1');
  await expect(notice.getByTestId('commitment-maintenance')).toHaveText('1');
  await expect(notice).toContainText('端到端：今日我承诺各装置安全运行。');
  const day = (await notice.getAttribute('data-day'))!;

  await page.getByTestId('commitment-sign').click();
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await expect(notice).toHaveAttribute('data-status', 'signed');
  await expect(notice.getByTestId('commitment-signed-by')).toBeVisible();
  await expect(page.getByTestId('commitment-sign')).toHaveCount(0);

  const outsider = await browser.newContext();
  const pub = await outsider.newPage();
  await pub.goto('/showCommitment');
  const shown = pub.getByTestId('commitment-show-page').getByTestId('commitment-notice').first();
  await expect(shown).toHaveAttribute('data-status', 'signed');
  await expect(shown).toHaveAttribute('data-day', day);
  await expect(shown.getByTestId('commitment-operating')).toHaveText('4');
  await expect(shown).toContainText('端到端：今日我承诺各装置安全运行。');
  await expect(pub).toHaveURL(/\/showCommitment$/);
  await pub.setViewportSize({ width: 390, height: 844 });
  await expect(shown.getByTestId('commitment-signed-by')).toBeVisible();
  const overflow = await pub.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await screens(pub, '/showCommitment', 'commitment-show', 'commitment-notice');
  await outsider.close();
  await screens(page, '/RiskResearch88/CommitmentNoticeManage', 'commitment-manage', 'commitment-manage-page');
  await screens(page, '/RiskResearch88/CommitmentNoticeConfig', 'commitment-config', 'commitment-config-page');
});
