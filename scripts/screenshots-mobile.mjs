// `npm run screenshots:mobile`: every landed page at 390×844 and 800×1280, in Chinese and in
// English, signed in as the administrator through the real sign-in page of a running portal.
// Writes docs/screenshots/mobile/<size>-<lang>-<page>.png. BASE_URL defaults to http://127.0.0.1:8080.
import fs from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const out = process.env.OUT_DIR ?? 'docs/screenshots/mobile';
const password = process.env.DEMO_PASSWORD ?? 'Plantwatch@2026';
const sizes = [
  { name: '390', width: 390, height: 844 },
  { name: '800', width: 800, height: 1280 },
];
const pages = (
  process.env.PAGES ??
  [
    '/Gateway/home',
    '/No.88/SystemManagement',
    '/orgnization/home',
    '/orgnization/personnel-setting',
    '/orgnization/role-management',
    '/orgnization/data-isolation',
    '/orgnization/ToDoCenter',
    '/system/auditLog',
    '/system/ingestKeys',
    '/system/config',
    '/realTimeData/manage',
    '/realTimeData/detailsView',
    '/realTimeData/history',
    '/realTimeData/calssificationManage',
    '/download',
  ].join(',')
)
  .split(',')
  .filter(Boolean);

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
for (const size of sizes) {
  for (const lang of ['zh', 'en']) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, hasTouch: true, isMobile: true, locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    await context.addInitScript((l) => {
      if (!localStorage.getItem('pw-lang-set')) {
        localStorage.setItem('language', l);
        localStorage.setItem('lang', l);
        localStorage.setItem('pw-lang-set', '1');
      }
    }, lang);
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByTestId('login-username').waitFor();
    await page.screenshot({ path: `${out}/${size.name}-${lang}-login.png` });
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/Gateway\/home/);
    for (const p of pages) {
      await page.goto(`${base}${p}`);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `${out}/${size.name}-${lang}-${p.replace(/^\//, '').replace(/[/.]/g, '-')}.png` });
    }
    await page.goto(`${base}/Gateway/home`);
    await page.waitForTimeout(1000);
    if (size.width < 1024) {
      await page.getByTestId('nav-menu').click();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${out}/${size.name}-${lang}-menu.png` });
    }
    await context.close();
  }
}
await browser.close();
console.log(`screenshots written to ${out}`);
