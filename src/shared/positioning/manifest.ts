import { channel, positionTuple, topic, type PositionTuple } from '../contracts/channel.js';
import { defineSharedModule } from '../module.js';

const PERSONNEL_SYSTEM = '/No.88/PersonnelManagementSystem';
/** The region-scoped roles read positions too: every call and topic keeps to their regions. */
const POSITIONING_ROLES = ['admin', 'supervisor', 'operator', 'inspector'] as const;

/** The live map, trajectories, replay and statistics of people and vehicles (DOMAIN §4). */
export const positioningShared = defineSharedModule({
  name: 'positioning',
  permissions: {
    'positioning:read': { zh: '查看人员车辆定位', en: 'View people and vehicle positions', roles: ['supervisor', 'operator', 'inspector'] },
  },
  // The seed's other spellings of the same pages (`…/index`, and /OutSide of seed 3).
  pages: [
    { href: '/PersonnelPositioning/index', name: '人员定位', name_en: 'People positioning', permittedBy: '/PersonnelPositioning' },
    { href: '/PositionManagement/index', name: '车辆定位', name_en: 'Vehicle positioning', permittedBy: '/PositionManagement' },
    { href: '/OutSide/Location', name: '定位系统', name_en: 'Positioning', permittedBy: '/PersonnelPositioning' },
    { href: '/ResearchersTrack/index', name: '人员轨迹', name_en: 'People trajectories', permittedBy: '/ResearchersTrack' },
    { href: '/VehicleTrajectory/index', name: '车辆轨迹', name_en: 'Vehicle trajectories', permittedBy: '/VehicleTrajectory' },
    { href: '/OutSide/Trajectory', name: '人员轨迹', name_en: 'Trajectories', permittedBy: '/ResearchersTrack' },
    { href: '/StatisticsReport/index', name: '统计报表', name_en: 'Statistics', permittedBy: '/StatisticsReport' },
  ],
  menus: [
    {
      href: '/PersonnelPositioning',
      name: '人员定位',
      name_en: 'People positioning',
      parent: PERSONNEL_SYSTEM,
      type: 2,
      eightyEightType: 3,
      icon: 'environment',
      sort: 1,
      roles: POSITIONING_ROLES,
    },
    {
      href: '/ResearchersTrack',
      name: '人员轨迹',
      name_en: 'People trajectories',
      parent: PERSONNEL_SYSTEM,
      type: 2,
      eightyEightType: 3,
      icon: 'node-index',
      sort: 2,
      roles: POSITIONING_ROLES,
    },
    {
      href: '/PersonnelPositioning/replay',
      name: '全厂回放',
      name_en: 'Whole-plant replay',
      parent: PERSONNEL_SYSTEM,
      type: 2,
      eightyEightType: 3,
      icon: 'play-circle',
      sort: 5,
      roles: POSITIONING_ROLES,
    },
    {
      href: '/PositionManagement',
      name: '车辆定位',
      name_en: 'Vehicle positioning',
      parent: PERSONNEL_SYSTEM,
      type: 2,
      eightyEightType: 3,
      icon: 'car',
      sort: 3,
      roles: POSITIONING_ROLES,
    },
    {
      href: '/StatisticsReport',
      name: '统计报表',
      name_en: 'Statistics',
      parent: PERSONNEL_SYSTEM,
      type: 2,
      eightyEightType: 3,
      icon: 'bar-chart',
      sort: 9,
      roles: POSITIONING_ROLES,
    },
    {
      href: '/VehicleTrajectory',
      name: '车辆轨迹',
      name_en: 'Vehicle trajectories',
      parent: PERSONNEL_SYSTEM,
      type: 2,
      eightyEightType: 3,
      icon: 'node-index',
      sort: 4,
      roles: POSITIONING_ROLES,
    },
  ],
  channels: {
    position: channel({
      event: 'position.batch',
      item: positionTuple,
      coalesce: 'latest',
      key: (i) => i[0],
      time: (i) => i[1],
      isolation: 'itemRegion',
    }),
  },
  topics: {
    /** Fixes of people or of vehicles, in the subscriber's regions. */
    position: topic({
      pattern: 'position/<person|vehicle>',
      match: /^position\/(person|vehicle)$/,
      channel: 'position',
      permission: 'positioning:read',
      route: (kind, item) => (kind === 'vehicle') === ((item as PositionTuple)[5] === 1),
    }),
  },
});
