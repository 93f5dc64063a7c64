import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { screenshots } from './fixtures';
import { callApi, signIn } from './sign-in';
import { alarmRealTimeList } from '../src/shared/alarms/contracts';
import { regionGetList } from '../src/shared/org/contracts';
import { tagSave } from '../src/shared/realtime/contracts';
import { ingestKeyCreate } from '../src/shared/contracts/stream';

/* Sign-in, API calls and a tank of one's own with an ingest key: shared by the alarm end-to-end tests. */

export { callApi, signIn } from './sign-in';

/** The regionid of a region code of the demo plant. */
export async function regionIdOf(request: APIRequestContext, token: string, code: string): Promise<number> {
  const regions = await callApi<{ regionid: number; regioncode: string }[]>(request, token, regionGetList.path, { isallregionid: 1 });
  return regions.find((r) => r.regioncode === code)!.regionid;
}

/** Creates tank level `id` (range 0–10 m, H 8, HH 9) in a region. */
export async function createTankTag(request: APIRequestContext, token: string, id: string, regionid: number, hazardSource = '') {
  await callApi(request, token, tagSave.path, {
    isNew: true,
    id,
    name: `端到端储罐液位 ${id}`,
    name_en: `E2E tank level ${id}`,
    unit: 'm',
    kind: 'level',
    device: 'TK-E2E',
    regionid,
    hazard_source: hazardSource,
    range_lo: 0,
    range_hi: 10,
    ll: null,
    l: null,
    h: 8,
    hh: 9,
    deadband: 0.2,
    enabled: 1,
  });
}

/** A new ingest key and a sender of one value of a tag with it, each a second after the last, starting `aheadMs` from now. */
export async function ingestSender(request: APIRequestContext, token: string, keyName: string, aheadMs = 10 * 60_000) {
  const { key } = await callApi<{ key: string }>(request, token, ingestKeyCreate.path, { name: keyName });
  // Stamped ahead of the simulator (which picks a new tag up): its older samples then change no alarm.
  let t = Date.now() + aheadMs;
  return async (tag: string, v: number) => {
    t += 1000;
    const res = await request.post('/ingest/v1/samples', { data: [{ tag, t, v, q: 0 }], headers: { authorization: `Bearer ${key}` } });
    expect(res.status()).toBe(200);
  };
}

/** Signs the administrator in on `page`, creates tank `id` (H 8, HH 9) in region TF and an ingest key; returns a sender of its values and the token. */
export async function prepareTank(page: Page, request: APIRequestContext, id: string, aheadMs = 10 * 60_000, hazardSource = '') {
  await signIn(page, 'admin');
  const token = (await page.evaluate(() => localStorage.getItem('Admin-Token')))!;
  await createTankTag(request, token, id, await regionIdOf(request, token, 'TF'), hazardSource);
  const sendTo = await ingestSender(request, token, `e2e ${id}`, aheadMs);
  const send = (v: number) => sendTo(id, v);
  const openId = async (type: string) =>
    (await callApi<{ list: { id: number; alarmKey: string }[] }>(request, token, alarmRealTimeList.path, {})).list.find((a) => a.alarmKey === `tag:${id}:${type}`)?.id ?? 0;
  return { token, send, openId };
}

/** Screenshots of a page at both widths in both languages into test-results/screens (the page is signed in), with SCREENSHOTS=1. */
export async function screens(page: Page, path: string, name: string, ready: string) {
  if (!screenshots) {
    return;
  }
  for (const lang of ['zh', 'en'] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible();
      await page.waitForTimeout(300); // let fonts and tables settle for the picture (not an assertion)
      await page.screenshot({ path: `test-results/screens/${name}-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * Counts the oscillators the page starts (AudioScheduledSourceNode.start, the
 * parent of OscillatorNode): real calls on the Web Audio play path, two per
 * alarm tone. Read with `tones(page)`.
 */
export async function countTones(page: Page | BrowserContext) {
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number };
    w.__tones = 0;
    const proto = AudioScheduledSourceNode.prototype;
    const start = Object.getOwnPropertyDescriptor(proto, 'start')!.value as (this: AudioScheduledSourceNode, when?: number) => void;
    proto.start = function (this: AudioScheduledSourceNode, when?: number) {
      w.__tones++;
      start.call(this, when);
    };
  });
}
export const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number }).__tones);
/** Alarm tones played: each tone is two oscillators (880 and 660 Hz). */
export const tonesPlayed = async (page: Page) => Math.floor((await tones(page)) / 2);

/**
 * The browsers' autoplay policy, which Debian's headless Chromium does not
 * apply: an audio context made before the user has clicked or typed on the
 * page starts suspended, and resumes only after such a gesture. The gesture
 * is a trusted pointerdown or keydown (Playwright's clicks are; its
 * page.evaluate, which Chromium counts as user activation, is not).
 */
export async function applyAutoplayPolicy(page: Page | BrowserContext) {
  await page.addInitScript(() => {
    let gesture = false;
    const mark = (e: Event) => {
      gesture ||= e.isTrusted;
    };
    window.addEventListener('pointerdown', mark, { capture: true });
    window.addEventListener('keydown', mark, { capture: true });
    const Native = window.AudioContext;
    class PolicyAudioContext extends Native {
      constructor(options?: AudioContextOptions) {
        super(options);
        if (!gesture) {
          void super.suspend();
        }
      }
      override resume(): Promise<void> {
        return gesture ? super.resume() : Promise.reject(new DOMException('autoplay policy', 'NotAllowedError'));
      }
    }
    window.AudioContext = PolicyAudioContext;
  });
}
