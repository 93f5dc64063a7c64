import { replayCall, statisticsCall, statisticsExport, trajectory, trajectoryStatsCall } from '../../../shared/positioning/contracts.js';
import { sendXlsx } from '../../http/send-xlsx.js';
import type { MenuSeed } from '../../store/seed-base.js';
import type { ServerModule } from '../index.js';
import { statisticsFileName, writeStatisticsXlsx } from './positioning.export.js';
import { createPositioningService } from './positioning.service.js';

/** The seed's PersonnelManagementSystem group (spec 2: on-duty personnel management, system 3). */
export const PERSONNEL_SYSTEM = '/No.88/PersonnelManagementSystem';
/** The region-scoped roles read positions too: every call and topic keeps to their regions. */
const POSITIONING_ROLES: MenuSeed['roles'] = ['admin', 'supervisor', 'operator', 'inspector'];

/** Pages of the live map, trajectories, replay and statistics (issue 10); the group directory is the seed's. */
export const positioningMenus: MenuSeed[] = [
  { href: PERSONNEL_SYSTEM, name: '在岗人员管理', name_en: 'On-duty personnel', type: 1, eightyEightType: 3, icon: 'team', sort: 300, roles: POSITIONING_ROLES },
  { href: '/PersonnelPositioning', name: '人员定位', name_en: 'People positioning', parent: PERSONNEL_SYSTEM, type: 2, eightyEightType: 3, icon: 'environment', sort: 1, roles: POSITIONING_ROLES },
  { href: '/ResearchersTrack', name: '人员轨迹', name_en: 'People trajectories', parent: PERSONNEL_SYSTEM, type: 2, eightyEightType: 3, icon: 'node-index', sort: 2, roles: POSITIONING_ROLES },
  { href: '/PersonnelPositioning/replay', name: '全厂回放', name_en: 'Whole-plant replay', parent: PERSONNEL_SYSTEM, type: 2, eightyEightType: 3, icon: 'play-circle', sort: 5, roles: POSITIONING_ROLES },
  { href: '/PositionManagement', name: '车辆定位', name_en: 'Vehicle positioning', parent: PERSONNEL_SYSTEM, type: 2, eightyEightType: 3, icon: 'car', sort: 3, roles: POSITIONING_ROLES },
  { href: '/StatisticsReport', name: '统计报表', name_en: 'Statistics', parent: PERSONNEL_SYSTEM, type: 2, eightyEightType: 3, icon: 'bar-chart', sort: 9, roles: POSITIONING_ROLES },
  { href: '/VehicleTrajectory', name: '车辆轨迹', name_en: 'Vehicle trajectories', parent: PERSONNEL_SYSTEM, type: 2, eightyEightType: 3, icon: 'node-index', sort: 4, roles: POSITIONING_ROLES },
];

export const positioningModule: ServerModule = {
  name: 'positioning',
  menus: positioningMenus,
  register({ http, store, services }) {
    const positioning = createPositioningService(store, { org: services.org, live: services.live, history: services.history, alarms: services.alarms });
    http.route(trajectory, async (input, ctx) => {
      const items = await positioning.trajectory(ctx.user!, input);
      return { items, total: items.length };
    });
    http.route(trajectoryStatsCall, (input, ctx) => positioning.trajectoryStats(ctx.user!, input));
    http.route(replayCall, (input, ctx) => positioning.replay(ctx.user!, input));
    http.route(statisticsCall, (input, ctx) => positioning.statistics(ctx.user!, input));
    http.route(statisticsExport, async (input, ctx) => {
      const [result, names] = await Promise.all([positioning.statistics(ctx.user!, input), positioning.regionNames()]);
      return sendXlsx(ctx, statisticsFileName(ctx.lang), (out) => writeStatisticsXlsx(out, result, names, ctx.lang));
    });
  },
};
