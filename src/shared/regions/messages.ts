import { defineMessages } from '../messages/define.js';

/** Region maps: GeoJSON import, the site plan, the online base map preset. */
export const regionMessages = defineMessages({
  'region.importDuplicateCode': { zh: '第 {index} 个要素的编码 {code} 与前面的要素重复', en: 'Feature {index}: code {code} repeats an earlier feature' },
  'region.importParentMissing': { zh: '第 {index} 个要素的上级区域 {parent} 不存在', en: 'Feature {index}: parent region {parent} does not exist' },
  'region.importParentCycle': { zh: '第 {index} 个要素的上级区域形成循环', en: 'Feature {index}: its parents form a cycle' },
  'region.importOutsideScope': { zh: '第 {index} 个要素 {code} 不在您的数据范围内', en: 'Feature {index}: {code} is outside your data scope' },
  'map.sitePlanType': { zh: '平面图只能是 PNG 或 JPEG 图片', en: 'A site plan must be a PNG or JPEG image' },
  'map.sitePlanTooLarge': { zh: '平面图不能超过 {mb} MB', en: 'A site plan may be at most {mb} MB' },
  'map.sitePlanUnreadable': { zh: '无法读取图片尺寸，文件可能已损坏', en: 'The image size cannot be read; the file may be damaged' },
  'map.sitePlanTooBig': { zh: '图片边长不能超过 {max} 像素', en: 'An image side may be at most {max} pixels' },
  'map.sitePlanMissing': { zh: '还没有上传平面图', en: 'No site plan has been uploaded' },
  'map.controlPointsInLine': { zh: '控制点不能在一条直线上（像素或经纬度）', en: 'The control points must not lie in one line (pixels or lon/lat)' },
  'map.controlPointOutside': { zh: '第 {index} 个控制点不在图片范围内', en: 'Control point {index} lies outside the image' },
  'map.tileUrlHttps': { zh: '瓦片地址必须以 https:// 开头', en: 'The tile URL must start with https://' },
  'map.tileUrlTemplate': { zh: '瓦片地址必须包含 {z}、{x} 和 {y}', en: 'The tile URL must contain {z}, {x} and {y}' },
});
