import { Readable } from 'node:stream';
import { addYears } from '../../../shared/domain/evaluation-report.js';
import { evaluationReportLedger } from '../../../shared/major-hazard/ledgers-evaluation.js';
import { dangerSourceLedger } from '../../../shared/major-hazard/ledgers.js';
import { formatDate } from '../../../shared/time.js';
import type { Db } from '../../store/db.js';
import type { DocumentsPort } from '../documents/port.js';
import type { RecordsPort } from '../records/port.js';
import { demoActor } from './demo.js';

const DAY = 86_400_000;
/** Midnight of `t`'s day on the server's clock (the plant's): report dates are days. */
const dayOf = (t: number) => new Date(t).setHours(0, 0, 0, 0);

/**
 * The demo plant's assessment reports, once (when the ledger is empty and the
 * demo units exist): one per tank farm, chosen to show every state: 罐区A's
 * three years end in three weeks (its to-do is open), 罐区B was filed late
 * (第二十三条), 罐区C changed since its assessment (第十一条: overdue). Each
 * report's file is a one-page summary PDF printed by the documents module.
 */
export async function seedDemoEvaluationReports(db: Db, records: RecordsPort, documents: Pick<DocumentsPort, 'pdf'>, now = Date.now()): Promise<number> {
  if ((await records.allRecords(evaluationReportLedger)).length > 0) {
    return 0;
  }
  const actor = await demoActor(db);
  const units = new Map((await records.allRecords(dangerSourceLedger)).map((u) => [u.code, u]));
  if (!actor || units.size === 0) {
    return 0;
  }
  const today = dayOf(now);
  const demo = [
    { code: 'MH-TFA', no: 'AQPG-2023-017', org: '华安安全评价有限公司', reportDate: addYears(today + 21 * DAY, -3), filedAfter: 9, change: null, level: 'acceptable' },
    { code: 'MH-TFB', no: 'AQPG-2025-004', org: '中化安全技术服务中心', reportDate: today - 420 * DAY, filedAfter: 26, change: null, level: 'improve' },
    { code: 'MH-TFC', no: 'AQPG-2025-031', org: '华安安全评价有限公司', reportDate: today - 300 * DAY, filedAfter: 12, change: today - 20 * DAY, level: 'acceptable' },
  ];
  let saved = 0;
  for (const d of demo) {
    const unit = units.get(d.code);
    if (!unit) {
      continue;
    }
    const pdf = await documents.pdf({
      title: '重大危险源安全评估报告（摘要）',
      subtitle: String(unit.name),
      number: d.no,
      blocks: [
        {
          kind: 'fields',
          items: [
            { label: '评估机构', value: d.org },
            { label: '报告日期', value: formatDate(d.reportDate, 'YYYY-MM-DD') },
          ],
        },
        { kind: 'paragraph', text: '演示数据：依据 GB 18218-2018 辨识分级，依据《危险化学品重大危险源监督管理暂行规定》开展安全评估。' },
      ],
      footer: '演示数据',
      lang: 'zh',
    });
    const file = await records.saveFile(actor, `${d.no}.pdf`, Readable.from([pdf]));
    await records.save(actor, evaluationReportLedger, {
      source: unit.id,
      reportNo: d.no,
      organisation: d.org,
      reportDate: d.reportDate,
      conclusionLevel: d.level,
      conclusion: d.level === 'improve' ? '完成整改项后风险可接受。' : '风险可接受。',
      files: [file.id],
      filedDate: d.reportDate + d.filedAfter * DAY,
      changeDate: d.change,
      changeNote: d.change === null ? '' : '新增1台液氨储罐，储存量变化',
      region: unit.regionid,
      remark: '',
    });
    saved++;
  }
  return saved;
}
