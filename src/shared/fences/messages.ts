import { defineMessages } from '../messages/define.js';

/** Electronic fences and muster (issue 10). */
export const fenceMessages = defineMessages({
  'fences.noSuchRegion': { zh: '区域不存在或不在您的数据范围内', en: 'The region does not exist or is outside your data scope' },
  'fences.minAboveMax': { zh: '最少人数不能大于最多人数', en: 'The minimum head count may not exceed the maximum' },
  'muster.alreadyOpen': { zh: '已有进行中的紧急集合', en: 'A muster is already in progress' },
  'muster.noneOpen': { zh: '没有进行中的紧急集合', en: 'No muster is in progress' },
});
