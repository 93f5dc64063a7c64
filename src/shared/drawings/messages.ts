import { defineMessages } from '../messages/define.js';

/** Process drawings (SVG mimics) and their bindings. */
export const drawingsMessages = defineMessages({
  'drawings.notFound': { zh: '图纸不存在', en: 'No such drawing' },
  'drawings.badSvg': { zh: '不是可用的 SVG 图纸（须以 <svg 开头，且不含脚本）', en: 'Not a usable SVG drawing (it must start with <svg and hold no script)' },
  'drawings.unknownElements': { zh: '图纸中没有这些元素：{ids}', en: 'The drawing has no elements {ids}' },
  'drawings.unknownTags': { zh: '位号不存在：{tags}', en: 'Unknown tags: {tags}' },
  'drawings.duplicateBinding': { zh: '重复的绑定：{ids}', en: 'Bound twice: {ids}' },
  'drawings.drawing': { zh: '图纸', en: 'Drawing' },
  'drawings.bindings': { zh: '绑定', en: 'Bindings' },
  'drawings.element': { zh: '元素', en: 'Element' },
  'drawings.tag': { zh: '位号', en: 'Tag' },
  'drawings.prop': { zh: '显示', en: 'Shows' },
  'drawings.prop.text': { zh: '数值', en: 'Value' },
  'drawings.prop.level': { zh: '液位', en: 'Level' },
  'drawings.prop.alarm': { zh: '报警色', en: 'Alarm colour' },
  'drawings.add': { zh: '添加绑定', en: 'Add binding' },
  'drawings.pickHint': { zh: '点击图中元素以选择其 id', en: 'Click an element in the drawing to pick its id' },
  'drawings.save': { zh: '保存', en: 'Save' },
  'drawings.saved': { zh: '已保存', en: 'Saved' },
  'drawings.empty': { zh: '还没有图纸', en: 'No drawings yet' },
  'drawings.name': { zh: '名称', en: 'Name' },
  'drawings.edit': { zh: '编辑绑定', en: 'Edit bindings' },
  'drawings.show': { zh: '全屏查看', en: 'Show full size' },
  'drawings.autoBind': { zh: '自动绑定', en: 'Auto-bind' },
  'drawings.autoBound': { zh: '按位号文字绑定 {bound} 个，未匹配 {unmatched} 个', en: '{bound} bound by their tag text, {unmatched} not matched' },
});
