import { defineMessages } from '../messages/define.js';

/** Alarm management (ISA-18.2): refusals of the state machine and of the alarm service. */
export const alarmMessages = defineMessages({
  'alarm.nothingToAck': { zh: '该报警无需确认', en: 'There is nothing to acknowledge on this alarm' },
  'alarm.notShelvable': { zh: '只有正在报警或未确认的报警可以搁置', en: 'Only an active or unacknowledged alarm can be shelved' },
  'alarm.shelveTooLong': { zh: '搁置时间超过上限（{hours} 小时）', en: 'The shelving time exceeds the maximum ({hours} h)' },
  'alarm.shelveInPast': { zh: '搁置结束时间必须晚于现在', en: 'The end of shelving must be in the future' },
  'alarm.reasonRequired': { zh: '请填写原因', en: 'A reason is required' },
  'alarm.notShelved': { zh: '该报警未被搁置', en: 'The alarm is not shelved' },
  'alarm.alreadyShelved': { zh: '该报警已被搁置', en: 'The alarm is shelved already' },
  'alarm.notSuppressed': { zh: '该报警未被抑制', en: 'The alarm is not suppressed' },
  'alarm.alreadySuppressed': { zh: '该报警已被抑制', en: 'The alarm is suppressed already' },
  'alarm.notOutOfService': { zh: '该报警未停用', en: 'The alarm is not out of service' },
  'alarm.alreadyOutOfService': { zh: '该报警已停用', en: 'The alarm is out of service already' },
  'alarm.notFound': { zh: '报警 {id} 不存在或已恢复正常', en: 'Alarm {id} does not exist or is back to normal' },
  'alarm.typeOfTags': { zh: '该类型的报警由位号数据产生，不能由外部发起', en: 'Alarms of this type come from tag values and cannot be raised from outside' },
  'alarm.overlayFirst': { zh: '请先解除停用或抑制', en: 'Return it to service or end its suppression first' },
});
