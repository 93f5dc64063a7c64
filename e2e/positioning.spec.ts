import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { regionGeometryList } from '../src/shared/org/contracts';
import { trajectory } from '../src/shared/positioning/contracts';
import { ingestKeyCreate, ingestPositions } from '../src/shared/contracts/stream';
import { callApi, signIn } from './sign-in';

/** Signs in through the sign-in page and returns the access token. */
async function signInToken(page: Page, loginname: string): Promise<string> {
  await signIn(page, loginname);
  return (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
}

async function regionPoints(request: APIRequestContext, token: string) {
  const fc = await callApi<{ features: { properties: { regioncode: string; regionname: string }; geometry: { type: string; coordinates: number[][][] } }[] }>(
    request,
    token,
    regionGeometryList.path,
    {},
  );
  const at = (code: string) => {
    const f = fc.features.find((x) => x.properties.regioncode === code)!;
    const ring = f.geometry.type === 'Polygon' ? f.geometry.coordinates[0] : (f.geometry.coordinates[0] as unknown as number[][][])[0];
    const pts = ring.slice(0, -1);
    return {
      name: f.properties.regionname,
      lon: pts.reduce((s, p) => s + p[0], 0) / pts.length,
      lat: pts.reduce((s, p) => s + p[1], 0) / pts.length,
    };
  };
  // The operator's scope is TF and LS (demo seed); WH is outside it.
  return { ls: at('LS'), wh: at('WH') };
}

async function positionSender(request: APIRequestContext, token: string) {
  const { key } = await callApi<{ key: string }>(request, token, ingestKeyCreate.path, { name: `e2e positioning ${Date.now()}` });
  return async (items: { tagId: string; lon: number; lat: number; t?: number }[]) => {
    const res = await request.post(ingestPositions.path, {
      data: items.map((i) => ({ tagId: i.tagId, t: i.t ?? Date.now(), lon: i.lon, lat: i.lat, kind: 'person' })),
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status()).toBe(200);
  };
}

async function findCard(page: Page, card: string) {
  const search = page.getByTestId('pos-search').locator('input');
  await search.fill(card);
  await page.locator('.ant-select-item-option', { hasText: card }).first().click();
  return page.getByTestId('pos-card');
}

test('the live map shows HTTP-ingested people moving; search opens their card; their trajectory plays', async ({ page, request }) => {
  const token = await signInToken(page, 'admin');
  const { ls, wh } = await regionPoints(request, token);
  const send = await positionSender(request, token);
  const card = `E2E-MOVE-${Date.now() % 100000}`;
  const t0 = Date.now();
  await send([{ tagId: card, lon: ls.lon, lat: ls.lat, t: t0 }]);

  await page.goto('/PersonnelPositioning');
  await expect(page.getByTestId('plant-map')).toBeVisible();
  const panel = await findCard(page, card);
  await expect(panel).toContainText(card);
  await expect(panel.getByTestId('pos-card-region')).toHaveText(ls.name);

  // A new fix in another region: the same card follows it.
  await send([
    { tagId: card, lon: (ls.lon + wh.lon) / 2, lat: (ls.lat + wh.lat) / 2, t: t0 + 1000 },
    { tagId: card, lon: wh.lon, lat: wh.lat, t: t0 + 2000 },
  ]);
  await expect(panel.getByTestId('pos-card-region')).toHaveText(wh.name);
  await page.screenshot({ path: test.info().outputPath('live-map.png') });

  // Its trajectory: the path of the three fixes, played.
  await page.goto(`/ResearchersTrack?card=${card}`);
  await page.getByTestId('track-query').click();
  const player = page.getByTestId('track-player');
  await expect(player).toBeVisible();
  const before = await page.getByTestId('track-time').textContent();
  await page.getByTestId('track-play').click();
  await expect(page.getByTestId('track-time')).not.toHaveText(before!);
  await expect(page.getByTestId('track-dwell')).toContainText(ls.name);
  await expect(page.getByTestId('track-dwell')).toContainText(wh.name);
  await page.screenshot({ path: test.info().outputPath('trajectory.png') });
});

test('a user outside a region sees neither the people in it nor their tracks', async ({ page, browser, request }) => {
  const token = await signInToken(page, 'admin');
  const { ls, wh } = await regionPoints(request, token);
  const send = await positionSender(request, token);
  const stamp = Date.now() % 100000;
  const inside = `E2E-IN-${stamp}`;
  const outside = `E2E-OUT-${stamp}`;
  const t0 = Date.now();
  await send([
    { tagId: inside, lon: ls.lon, lat: ls.lat, t: t0 },
    { tagId: outside, lon: wh.lon, lat: wh.lat, t: t0 },
  ]);
  // The demo's operator (regions TF and LS) reads positions in their own regions only.
  {
    const context = await browser.newContext();
    const op = await context.newPage();
    const opToken = await signInToken(op, 'operator');
    const track = (tagId: string) => callApi<{ items: unknown[] }>(request, opToken, trajectory.path, { tagId, from: t0 - 1000, to: t0 + 60_000 });
    expect((await track(inside)).items).toHaveLength(1);
    expect((await track(outside)).items).toHaveLength(0);

    await op.goto('/PersonnelPositioning');
    await expect(op.getByTestId('plant-map')).toBeVisible();
    const search = op.getByTestId('pos-search').locator('input');
    await search.fill(`E2E-`);
    await expect(op.locator('.ant-select-item-option', { hasText: inside })).toBeVisible();
    await expect(op.locator('.ant-select-item-option', { hasText: outside })).toHaveCount(0);
    await context.close();
  }
});
