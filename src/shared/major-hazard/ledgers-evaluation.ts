import { defineRecord } from '../records/definition.js';

/** The assessment's conclusion on the source (安全评估报告的评估结论). */
export const evaluationConclusions = [
  { value: 'acceptable', label: { zh: '风险可接受', en: 'Risk acceptable' } },
  { value: 'improve', label: { zh: '整改后可接受', en: 'Acceptable after improvements' } },
  { value: 'unacceptable', label: { zh: '风险不可接受', en: 'Risk not acceptable' } },
];

/**
 * /dangerSourceManagement/evaluationReport (issue 20 §2, the seed's
 * EvaluationReportQuery/Add/Del): the safety assessment reports of each major
 * hazard source, with their attachments, the date filed with the regulator
 * (第二十三条: within 15 days) and the date of a change that brings the
 * re-assessment forward (第十一条: three years on, or at the change);
 * `shared/domain/evaluation-report.ts` holds the rules, the module opens a
 * to-do 30 days before the re-assessment is due.
 */
export const evaluationReportLedger = defineRecord({
  area: 'MajorHazard',
  entity: 'EvaluationReport',
  name: { zh: '重大危险源安全评估报告', en: 'Assessment reports' },
  titleField: 'reportNo',
  fields: [
    {
      key: 'source',
      type: 100,
      label: { zh: '重大危险源', en: 'Major hazard source' },
      required: true,
      ref: { entity: 'DangerSource', label: 'name' },
    },
    { key: 'reportNo', type: 4, label: { zh: '报告编号', en: 'Report number' }, required: true, unique: true, max: 60 },
    { key: 'organisation', type: 4, label: { zh: '评估机构', en: 'Assessing organisation' }, required: true, max: 100 },
    { key: 'reportDate', type: 5, label: { zh: '报告日期', en: 'Report date' }, required: true },
    { key: 'conclusionLevel', type: 7, label: { zh: '评估结论', en: 'Conclusion' }, required: true, options: evaluationConclusions },
    { key: 'conclusion', type: 17, label: { zh: '结论说明', en: 'Conclusion in detail' }, max: 4000 },
    { key: 'files', type: 6, label: { zh: '报告附件', en: 'Report files' }, required: true, min: 1, max: 20 },
    { key: 'filedDate', type: 5, label: { zh: '备案日期', en: 'Filed with the regulator' }, notBefore: 'reportDate' },
    {
      key: 'changeDate',
      type: 5,
      label: { zh: '发生变化日期（需重新评估）', en: 'Changed on (re-assessment due then)' },
      notBefore: 'reportDate',
    },
    { key: 'changeNote', type: 17, label: { zh: '变化情况', en: 'What changed' }, max: 2000 },
    { key: 'region', type: 2, label: { zh: '所在区域', en: 'Region' } },
    { key: 'remark', type: 17, label: { zh: '备注', en: 'Remark' } },
  ],
  list: {
    columns: ['reportNo', 'source', 'organisation', 'reportDate', 'conclusionLevel', 'filedDate', 'changeDate'],
    filters: ['reportNo', 'source', 'organisation', 'conclusionLevel'],
    sort: { field: 'reportDate', order: 'desc' },
  },
  isolation: { region: 'region' },
  permissions: { view: ['majorHazard:view'], edit: ['majorHazard:manage'], delete: ['majorHazard:manage'] },
  // The seed's names (issue 20 §2).
  seedCalls: [
    { name: 'EvaluationReportQuery', call: 'List' },
    { name: 'EvaluationReportAdd', call: 'Add' },
    { name: 'EvaluationReportDel', call: 'Delete' },
  ],
});
