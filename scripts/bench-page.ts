/*
 * A Chromium page for the map benches (bench:positions-map, the trajectory phase of
 * bench:positions): Debian's Chromium through Playwright, software WebGL, the page's
 * script bundled from `entry` with esbuild and served with MapLibre's worker from a
 * fake origin (no server needed).
 */
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/** Opens `entry` (JavaScript, may import from the repository) in a fresh page and waits until it has set `readyGlobal` on window. */
export async function openBenchPage(entry: string, readyGlobal: string): Promise<{ browser: Browser; page: Page }> {
  const bundle = await build({ stdin: { contents: entry, resolveDir: root, loader: 'js' }, bundle: true, format: 'esm', write: false, logLevel: 'silent' });
  const worker = path.join(root, 'node_modules/maplibre-gl/dist');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader'] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.route('http://bench.local/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/') {
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body></body><script type="module" src="/bench.js"></script></html>' });
    }
    if (url.pathname === '/bench.js') {
      return route.fulfill({ contentType: 'text/javascript', body: bundle.outputFiles[0].text });
    }
    return route.fulfill({ contentType: 'text/javascript', path: path.join(worker, path.basename(url.pathname)) });
  });
  await page.goto('http://bench.local/');
  await page.waitForFunction((g) => g in window, readyGlobal);
  return { browser, page };
}
