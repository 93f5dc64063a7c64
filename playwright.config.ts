import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18080);
/** CI sets TEST_MQTT_URL for the local broker; the e2e server then ingests from it too. */
const mqttUrl = process.env.MQTT_URL ?? process.env.TEST_MQTT_URL;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: path.resolve('test-results/e2e-data'),
      DEMO: '1',
      LOG_LEVEL: 'warn',
      // e2e/realtime.spec.ts publishes over MQTT when a broker is given (MQTT_URL=mqtt://127.0.0.1:1883); the test skips otherwise.
      ...(mqttUrl ? { MQTT_URL: mqttUrl } : {}),
    },
  },
});
