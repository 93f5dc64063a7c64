import { defineMessages } from '../messages/define.js';

/** Messages of the assessment reports (issue 20 §2, 总局令第40号 第十一条、第二十三条). */
export const majorHazardEvaluationMessages = defineMessages({
  'majorHazard.todo.reassessmentDue': {
    zh: '重大危险源“{source}”安全评估将于 {due} 到期，请组织重新评估（报告 {report}）',
    en: 'The assessment of major hazard source “{source}” is due again on {due}: arrange the re-assessment (report {report})',
  },
  'majorHazard.evaluation.due': { zh: '复评到期 {date}', en: 'Re-assessment due {date}' },
  'majorHazard.evaluation.dueSoon': { zh: '{days} 天后需复评', en: 'Re-assessment in {days} days' },
  'majorHazard.evaluation.overdue': { zh: '复评已逾期', en: 'Re-assessment overdue' },
  'majorHazard.evaluation.valid': { zh: '评估有效', en: 'Assessment valid' },
  'majorHazard.evaluation.filed': { zh: '已按期备案', en: 'Filed on time' },
  'majorHazard.evaluation.filedLate': { zh: '逾期备案', en: 'Filed late' },
  'majorHazard.evaluation.pending': { zh: '待备案（{date}前）', en: 'To be filed by {date}' },
  'majorHazard.evaluation.late': { zh: '超过15日未备案', en: 'Not filed within 15 days' },
  'majorHazard.evaluation.superseded': { zh: '已被新报告替代', en: 'Superseded' },
  'majorHazard.evaluation.rules': {
    zh: '依据《危险化学品重大危险源监督管理暂行规定》：评估满三年或重大危险源发生变化时应重新评估（第十一条）；完成评估报告后15日内备案（第二十三条）。到期前30天向包保主要负责人（无则报告登记人）发送待办。',
    en: 'By the Provisional Provisions on Major Hazard Sources of Hazardous Chemicals: assess again after three years or when the source changes (Art. 11); file within 15 days of the report (Art. 23). A to-do reaches the principal responsible person (else the report’s author) 30 days before the re-assessment is due.',
  },
  'majorHazard.archive.reportNo': { zh: '报告编号', en: 'Report No.' },
  'majorHazard.archive.reportDate': { zh: '报告日期', en: 'Report date' },
  'majorHazard.archive.organisation': { zh: '评估机构', en: 'Assessing organisation' },
  'majorHazard.archive.reportStatus': { zh: '状态', en: 'Status' },
  'majorHazard.evaluation.conclusion': { zh: '评估结论', en: 'Conclusion' },
});
