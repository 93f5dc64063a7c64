import { defineSharedModule } from '../module.js';

const SYSTEM = '/No.88/SecurityRiskPartition';
const EVERYONE = ['admin', 'supervisor', 'operator', 'inspector'] as const;

/** The four-colour maps' palette and their other views (issue 21 §4): /MapColors, /WorldMap, /regionOperationRiskMap. */
export const riskMapShared = defineSharedModule({
  name: 'risk-map',
  messages: {
    'riskMap.levelTwice': { zh: '每个等级只能设置一次', en: 'Each level is set once' },
    'riskMap.sameColor': { zh: '与另一等级颜色相同，地图上无法区分', en: 'The same colour as another level: the map could not tell them apart' },
    'riskMap.colors': { zh: '风险等级颜色', en: 'Risk level colours' },
    'riskMap.color': { zh: '颜色', en: 'Colour' },
    'riskMap.opacity': { zh: '透明度', en: 'Opacity' },
    'riskMap.preview': { zh: '预览', en: 'Preview' },
    'riskMap.reset': { zh: '恢复国标颜色', en: 'Standard colours' },
    'riskMap.save': { zh: '保存', en: 'Save' },
    'riskMap.saved': { zh: '已保存', en: 'Saved' },
    'riskMap.updated': { zh: '{by} 于 {time} 修改', en: 'Changed by {by} at {time}' },
    'riskMap.worldOff': {
      zh: '国家地图服务底图未开启（离线运行），以下显示厂区地图。管理员可在区域配置中开启在线底图。',
      en: 'The national map service base map is off (running offline); the plant map is shown. An administrator can turn the online base map on in the region settings.',
    },
    'riskMap.worldOn': { zh: '底图：{attribution}', en: 'Base map: {attribution}' },
    'riskMap.worldUnreachable': {
      zh: '在线底图无法加载（网络不可达），仍显示厂区地图。',
      en: 'The online base map cannot be reached; the plant map is shown.',
    },
    'riskMap.operation.title': { zh: '作业风险分布', en: 'Work in progress by zone' },
    'riskMap.operation.none': { zh: '当前没有区域有作业、报警或人员超限', en: 'No zone has work, alarms or too many people now' },
    'riskMap.kind.permit': { zh: '作业', en: 'Work' },
    'riskMap.kind.alarm': { zh: '报警', en: 'Alarms' },
    'riskMap.kind.headcount': { zh: '人数超限', en: 'Over head count' },
    'riskMap.kind.gathering': { zh: '聚集', en: 'Gathering' },
    'riskMap.kind.hiddenDanger': { zh: '重大隐患', en: 'Major hidden danger' },
    'riskMap.kind.other': { zh: '其他', en: 'Other' },
  },
  auditActions: {
    'riskMap.colors.save': { zh: '修改风险等级颜色', en: 'Risk level colours changed' },
  },
  menus: [
    { href: '/regionOperationRiskMap', name: '作业风险分布图', name_en: 'Work in progress map', parent: SYSTEM, type: 2, eightyEightType: 2, icon: 'fire', sort: 12, roles: EVERYONE },
    { href: '/WorldMap', name: '四色图（国家底图）', name_en: 'Four-colour map (national base map)', parent: SYSTEM, type: 2, eightyEightType: 2, icon: 'global', sort: 14, roles: EVERYONE },
    { href: '/MapColors', name: '风险颜色配置', name_en: 'Risk map colours', parent: SYSTEM, type: 2, eightyEightType: 2, icon: 'bg-colors', sort: 80, roles: ['admin', 'supervisor'] },
  ],
});
