import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionSave, dictionaryDelete, dictionaryList, dictionarySave, importResult } from '../../../../src/shared/records/contracts.js';
import type { DictionaryDef } from '../../../../src/shared/records/definition.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from '../org/org-fixtures.js';
import { buildLedger, readLedgerExport } from './records-fixtures.js';

const hazard: DictionaryDef = {
  code: 'hazardClass',
  name: { zh: '危险类别', en: 'Hazard class' },
  options: [
    { value: 'fire', label: { zh: '火灾', en: 'Fire' } },
    { value: 'toxic', label: { zh: '中毒', en: 'Poisoning' } },
  ],
};

for (const dialect of dialects) {
  describe(`record engine data dictionary (${dialect})`, () => {
    let ts: TestServer;
    let admin: string;
    let operator: string;
    let ids: Awaited<ReturnType<typeof orgIds>>;
    let approver: number;
    let ledger: ReturnType<typeof buildLedger>;

    beforeAll(async () => {
      ts = await startTestServer({ demo: true, dialect });
      [admin, operator] = await Promise.all([demoToken(ts.url, 'admin'), demoToken(ts.url, 'operator')]);
      ids = await orgIds(ts.url, admin);
      approver = (await ts.server.store.db.selectFrom('users').select('userid').where('loginname', '=', 'supervisor').executeTakeFirstOrThrow()).userid;
    });
    afterAll(() => ts?.close());

    const base = () => ({ title: '动火作业', dept: ids.dept.get('PROD-TF')!, region: ids.region.get('TF')!, approver });

    it('keeps entries administrators save (audited), refuses others, duplicates and stale versions', async () => {
      expectRefused(await call(ts.url, dictionarySave, { dictionary: hazard }, operator), 403);
      const dup = await call(ts.url, dictionarySave, { dictionary: { ...hazard, options: [...hazard.options, { value: 'fire', label: { zh: '又一个', en: '' } }] } }, admin);
      expectRefused(dup, 400, ['dictionary.options.2.value']);
      const saved = await call(ts.url, dictionarySave, { dictionary: hazard }, admin);
      expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
      expect(saved.body.data!.version).toBe(1);
      expectRefused(await call(ts.url, dictionarySave, { dictionary: hazard }, admin), 409, ['dictionary.code']);
      expectRefused(await call(ts.url, dictionarySave, { dictionary: hazard, version: 7 }, admin), 409, ['version']);
      // Every signed-in user reads the entries: forms and lists of any ledger need them.
      const listed = await call(ts.url, dictionaryList, {}, operator);
      expect(listed.body.data!.items.map((i) => i.dictionary.code)).toContain('hazardClass');
      const audit = await ts.server.store.db.selectFrom('audit_log').select(['action', 'loginname']).where('entity', '=', 'record_dictionary').where('entity_id', '=', 'hazardClass').execute();
      expect(audit).toEqual([{ action: 'dictionary.create', loginname: 'admin' }]);
    });

    it('refuses a definition naming a dictionary that does not exist, with the field named', async () => {
      const bad = buildLedger({ secondApprover: approver });
      bad.def.fields.push({ key: 'kind', type: 7, label: { zh: '类别', en: 'Kind' }, required: false, unique: false, readOnly: false, dictionary: 'noSuchDict' });
      const r = await call(ts.url, definitionSave, { definition: bad.def }, admin);
      expectRefused(r, 400, [`definition.fields.${bad.def.fields.length - 1}.dictionary`]);
      expect(r.body.error.code).toBe('records.unknownDictionary');
    });

    it('validates saves against the entry as it is now: an added choice is accepted at once, a removed one refused', async () => {
      ledger = buildLedger({ secondApprover: approver });
      ledger.def.fields.push({ key: 'hazard', type: 7, label: { zh: '危险类别', en: 'Hazard class' }, required: true, unique: false, readOnly: false, dictionary: 'hazardClass' });
      ledger.def.fields.push({ key: 'hazards', type: 21, label: { zh: '次要危险', en: 'Other hazards' }, required: false, unique: false, readOnly: false, dictionary: 'hazardClass' });
      const saved = await call(ts.url, definitionSave, { definition: ledger.def }, admin);
      expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);

      const wrong = await call(ts.url, ledger.calls.save, { ...base(), hazard: 'flood', hazards: ['fire', 'quake'] }, operator);
      expectRefused(wrong, 400, ['hazard', 'hazards.1']);
      expect(wrong.body.error.issues!.find((i) => i.field === 'hazard')!.code).toBe('validation.oneOf');
      expect((await call(ts.url, ledger.calls.save, { ...base(), hazard: 'fire', hazards: ['toxic'] }, operator)).body.IsSuccess).toBe(true);

      const current = (await call(ts.url, dictionaryList, {}, admin)).body.data!.items.find((i) => i.dictionary.code === 'hazardClass')!;
      const edited = await call(
        ts.url,
        dictionarySave,
        { dictionary: { ...hazard, options: [hazard.options[1], { value: 'flood', label: { zh: '淹溺', en: 'Drowning' } }] }, version: current.version },
        admin,
      );
      expect(edited.body.IsSuccess, JSON.stringify(edited.body.error)).toBe(true);
      expect((await call(ts.url, ledger.calls.save, { ...base(), hazard: 'flood' }, operator)).body.IsSuccess).toBe(true);
      expectRefused(await call(ts.url, ledger.calls.save, { ...base(), hazard: 'fire' }, operator), 400, ['hazard']);
    });

    it('maps labels in either language to values on import, reports unknown ones, and exports labels in the reader language', async () => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('x');
      ws.addRow(['名称', '部门', '区域', '审批人', 'Hazard class', '次要危险']);
      ws.addRow(['导入甲', ids.dept.get('PROD-TF')!, ids.region.get('TF')!, approver, '淹溺', 'Poisoning;淹溺']);
      ws.addRow(['导入乙', ids.dept.get('PROD-TF')!, ids.region.get('TF')!, approver, 'Drowning', '']);
      ws.addRow(['导入丙', ids.dept.get('PROD-TF')!, ids.region.get('TF')!, approver, '地震', '']);
      const form = new FormData();
      form.append('upfile', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'in.xlsx');
      const res = await fetch(ts.url + ledger.calls.list.path.replace(/List$/, 'Import') + '?keepGood=1', { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
      const result = importResult.parse(((await res.json()) as { data: unknown }).data);
      expect(result.errors.map((e) => [e.row, e.field, e.code])).toEqual([[4, 'hazard', 'validation.oneOf']]);
      expect(result.saved).toBe(2);
      const list = await call(ts.url, ledger.calls.list, { keyword: '导入', sort: { field: 'title', order: 'asc' } }, admin);
      expect(list.body.data!.items.map((i) => [i.title, i.hazard, i.hazards])).toEqual([
        ['导入乙', 'flood', []],
        ['导入甲', 'flood', ['toxic', 'flood']],
      ]);

      for (const [lang, expected] of [
        ['en', ['Drowning', 'Poisoning;Drowning']],
        ['zh-CN', ['淹溺', '中毒;淹溺']],
      ] as const) {
        const out = await fetch(ts.url + ledger.calls.export.path, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': lang },
          body: JSON.stringify({ keyword: '导入甲', columns: ['title', 'hazard', 'hazards'] }),
        });
        expect((await readLedgerExport(out)).rows[0]).toEqual(['导入甲', ...expected, lang === 'en' ? 'First approval' : '待一级审批']);
      }
    });

    it('does not delete an entry a ledger field names; deletes an unused one', async () => {
      const used = await call(ts.url, dictionaryDelete, { code: 'hazardClass' }, admin);
      expectRefused(used, 409, ['code']);
      expect(used.body.error.code).toBe('records.dictionaryInUse');
      expect((await call(ts.url, dictionarySave, { dictionary: { ...hazard, code: 'spare' } }, admin)).body.IsSuccess).toBe(true);
      expectRefused(await call(ts.url, dictionaryDelete, { code: 'spare' }, operator), 403);
      expect((await call(ts.url, dictionaryDelete, { code: 'spare' }, admin)).body.IsSuccess).toBe(true);
      expect((await call(ts.url, dictionaryList, {}, admin)).body.data!.items.map((i) => i.dictionary.code)).not.toContain('spare');
    });
  });
}
