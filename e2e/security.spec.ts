import { expect, test } from './fixtures';

/** Opens a websocket from the page and tells how it ended: 'open', 'error' or 'timeout'. */
function openSocket(url: string): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.onopen = () => {
      ws.close();
      resolve('open');
    };
    ws.onerror = () => resolve('error');
    setTimeout(() => resolve('timeout'), 5000);
  });
}

test("CSP connect-src 'self': the page's own websocket opens, one to another host is blocked by the browser", async ({ page, baseURL }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) {
      violations.push(m.text());
    }
  });
  await page.goto('/login');
  const own = new URL(baseURL!);
  expect(await page.evaluate(openSocket, `ws://${own.host}/socket.io/?EIO=4&transport=websocket`)).toBe('open');
  expect(violations).toEqual([]);
  // The browser's report, not the failed connection, shows that the policy stopped it before any network attempt.
  expect(await page.evaluate(openSocket, `ws://127.0.0.2:${own.port}/socket.io/?EIO=4&transport=websocket`)).toBe('error');
  expect(violations.join('\n')).toMatch(/connect-src 'self'/);
});
