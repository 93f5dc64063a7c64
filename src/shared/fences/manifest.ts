import { channel, topic } from '../contracts/channel.js';
import { defineSharedModule } from '../module.js';
import { areaCountItem } from '../regions/items.js';
import { fenceMessages } from './messages.js';

const PERSONNEL_SYSTEM = '/No.88/PersonnelManagementSystem';
const VIEWERS = ['admin', 'supervisor', 'operator', 'inspector'] as const;

/** Electronic fences, positioning alarms, head counts and muster (DOMAIN §4); the seed spells SystesmManeges and IllegaEntryAlarm so. */
export const fencesShared = defineSharedModule({
  name: 'fences',
  messages: fenceMessages,
  auditActions: {
    'fence.create': { zh: '新增围栏规则', en: 'Create fence rule' },
    'fence.update': { zh: '修改围栏规则', en: 'Edit fence rule' },
    'fence.delete': { zh: '删除围栏规则', en: 'Delete fence rule' },
    'muster.start': { zh: '开始清点', en: 'Start muster' },
    'muster.end': { zh: '结束清点', en: 'End muster' },
  },
  // The seed's `…/index` spellings of the same pages.
  pages: [
    { href: '/SystesmManeges/index', name: '定位对象管理', name_en: 'Tracked people and vehicles', permittedBy: '/SystesmManeges' },
    { href: '/Muster/index', name: '紧急集合清点', name_en: 'Muster', permittedBy: '/Muster' },
    { href: '/OvercrowdingAlarm/index', name: '超员报警', name_en: 'Overcrowding alarms', permittedBy: '/OvercrowdingAlarm' },
    { href: '/IllegaEntryAlarm/index', name: '越界报警', name_en: 'Illegal entry alarms', permittedBy: '/IllegaEntryAlarm' },
    { href: '/PersonnelAlert/index', name: 'SOS 报警', name_en: 'SOS alarms', permittedBy: '/PersonnelAlert' },
    { href: '/StaticAlarm/index', name: '静止报警', name_en: 'Man-down alarms', permittedBy: '/StaticAlarm' },
  ],
  menus: [
    {
      href: '/OvercrowdingAlarm',
      name: '超员报警',
      name_en: 'Overcrowding alarms',
      parent: PERSONNEL_SYSTEM,
      type: 2,
      eightyEightType: 3,
      icon: 'team',
      sort: 50,
      roles: VIEWERS,
    },
    {
      href: '/IllegaEntryAlarm',
      name: '越界报警',
      name_en: 'Illegal entry alarms',
      parent: PERSONNEL_SYSTEM,
      type: 2,
      eightyEightType: 3,
      icon: 'lock',
      sort: 51,
      roles: VIEWERS,
    },
    {
      href: '/PersonnelAlert',
      name: 'SOS 报警',
      name_en: 'SOS alarms',
      parent: PERSONNEL_SYSTEM,
      type: 2,
      eightyEightType: 3,
      icon: 'alert',
      sort: 52,
      roles: VIEWERS,
    },
    {
      href: '/StaticAlarm',
      name: '静止报警',
      name_en: 'Man-down alarms',
      parent: PERSONNEL_SYSTEM,
      type: 2,
      eightyEightType: 3,
      icon: 'warning',
      sort: 53,
      roles: VIEWERS,
    },
    {
      href: '/Muster',
      name: '紧急集合清点',
      name_en: 'Muster',
      parent: PERSONNEL_SYSTEM,
      type: 2,
      eightyEightType: 3,
      icon: 'team',
      sort: 60,
      roles: ['admin', 'supervisor'],
    },
    {
      href: '/SystesmManeges',
      name: '定位对象管理',
      name_en: 'Tracked people and vehicles',
      parent: PERSONNEL_SYSTEM,
      type: 2,
      eightyEightType: 3,
      icon: 'idcard',
      sort: 90,
      roles: ['admin', 'supervisor'],
    },
    {
      href: '/SystesmManeges/FenceRules',
      name: '电子围栏规则',
      name_en: 'Fence rules',
      parent: PERSONNEL_SYSTEM,
      type: 2,
      eightyEightType: 3,
      icon: 'safety',
      sort: 91,
      roles: ['admin', 'supervisor'],
    },
  ],
  channels: {
    /** Head counts per region, the latest per region; isolated by the region counted. */
    area: channel({
      event: 'area.count',
      item: areaCountItem,
      coalesce: 'latest',
      key: (i) => String(i.regionid),
      time: (i) => i.t,
      isolation: 'namedRegion',
    }),
  },
  topics: {
    /** Head counts of the regions the subscriber sees. */
    areaCount: topic({ pattern: 'area.count', match: /^area\.count$/, channel: 'area', permission: 'positioning:read', route: 'all' }),
  },
});
