// One demo portal per Playwright worker: each worker starts `scripts/e2e-server.mjs` (a fresh demo
// store, `npm start`'s path) on its own port and data directory, and every page, context and API
// request of that worker goes to it. Workers therefore never share a store and can run in parallel.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';

export { expect };

/** Pictures of pages at both widths and in both languages are taken only with SCREENSHOTS=1 (or
 * UPDATE_SCREENSHOTS=1): they are for people to look at, assert nothing more than the tests around
 * them, and would double the run. */
export const screenshots = Boolean(process.env.SCREENSHOTS || process.env.UPDATE_SCREENSHOTS);
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

const basePort = Number(process.env.E2E_PORT ?? 18080);
/** CI sets TEST_MQTT_URL for the local broker; the e2e portals then ingest from it too. */
const mqttUrl = process.env.MQTT_URL ?? process.env.TEST_MQTT_URL;

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`);
    return res.ok;
  } catch {
    return false;
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function startPortal(index: number): Promise<{ url: string; child: ChildProcess }> {
  const port = basePort + index;
  const url = `http://127.0.0.1:${port}`;
  if (await healthy(url)) {
    throw new Error(`e2e: port ${port} already serves a portal; stop it or set E2E_PORT`);
  }
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.resolve(`test-results/e2e-data-${index}`),
      DEMO: '1',
      LOG_LEVEL: 'warn',
      ...(mqttUrl ? { MQTT_URL: mqttUrl } : {}),
    },
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[portal ${index}] ${chunk.toString()}`));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`e2e: the portal on port ${port} exited with ${child.exitCode}`);
    }
    if (await healthy(url)) {
      return { url, child };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop(child);
  throw new Error(`e2e: the portal on port ${port} did not answer /healthz within 180 s`);
}

export const test = base.extend<{ closeOwnContexts: void }, { portal: string }>({
  portal: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const { url, child } = await startPortal(workerInfo.parallelIndex);
      await provide(url);
      await stop(child);
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ portal }, provide) => {
    await provide(portal);
  },
  // Contexts a test opens itself (a second user, a phone) close when it ends, as Playwright's own `context` does. Left
  // open, their pages kept rendering live maps and holding sockets for the rest of the worker's life: 40 renderers and
  // a load of 20 by the end of a run, and the later tests of that worker timed out.
  closeOwnContexts: [
    async ({ browser }, provide) => {
      const before = new Set(browser.contexts());
      await provide();
      await Promise.all(browser.contexts().filter((c) => !before.has(c)).map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});
