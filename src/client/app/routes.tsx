import { page, type PageRoute } from './route-types';

/**
 * Every page under the shell layout. A feature adds its pages here, one entry
 * each; its menu entry (server side) supplies the sidebar item and the tab title.
 */
export const pageRoutes: PageRoute[] = [
  page('/Gateway/home', { zh: '首页', en: 'Home' }, () => import('../shell/gateway-home-page'), 'GatewayHomePage'),
  page('/No.88/MajorHazard', { zh: '重大危险源监测预警', en: 'Major hazard monitoring' }, () => import('../shell/system-home-page'), 'SystemHomePage'),
  page('/No.88/SecurityRiskPartition', { zh: '安全风险分区', en: 'Safety risk zoning' }, () => import('../shell/system-home-page'), 'SystemHomePage'),
  page('/No.88/SafetyProductionProcess', { zh: '安全生产全流程管理', en: 'Safety production process' }, () => import('../shell/system-home-page'), 'SystemHomePage'),
  page('/No.88/PersonnelManagementSystem', { zh: '在岗人员管理', en: 'On-duty personnel' }, () => import('../shell/system-home-page'), 'SystemHomePage'),
  page('/No.88/SystemManagement', { zh: '系统管理', en: 'System management' }, () => import('../shell/system-home-page'), 'SystemHomePage'),

  // Organisation and system administration (features/org).
  page('/orgnization/home', { zh: '组织架构', en: 'Organisation' }, () => import('../features/org/org-home-page'), 'OrgHomePage'),
  page('/orgnization/personnel-setting', { zh: '人员设置', en: 'Personnel' }, () => import('../features/org/personnel-page'), 'PersonnelPage'),
  page('/orgnization/role-management', { zh: '角色管理', en: 'Roles' }, () => import('../features/org/role-management-page'), 'RoleManagementPage'),
  page('/orgnization/data-isolation', { zh: '数据隔离', en: 'Data isolation' }, () => import('../features/org/data-isolation-page'), 'DataIsolationPage'),
  page('/orgnization/ToDoCenter', { zh: '待办中心', en: 'To-do centre' }, () => import('../features/org/todo-center-page'), 'ToDoCenterPage'),
  page('/system/auditLog', { zh: '审计日志', en: 'Audit log' }, () => import('../features/org/audit-log-page'), 'AuditLogPage'),
  page('/system/config', { zh: '系统配置', en: 'System configuration' }, () => import('../shell/system-config-page'), 'SystemConfigPage'),
  page('/system/ingestKeys', { zh: '数据接入密钥', en: 'Ingest keys' }, () => import('../features/ingest/ingest-keys-page'), 'IngestKeysPage'),

  // Real-time data (features/realtime); calssificationManage keeps the seed's spelling.
  page('/realTimeData/manage', { zh: '实时数据管理', en: 'Real-time data management' }, () => import('../features/realtime/realtime-manage-page'), 'RealTimeDataManagePage'),
  page('/realTimeData/detailsView', { zh: '实时数据查看', en: 'Real-time data view' }, () => import('../features/realtime/realtime-details-page'), 'RealTimeDataDetailsPage'),
  page('/realTimeData/history', { zh: '历史数据查看', en: 'History' }, () => import('../features/realtime/realtime-history-page'), 'RealTimeDataHistoryPage'),
  page('/realTimeData/calssificationManage', { zh: '实时数据分类管理', en: 'Classification' }, () => import('../features/realtime/realtime-classification-page'), 'RealTimeDataClassificationPage'),
];
