// `npm run screenshots`: signs in through the real sign-in page of a running portal and saves the
// screenshots committed under docs/screenshots/. BASE_URL defaults to http://127.0.0.1:8080.
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const out = process.env.OUT_DIR ?? 'docs/screenshots';
const password = process.env.DEMO_PASSWORD ?? 'Plantwatch@2026';
const pages = (process.env.PAGES ?? '').split(',').filter(Boolean);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
await page.goto(`${base}/login`);
await page.getByTestId('login-username').waitFor();
await page.waitForTimeout(500);
await page.screenshot({ path: `${out}/login.png` });
await page.getByTestId('login-username').fill('admin');
await page.getByTestId('login-password').fill(password);
await page.getByTestId('login-submit').click();
await page.waitForURL(/Gateway\/home/);
await page.waitForTimeout(1500);
await page.screenshot({ path: `${out}/home.png` });
for (const p of pages) {
  await page.goto(`${base}${p}`);
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `${out}/${p.replace(/^\//, '').replace(/\//g, '-')}.png` });
}
await page.getByTestId('lang-switch').click();
await page.waitForTimeout(300);
const en = page.getByText('English');
if (await en.count()) {
  await en.first().click();
}
await page.goto(`${base}/Gateway/home`);
await page.waitForTimeout(1500);
await page.screenshot({ path: `${out}/home-en.png` });
await browser.close();
console.log(`screenshots written to ${out}`);
