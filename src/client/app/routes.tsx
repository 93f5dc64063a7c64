import { featurePages } from '../features/index';
import { page, type PageRoute } from './route-types';

/**
 * Every page under the shell layout: the shell's own (home, the system homes,
 * system configuration) and each feature's (`features/<area>/routes.ts`).
 * Titles come from the areas' manifests (menu entries and page declarations).
 */
export const pageRoutes: PageRoute[] = [
  page('/Gateway/home', () => import('../shell/gateway-home-page'), 'GatewayHomePage'),
  page('/No.88/MajorHazard', () => import('../features/major-hazard/monitor-page'), 'MajorHazardMonitorPage'),
  page('/No.88/SecurityRiskPartition', () => import('../shell/system-home-page'), 'SystemHomePage'),
  page('/No.88/SafetyProductionProcess', () => import('../shell/system-home-page'), 'SystemHomePage'),
  page('/No.88/PersonnelManagementSystem', () => import('../shell/system-home-page'), 'SystemHomePage'),
  page('/No.88/SystemManagement', () => import('../shell/system-home-page'), 'SystemHomePage'),
  page('/system/config', () => import('../shell/system-config-page'), 'SystemConfigPage'),
  ...featurePages,
];
