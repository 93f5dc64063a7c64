import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerUserOptions } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken } from '../org/org-fixtures.js';

describe('people to choose in person fields (UAPI/LowCode/UserOptions)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts?.close());

  it('gives a contractor names without login names, and those who see the organisation both', async () => {
    const asContractor = await call(ts.url, ledgerUserOptions, {}, await demoToken(ts.url, 'contractor'));
    expect(asContractor.body.IsSuccess).toBe(true);
    const people = asContractor.body.data!;
    expect(people.length).toBeGreaterThan(3);
    expect(people.every((u) => u.loginname === '' && u.username !== '')).toBe(true);

    const asAdmin = await call(ts.url, ledgerUserOptions, {}, await demoToken(ts.url, 'admin'));
    expect(asAdmin.body.data!.find((u) => u.loginname === 'contractor')).toBeDefined();
  });
});
