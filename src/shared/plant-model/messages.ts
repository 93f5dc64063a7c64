import { defineMessages } from '../messages/define.js';

/** The plant in 3D: the model, its bindings and the display page. */
export const plantModelMessages = defineMessages({
  'plantModel.unknownModel': { zh: '模型不存在：{model}', en: 'No such model: {model}' },
  'plantModel.unknownNode': { zh: '模型中没有节点：{node}', en: 'The model has no node {node}' },
  'plantModel.unknownTags': { zh: '位号不存在：{tags}', en: 'Unknown tags: {tags}' },
  'plantModel.unknownRegion': { zh: '区域不存在：{region}', en: 'Unknown region: {region}' },
  'plantModel.levelNotBound': { zh: '液位位号须是该节点绑定的位号之一', en: 'The level tag must be one of the node’s tags' },
  'plantModel.loading': { zh: '正在加载三维模型…', en: 'Loading the 3D model…' },
  'plantModel.noWebgl': { zh: '此浏览器无法显示三维模型（WebGL 不可用）', en: 'This browser cannot show the 3D model (no WebGL)' },
  'plantModel.people': { zh: '人员', en: 'People' },
  'plantModel.openAlarms': { zh: '报警', en: 'Alarms' },
  'plantModel.tanks': { zh: '储罐', en: 'Tanks' },
  'plantModel.level': { zh: '液位', en: 'Level' },
  'plantModel.values': { zh: '实时值', en: 'Live values' },
  'plantModel.noTags': { zh: '未绑定位号', en: 'No tags bound' },
  'plantModel.region': { zh: '区域', en: 'Region' },
  'plantModel.clickHint': { zh: '拖动旋转，滚轮缩放，点击设备查看实时值', en: 'Drag to orbit, wheel to zoom, click equipment for live values' },
  'plantModel.faceplate': { zh: '面板', en: 'Faceplate' },
  'plantModel.area': { zh: '区域视角', en: 'Go to area' },
});
