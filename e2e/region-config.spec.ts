import zlib from 'node:zlib';
import { expect, screenshots, test, type Page } from './fixtures';
import { signIn } from './sign-in';

/** Screenshots go to the test's output folder; with UPDATE_SCREENSHOTS=1 they refresh docs/screenshots (a test run leaves the repository as it was). */
const shotPath = (name: string) => (process.env.UPDATE_SCREENSHOTS ? `docs/screenshots/${name}` : test.info().outputPath(name));

const ZONE_CODE = 'E2E-RZ';

/** Calls the API with the signed-in user's access token, as the page's own client does. */
async function callApi<T>(page: Page, path: string, data: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('Admin-Token'));
  const res = await page.request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  const body = await res.json();
  expect(body.IsSuccess, JSON.stringify(body.error)).toBe(true);
  return body.data as T;
}

/** The map canvas of the RegionConfig page and its centre in page pixels. */
async function mapCentre(page: Page) {
  const canvas = page.getByTestId('region-config').locator('canvas.maplibregl-canvas');
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  const box = (await canvas.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Clicks corners on the map one by one (apart in time, so two clicks never make a double-click). */
async function clickCorners(page: Page, corners: [number, number][]) {
  for (const [x, y] of corners) {
    await page.mouse.click(x, y);
    await page.waitForTimeout(400);
  }
}

type Feature = { properties: { regioncode: string; regionid: number }; geometry: { type: string; coordinates: number[][][] } };

test('an administrator draws a restricted zone; positions sent inside it are counted there at once and it shows on another plant map', async ({
  page,
  context,
}) => {
  // Two WebGL plant maps drawn in software (no GPU here) beside another worker's portal.
  test.setTimeout(240_000);
  await signIn(page, 'admin');

  // Another plant map, open before the zone exists: it must pick the zone up without a reload.
  const other = await context.newPage();
  await other.goto('/MapDisplay');
  const otherMap = other.getByTestId('plant-map');
  await expect(otherMap).toHaveAttribute('data-region-codes', /TF-A/, { timeout: 20_000 });
  expect(await otherMap.getAttribute('data-region-codes')).not.toContain(ZONE_CODE);

  await page.goto('/systemConfig/RegionConfig');
  await expect(page.getByTestId('region-tree')).toBeVisible({ timeout: 60_000 });
  const c = await mapCentre(page);

  await page.getByTestId('region-add').click();
  await page.getByTestId('region-name').fill('E2E 受限区');
  await page.getByTestId('region-code').fill(ZONE_CODE);
  await page.getByTestId('shape-draw').click();
  await clickCorners(page, [
    [c.x - 50, c.y - 40],
    [c.x, c.y - 60],
    [c.x + 50, c.y - 40],
    [c.x + 50, c.y + 40],
    [c.x - 50, c.y + 40],
  ]);
  await expect(page.getByTestId('shape-vertex')).toHaveCount(5);
  await page.getByTestId('shape-finish').click();
  // Delete a corner: select it, then the button.
  await page.getByTestId('shape-vertex').nth(1).click();
  await page.getByTestId('shape-delete-vertex').click();
  await expect(page.getByTestId('shape-vertex')).toHaveCount(4);
  // Reshape: drag one corner outwards; the polygon stays simple.
  const drag = async (testId: string, index: number, dx: number, dy: number) => {
    const b = (await page.getByTestId(testId).nth(index).boundingBox())!;
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2 + dx, b.y + b.height / 2 + dy, { steps: 5 });
    await page.mouse.up();
  };
  const before = (await page.getByTestId('shape-vertex').nth(0).boundingBox())!;
  await drag('shape-vertex', 2, 15, 10);
  // Move the whole polygon with its centre handle: every corner follows.
  await drag('shape-move', 0, 30, 20);
  const after = (await page.getByTestId('shape-vertex').nth(0).boundingBox())!;
  expect(Math.round(after.x - before.x)).toBeGreaterThan(20);
  expect(Math.round(after.y - before.y)).toBeGreaterThan(10);
  await page.getByTestId('shape-save').click();
  await expect(page.getByTestId('region-tree')).toContainText(ZONE_CODE);
  await expect(page.getByTestId('shape-error')).toHaveCount(0);

  // The stored polygon, and a point inside it (its corners' average: the shape is convex).
  const fc = await callApi<{ features: Feature[] }>(page, '/UAPI/Region/GeometryList', {});
  const zone = fc.features.find((f) => f.properties.regioncode === ZONE_CODE)!;
  expect(zone.geometry.type).toBe('Polygon');
  const ring = zone.geometry.coordinates[0].slice(0, -1);
  expect(ring.length).toBe(4);
  const inside = [ring.reduce((s, p) => s + p[0], 0) / ring.length, ring.reduce((s, p) => s + p[1], 0) / ring.length];

  // A gateway sends three people into the zone over the ingest HTTP API, with an ingest key.
  const key = await callApi<{ key: string }>(page, '/UAPI/Ingest/KeyCreate', { name: 'e2e region zone' });
  const now = Date.now();
  const sent = await page.request.post('/ingest/v1/positions', {
    headers: { authorization: `Bearer ${key.key}` },
    data: [1, 2, 3].map((i) => ({ tagId: `E2E-RZ-P${i}`, t: now, lon: inside[0], lat: inside[1], kind: 'person' })),
  });
  expect(sent.status()).toBe(200);
  expect((await sent.json()).data.accepted).toBe(3);

  // Counted in the zone by HeadCount, without a restart.
  await expect
    .poll(async () => {
      const counts = await callApi<{ items: { regionid: number; people: number }[] }>(page, '/UAPI/Region/HeadCount', {});
      return counts.items.find((i) => i.regionid === zone.properties.regionid)?.people ?? 0;
    })
    .toBeGreaterThanOrEqual(3);
  // And on the page: select the zone in the tree.
  await page.getByTestId('region-tree').getByText(ZONE_CODE).click();
  await expect
    .poll(async () => Number(await page.getByTestId('region-headcount').getAttribute('data-people')), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);

  // The other plant map drew the new zone from the region topic.
  await expect(otherMap).toHaveAttribute('data-region-codes', new RegExp(ZONE_CODE), { timeout: 30_000 });

  // A polygon that crosses itself is refused with the message naming the edges.
  await page.getByTestId('shape-draw').click();
  await clickCorners(page, [
    [c.x - 40, c.y - 30],
    [c.x + 40, c.y + 30],
    [c.x + 40, c.y - 30],
    [c.x - 40, c.y + 30],
  ]);
  await page.getByTestId('shape-finish').click();
  await page.getByTestId('shape-save').click();
  await expect(page.getByTestId('shape-error')).toContainText(/自相交|crosses itself/);
  // Nothing changed on the server.
  const still = await callApi<{ features: Feature[] }>(page, '/UAPI/Region/GeometryList', {});
  expect(still.features.find((f) => f.properties.regioncode === ZONE_CODE)!.geometry.coordinates[0]).toEqual(zone.geometry.coordinates[0]);
});

/** A PNG site plan of w×h pixels: a grey grid on white, drawn here so the test needs no file. */
function planPng(w: number, h: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) {
      c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) {
      c = table[(c ^ x) & 0xff] ^ (c >>> 8);
    }
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  const raw = Buffer.alloc((w + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      raw[y * (w + 1) + 1 + x] = x % 40 === 0 || y % 40 === 0 ? 120 : 250;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('an administrator uploads a site plan, places it with three control points, and it becomes the base of every plant map', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/systemConfig/RegionConfig');
  await expect(page.getByTestId('region-tree')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('site-plan-open').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('site-plan-file').setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: planPng(400, 300) });
  const image = dialog.locator('img');
  await expect(image).toBeVisible({ timeout: 30_000 });
  const canvas = dialog.locator('canvas.maplibregl-canvas');
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  const spots: [number, number][] = [
    [0.1, 0.1],
    [0.9, 0.1],
    [0.1, 0.9],
  ];
  for (let i = 0; i < 3; i++) {
    await dialog.getByRole('radio').nth(i).check();
    const ib = (await image.boundingBox())!;
    await page.mouse.click(ib.x + ib.width * spots[i][0], ib.y + ib.height * spots[i][1]);
    const cb = (await canvas.boundingBox())!;
    await page.mouse.click(cb.x + cb.width * (0.2 + spots[i][0] * 0.6), cb.y + cb.height * (0.2 + spots[i][1] * 0.6));
  }
  await dialog.getByTestId('site-plan-place').click();
  // Three points fit exactly: the residual shown is zero metres.
  await expect(dialog.getByTestId('site-plan-rms')).toContainText(/0\.00/);
  await page.keyboard.press('Escape');

  // The map itself fetches the plan from our server, with the user's token.
  const imageLoaded = page.waitForResponse((r) => r.url().includes('/UAPI/Map/SitePlanImage') && r.status() === 200);
  await page.goto('/MapDisplay');
  await imageLoaded;
  await expect(page.getByTestId('plant-map')).toHaveAttribute('data-site-plan', /\d+/, { timeout: 30_000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: shotPath('map-display-site-plan.png') });

  // A file that is not an image is refused with the message.
  await page.goto('/systemConfig/RegionConfig');
  await page.getByTestId('site-plan-open').click();
  await page
    .getByRole('dialog')
    .getByTestId('site-plan-file')
    .setInputFiles({ name: 'plan.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('dialog').getByTestId('site-plan-error')).toContainText(/PNG/);
});

// Pictures for people to look at (SCREENSHOTS=1), not tests.
for (const lang of screenshots ? (['zh', 'en'] as const) : []) {
  for (const width of [1440, 390]) {
    test(`screenshot of RegionConfig at ${width} px (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.addInitScript((l) => localStorage.setItem('language', l), lang);
      await signIn(page, 'admin');
      await page.goto('/systemConfig/RegionConfig');
      await expect(page.getByTestId('region-tree')).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('region-tree').getByText('TF-A', { exact: false }).first().click();
      await expect(page.getByTestId('region-form')).toBeVisible();
      await expect(page.getByTestId('plant-map')).toHaveAttribute('data-region-codes', /TF-A/, { timeout: 20_000 });
      // Let the map finish drawing its tiles of vector data.
      await page.waitForTimeout(1500);
      await page.screenshot({ path: shotPath(`region-config-${width}-${lang}.png`), fullPage: width < 800 });
    });
  }
}
