import { defineMessages } from '../messages/define.js';

/**
 * Hidden dangers (隐患, DOMAIN.md §8): grades, the loop's statuses and actions,
 * the codes src/shared/domain/hidden-danger.ts returns, deadline states and
 * escalation targets.
 */
export const hiddenDangerMessages = defineMessages({
  'hiddenDangers.fromMeasureCheck': { zh: '管控措施检查异常：{measure}', en: 'Control measure found failing: {measure}' },
  'hiddenDangers.grade.general': { zh: '一般隐患', en: 'General hidden danger' },
  'hiddenDangers.grade.major': { zh: '重大隐患', en: 'Major hidden danger' },

  'hiddenDangers.status.found': { zh: '待定级', en: 'Reported' },
  'hiddenDangers.status.registered': { zh: '待下发', en: 'Graded, to be assigned' },
  'hiddenDangers.status.assigned': { zh: '待整改', en: 'To be rectified' },
  'hiddenDangers.status.rectified': { zh: '待验收', en: 'To be accepted' },
  'hiddenDangers.status.verified': { zh: '已验收', en: 'Accepted' },
  'hiddenDangers.status.closed': { zh: '已销号', en: 'Closed' },
  'hiddenDangers.status.voided': { zh: '已作废', en: 'Voided' },

  'hiddenDangers.action.register': { zh: '登记定级', en: 'Register and grade' },
  'hiddenDangers.action.assign': { zh: '下发整改', en: 'Assign' },
  'hiddenDangers.action.rectify': { zh: '提交整改', en: 'Submit rectification' },
  'hiddenDangers.action.verify': { zh: '验收', en: 'Accept' },
  'hiddenDangers.action.close': { zh: '销号', en: 'Close' },
  'hiddenDangers.action.sendBack': { zh: '退回', en: 'Send back' },
  'hiddenDangers.action.void': { zh: '作废', en: 'Void' },

  'hiddenDangers.notAllowedNow': { zh: '当前状态不能执行此操作', en: 'This action is not possible in the current status' },
  'hiddenDangers.reasonRequired': { zh: '请填写原因', en: 'Give a reason' },
  'hiddenDangers.gradeRequired': { zh: '请选择隐患等级', en: 'Choose the grade' },
  'hiddenDangers.unknownCriterion': { zh: '重大隐患判定标准中没有第{no}条', en: 'The major-hazard criteria have no item {no}' },
  'hiddenDangers.majorByCriteria': {
    zh: '符合重大隐患判定标准第{no}条，应判定为重大隐患',
    en: 'Item {no} of the major-hazard criteria applies: this is a major hidden danger',
  },
  'hiddenDangers.responsibleRequired': { zh: '请选择整改责任人', en: 'Choose the person responsible for rectification' },
  'hiddenDangers.deadlineRequired': { zh: '请选择整改期限', en: 'Choose the rectification deadline' },
  'hiddenDangers.deadlinePast': { zh: '整改期限应晚于当前时间', en: 'The deadline must be in the future' },
  'hiddenDangers.measuresRequired': { zh: '请填写整改措施', en: 'Describe the rectification measures' },
  'hiddenDangers.moneyRequired': { zh: '请填写整改资金（0或正数）', en: 'Enter the rectification money (0 or more)' },
  'hiddenDangers.majorPlanIncomplete': {
    zh: '重大隐患须有治理方案：目标任务、方法措施、经费物资、机构人员、时限要求、安全措施',
    en: 'A major hidden danger needs a full rectification plan: goal, method, money, people, deadline and safety measures',
  },
  'hiddenDangers.notResponsible': { zh: '只有整改责任人才能提交整改', en: 'Only the person responsible can submit the rectification' },
  'hiddenDangers.rectificationRequired': { zh: '请填写整改情况', en: 'Describe what was rectified' },
  'hiddenDangers.verifierIsRectifier': { zh: '验收人不能是整改人本人', en: 'The person who accepts cannot be the one who rectified' },

  'hiddenDangers.deadline.onTime': { zh: '整改中', en: 'On time' },
  'hiddenDangers.deadline.dueSoon': { zh: '即将到期', en: 'Due soon' },
  'hiddenDangers.deadline.overdue': { zh: '已逾期', en: 'Overdue' },
  'hiddenDangers.deadline.closedOnTime': { zh: '按期完成', en: 'Closed on time' },
  'hiddenDangers.deadline.closedLate': { zh: '逾期完成', en: 'Closed late' },
  'hiddenDangers.escalation.regionResponsible': { zh: '区域隐患责任人', en: "The region's hidden-danger responsible person" },
  'hiddenDangers.escalation.departmentHead': { zh: '部门负责人', en: 'The department head' },
});

export type HiddenDangerMessageCode = keyof typeof hiddenDangerMessages;
