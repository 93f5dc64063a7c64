import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { defineRecord, type RecordDefinitionInput } from '../../../../src/shared/records/definition.js';

let seq = 0;

/**
 * A ledger with a department and region (both isolating), a unique code,
 * start/end times, a number, an enumeration, attachments, and a two-step
 * approval whose first approver is named in the record and the second fixed.
 */
export function buildLedger(opts: { secondApprover: number; overrides?: Partial<RecordDefinitionInput> }) {
  seq++;
  const def = defineRecord({
    area: 'LowCode',
    entity: `Ledger${seq}${Date.now() % 100000}`,
    name: { zh: '测试台账', en: 'Test ledger' },
    fields: [
      { key: 'title', type: 4, label: { zh: '名称', en: 'Title' }, required: true, max: 50 },
      { key: 'code', type: 4, label: { zh: '编码', en: 'Code' }, unique: true },
      { key: 'dept', type: 1, label: { zh: '部门', en: 'Department' }, required: true },
      { key: 'region', type: 2, label: { zh: '区域', en: 'Region' }, required: true },
      { key: 'start', type: 5, label: { zh: '开始时间', en: 'Start' } },
      { key: 'end', type: 5, label: { zh: '结束时间', en: 'End' }, notBefore: 'start' },
      { key: 'amount', type: 22, label: { zh: '数量', en: 'Amount' }, min: 0, max: 1000 },
      {
        key: 'level',
        type: 7,
        label: { zh: '等级', en: 'Level' },
        options: [
          { value: 'low', label: { zh: '低', en: 'Low' } },
          { value: 'high', label: { zh: '高', en: 'High' } },
        ],
      },
      { key: 'approver', type: 3, label: { zh: '审批人', en: 'Approver' }, required: true },
      { key: 'files', type: 6, label: { zh: '附件', en: 'Attachments' } },
    ],
    list: { columns: ['title', 'code', 'amount', 'level'], filters: ['title', 'level'] },
    isolation: { dept: 'dept', region: 'region' },
    workflow: {
      initial: 6,
      states: [
        { code: 6, label: { zh: '待一级审批', en: 'First approval' }, approvers: { field: 'approver' } },
        { code: 2, label: { zh: '待二级审批', en: 'Second approval' }, approvers: { userids: [opts.secondApprover] } },
        { code: 4 },
        { code: -1 },
      ],
      transitions: [
        { action: 'approve1', label: { zh: '一级通过', en: 'Approve' }, from: [6], to: 2, approverOnly: true },
        { action: 'approve2', label: { zh: '二级通过', en: 'Approve' }, from: [2], to: 4, approverOnly: true },
        { action: 'reject', label: { zh: '驳回', en: 'Reject' }, from: [6, 2], to: -1, approverOnly: true, inputs: ['reason'] },
      ],
    },
    ...opts.overrides,
  });
  return { def, calls: recordContracts(def) };
}

/**
 * Reads a ledger's export as a person and an import see it: the hidden row 1 of field keys, the header (row 2) in
 * the reader's language and the data rows, each cell from column A.
 */
export async function readLedgerExport(res: Response) {
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const ws = wb.worksheets[0];
  expect(ws.getRow(1).hidden).toBe(true);
  const rows: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (r) => rows.push((r.values as unknown[]).slice(1)));
  const [keys, header, ...data] = rows;
  return { sheet: ws.name, keys, header, rows: data };
}
