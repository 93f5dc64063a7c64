import { defineConfig } from '@playwright/test';

// Each worker runs its own demo portal (e2e/fixtures.ts) on E2E_PORT + its index, so spec files
// run in parallel without sharing a store. E2E_WORKERS sets how many (default 2: this machine
// has 2 cores; each worker is one portal and one Chromium).
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './scripts/e2e-global-setup.mjs',
  // CI runs two portals and two Chromiums on two cores (maps render in software GL): a page that shows in 2 s on a
  // quiet machine can take ten times that, so waits are generous; a passing test does not wait for them.
  timeout: 120_000,
  expect: { timeout: 25_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results/e2e',
  use: {
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
});
