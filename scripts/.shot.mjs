// scratch: screenshot pages of a running portal (not committed)
import { chromium } from 'playwright-core';
const base = process.env.BASE;
const user = process.env.USER_LOGIN ?? 'supervisor';
const shots = JSON.parse(process.env.SHOTS); // [[path, name, width, height, lang]]
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
const page = await ctx.newPage();
await page.goto(base + '/login');
await page.getByTestId('login-username').fill(user);
await page.getByTestId('login-password').fill('Plantwatch@2026');
await page.getByTestId('login-submit').click();
await page.waitForURL(/Gateway\/home/, { timeout: 60000 });
for (const [path, name, w, h, lang] of shots) {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.setViewportSize({ width: w, height: h });
  await page.goto(base + path);
  await page.waitForTimeout(6000);
  await page.screenshot({ path: `/work/shots/${name}-${lang}-${w}.png` });
  console.log('shot', name, lang, w);
}
await browser.close();
