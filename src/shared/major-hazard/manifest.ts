import { defineSharedModule } from '../module.js';
import { majorHazardMessages } from './messages.js';

const MAJOR_HAZARD = '/No.88/MajorHazard';
const WATCHERS = ['admin', 'supervisor', 'operator', 'inspector'] as const;

/** Major hazard sources (issue 20): GB 18218 identification and grading, the register, live monitoring. */
export const majorHazardShared = defineSharedModule({
  name: 'major-hazard',
  permissions: {
    'majorHazard:view': { zh: '查看重大危险源', en: 'View major hazard sources', roles: ['supervisor', 'operator', 'inspector'] },
    'majorHazard:manage': { zh: '管理重大危险源辨识与台账', en: 'Manage major hazard identification and register', roles: ['supervisor'] },
  },
  messages: {
    ...majorHazardMessages,
    'majorHazard.grade.1': { zh: '一级', en: 'Grade 1' },
    'majorHazard.grade.2': { zh: '二级', en: 'Grade 2' },
    'majorHazard.grade.3': { zh: '三级', en: 'Grade 3' },
    'majorHazard.grade.4': { zh: '四级', en: 'Grade 4' },
    'majorHazard.notMajor': { zh: '不构成重大危险源', en: 'Not a major hazard source' },
    'majorHazard.notIdentified': { zh: '无法辨识', en: 'Cannot be identified' },
    'majorHazard.none': { zh: '尚未登记危险源单元', en: 'No major hazard unit is registered yet' },
    'majorHazard.toRegister': { zh: '去登记', en: 'Register units' },
    'majorHazard.computedAt': { zh: '辨识于 {time}', en: 'Identified {time}' },
    'majorHazard.population': { zh: '厂外500 m内 {n} 人', en: '{n} people within 500 m' },
    'majorHazard.col.substance': { zh: '物质', en: 'Substance' },
    'majorHazard.col.q': { zh: 'q (t)', en: 'q (t)' },
    'majorHazard.col.Q': { zh: 'Q (t)', en: 'Q (t)' },
    'majorHazard.col.beta': { zh: 'β', en: 'β' },
    'majorHazard.col.ratio': { zh: 'q/Q', en: 'q/Q' },
    'majorHazard.reasons': { zh: '辨识与分级过程', en: 'How it was identified and graded' },
    'majorHazard.registerUnit': { zh: '登记危险源单元', en: 'Register a major hazard unit' },
    'majorHazard.kind': { zh: '单元类型', en: 'Kind' },
    'majorHazard.populationLabel': { zh: '厂外500 m内人数', en: 'People within 500 m' },
    'majorHazard.categories': { zh: '危险性类别', en: 'Categories' },
    'majorHazard.addSubstance': { zh: '添加物质', en: 'Add a substance' },
    'majorHazard.gradeLabel': { zh: '级别', en: 'Grade' },
    'majorHazard.previewHint': { zh: '填写物质和设计最大量后即时辨识', en: 'Enter substances and design-maximum quantities to identify the unit' },
    'majorHazard.monitor.noDevices': { zh: '未登记设备设施', en: 'No device registered' },
    'majorHazard.monitor.noLevelTag': { zh: '未绑定液位位号', en: 'No level tag bound' },
    'majorHazard.monitor.noValue': { zh: '无数据', en: 'No data' },
    'majorHazard.monitor.rate': { zh: '{rate} {unit}/分', en: '{rate} {unit}/min' },
    'majorHazard.monitor.toHigh': { zh: '{time}后达高限', en: 'High limit in {time}' },
    'majorHazard.monitor.aboveHigh': { zh: '已超高限', en: 'Above high limit' },
    'majorHazard.monitor.steady': { zh: '未上升', en: 'Not rising' },
    'majorHazard.monitor.minutes': { zh: '{m}分钟', en: '{m} min' },
    'majorHazard.monitor.hours': { zh: '{h}小时{m}分', en: '{h} h {m} min' },
    'majorHazard.monitor.openAlarms': { zh: '报警 {n}', en: '{n} alarms' },
    'majorHazard.monitor.noAlarms': { zh: '无报警', en: 'No alarm' },
    'majorHazard.monitor.devices': { zh: '设备 {n}', en: '{n} devices' },
    'majorHazard.monitor.fill': { zh: '液位', en: 'Level' },
    'majorHazard.monitor.temperature': { zh: '温度', en: 'Temperature' },
    'majorHazard.monitor.pressure': { zh: '压力', en: 'Pressure' },
    'majorHazard.monitor.gas': { zh: '气体', en: 'Gas' },
    'majorHazard.monitor.notMonitored': { zh: '未监测', en: 'Not monitored' },
    'majorHazard.monitor.pointsNotMonitored': { zh: '{n} 个监测点未监测', en: '{n} points not monitored' },
  },
  menus: [
    { href: '/MajorHazard', name: '重大危险源实时监测', name_en: 'Major hazard live monitoring', parent: MAJOR_HAZARD, type: 2, eightyEightType: 1, icon: 'monitor', sort: 0, roles: WATCHERS },
    { href: '/dangerSourceManagement/dangerSource', name: '重大危险源台账', name_en: 'Major hazard register', parent: MAJOR_HAZARD, type: 2, eightyEightType: 1, icon: 'hazard', sort: 20, roles: WATCHERS },
    { href: '/dangerSourceManagement/dangerSourceConfirm', name: '重大危险源辨识', name_en: 'Major hazard identification', parent: MAJOR_HAZARD, type: 2, eightyEightType: 1, icon: 'audit', sort: 21, roles: WATCHERS },
    { href: '/majorHazard88/dangerSourceDeviceInfo', name: '危险源设备设施', name_en: 'Hazard source devices', parent: MAJOR_HAZARD, type: 2, eightyEightType: 1, icon: 'tool', sort: 22, roles: WATCHERS },
  ],
});
