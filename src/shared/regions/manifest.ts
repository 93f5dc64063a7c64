import { z } from 'zod';
import { channel, topic } from '../contracts/channel.js';
import { defineSharedModule } from '../module.js';
import { regionChangeItem } from './items.js';
import { regionMessages } from './messages.js';

/** The region map editor, the plant map, and the region changes every map follows. */
export const regionsShared = defineSharedModule({
  name: 'regions',
  messages: regionMessages,
  auditActions: {
    place: { zh: '放置平面图', en: 'Place site plan' },
  },
  menus: [
    {
      href: '/systemConfig/RegionConfig',
      name: '区域配置',
      name_en: 'Regions',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'environment',
      sort: 8,
      roles: ['admin', 'supervisor'],
    },
    {
      href: '/MapDisplay',
      name: '厂区地图',
      name_en: 'Plant map',
      parent: '/No.88/SystemManagement',
      type: 2,
      eightyEightType: 0,
      icon: 'global',
      sort: 9,
      roles: ['admin', 'supervisor', 'operator', 'inspector'],
    },
  ],
  channels: {
    region: channel({
      event: 'region.changed',
      item: regionChangeItem,
      coalesce: 'ordered',
      key: (i) => String(i.regionid),
      isolation: 'namedRegion',
    }),
  },
  topics: {
    /** Changes of the regions the subscriber sees (polygons, names, kinds). */
    region: topic({ pattern: 'region', match: /^region$/, channel: 'region', permission: 'authenticated', route: 'all' }),
  },
  events: {
    /**
     * Regions were created, edited (names, parent, polygon, floors, kind) or
     * deleted. Fences, head counts, isolation scopes and maps reload them.
     */
    'region.changed': z.object({
      /** Each changed region with its parent (a new region is shown to whoever sees its parent). */
      regions: z.array(z.object({ regionid: z.number().int(), parentid: z.number().int() })),
      action: z.enum(['create', 'update', 'delete', 'import']),
    }),
  },
});
