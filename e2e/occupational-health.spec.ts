import { ingestKeyCreate, ingestPositions, ingestSamples } from '../src/shared/contracts/stream';
import { createRegionLocator } from '../src/shared/domain/region-locator';
import { examRecordLedger, hazardousPositionLedger, personalArchiveLedger } from '../src/shared/occupational-health/ledger';
import { gasDetectorLedger } from '../src/shared/occupational-health/ledger-more';
import { healthLedgerPages } from '../src/shared/occupational-health/manifest';
import { regionGeometryList } from '../src/shared/org/contracts';
import { tagSave } from '../src/shared/realtime/contracts';
import { recordContracts } from '../src/shared/records/contracts';
import { positioningObjectLedger } from '../src/shared/records/ledgers/positioning-object';
import { expect, screenshots, test, type APIRequestContext } from './fixtures';
import { expectNoSidewaysOverflow } from './layout-helpers';
import { callApi, signIn } from './sign-in';

type Feature = { properties: { regionid: number }; geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown } };

/** Two zones whose centre lies in themselves, placed with the same locator the server uses. */
async function twoZones(request: APIRequestContext, token: string) {
  const fc = await callApi<{ features: Feature[] }>(request, token, regionGeometryList.path, {});
  const locator = createRegionLocator(
    fc.features.map((f) => ({ regionid: f.properties.regionid, code: '', geometry: f.geometry as never })),
  );
  const zones = fc.features
    .map((f) => {
      const ring = (
        f.geometry.type === 'Polygon' ? (f.geometry.coordinates as number[][][])[0] : (f.geometry.coordinates as number[][][][])[0][0]
      ).slice(0, -1);
      return {
        id: f.properties.regionid,
        lon: ring.reduce((s, p) => s + p[0], 0) / ring.length,
        lat: ring.reduce((s, p) => s + p[1], 0) / ring.length,
      };
    })
    .filter((z) => locator.locate(z.lon, z.lat) === z.id);
  expect(zones.length).toBeGreaterThanOrEqual(2);
  return [zones[0], zones[1]] as const;
}

/*
 * Issue 26 §2: a person's shift exposure shows on their file after their
 * positions and the zone's gas samples are posted over HTTP ingest; an
 * overdue periodic exam (GBZ 188) appears as a to-do that leads to the file.
 */
test('shift exposure from posted positions and NH3 samples shows on the person’s file; an overdue periodic exam is a to-do', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  const [a, b] = await twoZones(request, token);
  const stamp = Date.now() % 1_000_000;
  const tagId = `E2E-OH-NH3-${stamp}`;
  await callApi(request, token, tagSave.path, {
    id: tagId,
    name: `端到端 检测仪 ${stamp}`,
    name_en: `E2E detector ${stamp}`,
    unit: 'ppm',
    kind: 'ppm',
    regionid: a.id,
    range_lo: 0,
    range_hi: 500,
    ll: null,
    l: null,
    h: null,
    hh: null,
    deadband: 0,
    isNew: true,
  });
  // What the detector measures is bound as data (the exposure factors page), not read from its name.
  await callApi(request, token, recordContracts(gasDetectorLedger).save.path, { tag: tagId, cas: '7664-41-7' });
  const { key } = await callApi<{ key: string }>(request, token, ingestKeyCreate.path, { name: `e2e oh ${stamp}` });
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { data, headers: { authorization: `Bearer ${key}` } });
    expect(res.status()).toBe(200);
  };
  const from = Math.floor((Date.now() - 3 * 3_600_000) / 60_000) * 60_000;
  const to = from + 120 * 60_000;
  const card = `E2E-OH-${stamp}`;
  await post(
    ingestPositions.path,
    Array.from({ length: 90 }, (_, i) => ({
      tagId: card,
      t: from + i * 60_000,
      kind: 'person',
      ...(i < 60 ? { lon: a.lon, lat: a.lat } : { lon: b.lon, lat: b.lat }),
    })),
  );
  await post(
    ingestSamples.path,
    Array.from({ length: 62 }, (_, i) => ({ tag: tagId, t: from - 60_000 + i * 60_000, v: 200 })),
  );

  const name = `端到端职工${stamp}`;
  const person = await callApi<{ id: number }>(request, token, recordContracts(positioningObjectLedger).save.path, {
    card,
    kind: 'person',
    name,
  });
  const position = await callApi<{ id: number }>(request, token, recordContracts(hazardousPositionLedger).save.path, {
    name: `苯岗位${stamp}`,
    hazards: ['benzene'],
  });
  const file = await callApi<{ id: number }>(request, token, recordContracts(personalArchiveLedger).save.path, {
    person: person.id,
    personName: name,
    position: position.id,
  });
  await callApi(request, token, recordContracts(examRecordLedger).save.path, {
    person: person.id,
    personName: name,
    examType: 'periodic',
    date: Date.now() - 400 * 86_400_000,
    result: 'normal',
  });

  // The file: NH3 for the 60 min in zone A: 200 ppm × 17.03 / 24.45 × 60 / 480 = 17.41 mg/m³, above 50 % of PC-TWA 20.
  await page.goto(`/occupationalHealthManagement/personalFile?id=${file.id}&from=${from}&to=${to}`);
  const nh3 = page.getByTestId('oh-exposure-7664-41-7');
  await expect(nh3.getByTestId('oh-exposure-twa')).toHaveText('TWA 17.4131 mg/m³', { timeout: 20_000 });
  await expect(nh3.getByTestId('oh-exposure-flagged')).toBeVisible();
  await expect(nh3.getByTestId('oh-exposure-method')).toContainText('24.45');
  await expect(nh3.getByTestId('oh-exposure-notes')).toContainText('无定位');
  await expect(page.getByTestId('oh-file-due')).toContainText('逾期');
  if (screenshots) {
    await page.screenshot({ path: test.info().outputPath('personal-file-zh.png'), fullPage: true });
  }

  // The overdue exam is a to-do of the administrator, leading to the file.
  await page.goto('/orgnization/ToDoCenter');
  const todo = page.getByRole('row', { name: new RegExp(name) });
  await expect(todo).toContainText('体检逾期', { timeout: 20_000 });
  await todo.getByRole('button', { name: /去\s*处\s*理/ }).click();
  await expect(page).toHaveURL(new RegExp(`personalFile\\?id=${file.id}`));
  await expect(page.getByTestId('oh-file')).toContainText(name);

  // The person's file on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/occupationalHealthManagement/personalFile?id=${file.id}&from=${from}&to=${to}`);
  await expect(page.getByTestId('oh-exposure-7664-41-7').getByTestId('oh-exposure-twa')).toHaveText('TWA 17.4131 mg/m³', {
    timeout: 20_000,
  });
});

