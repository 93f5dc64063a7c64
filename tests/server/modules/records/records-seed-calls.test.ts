import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from '../../../../src/shared/contracts/envelope.js';
import { definitionSave, recordContracts, seedCallContracts, type RecordItem } from '../../../../src/shared/records/contracts.js';
import type { Contract } from '../../../../src/shared/contracts/contract.js';
import { modules } from '../../../../src/server/modules/index.js';
import { assertDeclaredPermissions } from '../../../../src/server/modules/records/definition-registry.js';

const builtInLedgers = modules.flatMap((m) => m.ledgers ?? []);
import { safeSignLedger, safeSignTypeLedger } from '../../../../src/shared/records/ledgers/safe-sign.js';
import type { RecordDefinition } from '../../../../src/shared/records/definition.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from '../org/org-fixtures.js';
import { buildLedger } from './records-fixtures.js';

/** The seed's own call, by the name seed 2 §7.4 gives it. */
function seedCall(def: RecordDefinition, name: string): Contract {
  const found = seedCallContracts(def, recordContracts(def)).find((c) => c.seed.name === name);
  if (!found) {
    throw new Error(`${def.entity} declares no seed call ${name}`);
  }
  return found.contract;
}

/** A seed client's body: JSON with the fixed API version field (seed 1 §7.1). */
const seedBody = (fields: Record<string, unknown>) => ({ ...fields, APIVersion: API_VERSION });

