import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../../src/server/http/security-headers.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

function expectSecurityHeaders(res: Response) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(res.headers.get(name), `${name} on ${res.url}`).toBe(value);
  }
}

describe('security headers', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.close());

  it("CSP connect-src is 'self' only: no websocket to any host", async () => {
    const res = await fetch(`${ts.url}/healthz`);
    expectSecurityHeaders(res);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/ws:|wss:/);
  });

  it("socket.io's own responses (handshake and long-polling) carry the same headers", async () => {
    const handshake = await fetch(`${ts.url}/socket.io/?EIO=4&transport=polling`);
    expect(handshake.status).toBe(200);
    expectSecurityHeaders(handshake);
    const open = await handshake.text();
    const sid = (JSON.parse(open.slice(open.indexOf('{'))) as { sid: string }).sid;
    // A later poll of the same session, and the POST that carries the client's packets.
    const post = await fetch(`${ts.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, { method: 'POST', body: '40' });
    expect(post.status).toBe(200);
    expectSecurityHeaders(post);
    const poll = await fetch(`${ts.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`);
    expect(poll.status).toBe(200);
    expectSecurityHeaders(poll);
  });
});