/* Every page of the area opens (demo data) and fits a phone; with SCREENSHOTS=1 at both widths in both languages. */
test('the occupational health pages open and fit a phone', async ({ browser }) => {
  test.setTimeout(screenshots ? 180_000 : 120_000);
  const OHM = '/occupationalHealthManagement';
  const pages: [string, string][] = [
    ['home', 'oh-home'],
    // The area's own address is its home.
    ['', 'oh-home'],
    ['occupationalHealthdatabase', 'ledger-HarmfulFactor'],
    ['hazardousPositions', 'ledger-HazardousPosition'],
    ['jobHazard', 'oh-measurements'],
    ['protectiveMeasuresdatabase', 'ledger-Safeguard'],
    ['warningLabelDatabase', 'ledger-WorkplaceWarningSign'],
    ['personalFileSearch', 'oh-due'],
    ['medicalPlan', 'oh-due'],
    ['medicalRecord', 'ledger-PhysicalExaminationRecord'],
    ['physicalAbnormalities', 'oh-abnormal'],
    ...healthLedgerPages.map((p): [string, string] => [p.child, `ledger-${p.entity}`]),
  ];
  for (const locale of screenshots ? ['zh-CN', 'en-US'] : ['zh-CN']) {
    const lang = locale.slice(0, 2);
    for (const width of screenshots ? [1440, 390] : [390]) {
      const ctx = await browser.newContext({
        locale,
        viewport: { width, height: width > 500 ? 900 : 844 },
        ...(width < 500 ? { hasTouch: true, isMobile: true } : {}),
      });
      const p = await ctx.newPage();
      await signIn(p, 'admin');
      await p.evaluate((l) => localStorage.setItem('language', l), lang);
      for (const [child, testId] of pages) {
        await p.goto(child === '' ? OHM : `${OHM}/${child === 'home' ? 'occupationalHealthHomePage' : child}`);
        await expect(p.getByTestId(testId).first()).toBeVisible({ timeout: 20_000 });
        await expect(p.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
        if (screenshots) {
          await p.screenshot({ path: `test-results/screens/occupational-health/${child || 'area'}-${width}-${lang}.png`, fullPage: true });
        }
        await expectNoSidewaysOverflow(p);
      }
      if (screenshots) {
        // A demo person's file (the first file of the due list).
        await p.goto(`${OHM}/personalFileSearch`);
        await p.getByTestId('oh-due').locator('a').first().click();
        await expect(p.getByTestId('oh-file')).toBeVisible();
        await p.screenshot({ path: `test-results/screens/occupational-health/personalFile-${width}-${lang}.png`, fullPage: true });
      }
      await ctx.close();
    }
  }
});
