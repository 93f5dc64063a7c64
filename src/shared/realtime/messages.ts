import { defineMessages } from '../messages/define.js';

/** Tags (data items), classification and history. */
export const realtimeMessages = defineMessages({
  'realtime.classNotFound': { zh: '分类不存在', en: 'Classification not found' },
  'realtime.parentClassMissing': { zh: '上级分类不存在', en: 'The parent classification does not exist' },
  'realtime.classUnderItself': { zh: '分类不能挂在自身或其下级之下', en: 'A classification cannot be placed under itself or its sub-classifications' },
  'realtime.classHasChildren': { zh: '该分类下还有子分类，不能删除', en: 'The classification still has sub-classifications' },
  'realtime.tagExists': { zh: '位号 {id} 已存在', en: 'Tag {id} already exists' },
  'realtime.tagNotFound': { zh: '位号 {id} 不存在', en: 'Tag {id} not found' },
  'realtime.tagsNotFound': { zh: '位号不存在：{ids}', en: 'Tags not found: {ids}' },
  'realtime.tagsNotVisible': { zh: '位号不存在或无权查看：{ids}', en: 'Unknown or not visible: {ids}' },
  'realtime.unknownRegionCode': { zh: '区域编码 {code} 不存在', en: 'Unknown region code {code}' },
  'realtime.duplicateRow': { zh: '位号与第 {row} 行重复', en: 'Same id as row {row}' },
  'realtime.rangeOrder': { zh: '量程上限（{hi}）必须大于下限（{lo}）', en: 'The range top ({hi}) must be greater than its bottom ({lo})' },
  'realtime.limitOrder': { zh: '报警限值顺序应为 LL ≤ L ≤ H ≤ HH：{key}（{value}）不能小于 {prevKey}（{prevValue}）', en: 'Limits must be ordered LL ≤ L ≤ H ≤ HH: {key} ({value}) must be ≥ {prevKey} ({prevValue})' },
  'realtime.limitOutOfRange': { zh: '{key}（{value}）超出量程 {lo} ~ {hi}', en: '{key} ({value}) is outside the range {lo} to {hi}' },
  'realtime.deadbandTooBig': { zh: '死区（{deadband}）不能大于量程', en: 'The deadband ({deadband}) must not exceed the range span' },
  'ingest.keyNotFound': { zh: '接入密钥不存在', en: 'No such ingest key' },
  'ingest.stopping': { zh: '服务器正在停止，本批未接收，请稍后重发', en: 'The server is stopping; nothing of this batch was taken, send it again shortly' },
  'ingest.invalidKey': { zh: '接入密钥无效（Authorization: Bearer <key>）', en: 'Invalid or missing ingest key (Authorization: Bearer <key>)' },
});
