import { expect, type Page } from '@playwright/test';

/** Fails when something sticks out sideways: the page must fit the window's width (the phone's, at 390 px). */
export async function expectNoSidewaysOverflow(page: Page) {
  const { scroll, width, content, contentWidth } = await page.evaluate(() => {
    const main = document.querySelector('.pw-content');
    return {
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
      content: main?.scrollWidth ?? 0,
      contentWidth: main?.clientWidth ?? 0,
    };
  });
  expect(scroll).toBeLessThanOrEqual(width);
  // The page area itself (the shell clips the document) must not scroll sideways either.
  expect(content).toBeLessThanOrEqual(contentWidth);
}
