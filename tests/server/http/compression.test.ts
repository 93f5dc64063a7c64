import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { adminOf } from '../../helpers/factories.js';

/** A built client as vite writes it: hashed assets with .br/.gz twins, and index.html. */
function fakeClient(): { dir: string; script: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = `console.log(${JSON.stringify('plantwatch '.repeat(400))});\n`;
  const file = path.join(dir, 'assets', 'index-Ab12_xY9.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  const html = `<!doctype html><html><body><div id="root"></div><!-- ${'x'.repeat(2000)} --></body></html>`;
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(html));
  fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(html));
  return { dir, script };
}

describe('static assets: compressed as asked, cached by their hash', () => {
  let ts: TestServer;
  const client = fakeClient();
  beforeAll(async () => {
    ts = await startTestServer({ env: { CLIENT_DIR: client.dir } });
  });
  afterAll(async () => {
    await ts.close();
    fs.rmSync(client.dir, { recursive: true, force: true });
  });

  it('Accept-Encoding: br on the main script gets brotli and a year of immutable caching', async () => {
    const r = await fetch(`${ts.url}/assets/index-Ab12_xY9.js`, { headers: { 'accept-encoding': 'br' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(r.headers.get('content-type')).toMatch(/javascript/);
    expect(await r.text()).toBe(client.script);
  });

  it('Accept-Encoding: gzip gets gzip; no Accept-Encoding gets the plain file', async () => {
    const gz = await fetch(`${ts.url}/assets/index-Ab12_xY9.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(client.script);
    const plain = await fetch(`${ts.url}/assets/index-Ab12_xY9.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(client.script);
  });

  it('the single-page app (index.html) is no-cache and compressed', async () => {
    const r = await fetch(`${ts.url}/Gateway/home`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(await r.text()).toContain('<div id="root">');
    const head = await fetch(`${ts.url}/login`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/html');
  });

  it('API answers of some size are compressed too', async () => {
    const token = await adminOf(ts).then((a) => a.token);
    const r = await fetch(`${ts.url}/UAPI/Common/GetJsonMenus`, { method: "POST", body: "{}", headers: { "content-type": "application/json", 'accept-encoding': 'gzip', authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect((await r.json()).IsSuccess).toBe(true);
  });
});
