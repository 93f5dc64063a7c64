import {
  classDelete,
  classList,
  classSave,
  classSetTags,
  history,
  latestValues,
  tagDelete,
  tagImport,
  tagList,
  tagSave,
} from '../../../shared/realtime/contracts.js';
import type { AuthUser, RequestContext } from '../../http/app.js';
import { unauthorized } from '../../http/errors.js';
import type { MenuSeed } from '../../store/seed-base.js';
import type { ServerModule } from '../index.js';
import { tagStorageStats } from '../../../shared/realtime/history-contracts.js';

/** The signed-in caller; every realtime contract needs one, and the guard has already checked it. */
function caller(ctx: RequestContext): AuthUser {
  if (!ctx.user) {
    throw unauthorized();
  }
  return ctx.user;
}

const MAJOR_HAZARD = '/No.88/MajorHazard';

/**
 * Pages of the seed's /realTimeData group (spec 3), under a "major hazard
 * monitoring" directory of the first system. The two management pages go to
 * administrators only: the other roles lack realtime:manage and would only
 * meet refusals there.
 */
export const realtimeMenus: MenuSeed[] = [
  {
    href: MAJOR_HAZARD,
    name: '重大危险源监测预警',
    name_en: 'Major hazard monitoring',
    type: 1,
    eightyEightType: 1,
    icon: 'dashboard',
    sort: 100,
    roles: ['admin', 'supervisor', 'operator', 'inspector'],
  },
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
];

export const realtimeModule: ServerModule = {
  name: 'realtime',
  menus: realtimeMenus,
  register({ http, services }) {
    const rt = services.realtime;
    http.route(tagList, (input, ctx) => rt.tagList(caller(ctx), input));
    http.route(tagSave, (input, ctx) => rt.tagSave(caller(ctx), input));
    http.route(tagDelete, (input, ctx) => rt.tagDelete(caller(ctx), input));
    http.route(tagImport, (input, ctx) => rt.tagImport(caller(ctx), input));
    http.route(latestValues, (input, ctx) => rt.latestValues(caller(ctx), input));
    http.route(history, (input, ctx) => rt.history(caller(ctx), input));
    http.route(tagStorageStats, async () => {
      const f = await services.history.storage();
      const per = (bytes: number, samples: number) => (samples > 0 ? bytes / samples : 0);
      return {
        at: f.at,
        samples: f.samples,
        bytes: f.bytes,
        bytesPerSample: per(f.bytes, f.samples),
        items: f.tags.map((x) => ({ tag: x.id, chunks: x.chunks, samples: x.samples, bytes: x.bytes, bytesPerSample: per(x.bytes, x.samples) })),
      };
    });
    http.route(classList, (input, ctx) => rt.classList(caller(ctx), input));
    http.route(classSave, (input, ctx) => rt.classSave(caller(ctx), input));
    http.route(classDelete, (input, ctx) => rt.classDelete(caller(ctx), input));
    http.route(classSetTags, (input, ctx) => rt.classSetTags(caller(ctx), input));
  },
};
