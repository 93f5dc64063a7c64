import ExcelJS from 'exceljs';
import { readLedgerExport } from './records-fixtures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionDelete, definitionSave, importResult, linkOptions, recordContracts, type RecordItem } from '../../../../src/shared/records/contracts.js';
import { defineRecord } from '../../../../src/shared/records/definition.js';
import { workTypeLedger } from '../../../../src/shared/records/ledgers/work-type.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from '../org/org-fixtures.js';

let seq = 0;

/**
 * Two run-time ledgers: kinds kept per region (the operator sees the tank farm
 * TF, the contractor only PU-2), and uses that link to a kind and to a work
 * type (seed type 11), filtered by the kind.
 */
function buildLinkedLedgers() {
  seq++;
  const suffix = `${seq}${Date.now() % 100000}`;
  const kind = defineRecord({
    area: 'LowCode',
    entity: `Kind${suffix}`,
    name: { zh: '种类', en: 'Kinds' },
    fields: [
      { key: 'name', type: 4, label: { zh: '名称', en: 'Name' }, required: true },
      { key: 'name_en', type: 4, label: { zh: '英文名称', en: 'English name' } },
      { key: 'region', type: 2, label: { zh: '区域', en: 'Region' }, required: true },
    ],
    isolation: { region: 'region' },
    titleField: 'name',
  });
  const use = defineRecord({
    area: 'LowCode',
    entity: `Use${suffix}`,
    name: { zh: '用途', en: 'Uses' },
    fields: [
      { key: 'title', type: 4, label: { zh: '标题', en: 'Title' }, required: true },
      { key: 'kind', type: 100, label: { zh: '种类', en: 'Kind' }, required: true, ref: { entity: kind.entity, label: 'name', labelEn: 'name_en' } },
      { key: 'work', type: 11, label: { zh: '工种', en: 'Work type' } },
    ],
    list: { columns: ['title', 'kind', 'work'], filters: ['kind'] },
  });
  return { kind, use, kindCalls: recordContracts(kind), useCalls: recordContracts(use) };
}

