import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseHome } from '../../../../src/server/modules/dashboards/wall.service.js';
import { sanitizeNotice } from '../../../../src/server/modules/dashboards/sanitize-notice.js';
import {
  cameraList,
  cameraSave,
  frameCheck,
  frameOriginsSave,
  homeMine,
  homeSave,
  noticeGet,
  noticeSave,
} from '../../../../src/shared/dashboards/wall-contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused } from '../org/org-fixtures.js';

describe('notice sanitizer (allow-list of tags and attributes)', () => {
  it.each([
    ['<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
    ['<img src=x onerror="alert(1)">', ''],
    ['<p onclick="x()" style="color:red">a</p>', '<p>a</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer" target="_blank">x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>b</p>', '<p>b</p>'],
    ['<h2>Title</h2><ul><li><strong>one</strong></li></ul>', '<h2>Title</h2><ul><li><strong>one</strong></li></ul>'],
    ['<a href="https://plant.example/a">ok</a>', '<a href="https://plant.example/a" rel="noopener noreferrer" target="_blank">ok</a>'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeNotice(input)).toBe(output);
  });
});

describe('role home choice', () => {
  const assignments = [
    { role: 'supervisor', key: 'major-hazards' },
    { role: 'operator', key: 'alarms' },
  ];
  it.each([
    [['operator'], 'alarms', 'operator'],
    [['operator', 'supervisor'], 'major-hazards', 'supervisor'],
    [['inspector'], 'safety-overview', null],
    [[], 'safety-overview', null],
  ])('roles %j → %s', (roles, key, role) => {
    expect(chooseHome(assignments, roles)).toEqual({ key, role });
  });
});

describe.each(dialects)('the wall pages (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let operator: string;
  let inspector: string;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    admin = await demoToken(t.url, 'admin');
    operator = await demoToken(t.url, 'operator');
    inspector = await demoToken(t.url, 'inspector');
  });
  afterAll(() => t.close());

  it('a stored notice is sanitized on the server and audited', async () => {
    const saved = await call(t.url, noticeSave, { title: '停车检修通知', html: '<p>明日 8:00 检修</p><script>fetch("/x")</script><img src=x onerror=alert(1)>' }, admin);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    const got = await call(t.url, noticeGet, { id: saved.body.data!.id }, operator);
    expect(got.body.data!.html).toBe('<p>明日 8:00 检修</p>');
    const noTitle = await call(t.url, noticeSave, { title: ' ', html: '' }, admin);
    expectRefused(noTitle, 400, ['title']);
  });

  it('a frame of a site not on the allow-list is refused naming the url; an allowed one passes and the CSP lets it through', async () => {
    const before = await call(t.url, frameCheck, { url: 'https://maps.example.com/plant' }, operator);
    expectRefused(before, 403, ['url']);
    expect(before.body.error.message).toContain('https://maps.example.com');
    const denied = await call(t.url, frameOriginsSave, { items: ['https://maps.example.com'] }, operator);
    expect(denied.httpStatus).toBe(403);
    const bad = await call(t.url, frameOriginsSave, { items: ['javascript:alert(1)'] }, admin);
    expectRefused(bad, 400, ['items.0']);
    const saved = await call(t.url, frameOriginsSave, { items: ['https://maps.example.com/some/path', 'http://10.0.0.5:8080'] }, admin);
    expect(saved.body.data!.items).toEqual(['http://10.0.0.5:8080', 'https://maps.example.com']);
    const ok = await call(t.url, frameCheck, { url: 'https://maps.example.com/plant?x=1' }, operator);
    expect(ok.body.IsSuccess, JSON.stringify(ok.body)).toBe(true);
    const other = await call(t.url, frameCheck, { url: 'https://maps.example.com.evil.test/' }, operator);
    expectRefused(other, 403, ['url']);
    const res = await fetch(`${t.url}/login`);
    expect(res.headers.get('content-security-policy')).toContain("frame-src 'self' blob: http://10.0.0.5:8080 https://maps.example.com");
  });

  it('each role sees its home dashboard (first match), others the default; an unknown dashboard is refused on its field', async () => {
    const saved = await call(t.url, homeSave, { items: [{ role: 'operator', key: 'alarms' }, { role: 'supervisor', key: 'people' }] }, admin);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    expect((await call(t.url, homeMine, {}, operator)).body.data).toEqual({ key: 'alarms', role: 'operator' });
    expect((await call(t.url, homeMine, {}, inspector)).body.data).toEqual({ key: 'safety-overview', role: null });
    const unknown = await call(t.url, homeSave, { items: [{ role: 'operator', key: 'no-such-screen' }] }, admin);
    expectRefused(unknown, 404, ['items.0.key']);
    const dup = await call(t.url, homeSave, { items: [{ role: 'operator', key: 'alarms' }, { role: 'operator', key: 'people' }] }, admin);
    expectRefused(dup, 400, ['items.1.role']);
    expect((await call(t.url, homeMine, {}, operator)).body.data!.key).toBe('alarms');
  });

  it('cameras: a bad URL is refused on its field, and the stream origin joins the CSP', async () => {
    const bad = await call(t.url, cameraSave, { name: 'East', hlsUrl: 'file:///etc/passwd' }, admin);
    expectRefused(bad, 400, ['hlsUrl']);
    const ok = await call(t.url, cameraSave, { name: '罐区东北角', hlsUrl: 'https://cams.example.com/tank/index.m3u8', position: 'TK-101' }, admin);
    expect(ok.body.IsSuccess, JSON.stringify(ok.body)).toBe(true);
    const list = await call(t.url, cameraList, {}, operator);
    expect(list.body.data!.items.map((c) => c.name)).toContain('罐区东北角');
    const res = await fetch(`${t.url}/login`);
    expect(res.headers.get('content-security-policy')).toContain("media-src 'self' blob: https://cams.example.com");
  });
});
