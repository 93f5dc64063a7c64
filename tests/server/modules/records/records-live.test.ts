import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionSave } from '../../../../src/shared/records/contracts.js';
import { recordsTopic } from '../../../../src/shared/contracts/topics.js';
import type { RecordChangeItem } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { connectClient, waitFor, type RecordingClient } from '../../stream/stream-helpers.js';
import { demoToken, orgIds } from '../org/org-fixtures.js';
import { buildLedger } from './records-fixtures.js';
import { orgPort } from '../../../../src/server/modules/org/port.js';

/** A socket that keeps the record changes it receives. */
async function watcher(url: string, token: string, topic: string) {
  const client = await connectClient(url, token);
  const items: RecordChangeItem[] = [];
  client.socket.on('record.changed', (b) => items.push(...b.items));
  const ack = await client.subscribe({ topics: [topic] });
  return { client, items, ack };
}

for (const dialect of dialects) {
  describe(`record engine live changes (${dialect})`, () => {
    let ts: TestServer;
    let admin: string;
    let operator: string;
    let ids: Awaited<ReturnType<typeof orgIds>>;
    let opId: number;
    let supervisorId: number;
    const sockets: RecordingClient[] = [];

    beforeAll(async () => {
      ts = await startTestServer({ demo: true, dialect });
      [admin, operator] = await Promise.all([demoToken(ts.url, 'admin'), demoToken(ts.url, 'operator')]);
      ids = await orgIds(ts.url, admin);
      const users = new Map(
        (await ts.server.store.db.selectFrom('users').select(['userid', 'loginname']).execute()).map((u) => [u.loginname, u.userid]),
      );
      opId = users.get('operator')!;
      supervisorId = users.get('supervisor')!;
    });
    afterAll(async () => {
      sockets.forEach((s) => s.close());
      await ts?.close();
    });

    it('sends a change only to subscribers who may see the record: view grant, department and region', async () => {
      const ledger = buildLedger({ secondApprover: supervisorId });
      expect((await call(ts.url, definitionSave, { definition: ledger.def }, admin)).body.IsSuccess).toBe(true);
      const scope = await ts.server.port(orgPort).getUserScope(opId);
      expect(scope.all).toBe(false);
      const depts = await ts.server.store.db.selectFrom('dept').select('deptid').execute();
      const regions = await ts.server.store.db.selectFrom('region').select('regionid').execute();
      const inDept = ids.dept.get('PROD-TF')!;
      const inRegion = ids.region.get('TF')!;
      expect(scope.deptids).toContain(inDept);
      expect(scope.regionids).toContain(inRegion);
      const outDept = depts.map((d) => d.deptid).find((d) => !scope.deptids.includes(d))!;
      const outRegion = regions.map((r) => r.regionid).find((r) => !scope.regionids.includes(r))!;
      expect(outDept).toBeDefined();
      expect(outRegion).toBeDefined();

      const op = await watcher(ts.url, operator, recordsTopic(ledger.def.entity));
      const ad = await watcher(ts.url, admin, recordsTopic(ledger.def.entity));
      sockets.push(op.client, ad.client);
      expect(op.ack).toEqual({ ok: true, denied: [] });
      expect(ad.ack).toEqual({ ok: true, denied: [] });

      const save = async (dept: number, region: number, title: string) => {
        const r = await call(ts.url, ledger.calls.save, { title, dept, region, approver: opId }, admin);
        expect(r.body.IsSuccess, JSON.stringify(r.body.error)).toBe(true);
        return r.body.data!;
      };
      const otherDept = await save(outDept, inRegion, '别的部门');
      const otherRegion = await save(inDept, outRegion, '别的区域');
      const mine = await save(inDept, inRegion, '本部门本区域');
      await waitFor(() => op.items.some((i) => i.id === mine.id), 5000, 'the operator gets the change of a record it sees');
      await waitFor(() => ad.items.some((i) => i.id === mine.id), 5000, 'the admin gets it too');
      expect(op.items.map((i) => i.id)).toEqual([mine.id]);
      expect(op.items[0]).toMatchObject({ entity: ledger.def.entity, action: 'create', deptid: inDept, regionid: inRegion });
      // Someone who sees every department and region gets all three, in order.
      expect(ad.items.map((i) => i.id)).toEqual([otherDept.id, otherRegion.id, mine.id]);

      // Moving a record out of the operator's department is still announced to it (it must drop the row), once.
      const moved = await call(
        ts.url,
        ledger.calls.save,
        { id: mine.id, version: mine.version, title: '调出', dept: outDept, region: inRegion, approver: opId },
        admin,
      );
      expect(moved.body.IsSuccess).toBe(true);
      await waitFor(() => op.items.length === 2, 5000, 'the move');
      expect(op.items[1]).toMatchObject({ id: mine.id, action: 'update', deptid: inDept });
      // A delete of a record in another department is not.
      expect((await call(ts.url, ledger.calls.delete, { id: otherDept.id }, admin)).body.IsSuccess).toBe(true);
      await waitFor(() => ad.items.some((i) => i.id === otherDept.id && i.action === 'delete'), 5000, 'the delete');
      expect(op.items).toHaveLength(2);

      // An import announces each place once, not each of its rows.
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('x');
      ws.addRow(['名称', '部门', '区域', '审批人']);
      for (let i = 0; i < 30; i++) {
        ws.addRow([`导入 ${i}`, inDept, inRegion, opId]);
      }
      const form = new FormData();
      form.append('upfile', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'in.xlsx');
      const res = await fetch(ts.url + ledger.calls.list.path.replace(/List$/, 'Import'), {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      });
      expect(((await res.json()) as { data: { saved: number } }).data.saved).toBe(30);
      await waitFor(() => op.items.length === 3, 5000, 'the import');
      await waitFor(() => ad.items.some((i) => i.action === 'import'), 5000, 'the import (admin)');
      expect(op.items[2]).toMatchObject({ action: 'import', deptid: inDept, regionid: inRegion });
      expect(ad.items.filter((i) => i.action === 'import')).toHaveLength(1);
    });

    it('refuses the topic to users the ledger does not let view it, and of ledgers that do not exist', async () => {
      const closed = buildLedger({
        secondApprover: supervisorId,
        overrides: { permissions: { view: ['supervisor'], edit: [], delete: [] } },
      });
      expect((await call(ts.url, definitionSave, { definition: closed.def }, admin)).body.IsSuccess).toBe(true);
      const op = await watcher(ts.url, operator, recordsTopic(closed.def.entity));
      sockets.push(op.client);
      expect(op.ack.denied).toEqual([recordsTopic(closed.def.entity)]);
      const ghost = await op.client.subscribe({ topics: ['records/NoSuchLedger', 'records/lower', 'records/'] });
      expect(ghost.denied).toEqual(['records/NoSuchLedger', 'records/lower', 'records/']);
    });
  });
}
