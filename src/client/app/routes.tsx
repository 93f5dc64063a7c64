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
  // Alarms (features/alarms).
  page('/alarmData/realTimeAlarm', { zh: '实时报警', en: 'Real-time alarms' }, () => import('../features/alarms/real-time-alarm-page'), 'RealTimeAlarmPage'),
  page('/alarmData/mobileAlarm', { zh: '移动端报警', en: 'Alarms (phone)' }, () => import('../features/alarms/mobile-alarm-page'), 'MobileAlarmPage'),
  page('/alarmAduit/alarmAduit', { zh: '报警审计', en: 'Alarm audit' }, () => import('../features/alarms/alarm-audit-page'), 'AlarmAuditPage'),
  page('/alarmData/historyAlarm', { zh: '历史报警', en: 'Alarm history' }, () => import('../features/alarms/history-alarm-page'), 'HistoryAlarmPage'),
  page('/realTimeData/calssificationManage', { zh: '实时数据分类管理', en: 'Classification' }, () => import('../features/realtime/realtime-classification-page'), 'RealTimeDataClassificationPage'),

  // Regions on the plant map (features/regions).
  page('/systemConfig/RegionConfig', { zh: '区域配置', en: 'Regions' }, () => import('../features/regions/region-config-page'), 'RegionConfigPage'),
  page('/MapDisplay', { zh: '厂区地图', en: 'Plant map' }, () => import('../features/regions/map-display-page'), 'MapDisplayPage'),
  // The record engine and its low-code platform (features/records, seed 2 §2.8).
  page('/low-code-platform/list-view', { zh: '台账定义', en: 'Ledger definitions' }, () => import('../features/records/low-code-pages'), 'ListViewPage'),
  page('/low-code-platform/list-view-record', { zh: '记录详情', en: 'Record detail' }, () => import('../features/records/low-code-pages'), 'ListViewRecordPage'),
  page('/low-code-platform/form-detail', { zh: '记录表单', en: 'Record form' }, () => import('../features/records/low-code-pages'), 'FormDetailPage'),
  page('/low-code-platform/processLogs', { zh: '定义变更记录', en: 'Definition history' }, () => import('../features/records/low-code-pages'), 'ProcessLogsPage'),
  page('/low-code-platform/data-dictionary', { zh: '数据字典', en: 'Data dictionary' }, () => import('../features/records/low-code-pages'), 'DataDictionaryPage'),
  page('/low-code-platform/ledger/:entity', { zh: '台账', en: 'Ledger' }, () => import('../features/records/low-code-pages'), 'LedgerPage'),
  // Ledgers built on the record engine: each a definition, a menu entry and one line here.
  page('/systemConfig/WorkTypeConfig', { zh: '工种配置', en: 'Work types' }, () => import('../features/records/ledger-pages'), 'WorkTypeConfigPage'),
  page('/system/announcement', { zh: '系统公告', en: 'Announcements' }, () => import('../features/records/ledger-pages'), 'AnnouncementPage'),
  page('/system/addAnnouncement', { zh: '编辑公告', en: 'Edit announcement' }, () => import('../features/records/ledger-pages'), 'AddAnnouncementPage'),
  page('/system/announcementDetail', { zh: '公告详情', en: 'Announcement' }, () => import('../features/records/ledger-pages'), 'AnnouncementDetailPage'),
  page('/Notice/NoticeList', { zh: '通知公告', en: 'Notices' }, () => import('../features/records/ledger-pages'), 'NoticeListPage'),
  page('/SafeSign/SafeSignList', { zh: '安全标志', en: 'Safety signs' }, () => import('../features/records/ledger-pages'), 'SafeSignPage'),
  page('/SystesmManeges', { zh: '定位对象管理', en: 'Tracked people and vehicles' }, () => import('../features/records/ledger-pages'), 'PositioningObjectPage'),
  page('/SystesmManeges/index', { zh: '定位对象管理', en: 'Tracked people and vehicles' }, () => import('../features/records/ledger-pages'), 'PositioningObjectPage'),
  // Electronic fences and positioning alarms (features/fences; the alarm lists are features/alarms narrowed to their types).
  page('/SystesmManeges/FenceRules', { zh: '电子围栏规则', en: 'Fence rules' }, () => import('../features/fences/fence-rules-page'), 'FenceRulesPage'),
  page('/Muster', { zh: '紧急集合清点', en: 'Muster' }, () => import('../features/fences/muster-page'), 'MusterPage'),
  page('/Muster/index', { zh: '紧急集合清点', en: 'Muster' }, () => import('../features/fences/muster-page'), 'MusterPage'),
  page('/OvercrowdingAlarm', { zh: '超员报警', en: 'Overcrowding alarms' }, () => import('../features/alarms/positioning-alarm-pages'), 'OvercrowdingAlarmPage'),
  page('/OvercrowdingAlarm/index', { zh: '超员报警', en: 'Overcrowding alarms' }, () => import('../features/alarms/positioning-alarm-pages'), 'OvercrowdingAlarmPage'),
  page('/IllegaEntryAlarm', { zh: '越界报警', en: 'Illegal entry alarms' }, () => import('../features/alarms/positioning-alarm-pages'), 'IllegaEntryAlarmPage'),
  page('/IllegaEntryAlarm/index', { zh: '越界报警', en: 'Illegal entry alarms' }, () => import('../features/alarms/positioning-alarm-pages'), 'IllegaEntryAlarmPage'),
  page('/PersonnelAlert', { zh: 'SOS 报警', en: 'SOS alarms' }, () => import('../features/alarms/positioning-alarm-pages'), 'PersonnelAlertPage'),
  page('/PersonnelAlert/index', { zh: 'SOS 报警', en: 'SOS alarms' }, () => import('../features/alarms/positioning-alarm-pages'), 'PersonnelAlertPage'),
  page('/StaticAlarm', { zh: '静止报警', en: 'Man-down alarms' }, () => import('../features/alarms/positioning-alarm-pages'), 'StaticAlarmPage'),
  page('/StaticAlarm/index', { zh: '静止报警', en: 'Man-down alarms' }, () => import('../features/alarms/positioning-alarm-pages'), 'StaticAlarmPage'),
  page('/SafeSign/SafeSignTypeList', { zh: '安全标志类型', en: 'Safety sign types' }, () => import('../features/records/ledger-pages'), 'SafeSignTypePage'),
];
