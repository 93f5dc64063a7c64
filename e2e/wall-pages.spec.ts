import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cameraSave, frameOriginsSave, homeSave } from '../src/shared/dashboards/wall-contracts';
import { expect, screenshots, test, type Page } from './fixtures';
import { callApi, signIn } from './sign-in';

/*
 * The wall's pages (issue 22): a camera playing a local HLS stream (made by
 * Debian's ffmpeg) and a broken one showing the placeholder; a notice written
 * in the editor shown on /ShowTinymce; a frame of an allowed site opened and
 * one of another site refused; each role's home dashboard.
 */

const MEDIA_PORT = Number(process.env.E2E_PORT ?? 18080) + 100;
const MEDIA = `http://127.0.0.1:${MEDIA_PORT}`;
let dir = '';
let server: Server;

const TYPES: Record<string, string> = { '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t', '.html': 'text/html; charset=utf-8' };

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'pw-hls-'));
  mkdirSync(path.join(dir, 'live'));
  // Eight seconds of the test pattern as HLS (one-second segments), H.264 as cameras send it.
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25', '-t', '8', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-g', '25',
    '-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod', path.join(dir, 'live', 'index.m3u8')]);
  writeFileSync(path.join(dir, 'page.html'), '<!doctype html><title>plant page</title><h1 id="hello">外部页面 external page</h1>');
  server = createServer((req, res) => {
    const file = path.join(dir, path.normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, ''));
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'access-control-allow-origin': '*' });
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(MEDIA_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

async function adminToken(page: Page): Promise<string> {
  await signIn(page, 'admin');
  return (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
}

/** Pictures at 1,920, 390 and 3,840 px in both languages (SCREENSHOTS=1), into test-results/screens. */
async function shoot(page: Page, url: string, name: string, ready: () => Promise<void>) {
  if (!screenshots) {
    return;
  }
  mkdirSync('test-results/screens', { recursive: true });
  for (const lang of ['zh', 'en']) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const [width, height] of [
      [1920, 1080],
      [390, 844],
      [3840, 2160],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(url);
      await ready();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `test-results/screens/wall-${name}-${width}-${lang}.png` });
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a camera plays its HLS stream and a broken one shows the placeholder with the reason', async ({ page, request }) => {
  const token = await adminToken(page);
  const good = await callApi<{ id: number }>(request, token, cameraSave.path, { name: '罐区东北角', hlsUrl: `${MEDIA}/live/index.m3u8`, position: 'TK-101' });
  const broken = await callApi<{ id: number }>(request, token, cameraSave.path, { name: '断线摄像头', hlsUrl: `${MEDIA}/missing/index.m3u8` });

  await page.goto('/CameraShow');
  await expect(page.getByTestId('camera-grid')).toBeVisible();
  const video = page.getByTestId(`camera-${good.id}-video`);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
  const t1 = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(t1 + 0.5);
  await expect(page.getByTestId(`camera-${good.id}-placeholder`)).toHaveCount(0);
  await expect(page.getByTestId(`camera-${broken.id}-placeholder`)).toContainText('视频加载失败');
  await expect(page.getByTestId(`camera-${broken.id}`)).toHaveAttribute('data-problem', 'failed');

  // One camera on the whole page; an unknown id is the placeholder, never a blank box.
  await page.goto(`/CkplayerShow?id=${good.id}`);
  await expect.poll(() => page.getByTestId('camera-full-video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
  await page.goto('/CkplayerShow?id=999999');
  await expect(page.getByTestId('camera-full-placeholder')).toContainText('未配置视频地址');

  await shoot(page, '/CameraShow', 'cameras', () => expect(page.getByTestId('camera-grid')).toBeVisible());
  await shoot(page, '/RedashConfig/CameraConfig', 'camera-config', () => expect(page.getByTestId('camera-add')).toBeVisible());
});

test('a notice written in the editor shows read-only on /ShowTinymce', async ({ page }) => {
  await adminToken(page);
  await page.goto('/RedashConfig/TinymceConfig');
  await page.getByTestId('notice-title').fill('停车检修通知');
  const editor = page.getByTestId('notice-editor').locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('明日 8:00 起罐区停车检修。');
  await page.getByTestId('rte-bold').click();
  await page.keyboard.type('动火作业须持证');
  await page.getByTestId('notice-save').click();
  await expect(page).toHaveURL(/TinymceConfig\?id=\d+/);
  await page.getByTestId('notice-show').click();
  await expect(page).toHaveURL(/ShowTinymce\?id=\d+/);
  await expect(page.getByTestId('notice-wall').locator('h1')).toHaveText('停车检修通知');
  await expect(page.getByTestId('notice-body')).toContainText('明日 8:00 起罐区停车检修。');
  await expect(page.getByTestId('notice-body').locator('strong')).toHaveText('动火作业须持证');
  const url = page.url().replace(/^https?:\/\/[^/]+/, '');

  await page.goto('/RedashConfig/TinymceList');
  await expect(page.getByRole('cell', { name: '停车检修通知' })).toBeVisible();
  await shoot(page, url, 'notice', () => expect(page.getByTestId('notice-body')).toBeVisible());
});

test('a page of an allowed site opens in the frame; another site is refused with the reason, not framed', async ({ page, request }) => {
  const token = await adminToken(page);
  await callApi(request, token, frameOriginsSave.path, { items: [MEDIA] });
  await page.goto(`/IframePage/index?url=${encodeURIComponent(`${MEDIA}/page.html`)}`);
  await expect(page.frameLocator('[data-testid="frame"]').locator('#hello')).toHaveText('外部页面 external page');

  // localhost is another origin than 127.0.0.1 for the browser, so it is not on the list.
  const other = `http://localhost:${MEDIA_PORT}/page.html`;
  await page.goto(`/IframePage/index?url=${encodeURIComponent(other)}`);
  await expect(page.getByTestId('frame-refused')).toContainText('该网站不在允许嵌入的名单中');
  await expect(page.getByTestId('frame')).toHaveCount(0);

  await page.goto('/IframePage');
  await expect(page).toHaveURL(/\/IframePage\/config$/);
  await expect(page.getByTestId('frame-origins')).toHaveValue(MEDIA);
  await shoot(page, '/IframePage/config', 'frame-config', () => expect(page.getByTestId('frame-origins')).toBeVisible());
});

test('the home page shows the dashboard of the user’s role, else the default', async ({ page, browser, request, baseURL }) => {
  const token = await adminToken(page);
  await callApi(request, token, homeSave.path, { items: [{ role: 'operator', key: 'alarms' }] });
  await page.goto('/Gateway/HomePage');
  await expect(page.getByTestId('home-dashboard')).toHaveAttribute('data-key', 'safety-overview');
  await expect(page.getByTestId('dashboard-grid')).toHaveAttribute('data-key', 'safety-overview');
  await expect(page.getByTestId('home-key-0')).toBeVisible();

  const ctx = await browser.newContext({ baseURL });
  const op = await ctx.newPage();
  await signIn(op, 'operator');
  await op.goto('/Gateway/HomePage');
  await expect(op.getByTestId('dashboard-grid')).toHaveAttribute('data-key', 'alarms');
  await expect(op.getByTestId('home-key-0')).toHaveCount(0);
  await op.goto('/homePageNew');
  await expect(op.getByTestId('kiosk')).toHaveAttribute('data-key', 'alarms');
  await expect(op.locator('.ant-layout-sider')).toHaveCount(0);

  await op.goto('/Permition/PermitionLive');
  await expect(op.getByTestId('permits-live')).toBeVisible();
  await shoot(op, '/Permition/PermitionLive', 'permits-live', () => expect(op.getByTestId('permits-live')).toBeVisible());
  await shoot(page, '/Gateway/HomePage', 'home', () => expect(page.getByTestId('dashboard-grid')).toBeVisible());
});
