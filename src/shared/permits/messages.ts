import { defineMessages } from '../messages/define.js';

/**
 * Safe-work permits (GB 30871-2022, DOMAIN.md §7): the codes `checkPermit`
 * and the Check body's schema return, and the seed's permit messages (spec 2
 * §5, §8) in the Chinese its users know. The limits quoted are the standard's.
 */
export const permitMessages = defineMessages({
  // checkPermit: times and validity (field end)
  'permits.endNotAfterStart': { zh: '结束时间必须晚于开始时间', en: 'The end time must be later than the start time' },
  'permits.validityHotSpecialOr1': { zh: '特级、一级动火作业证有效期不应超过8小时', en: 'A special-grade or grade 1 hot-work permit is valid for at most 8 hours' },
  'permits.validityHot2': { zh: '二级动火作业证有效期不应超过72小时', en: 'A grade 2 hot-work permit is valid for at most 72 hours' },
  'permits.validityConfined': { zh: '受限空间作业证有效期不应超过24小时', en: 'A confined-space permit is valid for at most 24 hours' },
  'permits.validityHeight': { zh: '高处作业证有效期不应超过7天', en: 'A work-at-height permit is valid for at most 7 days' },
  'permits.validityPower': { zh: '临时用电作业证有效期不应超过15天', en: 'A temporary power permit is valid for at most 15 days' },
  'permits.validityPowerSpecial': { zh: '特殊情况下临时用电作业证有效期不应超过30天', en: 'A temporary power permit under special conditions is valid for at most 30 days' },
  'permits.powerOutlivesServed': {
    zh: '临时用电作业证有效期不应超过所服务的动火或受限空间作业证有效期',
    en: 'Temporary power may not outlast the hot-work or confined-space permit it serves',
  },
  // checkPermit: gas analysis (field gas)
  'permits.gasMissing': { zh: '未进行气体分析', en: 'No gas analysis has been made' },
  'permits.o2Missing': { zh: '受限空间气体分析缺少氧含量', en: 'The confined-space gas analysis has no oxygen reading' },
  'permits.gasStale': { zh: '气体分析时间距作业开始时间超过30分钟，请重新分析', en: 'The gas analysis is more than 30 minutes before the work starts; analyse again' },
  'permits.gasReanalysis': { zh: '作业中断超过规定时间，恢复作业前应重新进行气体分析', en: 'The work stopped longer than allowed; analyse the gas again before resuming' },
  'permits.gasNotToday': { zh: '每日作业前均应进行气体分析', en: 'The gas must be analysed every day before work' },
  'permits.gasOverLimit': { zh: '可燃气体浓度超过合格标准', en: 'The combustible gas concentration is above the pass limit' },
  'permits.gasLelMissing': { zh: '以%LEL计的读数须填写该气体的爆炸下限', en: 'A reading in % LEL needs the gas’s lower explosive limit' },
  'permits.o2OutOfRange': { zh: '氧含量不合格', en: 'The oxygen content is outside the permitted range' },
  'permits.gasSampleEmpty': { zh: '气体分析须填写可燃气体读数或氧含量', en: 'A gas sample needs a combustible reading or an oxygen reading' },
  'permits.confinedRecordDue': { zh: '受限空间作业期间应每2小时记录一次气体检测结果', en: 'During confined-space work the gas readings are recorded every 2 hours' },
  // checkPermit: per type
  'permits.loadRequired': { zh: '请填写吊装质量', en: 'Enter the load to be lifted' },
  'permits.heightRequired': { zh: '请填写作业高度', en: 'Enter the working height' },
  'permits.blindExactlyOne': { zh: '一张盲板抽堵作业证只能对应一块盲板的一次抽或堵', en: 'One blind-plate permit covers exactly one blind and one action' },
  'permits.liftingNoPermit': { zh: '吊装质量小于10吨，无需办理吊装作业证', en: 'Loads under 10 t need no lifting permit' },
  'permits.heightNoPermit': { zh: '作业高度低于2米，不属于高处作业', en: 'Work below 2 m is not work at height' },
  // Conflicts between permits and suspension by the plant (permit-interactions.ts)
  'permits.conflictHotNearBlind': {
    zh: '动火作业点30米内有正在进行的盲板抽堵作业（{number}，相距{distance}米）',
    en: 'A blind-plate job is in effect within 30 m of the hot work ({number}, {distance} m away)',
  },
  'permits.conflictBlindNearHot': {
    zh: '盲板抽堵作业点30米内有正在进行的动火作业（{number}，相距{distance}米）',
    en: 'Hot work is in effect within 30 m of the blind-plate job ({number}, {distance} m away)',
  },
  'permits.conflictSameLine': { zh: '同一管道上已有盲板抽堵作业（{number}）', en: 'Another blind-plate job is on the same line ({number})' },
  'permits.startGasAlarm': { zh: '作业区域气体检测报警未消除（{source}），不能开始作业', en: 'A gas detector alarm is active in or near the work zone ({source}): the work may not start' },
  'permits.resumeGasAlarm': { zh: '作业区域气体检测报警未消除（{source}），不能恢复作业', en: 'A gas detector alarm is active in or near the work zone ({source}): the work may not resume' },
  'permits.blindNotVisible': { zh: '盲板 {blind} 的台账记录不在您的管辖区域内，不能完成该盲板作业', en: 'The register record of blind {blind} is outside your regions: you may not complete this blind-plate job' },
  'permits.startEsdTrip': { zh: '作业区域紧急停车（ESD）未复位（{source}），不能开始作业', en: 'An emergency shutdown (ESD) is tripped in or near the work zone ({source}): the work may not start' },
  'permits.resumeEsdTrip': { zh: '作业区域紧急停车（ESD）未复位（{source}），不能恢复作业', en: 'An emergency shutdown (ESD) is tripped in or near the work zone ({source}): the work may not resume' },
  'permits.isolationNotInEffect': { zh: '能量隔离单 {number} 尚未完成上锁挂牌及验证，不能开始作业', en: 'Energy isolation sheet {number} is not yet locked, tagged and verified: the work may not start' },
  'permits.isolationNotToImplement': { zh: '隔离单不在待实施状态', en: 'The isolation sheet is not waiting to be implemented' },
  'permits.isolationAlreadyLocked': { zh: '隔离点已上锁挂牌', en: 'The points are already locked and tagged' },
  'permits.isolationNotLocked': { zh: '隔离点尚未上锁挂牌，不能验证', en: 'The points are not locked and tagged yet: nothing to verify' },
  'permits.isolationSameConfirmer': { zh: '验证人不能与上锁挂牌人为同一人', en: 'The verifier may not be the person who locked and tagged' },
  'permits.isolationNotToRemove': { zh: '隔离单不在待解除状态', en: 'The isolation sheet is not waiting for removal' },
  // Seed, spec 2 §5
  'permits.g2SameAsG1': { zh: 'G2不能与G1为同一人', en: 'G2 cannot be the same person as G1' },
  'permits.signFirst': { zh: '请先签名', en: 'Please sign first' },
  'permits.countersignPersonRequired': { zh: '请选择会签人', en: 'Choose the countersigner' },
  'permits.countersignContentRequired': { zh: '请填写会签内容', en: 'Fill in the countersign content' },
  'permits.signedSignerCannotBeRemoved': { zh: '已签名的人员不能删除', en: 'A signer who has signed cannot be removed' },
  'permits.cannotRemoveSelf': { zh: '不能删除自己', en: 'You cannot remove yourself' },
  'permits.isolationRequiredFields': { zh: '有必填项未填写', en: 'Some required fields have not been filled in' },
  // Seed, spec 2 §8 and §6
  'permits.notCurrentApprover': { zh: '您不是当前步骤的审批人', en: 'You are not the approver of the current step' },
  'permits.isolationWorkOpen': { zh: '作业未完成，禁止解除隔离措施', en: 'The work is not complete: the isolation may not be removed' },
  'permits.completionRequired': { zh: '请填写作业完成情况', en: 'Please fill in the job completion situation' },
  'permits.processCheckFailed': { zh: '流程校验失败', en: 'Process verification failed' },
  'permits.countersignFailed': { zh: '会签失败', en: 'Countersign failed' },
  'permits.cancelCountersignFailed': { zh: '取消会签失败', en: 'Cancelling the countersign failed' },
  'permits.saveSignatureFailed': { zh: '保存签名失败，请重试', en: 'Saving the signature failed, please retry' },
  'permits.signatureSaved': { zh: '签名保存成功', en: 'Signature saved' },
  'permits.confirmReject': { zh: '确认驳回？', en: 'Confirm the rejection?' },
});
