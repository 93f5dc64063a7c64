import { defineMessages } from '../messages/define.js';

/** Drafts, rejection, voiding (seed 2 §4) and the certificates of special-operation workers (GB 30871-2022 §4.4). */
export const permitLifecycleMessages = defineMessages({
  'permits.status.draft': { zh: '草稿', en: 'Draft' },
  'permits.status.rejected': { zh: '已驳回', en: 'Rejected' },
  'permits.status.voided': { zh: '已作废', en: 'Voided' },
  'permits.notApplicant': { zh: '只有申请人可以修改或提交该作业票', en: 'Only the applicant may edit or apply this permit' },
  'permits.notEditable': { zh: '该作业票已提交，不能修改', en: 'This permit has been applied for: it can no longer be edited' },
  'permits.notApplicantOrAdmin': { zh: '只有申请人或管理员可以作废作业票', en: 'Only the applicant or an administrator may void a permit' },
  'permits.notVoidable': { zh: '作业已开始，不能作废', en: 'The work has started: the permit cannot be voided' },
  'permits.todoRejected': { zh: '作业票 {number} 被驳回：{reason}', en: 'Permit {number} was rejected: {reason}' },
  'permits.specialNotWorker': { zh: '特种作业人员须是本票作业人', en: 'A special-operation worker must be one of the permit’s workers' },
  'permits.certificateMissing': {
    zh: '作业人 {worker} 无有效的{role}证书，不能列入作业票',
    en: 'Worker {worker} holds no certificate for {role}: they cannot be named on the permit',
  },
  'permits.certificateExpired': {
    zh: '作业人 {worker} 的{role}证书已于 {date} 过期，不能列入作业票',
    en: 'Worker {worker}’s certificate for {role} expired on {date}: they cannot be named on the permit',
  },
  'permits.role.welder': { zh: '焊接与热切割作业', en: 'welding and thermal cutting' },
  'permits.role.electrician': { zh: '电工作业', en: 'electrical work' },
  'permits.role.liftingOperator': { zh: '起重作业', en: 'lifting operation' },
  'permits.role.scaffolder': { zh: '登高架设作业', en: 'scaffolding at height' },
  'permits.role.confinedGuardian': { zh: '受限空间作业监护', en: 'confined-space guarding' },
  'permits.ui.saveDraft': { zh: '保存草稿', en: 'Save draft' },
  'permits.ui.submit': { zh: '提交申请', en: 'Apply' },
  'permits.ui.cancel': { zh: '取消', en: 'Cancel' },
  'permits.ui.edit': { zh: '修改', en: 'Edit' },
  'permits.ui.reject': { zh: '驳回', en: 'Reject' },
  'permits.ui.void': { zh: '作废', en: 'Void' },
  'permits.ui.reason': { zh: '原因', en: 'Reason' },
  'permits.ui.rejectedBecause': { zh: '已驳回：{reason}', en: 'Rejected: {reason}' },
  'permits.ui.voidedBecause': { zh: '已作废：{reason}', en: 'Voided: {reason}' },
  'permits.ui.specialWorkers': { zh: '特种作业人员（须持有效证书）', en: 'Special-operation workers (valid certificate required)' },
  'permits.ui.role': { zh: '特种作业类别', en: 'Special job' },
  'permits.ui.allStatuses': { zh: '全部状态', en: 'All statuses' },
  'permits.ui.certValid': { zh: '证书有效至 {date}', en: 'Certificate valid until {date}' },
  'permits.ui.noCertificate': { zh: '无证书', en: 'No certificate' },
});

export const permitLifecycleAuditActions = {
  'permit.draft': { zh: '保存作业票草稿', en: 'Save permit draft' },
  'permit.reject': { zh: '驳回作业票', en: 'Reject permit' },
  'permit.void': { zh: '作废作业票', en: 'Void permit' },
} as const;
