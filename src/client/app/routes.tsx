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
  page('/alarmAduit/alarmAduitDetail', { zh: '报警审计详情', en: 'Alarm audit detail' }, () => import('../features/alarms/alarm-audit-detail-page'), 'AlarmAuditDetailPage', {
    permittedBy: '/alarmAduit/alarmAduit',
  }),
  page('/alarmData/historyAlarm', { zh: '历史报警', en: 'Alarm history' }, () => import('../features/alarms/history-alarm-page'), 'HistoryAlarmPage'),
  page('/alarmData/alarmLayAside', { zh: '报警搁置台账', en: 'Shelved alarms' }, () => import('../features/alarms/lay-aside-pages'), 'AlarmLayAsidePage'),
  page('/alarmData/alarmLayAsideDetails', { zh: '报警搁置明细', en: 'Shelving history' }, () => import('../features/alarms/lay-aside-pages'), 'AlarmLayAsideDetailsPage'),
  page('/RealTimeAlarm/RedashAlarm', { zh: '实时报警总览', en: 'All live alarms' }, () => import('../features/alarms/scoped-alarm-pages'), 'RedashAlarmPage'),
  page('/RealTimeAlarm/UserMenuAlarm', { zh: '我的区域报警', en: 'Alarms of my regions' }, () => import('../features/alarms/scoped-alarm-pages'), 'UserMenuAlarmPage'),
  page('/majorHazardReport/UserMenuAlarm', { zh: '重大危险源实时报警', en: 'Major hazard alarms' }, () => import('../features/alarms/scoped-alarm-pages'), 'MajorHazardUserMenuAlarmPage'),
  page('/PlaceholderWebHook/PlaceholderWebHookHome', { zh: 'Webhook 通知', en: 'Webhooks' }, () => import('../features/alarms/webhook-pages'), 'PlaceholderWebHookHomePage'),
  page('/PlaceholderWebHook/AddOrEditWebHook', { zh: '编辑 Webhook', en: 'Edit webhook' }, () => import('../features/alarms/webhook-pages'), 'AddOrEditWebHookPage'),
  page('/PlaceholderWebHook/BindTheUser', { zh: '绑定人员', en: 'Bind users' }, () => import('../features/alarms/webhook-pages'), 'BindTheUserPage'),
  page('/PlaceholderWebHook/PlaceholderWebHookLog', { zh: '通知日志', en: 'Notification log' }, () => import('../features/alarms/webhook-pages'), 'PlaceholderWebHookLogPage'),
  page('/systemConfig/EscalationConfig', { zh: '报警升级配置', en: 'Alarm escalation' }, () => import('../features/alarms/escalation-config-page'), 'EscalationConfigPage'),
  page('/alarmAduit/alarmSettings', { zh: '报警设置标准台账', en: 'Alarm settings' }, () => import('../features/alarms/alarm-settings-page'), 'AlarmSettingsPage'),
  page('/alarmAduit/controlSystemSettings', { zh: '控制系统设置', en: 'Control systems' }, () => import('../features/alarms/control-system-page'), 'ControlSystemPage'),
  page('/realTimeData/calssificationManage', { zh: '实时数据分类管理', en: 'Classification' }, () => import('../features/realtime/realtime-classification-page'), 'RealTimeDataClassificationPage'),

  // Regions on the plant map (features/regions).
  page('/systemConfig/RegionConfig', { zh: '区域配置', en: 'Regions' }, () => import('../features/regions/region-config-page'), 'RegionConfigPage'),
  page('/MapDisplay', { zh: '厂区地图', en: 'Plant map' }, () => import('../features/regions/map-display-page'), 'MapDisplayPage'),
  // The record engine and its low-code platform (features/records, seed 2 §2.8).
  page('/low-code-platform/list-view', { zh: '台账定义', en: 'Ledger definitions' }, () => import('../features/records/low-code-pages'), 'ListViewPage'),
  page('/low-code-platform/list-view-record', { zh: '记录详情', en: 'Record detail' }, () => import('../features/records/low-code-pages'), 'ListViewRecordPage', { permittedBy: '/low-code-platform' }),
  page('/low-code-platform/form-detail', { zh: '记录表单', en: 'Record form' }, () => import('../features/records/low-code-pages'), 'FormDetailPage', { permittedBy: '/low-code-platform' }),
  page('/low-code-platform/processLogs', { zh: '定义变更记录', en: 'Definition history' }, () => import('../features/records/low-code-pages'), 'ProcessLogsPage'),
  page('/low-code-platform/data-dictionary', { zh: '数据字典', en: 'Data dictionary' }, () => import('../features/records/low-code-pages'), 'DataDictionaryPage'),
  page('/low-code-platform/ledger/:entity', { zh: '台账', en: 'Ledger' }, () => import('../features/records/low-code-pages'), 'LedgerPage'),
  // Ledgers built on the record engine: each a definition, a menu entry and one line here.
  page('/systemConfig/WorkTypeConfig', { zh: '工种配置', en: 'Work types' }, () => import('../features/records/ledger-pages'), 'WorkTypeConfigPage'),
  page('/system/announcement', { zh: '系统公告', en: 'Announcements' }, () => import('../features/records/ledger-pages'), 'AnnouncementPage'),
  page('/system/addAnnouncement', { zh: '新增公告', en: 'Add announcement' }, () => import('../features/records/ledger-pages'), 'AddAnnouncementPage', {
    permittedBy: '/system/announcement',
    editTitle: { zh: '编辑公告', en: 'Edit announcement' },
  }),
  page('/system/announcementDetail', { zh: '公告详情', en: 'Announcement' }, () => import('../features/records/ledger-pages'), 'AnnouncementDetailPage', { permittedBy: '/system/announcement' }),
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
  // Personnel and vehicle positioning (features/positioning, issue 10).
  page('/PersonnelPositioning', { zh: '人员定位', en: 'People positioning' }, () => import('../features/positioning/positioning-pages'), 'PersonnelPositioningPage'),
  page('/PersonnelPositioning/index', { zh: '人员定位', en: 'People positioning' }, () => import('../features/positioning/positioning-pages'), 'PersonnelPositioningPage'),
  page('/PersonnelPositioning/replay', { zh: '全厂回放', en: 'Whole-plant replay' }, () => import('../features/positioning/positioning-pages'), 'PersonnelReplayPage'),
  page('/PositionManagement', { zh: '车辆定位', en: 'Vehicle positioning' }, () => import('../features/positioning/positioning-pages'), 'PositionManagementPage'),
  page('/PositionManagement/index', { zh: '车辆定位', en: 'Vehicle positioning' }, () => import('../features/positioning/positioning-pages'), 'PositionManagementPage'),
  // Seed 3's positioning spellings: the live map and the trajectories, permitted with their menu pages.
  page('/OutSide/Location', { zh: '定位系统', en: 'Positioning' }, () => import('../features/positioning/positioning-pages'), 'OutSideLocationPage', {
    permittedBy: '/PersonnelPositioning',
  }),
  page('/ResearchersTrack', { zh: '人员轨迹', en: 'People trajectories' }, () => import('../features/positioning/positioning-pages'), 'ResearchersTrackPage'),
  page('/ResearchersTrack/index', { zh: '人员轨迹', en: 'People trajectories' }, () => import('../features/positioning/positioning-pages'), 'ResearchersTrackPage'),
  page('/VehicleTrajectory', { zh: '车辆轨迹', en: 'Vehicle trajectories' }, () => import('../features/positioning/positioning-pages'), 'VehicleTrajectoryPage'),
  page('/VehicleTrajectory/index', { zh: '车辆轨迹', en: 'Vehicle trajectories' }, () => import('../features/positioning/positioning-pages'), 'VehicleTrajectoryPage'),
  page('/OutSide/Trajectory', { zh: '人员轨迹', en: 'Trajectories' }, () => import('../features/positioning/positioning-pages'), 'OutSideTrajectoryPage', {
    permittedBy: '/ResearchersTrack',
  }),
  page('/StatisticsReport', { zh: '统计报表', en: 'Statistics' }, () => import('../features/positioning/positioning-pages'), 'StatisticsReportPage'),
  page('/StatisticsReport/index', { zh: '统计报表', en: 'Statistics' }, () => import('../features/positioning/positioning-pages'), 'StatisticsReportPage'),
];
