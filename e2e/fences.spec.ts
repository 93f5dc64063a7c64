import { expect, screenshots, test, type APIRequestContext, type Page } from './fixtures';
import { boundsCentre } from '../src/shared/domain/geometry';
import { callApi, signIn } from './sign-in';
import { alarmRealTimeList } from '../src/shared/alarms/contracts';
import { fenceRuleSave } from '../src/shared/fences/contracts';
import { deptList, regionGeometryList, type RegionFeature } from '../src/shared/org/contracts';
import { ingestKeyCreate } from '../src/shared/contracts/stream';
import { fenceKeys } from '../src/shared/domain/fences';

/*
 * Positioning alarms end to end (issue 10): fixes sent over HTTP ingest, the
 * fence engine on the server, the alarm pages in Chromium.
 */

const CONTRACTOR = 'E2E-C01';
const STILL = 'E2E-S01';
const SOS_CARD = 'P-0001';

async function prepare(page: Page, request: APIRequestContext) {
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const shapes = (await callApi<{ features: RegionFeature[] }>(request, token, regionGeometryList.path, {})).features;
  const region = (code: string) => shapes.find((f) => f.properties.regioncode === code)!;
  const depts = await callApi<{ deptid: number; deptcode: string }[]>(request, token, deptList.path, {});
  const contractors = depts.find((d) => d.deptcode === 'CONTRACTOR')!.deptid;
  for (const [card, name] of [
    [CONTRACTOR, '端到端承包商'],
    [STILL, '端到端巡检'],
  ]) {
    await callApi(request, token, '/UAPI/Positioning/PositioningObjectSave', {
      card,
      kind: 'person',
      name,
      personType: 'contractor',
      dept: contractors,
    });
  }
  const { key } = await callApi<{ key: string }>(request, token, ingestKeyCreate.path, { name: 'e2e fences' });
  const send = async (path: string, data: unknown) => {
    const res = await request.post(path, { data, headers: { authorization: `Bearer ${key}` } });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: { accepted: number } };
    expect(body.data.accepted).toBeGreaterThan(0);
  };
  const fix = (card: string, [lon, lat]: [number, number]) =>
    send('/ingest/v1/positions', [{ tagId: card, t: Date.now(), lon, lat, kind: 'person' }]);
  const openKeys = async () =>
    (await callApi<{ list: { alarmKey: string }[] }>(request, token, alarmRealTimeList.path, {})).list.map((a) => a.alarmKey);
  return { token, region, fix, send, openKeys };
}

test('a contractor walking into TF-B raises 越界 within 2 s on /IllegaEntryAlarm; SOS raises at once; a still person raises 静止 after the set time; a user outside the region sees none', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { token, region, fix, send, openKeys } = await prepare(page, request);
  const tfb = region('TF-B');
  const wh = region('WH');
  // A short man-down time in the warehouse, for the test.
  await callApi(request, token, fenceRuleSave.path, { regionid: wh.properties.regionid, manDown: { radiusM: 3, seconds: 5 } });

  await page.goto('/IllegaEntryAlarm');
  await expect(page.getByTestId('illegal-entry-alarm-page')).toBeVisible();
  const row = page.getByTestId(`alarm-row-${fenceKeys.intrusion(CONTRACTOR, tfb.properties.regionid)}`);
  await expect(row).toHaveCount(0);
  // Walking from outside the fence to its middle, one fix a second.
  const [lon, lat] = boundsCentre(tfb.geometry);
  await fix(CONTRACTOR, [lon, lat - 0.01]);
  await fix(CONTRACTOR, [lon, lat]);
  const crossed = Date.now();
  await expect(row).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - crossed).toBeLessThan(2000);
  await expect(row).toContainText('端到端承包商');
  await expect(row).toHaveClass(/pw-alarm-row-unack/);

  // SOS: the button tag of a demo person.
  await page.goto('/PersonnelAlert');
  await send('/ingest/v1/samples', [{ tag: `person.${SOS_CARD}.sos`, t: Date.now() + 60_000, v: 1, q: 0 }]);
  await expect(page.getByTestId(`alarm-row-${fenceKeys.sos(SOS_CARD)}`)).toBeVisible({ timeout: 10_000 });

  // Still in the warehouse for longer than 5 s.
  await page.goto('/StaticAlarm');
  const spot = boundsCentre(wh.geometry);
  for (let i = 0; i < 8; i++) {
    await fix(STILL, spot);
    await page.waitForTimeout(1000);
  }
  await expect(page.getByTestId(`alarm-row-${fenceKeys.still(STILL)}`)).toBeVisible({ timeout: 10_000 });
  expect(await openKeys()).toContain(fenceKeys.still(STILL));

  // The demo operator sees TF and LS: the intrusion in TF-B, not the man-down in the warehouse.
  const ctx = await browser.newContext({ locale: 'zh-CN' });
  const operator = await ctx.newPage();
  await signIn(operator, 'operator');
  await operator.goto('/IllegaEntryAlarm');
  await expect(operator.getByTestId(`alarm-row-${fenceKeys.intrusion(CONTRACTOR, tfb.properties.regionid)}`)).toBeVisible();
  await operator.goto('/StaticAlarm');
  await expect(operator.getByTestId('real-time-alarm-page')).toBeVisible();
  await expect(operator.getByTestId(`alarm-row-${fenceKeys.still(STILL)}`)).toHaveCount(0);
  await ctx.close();
  await send('/ingest/v1/samples', [{ tag: `person.${SOS_CARD}.sos`, t: Date.now() + 61_000, v: 0, q: 0 }]);
});

// Pictures for people to look at (SCREENSHOTS=1), not a test.
if (screenshots) {
  test('screenshots of the fence and positioning alarm pages at 1440 and 390 px, zh and en', async ({ browser }) => {
    test.setTimeout(120_000);
    for (const locale of ['zh-CN', 'en-US']) {
      for (const width of [1440, 390]) {
        const ctx = await browser.newContext({ locale, viewport: { width, height: width > 500 ? 900 : 844 } });
        const page = await ctx.newPage();
        await signIn(page, 'admin');
        if (locale === 'en-US') {
          await page.evaluate(() => localStorage.setItem('language', 'en'));
        }
        for (const [path, id] of [
          ['/SystesmManeges/FenceRules', 'fence-rules-page'],
          ['/IllegaEntryAlarm', 'illegal-entry-alarm-page'],
          ['/SystesmManeges', 'ledger-PositioningObject'],
          ['/Muster', 'muster-page'],
        ]) {
          await page.goto(path);
          await expect(page.getByTestId(id).first()).toBeVisible();
          await page.waitForTimeout(500);
          await page.screenshot({ path: test.info().outputPath(`${path.replaceAll('/', '_')}-${locale}-${width}.png`) });
        }
        await ctx.close();
      }
    }
  });
}
