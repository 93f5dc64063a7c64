import { z } from 'zod';
import { channel, tagValueTuple, topic, MAX_TAG_ID_LENGTH } from '../contracts/channel.js';
import { defineSharedModule } from '../module.js';
import { historyMessages } from './history-messages.js';
import { realtimeMessages } from './messages.js';

const MAJOR_HAZARD = '/No.88/MajorHazard';

/** Tags (data items), their classification, latest values and history (spec 3, /realTimeData). */
export const realtimeShared = defineSharedModule({
  name: 'realtime',
  permissions: {
    'realtime:read': { zh: '查看实时数据与报警', en: 'View real-time data and alarms', roles: ['supervisor', 'operator', 'inspector'] },
    'realtime:manage': { zh: '配置位号及其报警限值', en: 'Configure tags and their alarm limits', roles: [] },
  },
  messages: { ...realtimeMessages, ...historyMessages },
  auditActions: {
    set_tags: { zh: '设置数据项', en: 'Set data items' },
  },
  menus: [
    {
      href: '/realTimeData/detailsView',
      name: '实时数据查看',
      name_en: 'Real-time data',
      parent: MAJOR_HAZARD,
      type: 2,
      eightyEightType: 1,
      icon: 'line-chart',
      sort: 1,
      roles: ['admin', 'supervisor', 'operator', 'inspector'],
    },
    {
      href: '/realTimeData/history',
      name: '历史数据查看',
      name_en: 'History',
      parent: MAJOR_HAZARD,
      type: 2,
      eightyEightType: 1,
      icon: 'history',
      sort: 2,
      roles: ['admin', 'supervisor', 'operator', 'inspector'],
    },
    {
      href: '/realTimeData/manage',
      name: '实时数据管理',
      name_en: 'Data items',
      parent: MAJOR_HAZARD,
      type: 2,
      eightyEightType: 1,
      icon: 'database',
      sort: 3,
      roles: ['admin'],
    },
    {
      // The seed spells it this way; users and integrations know the path.
      href: '/realTimeData/calssificationManage',
      name: '实时数据分类管理',
      name_en: 'Data classification',
      parent: MAJOR_HAZARD,
      type: 2,
      eightyEightType: 1,
      icon: 'apartment',
      sort: 4,
      roles: ['admin'],
    },
  ],
  channels: {
    tag: channel({
      event: 'tag.batch',
      item: tagValueTuple,
      coalesce: 'latest',
      key: (i) => i[0],
      time: (i) => i[1],
      isolation: 'keyRegion',
    }),
  },
  topics: {
    /** Values of one tag. */
    tag: topic({
      pattern: 'tag/<tagId>',
      match: new RegExp(`^tag/([A-Za-z0-9_.-]{1,${MAX_TAG_ID_LENGTH}})$`),
      channel: 'tag',
      permission: 'realtime:read',
      route: 'key',
    }),
    /** Values of every tag of a classification (with its sub-classifications) of the realtime module. */
    tags: topic({
      pattern: 'tags/<classId>',
      match: /^tags\/([1-9][0-9]{0,9})$/,
      channel: 'tag',
      permission: 'realtime:read',
      route: 'all',
    }),
  },
  events: {
    /** Tags were added, edited (limits, region) or removed. */
    'tag.changed': z.object({ ids: z.array(z.string()) }),
  },
});
