import { definePages, page } from '../../app/route-types';

/** People and vehicle positioning (seed 2 PersonnelManagementSystem, seed 3 /OutSide). Titles come from the menu and page declarations of the shared manifests. */
export const positioningPages = definePages([
  page('/PersonnelPositioning', () => import('./positioning-pages'), 'PersonnelPositioningPage'),
  page('/PersonnelPositioning/index', () => import('./positioning-pages'), 'PersonnelPositioningPage'),
  page('/PersonnelPositioning/replay', () => import('./positioning-pages'), 'PersonnelReplayPage'),
  page('/PositionManagement', () => import('./positioning-pages'), 'PositionManagementPage'),
  page('/PositionManagement/index', () => import('./positioning-pages'), 'PositionManagementPage'),
  page('/OutSide/Location', () => import('./positioning-pages'), 'OutSideLocationPage'),
  page('/ResearchersTrack', () => import('./positioning-pages'), 'ResearchersTrackPage'),
  page('/ResearchersTrack/index', () => import('./positioning-pages'), 'ResearchersTrackPage'),
  page('/VehicleTrajectory', () => import('./positioning-pages'), 'VehicleTrajectoryPage'),
  page('/VehicleTrajectory/index', () => import('./positioning-pages'), 'VehicleTrajectoryPage'),
  page('/OutSide/Trajectory', () => import('./positioning-pages'), 'OutSideTrajectoryPage'),
  page('/StatisticsReport', () => import('./positioning-pages'), 'StatisticsReportPage'),
  page('/StatisticsReport/index', () => import('./positioning-pages'), 'StatisticsReportPage'),
]);
