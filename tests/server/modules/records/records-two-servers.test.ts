import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionSave, dictionarySave } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { demoToken, orgIds } from '../org/org-fixtures.js';
import { buildLedger } from './records-fixtures.js';

/** Polls until `probe` answers true (another server's change arrives within its sync interval). */
async function eventually(probe: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await probe()) {
      return true;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

describe.runIf(dialects.includes('postgres'))('ledgers defined on one server of a shared PostgreSQL store', () => {
  let store: TestStore;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    store = await freshDatabase('postgres');
    // No demo simulator: two of them would raise the same demo alarms on one store (each server's alarm engine keeps its own open alarms).
    a = await startTestServer({ demo: true, dialect: 'postgres', store, env: { SIMULATOR: '0' } });
    b = await startTestServer({ demo: true, dialect: 'postgres', store, env: { SIMULATOR: '0' } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await store?.drop();
  });

  it('answer on the other server without a restart, and a dictionary entry saved on one validates on the other', async () => {
    const [adminA, adminB] = await Promise.all([demoToken(a.url, 'admin'), demoToken(b.url, 'admin')]);
    const ids = await orgIds(a.url, adminA);
    const approver = (await a.server.store.db.selectFrom('users').select('userid').where('loginname', '=', 'supervisor').executeTakeFirstOrThrow()).userid;
    const code = `hazard${Date.now() % 100000}`;
    const ledger = buildLedger({
      secondApprover: approver,
      overrides: { fields: [...buildLedger({ secondApprover: approver }).def.fields.filter((f) => f.key !== 'level'), { key: 'level', type: 7, label: { zh: '等级', en: 'Level' }, dictionary: code }] },
    });
    const entry = { code, name: { zh: '危害', en: 'Hazard' }, options: [{ value: 'fire', label: { zh: '火灾', en: 'Fire' } }] };
    expect((await call(a.url, dictionarySave, { dictionary: entry }, adminA)).body.IsSuccess).toBe(true);
    expect((await call(a.url, definitionSave, { definition: ledger.def }, adminA)).body.IsSuccess).toBe(true);

    // Server B learns the ledger from the store.
    expect(await eventually(async () => (await call(b.url, ledger.calls.list, {}, adminB)).httpStatus === 200)).toBe(true);
    const record = { title: '动火', dept: ids.dept.get('PROD-TF')!, region: ids.region.get('TF')!, approver };
    const good = await call(b.url, ledger.calls.save, { ...record, level: 'fire' }, adminB);
    expect(good.body.IsSuccess, JSON.stringify(good.body.error)).toBe(true);
    const bad = await call(b.url, ledger.calls.save, { ...record, title: '另一条', level: 'flood' }, adminB);
    expect([bad.httpStatus, bad.body.error?.controls]).toEqual([400, ['level']]);

    // An option added on A is accepted on B once it has synced.
    const grown = { ...entry, options: [...entry.options, { value: 'flood', label: { zh: '洪水', en: 'Flood' } }] };
    expect((await call(a.url, dictionarySave, { dictionary: grown, version: 1 }, adminA)).body.IsSuccess).toBe(true);
    expect(await eventually(async () => (await call(b.url, ledger.calls.save, { ...record, title: `洪水 ${Date.now()}`, level: 'flood' }, adminB)).body.IsSuccess)).toBe(true);
  });
});