describe('seed call names of the built-in ledgers', () => {
  it('declare every safe sign call seed 2 §7.4 names, under /UAPI/SafeSign/', () => {
    const declared = builtInLedgers.flatMap((d) => seedCallContracts(d, recordContracts(d)).map((c) => c.contract.path));
    const seed = [
      'GetSafeSignTypeList',
      'AddSafeSignType',
      'updateSafeSignType',
      'DeleteSafeSignType',
      'DeleteSafeSign',
      'updateSafeSign',
      'AddSafeSign',
      'GetSafeSignList',
    ];
    expect(declared.filter((p) => p.startsWith('/UAPI/SafeSign/')).sort()).toEqual(seed.map((n) => `/UAPI/SafeSign/${n}`).sort());
    // The two deletes take the id in the query, as the seed says.
    expect(seedCall(safeSignLedger, 'DeleteSafeSign').queryKeys).toEqual(['id']);
    expect(seedCall(safeSignTypeLedger, 'DeleteSafeSignType').queryKeys).toEqual(['id']);
  });

  it('every built-in ledger names who edits (and imports) and who deletes; an empty grant stops the start (issue 18 item 8)', () => {
    expect(builtInLedgers.filter((d) => d.permissions.edit.length === 0 || d.permissions.delete.length === 0).map((d) => d.entity)).toEqual([]);
    expect(() => assertDeclaredPermissions({ ...safeSignLedger, permissions: { ...safeSignLedger.permissions, edit: [] } })).toThrow(/SafeSign declares no edit/);
  });

  it('no two built-in calls share a path', () => {
    const paths = builtInLedgers.flatMap((d) => [
      ...Object.values(recordContracts(d)).map((c) => c.path),
      ...seedCallContracts(d, recordContracts(d)).map((c) => c.contract.path),
    ]);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

for (const dialect of dialects) {
  describe(`seed-named ledger calls over HTTP (${dialect})`, () => {
    let ts: TestServer;
    let admin: string;
    let operator: string;
    let supervisor: string;
    let contractor: string;
    let ids: Awaited<ReturnType<typeof orgIds>>;

    beforeAll(async () => {
      ts = await startTestServer({ demo: true, dialect });
      [admin, operator, supervisor, contractor] = await Promise.all([
        demoToken(ts.url, 'admin'),
        demoToken(ts.url, 'operator'),
        demoToken(ts.url, 'supervisor'),
        demoToken(ts.url, 'contractor'),
      ]);
      ids = await orgIds(ts.url, admin);
    });
    afterAll(() => ts?.close());

    const auditActions = async (entityId: number) =>
      (
        await ts.server.store.db
          .selectFrom('audit_log')
          .select(['action', 'loginname'])
          .where('entity', '=', 'record.SafeSignType')
          .where('entity_id', '=', String(entityId))
          .orderBy('id')
          .execute()
      ).map((r) => `${r.action} ${r.loginname}`);

    it('safe sign types: AddSafeSignType, GetSafeSignTypeList, updateSafeSignType, DeleteSafeSignType?id=, audited', async () => {
      const added = await call(
        ts.url,
        seedCall(safeSignTypeLedger, 'AddSafeSignType'),
        seedBody({ name: '禁止烟火', category: 'prohibition' }),
        admin,
      );
      expect(added.body.IsSuccess, JSON.stringify(added.body.error)).toBe(true);
      const t = added.body.data as RecordItem;
      expect(t).toMatchObject({ name: '禁止烟火', category: 'prohibition', version: 1 });

      const listed = await call(
        ts.url,
        seedCall(safeSignTypeLedger, 'GetSafeSignTypeList'),
        seedBody({ filters: { category: 'prohibition' } }),
        operator,
      );
      expect((listed.body.data as { items: RecordItem[] }).items.map((r) => r.name)).toEqual(['禁止烟火']);

      // Add always makes a new record: an id in its body does not turn it into an edit.
      const again = await call(
        ts.url,
        seedCall(safeSignTypeLedger, 'AddSafeSignType'),
        seedBody({ id: t.id, version: 1, name: '禁止烟火', category: 'warning' }),
        admin,
      );
      expectRefused(again, 409, ['name']);

      const update = seedCall(safeSignTypeLedger, 'updateSafeSignType');
      expectRefused(await call(ts.url, update, seedBody({ name: '禁止吸烟', category: 'prohibition' }), admin), 400, ['id', 'version']);
      const updated = await call(
        ts.url,
        update,
        seedBody({ id: t.id, version: t.version, name: '禁止吸烟', category: 'prohibition' }),
        admin,
      );
      expect(updated.body.IsSuccess, JSON.stringify(updated.body.error)).toBe(true);
      expect(updated.body.data).toMatchObject({ id: t.id, name: '禁止吸烟', version: 2 });
      // A second editor from the old version is refused, as on the generic call.
      const stale = await call(
        ts.url,
        update,
        seedBody({ id: t.id, version: t.version, name: '严禁烟火', category: 'prohibition' }),
        admin,
      );
      expectRefused(stale, 409, ['version']);
      expect(stale.body.error.code).toBe('records.conflict');

      // The same permission as the generic calls: operators may read, not write.
      expectRefused(
        await call(ts.url, seedCall(safeSignTypeLedger, 'AddSafeSignType'), seedBody({ name: '当心触电', category: 'warning' }), operator),
        403,
      );
      expectRefused(await call(ts.url, seedCall(safeSignTypeLedger, 'DeleteSafeSignType'), { id: t.id }, operator), 403);

      // The id travels in the query string, the body holds only the version field.
      const del = await fetch(`${ts.url}/UAPI/SafeSign/DeleteSafeSignType?id=${t.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(seedBody({})),
      });
      expect(del.status).toBe(200);
      expect(((await del.json()) as { IsSuccess: boolean }).IsSuccess).toBe(true);
      expectRefused(await call(ts.url, recordContracts(safeSignTypeLedger).get, { id: t.id }, admin), 404);
      expect(await auditActions(t.id)).toEqual(['record.create admin', 'record.update admin', 'record.delete admin']);

      const noId = await call(ts.url, seedCall(safeSignTypeLedger, 'DeleteSafeSignType'), seedBody({}), admin);
      expectRefused(noId, 400, ['id']);
    });

    it('safe signs: the seed names keep region isolation (GetSafeSignList, AddSafeSign, updateSafeSign, DeleteSafeSign)', async () => {
      const type = await call(
        ts.url,
        seedCall(safeSignTypeLedger, 'AddSafeSignType'),
        seedBody({ name: '当心中毒', category: 'warning' }),
        admin,
      );
      expect(type.body.IsSuccess, JSON.stringify(type.body.error)).toBe(true);
      const sign = {
        name: '当心中毒',
        code: 'SS-TF-01',
        signType: (type.body.data as RecordItem).id,
        region: ids.region.get('TF')!,
        location: '储罐区东门',
      };
      // Signs are the risk managers' to place: an operator reads them but may not add one (nor import).
      expectRefused(await call(ts.url, seedCall(safeSignLedger, 'AddSafeSign'), seedBody(sign), operator), 403);
      const added = await call(ts.url, seedCall(safeSignLedger, 'AddSafeSign'), seedBody(sign), supervisor);
      expect(added.body.IsSuccess, JSON.stringify(added.body.error)).toBe(true);
      const s = added.body.data as RecordItem;
      expect(s.regionid).toBe(sign.region);

      const list = seedCall(safeSignLedger, 'GetSafeSignList');
      expect(((await call(ts.url, list, seedBody({}), operator)).body.data as { items: RecordItem[] }).items.map((r) => r.code)).toEqual([
        'SS-TF-01',
      ]);
      // Outside the region: not listed. Nor changed, deleted or filed there: the contractor holds no right to signs at all
      // (edits across regions are refused by the isolation for every ledger: records.test.ts).
      expect(((await call(ts.url, list, seedBody({}), contractor)).body.data as { total: number }).total).toBe(0);
      expectRefused(
        await call(
          ts.url,
          seedCall(safeSignLedger, 'updateSafeSign'),
          seedBody({ ...sign, id: s.id, version: s.version, location: '别处' }),
          contractor,
        ),
        403,
      );
      expectRefused(await call(ts.url, seedCall(safeSignLedger, 'DeleteSafeSign'), seedBody({ id: s.id }), contractor), 403);
      expectRefused(await call(ts.url, seedCall(safeSignLedger, 'AddSafeSign'), seedBody({ ...sign, code: 'SS-TF-02' }), contractor), 403);

      const updated = await call(
        ts.url,
        seedCall(safeSignLedger, 'updateSafeSign'),
        seedBody({ ...sign, id: s.id, version: s.version, checkedAt: 1_700_000_000_000 }),
        supervisor,
      );
      expect(updated.body.data).toMatchObject({ checkedAt: 1_700_000_000_000, version: 2 });
      // Bad input names the field, as the generic call does.
      expectRefused(
        await call(ts.url, seedCall(safeSignLedger, 'AddSafeSign'), seedBody({ ...sign, name: '  ', code: 'SS-X' }), supervisor),
        400,
        ['name'],
      );

      expectRefused(await call(ts.url, seedCall(safeSignLedger, 'DeleteSafeSign'), seedBody({ id: s.id }), operator), 403);
      expect((await call(ts.url, seedCall(safeSignLedger, 'DeleteSafeSign'), seedBody({ id: s.id }), supervisor)).body.IsSuccess).toBe(true);
      expect(((await call(ts.url, list, seedBody({}), operator)).body.data as { total: number }).total).toBe(0);
    });

    it('a ledger defined at run time answers its seed names at once; two ledgers of an area cannot share a name', async () => {
      const { def } = buildLedger({
        secondApprover: 1,
        overrides: {
          area: 'SeedArea',
          workflow: undefined,
          seedCalls: [
            { name: 'QueryThings', call: 'List' },
            { name: 'AddThing', call: 'Add' },
          ],
        },
      });
      const saved = await call(ts.url, definitionSave, { definition: def }, admin);
      expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
      const values = { title: '运行时', dept: ids.dept.get('PROD-TF')!, region: ids.region.get('TF')!, approver: 1 };
      const added = await call(ts.url, seedCall(def, 'AddThing'), seedBody(values), operator);
      expect(added.body.IsSuccess, JSON.stringify(added.body.error)).toBe(true);
      const listed = await call(ts.url, seedCall(def, 'QueryThings'), seedBody({}), operator);
      expect((listed.body.data as { items: RecordItem[] }).items.map((r) => r.title)).toEqual(['运行时']);

      const other = buildLedger({
        secondApprover: 1,
        overrides: { area: 'SeedArea', workflow: undefined, seedCalls: [{ name: 'AddThing', call: 'Add' }] },
      }).def;
      const clash = await call(ts.url, definitionSave, { definition: other }, admin);
      expectRefused(clash, 400, ['definition.seedCalls.0.name']);
      expect(clash.body.error.code).toBe('records.callTaken');
      // A seed name may not shadow the ledger's own generic call either.
      const shadow = buildLedger({ secondApprover: 1, overrides: { area: 'SeedArea', workflow: undefined } }).def;
      const own = await call(
        ts.url,
        definitionSave,
        { definition: { ...shadow, seedCalls: [{ name: `${shadow.entity}List`, call: 'Get' }] } },
        admin,
      );
      expectRefused(own, 400, ['definition.seedCalls.0.name']);
    });
  });
}
