import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenDangerLedger } from '../../../../src/shared/hidden-dangers/ledger.js';
import { ledgerUserOptions, recordContracts } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, orgIds } from '../org/org-fixtures.js';

/**
 * Issue 19 §7: user lists give other users' login names only to those who
 * administer users; a record's timeline names people itself, so a reader
 * needs no login names to see who acted.
 */
describe('people pickers and record timelines', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ demo: true });
  });
  afterAll(() => t.close());

  it('gives login names to a user administrator only; names to everyone', async () => {
    const admin = (await call(t.url, ledgerUserOptions, {}, await demoToken(t.url, 'admin'))).body.data!;
    const operator = (await call(t.url, ledgerUserOptions, {}, await demoToken(t.url, 'operator'))).body.data!;
    expect(admin.find((u) => u.loginname === 'supervisor')?.username).toBe('王主管');
    expect(operator.map((u) => u.userid)).toEqual(admin.map((u) => u.userid));
    expect(operator.map((u) => u.username)).toEqual(admin.map((u) => u.username));
    expect(operator.every((u) => u.loginname === '')).toBe(true);
  });

  it('names the creator and each step and audit row in a record detail', async () => {
    const inspector = await demoToken(t.url, 'inspector');
    const calls = recordContracts(hiddenDangerLedger);
    const tf = (await orgIds(t.url, await demoToken(t.url, 'admin'))).region.get('TF')!;
    const saved = await call(t.url, calls.save, { title: '时间线测试', category: 'other', region: tf }, inspector);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
    const detail = (await call(t.url, calls.get, { id: saved.body.data!.id }, await demoToken(t.url, 'operator'))).body.data!;
    expect(detail.createdByName).toBe('张巡检');
    expect(detail.audit.length).toBeGreaterThan(0);
    const byInspector = detail.audit.filter((a) => a.loginname === 'inspector');
    expect(byInspector.length).toBeGreaterThan(0);
    expect(byInspector.every((a) => a.username === '张巡检')).toBe(true);
  });
});
