import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionSave } from '../../../../src/shared/records/contracts.js';
import { createRecordsRepository, type RecordQuery } from '../../../../src/server/modules/records/records.repository.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, orgIds } from '../org/org-fixtures.js';
import { buildLedger, readLedgerExport } from './records-fixtures.js';

type Sort = { field: string; order: 'asc' | 'desc' };

for (const dialect of dialects) {
  describe(`record engine export order and language (${dialect})`, () => {
    let ts: TestServer;
    let admin: string;
    let ledger: ReturnType<typeof buildLedger>;

    beforeAll(async () => {
      ts = await startTestServer({ demo: true, dialect });
      admin = await demoToken(ts.url, 'admin');
      const ids = await orgIds(ts.url, admin);
      const approver = (await ts.server.store.db.selectFrom('users').select('userid').where('loginname', '=', 'supervisor').executeTakeFirstOrThrow()).userid;
      ledger = buildLedger({ secondApprover: approver });
      expect((await call(ts.url, definitionSave, { definition: ledger.def }, admin)).body.IsSuccess).toBe(true);
      // Repeated amounts and some without one, so ties and empty values both have to keep the list's order.
      for (let i = 0; i < 23; i++) {
        const r = await call(
          ts.url,
          ledger.calls.save,
          { title: `排序 ${String.fromCharCode(65 + ((i * 7) % 23))}`, code: `S-${i}`, dept: ids.dept.get('PROD-TF')!, region: ids.region.get('TF')!, approver, amount: i % 5 === 0 ? null : (i * 3) % 7 },
          admin,
        );
        expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
      }
    });
    afterAll(() => ts?.close());

    const listed = async (sort?: Sort) => (await call(ts.url, ledger.calls.list, { pageSize: 100, ...(sort ? { sort } : {}) }, admin)).body.data!.items.map((i) => i.code as string);

    async function exported(lang: string, sort?: Sort) {
      const res = await fetch(ts.url + ledger.calls.export.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': lang },
        body: JSON.stringify({ columns: ['code', 'title', 'amount'], ...(sort ? { sort } : {}) }),
      });
      const { sheet, header, rows } = await readLedgerExport(res);
      return { sheet, header, codes: rows.map((r) => r[0]) };
    }

    it('exports in the order the list shows, for any sort the user picked', async () => {
      for (const sort of [undefined, { field: 'amount', order: 'asc' }, { field: 'amount', order: 'desc' }, { field: 'title', order: 'desc' }, { field: 'created', order: 'asc' }] as (Sort | undefined)[]) {
        const want = await listed(sort);
        expect(want).toHaveLength(23);
        expect((await exported('zh-CN', sort)).codes, JSON.stringify(sort)).toEqual(want);
      }
    });

    it('names the sheet and the columns in the reader language', async () => {
      const en = await exported('en-US');
      expect([en.sheet, en.header]).toEqual(['Test ledger', ['Code', 'Title', 'Amount', 'Status']]);
      const zh = await exported('zh-CN');
      expect([zh.sheet, zh.header]).toEqual(['测试台账', ['编码', '名称', '数量', '状态']]);
    });

    it('writes every field unless the user chose fewer, with the field keys in a hidden first row', async () => {
      const res = await fetch(ts.url + ledger.calls.export.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'en-US' },
        body: JSON.stringify({}),
      });
      const all = await readLedgerExport(res);
      expect(all.keys).toEqual([...ledger.def.fields.map((f) => f.key), '$status']);
      expect(all.header).toEqual([...ledger.def.fields.map((f) => f.label.en), 'Status']);
      expect(all.rows).toHaveLength(23);
    });

    it('pages through ties and empty values without losing or repeating a row', async () => {
      const repo = createRecordsRepository(ts.server.store.db);
      for (const sort of [{ field: 'amount', order: 'asc' }, { field: 'amount', order: 'desc' }, { field: 'title', order: 'asc' }] as Sort[]) {
        const q: RecordQuery = { entity: ledger.def.entity, deptids: null, regionids: null, text: [], exact: [], range: [], sort: { key: sort.field, numeric: sort.field === 'amount' }, order: sort.order };
        const codes: string[] = [];
        for await (const page of repo.stream(q, 4)) {
          codes.push(...page.map((r) => (typeof r.doc === 'string' ? (JSON.parse(r.doc) as { code: string }) : (r.doc as { code: string })).code));
        }
        expect(codes, JSON.stringify(sort)).toEqual(await listed(sort));
      }
    });
  });
}
