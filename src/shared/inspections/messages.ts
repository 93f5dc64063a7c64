import { defineMessages } from '../messages/define.js';

/**
 * Inspections (巡检, seed 2 §3–§5, §8; DOMAIN.md §9) and the schedules they run
 * on. Codes returned by src/shared/domain/inspection-rules.ts and schedule.ts,
 * plus the seed's own messages of the inspection pages.
 */
export const inspectionMessages = defineMessages({
  // Seed 2 §5: plan fields.
  'inspections.zeroOrPositiveInteger': { zh: '请输入0或大于0的整数', en: 'Enter 0 or a whole number greater than 0' },
  'inspections.positiveInteger': { zh: '请输入大于0的整数', en: 'Enter a whole number greater than 0' },
  'inspections.endBeforeStart': { zh: '结束时间不能早于开始时间', en: 'The end time cannot be earlier than the start time' },
  'inspections.plan.pauseRequired': { zh: '请填写暂停时间', en: 'Fill in the pause time' },
  'inspections.plan.headcountAtLeastOne': { zh: '巡检人数不能少于1人', en: 'At least 1 person is required' },
  'inspections.plan.minAboveMax': { zh: '最短时间不能大于最长时间', en: 'The minimum time cannot exceed the maximum time' },
  'inspections.plan.minDurationOverWindow': {
    zh: '最短时间（{min}分钟）不能超过巡检时段（{window}分钟）',
    en: 'The minimum time ({min} min) cannot exceed the inspection window ({window} min)',
  },
  'inspections.plan.timesRequired': { zh: '请设置巡检时间', en: 'Set the inspection times' },
  'inspections.plan.weekdaysRequired': { zh: '请选择星期', en: 'Choose the weekdays' },
  'inspections.plan.daysRequired': { zh: '请选择日期', en: 'Choose the days of the month' },
  'inspections.plan.hourEvery': { zh: '间隔小时数应为1到24的整数', en: 'The interval must be a whole number of hours from 1 to 24' },
  'inspections.plan.badTime': { zh: '时间格式应为 时:分（如 08:00）', en: 'Times are written HH:mm (e.g. 08:00)' },
  'inspections.plan.pointsRequired': { zh: '请选择巡检点', en: 'Choose the inspection points' },

  // Seed 2 §5: statistics queries.
  'inspections.stats.itemRequired': { zh: '请选择查询项', en: 'Choose what to query' },
  'inspections.stats.startRequired': { zh: '请选择开始时间', en: 'Choose the start time' },
  'inspections.stats.endRequired': { zh: '请选择结束时间', en: 'Choose the end time' },

  // Seed 2 §4, §5: invalid-inspection applications.
  'inspections.invalid.reasonRequired': { zh: '请填写无效巡检原因', en: 'Give the reason for the invalid inspection' },
  'inspections.invalid.approverRequired': { zh: '请选择审批人', en: 'Choose an approver' },
  'inspections.invalid.recorderOnly': { zh: '只有巡检记录人才能申请无效巡检', en: 'Only the inspection recorder can apply for an invalid inspection' },
  'inspections.invalid.recorderOrResponsibleOnly': {
    zh: '只有巡检记录人或相关责任人才能申请无效巡检',
    en: 'Only the inspection recorder or a related responsible person can apply for an invalid inspection',
  },
  'inspections.invalid.alreadyApplied': { zh: '该巡检记录已申请无效巡检', en: 'An invalid-inspection application already exists for this record' },
  'inspections.invalid.approverIsApplicant': { zh: '审批人不能是申请人本人', en: 'The approver cannot be the applicant' },

  // Check-ins (DOMAIN.md §9).
  'inspections.checkIn.tooEarly': { zh: '未到巡检时间，还需{minutes}分钟', en: 'Too early: the inspection opens in {minutes} min' },
  'inspections.checkIn.tooLate': { zh: '已超过巡检时间{minutes}分钟', en: 'Too late: the inspection closed {minutes} min ago' },
  'inspections.checkIn.wrongCode': { zh: '扫描的二维码与巡检点不符', en: 'The scanned QR code does not belong to this point' },
  'inspections.checkIn.wrongNfc': { zh: 'NFC卡与巡检点不符', en: 'The NFC card does not belong to this point' },
  'inspections.checkIn.noFix': {
    zh: '打卡前后{seconds}秒内没有人员定位数据',
    en: 'No position fix of the person within {seconds} s of the check-in',
  },
  'inspections.checkIn.outsideRadius': {
    zh: '打卡时人员定位距巡检点{distance}米，超出{radius}米范围',
    en: 'At check-in the person was {distance} m from the point, outside its {radius} m radius',
  },
  'inspections.checkIn.notInRoute': { zh: '该巡检点不在本次巡检路线中', en: 'This point is not on the round' },
  'inspections.checkIn.alreadyChecked': { zh: '该巡检点已打卡', en: 'This point has already been checked' },
  'inspections.checkIn.outOfOrder': { zh: '请按顺序巡检，下一个是第{index}个巡检点', en: 'Follow the route order: the next point is number {index}' },
  'inspections.checkIn.tooSoon': { zh: '距上一个巡检点打卡不足{minutes}分钟', en: 'Less than {minutes} min since the previous point' },

  // Check items (seed 1 §3.4 evaluation item types).
  'inspections.reading.notANumber': { zh: '请输入数值', en: 'Enter a number' },
  'inspections.reading.notAnOption': { zh: '请选择给定的选项', en: 'Choose one of the given answers' },
  'inspections.reading.aboveMax': { zh: '{label}为{value}{unit}，超过上限{max}{unit}', en: '{label} is {value}{unit}, above the limit {max}{unit}' },
  'inspections.reading.belowMin': { zh: '{label}为{value}{unit}，低于下限{min}{unit}', en: '{label} is {value}{unit}, below the limit {min}{unit}' },
  'inspections.reading.abnormalAnswer': { zh: '{label}异常：{value}', en: '{label} abnormal: {value}' },
  'inspections.reading.notConfirmed': { zh: '{label}未确认', en: '{label} not confirmed' },

  // Why a finished round is not qualified (the record's unqualified reason, seed 2 §3).
  'inspections.round.tooShort': { zh: '巡检用时{minutes}分钟，少于最短时间{min}分钟', en: 'The round took {minutes} min, less than the minimum {min} min' },
  'inspections.round.tooLong': { zh: '巡检用时{minutes}分钟，超过最长时间{max}分钟', en: 'The round took {minutes} min, more than the maximum {max} min' },
  'inspections.round.gapTooShort': {
    zh: '巡检点间隔{minutes}分钟，少于最小间隔{min}分钟',
    en: '{minutes} min between points, less than the minimum {min} min',
  },
  'inspections.round.outOfOrder': { zh: '未按顺序巡检', en: 'Points were not checked in route order' },
  'inspections.round.missedPoints': { zh: '漏检{count}个巡检点', en: '{count} points missed' },
  'inspections.round.flagged': { zh: '{count}次打卡定位存疑', en: '{count} check-ins with a doubtful position' },

  // Seed 2 §4: inspection record statuses.
  'inspections.status.notStarted': { zh: '未开始', en: 'Not started' },
  'inspections.status.inProgress': { zh: '进行中', en: 'In progress' },
  'inspections.status.completed': { zh: '已完成', en: 'Completed' },
  'inspections.status.terminated': { zh: '已终止', en: 'Terminated' },
  'inspections.status.incomplete': { zh: '未完成', en: 'Incomplete' },
  'inspections.status.canceled': { zh: '已取消', en: 'Canceled' },

  // Seed 2 §3, §9: cycles; seed 2 §4: when a cycle change takes effect.
  'inspections.cycle.hour': { zh: '按小时', en: 'Hourly' },
  'inspections.cycle.day': { zh: '按天', en: 'Daily' },
  'inspections.cycle.week': { zh: '按周', en: 'Weekly' },
  'inspections.cycle.month': { zh: '按月', en: 'Monthly' },
  'inspections.cycleChange.nextCycle': { zh: '下个周期生效', en: 'From the next cycle' },
  'inspections.cycleChange.immediate': { zh: '立即生效（重置任务列表）', en: 'At once (resets the task list)' },
  'inspections.cycleChange.atTime': { zh: '自定义时间生效', en: 'At a set time' },

  // Seed 2 §8: the inspection pages' own messages.
  'inspections.plan.fetchFailed': { zh: '获取巡检计划失败', en: 'Failed to get the inspection plan' },
  'inspections.plan.added': { zh: '计划添加成功', en: 'Plan added' },
  'inspections.plan.edited': { zh: '计划编辑成功', en: 'Plan edited' },
  'inspections.plan.deleted': { zh: '计划删除成功', en: 'Plan deleted' },
  'inspections.plan.enabled': { zh: '计划启用成功', en: 'Plan enabled' },
  'inspections.plan.disabled': { zh: '计划停用成功', en: 'Plan deactivated' },
  'inspections.plan.cycleChanged': { zh: '周期修改成功', en: 'Cycle changed' },
  'inspections.plan.deleteConfirm': {
    zh: '该计划已有巡检记录或未完成的任务，确定删除吗？',
    en: 'This plan has inspection records or unfinished tasks. Delete it anyway?',
  },
});

export type InspectionMessageCode = keyof typeof inspectionMessages;