for (const dialect of dialects) {
  describe(`record engine link fields (${dialect})`, () => {
    let ts: TestServer;
    let admin: string;
    let operator: string;
    let contractor: string;
    let ids: Awaited<ReturnType<typeof orgIds>>;
    let L: ReturnType<typeof buildLinkedLedgers>;
    const k: Record<string, number> = {};
    let welder: number;

    const save = async (calls: ReturnType<typeof recordContracts>, values: Record<string, unknown>, token: string) => {
      const r = await call(ts.url, calls.save, values, token);
      expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
      return r.body.data as RecordItem;
    };

    beforeAll(async () => {
      ts = await startTestServer({ demo: true, dialect });
      [admin, operator, contractor] = await Promise.all([demoToken(ts.url, 'admin'), demoToken(ts.url, 'operator'), demoToken(ts.url, 'contractor')]);
      ids = await orgIds(ts.url, admin);
      L = buildLinkedLedgers();
      for (const def of [L.kind, L.use]) {
        const r = await call(ts.url, definitionSave, { definition: def }, admin);
        expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
      }
      const tf = ids.region.get('TF')!;
      const pu2 = ids.region.get('PU-2')!;
      k.acid = (await save(L.kindCalls, { name: '酸', name_en: 'Acid', region: tf }, admin)).id;
      k.base = (await save(L.kindCalls, { name: '碱', name_en: 'Base', region: tf }, admin)).id;
      k.salt = (await save(L.kindCalls, { name: '盐', region: pu2 }, admin)).id;
      // Two kinds of one name: an import cannot tell which one "双" means.
      k.twinA = (await save(L.kindCalls, { name: '双', region: tf }, admin)).id;
      k.twinB = (await save(L.kindCalls, { name: '双', region: tf }, admin)).id;
      welder = (await save(recordContracts(workTypeLedger), { name: '焊工', name_en: 'Welder', code: `W-${dialect}` }, admin)).id;
    });
    afterAll(() => ts?.close());

    it('saves the id of a record the user may see, and lists and details it with its name in both languages; lists filter by it', async () => {
      const a = await save(L.useCalls, { title: '中和', kind: k.acid, work: welder }, operator);
      await save(L.useCalls, { title: '清洗', kind: k.base }, operator);
      expect(a.kind).toBe(k.acid);
      const list = await call(ts.url, L.useCalls.list, { pageSize: 100, sort: { field: 'title', order: 'asc' } }, operator);
      const byTitle = new Map(list.body.data!.items.map((i) => [i.title, i]));
      expect(byTitle.get('中和')?._links).toEqual({ kind: { zh: '酸', en: 'Acid' }, work: { zh: '焊工', en: 'Welder' } });
      expect(byTitle.get('清洗')?._links).toEqual({ kind: { zh: '碱', en: 'Base' } });
      const detail = await call(ts.url, L.useCalls.get, { id: a.id }, operator);
      expect(detail.body.data!.record._links?.kind).toEqual({ zh: '酸', en: 'Acid' });
      const filtered = await call(ts.url, L.useCalls.list, { filters: { kind: k.base } }, operator);
      expect(filtered.body.data!.items.map((i) => i.title)).toEqual(['清洗']);
    });

    it('refuses an id that is no record of the ledger, or one outside the user’s scope, naming the field', async () => {
      const missing = await call(ts.url, L.useCalls.save, { title: '无', kind: 999_999 }, operator);
      expectRefused(missing, 400, ['kind']);
      expect(missing.body.error.code).toBe('records.linkNotFound');
      // A record of another ledger is not a kind, whatever its id.
      expectRefused(await call(ts.url, L.useCalls.save, { title: '别的台账', kind: welder }, operator), 400, ['kind']);
      // The operator does not see PU-2's kinds; the contractor does not see the tank farm's.
      expectRefused(await call(ts.url, L.useCalls.save, { title: '越权', kind: k.salt }, operator), 400, ['kind']);
      expectRefused(await call(ts.url, L.useCalls.save, { title: '越权', kind: k.acid }, contractor), 400, ['kind']);
      expectRefused(await call(ts.url, L.useCalls.save, { title: '工种', kind: k.acid, work: k.base }, operator), 400, ['work']);
      await save(L.useCalls, { title: '盐用', kind: k.salt }, contractor);
    });

    it('names linked records only to users who may see them; the select offers exactly those', async () => {
      const seen = await call(ts.url, L.useCalls.list, { pageSize: 100, sort: { field: 'title', order: 'asc' } }, contractor);
      const byTitle = new Map(seen.body.data!.items.map((i) => [i.title, i]));
      expect(byTitle.get('中和')?.kind).toBe(k.acid);
      expect(byTitle.get('中和')?._links?.kind).toBeUndefined();
      expect(byTitle.get('盐用')?._links?.kind).toEqual({ zh: '盐', en: '盐' });
      const ref = { entity: L.kind.entity, label: 'name', labelEn: 'name_en' };
      const forOperator = await call(ts.url, linkOptions, ref, operator);
      expect(forOperator.body.data!.map((o) => o.id).sort((a, b) => a - b)).toEqual([k.acid, k.base, k.twinA, k.twinB].sort((a, b) => a - b));
      expect((await call(ts.url, linkOptions, ref, contractor)).body.data).toEqual([{ id: k.salt, zh: '盐', en: '盐' }]);
      expectRefused(await call(ts.url, linkOptions, { ...ref, label: 'nope' }, operator), 400, ['label']);
    });

    it('refuses to delete a record others link to, saying how many; deletes it once they are gone', async () => {
      const kind = await save(L.kindCalls, { name: '临时', region: ids.region.get('TF')! }, admin);
      const uses = [await save(L.useCalls, { title: '临时一', kind: kind.id }, admin), await save(L.useCalls, { title: '临时二', kind: kind.id }, admin)];
      const refused = await call(ts.url, L.kindCalls.delete, { id: kind.id }, admin);
      expectRefused(refused, 409, ['id']);
      expect(refused.body.error.code).toBe('records.linkedRecords');
      expect(refused.body.error.message).toContain('2');
      expect(refused.body.error.message).toContain('用途');
      const refusedWork = await call(ts.url, recordContracts(workTypeLedger).delete, { id: welder }, admin);
      expectRefused(refusedWork, 409, ['id']);
      for (const u of uses) {
        expect((await call(ts.url, L.useCalls.delete, { id: u.id }, admin)).body.IsSuccess).toBe(true);
      }
      expect((await call(ts.url, L.kindCalls.delete, { id: kind.id }, admin)).body.IsSuccess).toBe(true);
    });

    it('refuses a definition whose link names no ledger, or no field of it', async () => {
      const bad = buildLinkedLedgers();
      const noLedger = { ...bad.use, fields: bad.use.fields.map((f) => (f.key === 'kind' ? { ...f, ref: { entity: 'NoSuchLedger', label: 'name' } } : f)) };
      const r = await call(ts.url, definitionSave, { definition: noLedger }, admin);
      expectRefused(r, 400, ['definition.fields.1.ref']);
      expect(r.body.error.code).toBe('records.linkUnknownLedger');
      const noField = { ...bad.use, fields: bad.use.fields.map((f) => (f.key === 'kind' ? { ...f, ref: { entity: L.kind.entity, label: 'nope' } } : f)) };
      expectRefused(await call(ts.url, definitionSave, { definition: noField }, admin), 400, ['definition.fields.1.ref']);
    });

    it('keeps a ledger that another links to, even when empty', async () => {
      const empty = buildLinkedLedgers();
      for (const def of [empty.kind, empty.use]) {
        expect((await call(ts.url, definitionSave, { definition: def }, admin)).body.IsSuccess).toBe(true);
      }
      const refused = await call(ts.url, definitionDelete, { entity: empty.kind.entity }, admin);
      expectRefused(refused, 409, ['entity']);
      expect(refused.body.error.code).toBe('records.ledgerLinked');
      expect((await call(ts.url, definitionDelete, { entity: empty.use.entity }, admin)).body.IsSuccess).toBe(true);
      expect((await call(ts.url, definitionDelete, { entity: empty.kind.entity }, admin)).body.IsSuccess).toBe(true);
    });

    async function exported(lang: string, token: string) {
      const res = await fetch(ts.url + L.useCalls.export.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': lang },
        body: JSON.stringify({ columns: ['title', 'kind', 'work'], sort: { field: 'title', order: 'asc' } }),
      });
      const { header, rows } = await readLedgerExport(res);
      return [header, ...rows];
    }

    async function importRows(rows: (string | number | null)[][], token: string) {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('x');
      rows.forEach((r) => ws.addRow(r));
      const form = new FormData();
      form.append('upfile', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'in.xlsx');
      const res = await fetch(ts.url + L.useCalls.list.path.replace(/List$/, 'Import'), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const body = (await res.json()) as { IsSuccess: boolean; data: unknown; error: unknown };
      expect(body.IsSuccess, JSON.stringify(body.error)).toBe(true);
      return importResult.parse(body.data);
    }

    it('exports linked records and work types by name in the reader language', async () => {
      const en = await exported('en-US', operator);
      expect(en[0]).toEqual(['Title', 'Kind', 'Work type']);
      expect(en.find((r) => r[0] === '中和')).toEqual(['中和', 'Acid', 'Welder']);
      const zh = await exported('zh-CN', operator);
      expect(zh.find((r) => r[0] === '中和')).toEqual(['中和', '酸', '焊工']);
    });

    it('imports names (either language) back to ids; a name no single visible record has is refused on its field', async () => {
      const r = await importRows(
        [
          ['标题', '种类', '工种'],
          ['导入一', 'Acid', 'Welder'],
          ['导入二', '碱', '焊工'],
          ['导入三', '双', null],
          ['导入四', '没有', null],
          ['导入五', '盐', null],
          ['导入六', '酸', '没有的工种'],
        ],
        operator,
      );
      expect(r.saved).toBe(0);
      // 双: two kinds have it; 盐: a kind the operator may not see (PU-2).
      expect(r.errors.map((e) => [e.row, e.field])).toEqual([
        [4, 'kind'],
        [5, 'kind'],
        [6, 'kind'],
        [7, 'work'],
      ]);
      const again = await importRows(
        [
          ['Title', 'Kind', 'Work type'],
          ['导入一', 'Acid', 'Welder'],
          ['导入二', '碱', '焊工'],
        ],
        operator,
      );
      expect(again).toEqual({ saved: 2, errors: [] });
      const list = await call(ts.url, L.useCalls.list, { keyword: '导入', pageSize: 10, sort: { field: 'title', order: 'asc' } }, operator);
      expect(list.body.data!.items.map((i) => [i.title, i.kind, i.work])).toEqual([
        ['导入一', k.acid, welder],
        ['导入二', k.base, welder],
      ]);
    });
  });
}
