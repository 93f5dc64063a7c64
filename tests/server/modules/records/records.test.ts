import { renderMessage } from '../../../../src/shared/messages/catalog.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myTodoList } from '../../../../src/shared/org/contracts.js';
import { getUserInfo } from '../../../../src/shared/auth/contracts.js';
import { definitionSave, fileDownload, uploadFileToServer, type RecordItem } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, expectRefused, orgIds } from '../org/org-fixtures.js';
import { buildLedger, readLedgerExport } from './records-fixtures.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { workTypeLedger } from '../../../../src/shared/records/ledgers/work-type.js';

async function upload(url: string, token: string, name: string, content: Buffer) {
  const form = new FormData();
  form.append('upfile', new Blob([new Uint8Array(content)]), name);
  const res = await fetch(url + uploadFileToServer.path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { IsSuccess: boolean; data: { id: number } | null; error: { code?: string; controls: string[] } } };
}

for (const dialect of dialects) {
  describe(`record engine (${dialect})`, () => {
    let ts: TestServer;
    let admin: string;
    let operator: string;
    let contractor: string;
    let supervisor: string;
    let ids: Awaited<ReturnType<typeof orgIds>>;
    let users: Map<string, number>;
    let ledger: ReturnType<typeof buildLedger>;

    beforeAll(async () => {
      ts = await startTestServer({ demo: true, dialect });
      [admin, operator, contractor, supervisor] = await Promise.all([
        demoToken(ts.url, 'admin'),
        demoToken(ts.url, 'operator'),
        demoToken(ts.url, 'contractor'),
        demoToken(ts.url, 'supervisor'),
      ]);
      ids = await orgIds(ts.url, admin);
      users = new Map((await ts.server.store.db.selectFrom('users').select(['userid', 'loginname']).execute()).map((u) => [u.loginname, u.userid]));
      ledger = buildLedger({ secondApprover: users.get('supervisor')! });
      const saved = await call(ts.url, definitionSave, { definition: ledger.def }, admin);
      expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
    });
    afterAll(() => ts?.close());

    const base = () => ({
      title: '储罐检修',
      dept: ids.dept.get('PROD-TF')!,
      region: ids.region.get('TF')!,
      approver: users.get('inspector')!,
    });

    it('a ledger defined at run time answers its calls at once, and validates with the field named', async () => {
      const bad = await call(ts.url, ledger.calls.save, { ...base(), title: '   ', amount: 2000, start: 2000, end: 1000, level: 'mid' }, operator);
      expectRefused(bad, 400, ['title', 'amount', 'level', 'end']);
      const issues = bad.body.error.issues!.map((i) => `${i.field}:${i.code}`);
      expect(issues).toEqual(expect.arrayContaining(['title:validation.required', 'amount:validation.tooBig', 'level:validation.oneOf', 'end:records.notBefore']));
      const good = await call(ts.url, ledger.calls.save, { ...base(), amount: 3 }, operator);
      expect(good.body.IsSuccess, JSON.stringify(good.body.error)).toBe(true);
      expect(good.body.data).toMatchObject({ title: '储罐检修', amount: 3, status: 6, version: 1 });
    });

    it('refuses the second of two saves from the same version (409 records.conflict)', async () => {
      const created = (await call(ts.url, ledger.calls.save, base(), operator)).body.data!;
      const first = await call(ts.url, ledger.calls.save, { ...base(), id: created.id, version: created.version, title: '甲改' }, operator);
      expect(first.body.IsSuccess).toBe(true);
      const second = await call(ts.url, ledger.calls.save, { ...base(), id: created.id, version: created.version, title: '乙改' }, admin);
      expectRefused(second, 409, ['version']);
      expect(second.body.error.code).toBe('records.conflict');
      const now = await call(ts.url, ledger.calls.get, { id: created.id }, admin);
      expect(now.body.data!.record.title).toBe('甲改');
    });

    it('keeps unique values unique', async () => {
      expect((await call(ts.url, ledger.calls.save, { ...base(), code: 'U-1' }, operator)).body.IsSuccess).toBe(true);
      const dup = await call(ts.url, ledger.calls.save, { ...base(), code: 'U-1' }, admin);
      expectRefused(dup, 409, ['code']);
      expect(dup.body.error.code).toBe('records.duplicateValue');
    });

    it('hides a record and its attachment from users outside its department and region', async () => {
      const up = await upload(ts.url, operator, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]));
      expect(up.body.IsSuccess, JSON.stringify(up.body)).toBe(true);
      const fileId = up.body.data!.id;
      // Someone else cannot attach the operator's unattached upload.
      const stolen = await call(ts.url, ledger.calls.save, { ...base(), files: [fileId] }, admin);
      expectRefused(stolen, 400, ['files']);
      const rec = (await call(ts.url, ledger.calls.save, { ...base(), title: '隔离测试', files: [fileId] }, operator)).body.data!;

      const seen = await call(ts.url, ledger.calls.get, { id: rec.id }, operator);
      expect(seen.body.data!.files.map((f) => f.id)).toEqual([fileId]);
      const dl = await fetch(`${ts.url}${fileDownload.path}?id=${fileId}`, { headers: { authorization: `Bearer ${operator}` } });
      expect(dl.status).toBe(200);
      expect(Buffer.from(await dl.arrayBuffer())).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]));

      expectRefused(await call(ts.url, ledger.calls.get, { id: rec.id }, contractor), 404);
      const list = await call(ts.url, ledger.calls.list, { pageSize: 1000 }, contractor);
      expect(list.body.data!.items.map((r: RecordItem) => r.id)).not.toContain(rec.id);
      const cdl = await fetch(`${ts.url}${fileDownload.path}?id=${fileId}`, { headers: { authorization: `Bearer ${contractor}` } });
      expect(cdl.status).toBe(404);
      // Nor may they file a record into a region they do not see.
      const outside = await call(ts.url, ledger.calls.save, { ...base(), approver: users.get('contractor')! }, contractor);
      expectRefused(outside, 403, ['dept']);
    });

    it('takes an upload at userInfo.uploadurl with the seed’s fields, as a seed client sends it (seed 1 §3.7)', async () => {
      const info = (await call(ts.url, getUserInfo, {}, operator)).body.data!;
      expect(info.uploadurl).toBe('/UAPI/Common/UploadFileToServer');
      const form = new FormData();
      const fields = { APIVersion: '1.0', action: 'uploadfile', calltoken: operator, jsontype: 'json', userid: String(info.userid), customercode: 'inroad' };
      for (const [k, v] of Object.entries(fields)) {
        form.append(k, v);
      }
      form.append('upfile', new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 9, 9])]), '记录.pdf');
      const res = await fetch(ts.url + info.uploadurl, { method: 'POST', headers: { authorization: `Bearer ${operator}` }, body: form });
      const body = (await res.json()) as { IsSuccess: boolean; data: { id: number; name: string; size: number } | null };
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({ name: '记录.pdf', size: 6 });
      const dl = await fetch(`${ts.url}${fileDownload.path}?id=${body.data!.id}`, { headers: { authorization: `Bearer ${operator}` } });
      expect(Buffer.from(await dl.arrayBuffer())).toEqual(Buffer.from([0x25, 0x50, 0x44, 0x46, 9, 9]));
      // Without a session it is refused like every other call.
      const anon = await fetch(ts.url + info.uploadurl, { method: 'POST', body: form });
      expect(anon.status).toBe(401);
    });

    it('makes a thumbnail of an image attachment, served only to those who may see the record', async () => {
      // A real 1200 × 600 JPEG photo; the thumbnail keeps its shape within 240 px.
      const photo = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
      const up = await upload(ts.url, operator, '现场照片.jpg', photo);
      expect(up.body.IsSuccess, JSON.stringify(up.body)).toBe(true);
      expect((up.body.data as unknown as { thumb: boolean }).thumb).toBe(true);
      const fileId = up.body.data!.id;
      const rec = (await call(ts.url, ledger.calls.save, { ...base(), title: '缩略图', files: [fileId] }, operator)).body.data!;
      expect((await call(ts.url, ledger.calls.get, { id: rec.id }, operator)).body.data!.files[0].thumb).toBe(true);

      const thumb = await fetch(`${ts.url}${fileDownload.path}?id=${fileId}&thumb=1`, { headers: { authorization: `Bearer ${operator}` } });
      expect([thumb.status, thumb.headers.get('content-type')]).toEqual([200, 'image/webp']);
      const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 240, 120]);
      // The file itself is unchanged.
      const full = await fetch(`${ts.url}${fileDownload.path}?id=${fileId}`, { headers: { authorization: `Bearer ${operator}` } });
      expect(Buffer.from(await full.arrayBuffer()).equals(photo)).toBe(true);

      const other = await fetch(`${ts.url}${fileDownload.path}?id=${fileId}&thumb=1`, { headers: { authorization: `Bearer ${contractor}` } });
      expect(other.status).toBe(404);
      // A PDF has no thumbnail: asking for one is a 404, not the file.
      const pdf = await upload(ts.url, operator, 'plan.pdf', Buffer.from('%PDF-1.4\n'));
      expect((pdf.body.data as unknown as { thumb: boolean }).thumb).toBe(false);
      const none = await fetch(`${ts.url}${fileDownload.path}?id=${pdf.body.data!.id}&thumb=1`, { headers: { authorization: `Bearer ${operator}` } });
      expect(none.status).toBe(404);
    });

    it('refuses files of a type not accepted, and images that are not images', async () => {
      const exe = await upload(ts.url, operator, 'run.exe', Buffer.from('MZ'));
      expect([exe.status, exe.body.error.code, exe.body.error.controls]).toEqual([400, 'records.fileTypeRefused', ['upfile']]);
      const fake = await upload(ts.url, operator, 'fake.png', Buffer.from('<html>'));
      expect(fake.status).toBe(400);
      expect(fake.body.error.code).toBe('records.fileTypeRefused');
    });

    it('lets only the approver of the current step move the record, with to-dos and a timeline', async () => {
      const rec = (await call(ts.url, ledger.calls.save, { ...base(), title: '审批测试' }, operator)).body.data!;
      const inspector = await demoToken(ts.url, 'inspector');
      const todos = await call(ts.url, myTodoList, { pageSize: 100 }, inspector);
      const todo = todos.body.data!.items.find((t) => t.href.includes(`id=${rec.id}`));
      expect(todo?.href).toBe(`/low-code-platform/list-view-record?entity=${ledger.def.entity}&id=${rec.id}`);
      // The title is a message code: the English to-do names the ledger in English, the record by its own title.
      expect(todo?.titleCode).toBe('records.todoTitle');
      expect(renderMessage('en', todo!.titleCode, todo!.titleParams)).toBe(`${ledger.def.name.en}: 审批测试 awaits you`);
      expect(renderMessage('zh', todo!.titleCode, todo!.titleParams)).toBe(`${ledger.def.name.zh}：审批测试 待处理`);

      const notMine = await call(ts.url, ledger.calls.transition, { id: rec.id, version: rec.version, action: 'approve1' }, operator);
      expectRefused(notMine, 403);
      expect(notMine.body.error.code).toBe('records.notApprover');
      // An administrator is not the approver either: the rule is about the step, not about rank.
      expect((await call(ts.url, ledger.calls.transition, { id: rec.id, version: rec.version, action: 'approve1' }, admin)).body.error.code).toBe('records.notApprover');

      const needReason = await call(ts.url, ledger.calls.transition, { id: rec.id, version: rec.version, action: 'reject' }, inspector);
      expectRefused(needReason, 400, ['reason']);

      const step1 = await call(ts.url, ledger.calls.transition, { id: rec.id, version: rec.version, action: 'approve1' }, inspector);
      expect(step1.body.data).toMatchObject({ status: 2, version: rec.version + 1 });
      const inspectorTodos = await call(ts.url, myTodoList, { pageSize: 100 }, inspector);
      expect(inspectorTodos.body.data!.items.some((t) => t.href.includes(`id=${rec.id}`))).toBe(false);
      const supTodos = await call(ts.url, myTodoList, { pageSize: 100 }, supervisor);
      expect(supTodos.body.data!.items.some((t) => t.href.includes(`id=${rec.id}`))).toBe(true);

      expect((await call(ts.url, ledger.calls.transition, { id: rec.id, version: 2, action: 'approve2' }, inspector)).body.error.code).toBe('records.notApprover');
      const step2 = await call(ts.url, ledger.calls.transition, { id: rec.id, version: 2, action: 'approve2' }, supervisor);
      expect(step2.body.data!.status).toBe(4);

      const detail = (await call(ts.url, ledger.calls.get, { id: rec.id }, operator)).body.data!;
      expect(detail.steps.map((s) => [s.loginname, s.action, s.from, s.to])).toEqual([
        ['inspector', 'approve1', 6, 2],
        ['supervisor', 'approve2', 2, 4],
      ]);
      expect(detail.audit.map((a) => [a.loginname, a.action])).toEqual([
        ['operator', 'record.create'],
        ['inspector', 'record.transition'],
        ['supervisor', 'record.transition'],
      ]);
    });

    it('serves built-in ledgers through the contract registry with their own permissions', async () => {
      const calls = recordContracts(workTypeLedger);
      expect(calls.save.path).toBe('/UAPI/SystemConfig/WorkTypeSave');
      const saved = await call(ts.url, calls.save, { name: '动火作业', code: 'HOT' }, admin);
      expect(saved.body.IsSuccess, JSON.stringify(saved.body.error)).toBe(true);
      expectRefused(await call(ts.url, calls.save, { name: '高处作业', code: 'HOT' }, admin), 409, ['code']);
      expectRefused(await call(ts.url, calls.save, { name: '受限空间', code: 'CS' }, operator), 403);
      const list = await call(ts.url, calls.list, {}, operator);
      expect(list.body.data!.items.map((r: RecordItem) => r.name)).toEqual(['动火作业']);
    });

    it('exports only the rows the caller may see, newest first', async () => {
      const exportAs = async (token: string) => {
        const res = await fetch(ts.url + ledger.calls.export.path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ columns: ['title'] }) });
        return (await readLedgerExport(res)).rows.map((r) => r[0]);
      };
      const listed = await call(ts.url, ledger.calls.list, { pageSize: 1000, sort: { field: 'id', order: 'desc' } }, operator);
      expect(await exportAs(operator)).toEqual(listed.body.data!.items.map((r: RecordItem) => r.title));
      expect(await exportAs(contractor)).toEqual([]);
    });

    it('writes the audit row of an edit with the changed fields, and filters and sorts the list', async () => {
      const a = (await call(ts.url, ledger.calls.save, { ...base(), title: 'Filter-A', amount: 5, level: 'high' }, operator)).body.data!;
      await call(ts.url, ledger.calls.save, { ...base(), title: 'Filter-B', amount: 50, level: 'low' }, operator);
      await call(ts.url, ledger.calls.save, { ...base(), id: a.id, version: a.version, title: 'Filter-A', amount: 7, level: 'high' }, operator);
      const detail = (await call(ts.url, ledger.calls.get, { id: a.id }, operator)).body.data!;
      const edit = detail.audit.find((x) => x.action === 'record.update')!;
      expect(JSON.parse(edit.detail)).toEqual({ changes: { amount: { from: 5, to: 7 } } });

      const byText = await call(ts.url, ledger.calls.list, { filters: { title: 'filter-' }, sort: { field: 'amount', order: 'desc' } }, operator);
      expect(byText.body.data!.items.map((r: RecordItem) => r.title)).toEqual(['Filter-B', 'Filter-A']);
      const byRange = await call(ts.url, ledger.calls.list, { filters: { title: 'Filter', amount: [6, 10] } }, operator);
      expect(byRange.body.data!.items.map((r: RecordItem) => r.title)).toEqual(['Filter-A']);
      const byEnum = await call(ts.url, ledger.calls.list, { filters: { level: 'low', title: 'Filter' } }, operator);
      expect(byEnum.body.data!.total).toBe(1);
      expectRefused(await call(ts.url, ledger.calls.list, { filters: { nope: 'x' } }, operator), 400, ['filters.nope']);
    });
  });
}
