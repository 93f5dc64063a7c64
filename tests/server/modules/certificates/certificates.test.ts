import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificateExpiryItem } from '../../../../src/shared/certificates/items.js';
import { certificateLedger } from '../../../../src/shared/certificates/ledger.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { orgPort } from '../../../../src/server/modules/org/port.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { connectClient, waitFor } from '../../stream/stream-helpers.js';

const DAY = 24 * 3600_000;
const calls = recordContracts(certificateLedger);

/*
 * The smallest module (docs/architecture.md): a ledger with its page, a
 * permission and a live topic, declared in its own folders only.
 */
describe.each(dialects)('certificates (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;

  beforeAll(async () => {
    t = await startTestServer({ dialect, env: { DEMO: '0' } });
    await t.server.port(orgPort).createAdministrator({ loginname: 'cert-admin', username: '证书管理员', password: 'Cert-admin-2026' }, { userid: null, loginname: 'test' });
    admin = await tokenFor(t.url, 'cert-admin', 'Cert-admin-2026');
  });
  afterAll(() => t.close());

  it('the register takes a certificate, refuses a duplicate number on its field, and lists it', async () => {
    const values = { holder: '张三', kind: 'hot-work', number: 'HW-0001', issued: Date.now() - 300 * DAY, expiry: Date.now() + 400 * DAY };
    const saved = await call(t.url, calls.save, values, admin);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    const again = await call(t.url, calls.save, { ...values, holder: '李四' }, admin);
    expect(again.httpStatus).toBe(409);
    expect(again.body.error.controls).toContain('number');
    const list = await call(t.url, calls.list, { page: 1, pageSize: 20 }, admin);
    expect(list.body.data!.items.map((r) => r.number)).toEqual(['HW-0001']);
  });

  it('a certificate about to expire reaches an open page on certificates.expiring; one far from expiry does not', async () => {
    const client = await connectClient(t.url, admin);
    const seen: CertificateExpiryItem[] = [];
    client.socket.on('certificate.expiring', (b) => seen.push(...b.items));
    try {
      const ack = await client.subscribe({ topics: ['certificates.expiring'] });
      expect(ack.denied).toEqual([]);
      const soon = await call(t.url, calls.save, { holder: '王五', kind: 'electrician', number: 'EL-0002', issued: Date.now() - 700 * DAY, expiry: Date.now() + 10.5 * DAY }, admin);
      expect(soon.body.IsSuccess, JSON.stringify(soon.body)).toBe(true);
      const item = await waitFor(() => seen.find((i) => i.number === 'EL-0002'), 5000, 'the expiring certificate on the topic');
      expect(item).toMatchObject({ holder: '王五', kind: 'electrician', daysLeft: 10 });
      expect(seen.some((i) => i.number === 'HW-0001')).toBe(false);
    } finally {
      client.close();
    }
  });

  it('the permission is declared by the module and granted once to the administrator and the roles it names', async () => {
    const me = await call(t.url, calls.save, { holder: 'x', kind: 'hot-work', number: 'HW-9', issued: Date.now(), expiry: Date.now() + DAY }, admin);
    expect(me.body.IsSuccess).toBe(true);
    const org = t.server.port(orgPort);
    const roles = await org.roleList();
    expect(roles.find((r) => r.rolecode === 'admin')!.permissions).toContain('certificate:manage');
    expect(roles.find((r) => r.rolecode === 'supervisor')!.permissions).toContain('certificate:manage');
    expect(roles.find((r) => r.rolecode === 'operator')!.permissions).not.toContain('certificate:manage');
  });
});
