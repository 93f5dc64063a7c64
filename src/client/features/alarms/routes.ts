import { definePages, page } from '../../app/route-types';

/** Alarm pages (seed 3 /alarmData, /alarmAduit, /RealTimeAlarm; webhooks and escalation; the positioning alarm lists narrowed to their types). Titles come from the menu and page declarations of the shared manifests. */
export const alarmsPages = definePages([
  page('/alarmData/realTimeAlarm', () => import('./real-time-alarm-page'), 'RealTimeAlarmPage'),
  page('/alarmData/mobileAlarm', () => import('./mobile-alarm-page'), 'MobileAlarmPage'),
  page('/alarmAduit/alarmAduit', () => import('./alarm-audit-page'), 'AlarmAuditPage'),
  page('/alarmData/historyAlarm', () => import('./history-alarm-page'), 'HistoryAlarmPage'),
  page('/alarmData/alarmLayAside', () => import('./lay-aside-pages'), 'AlarmLayAsidePage'),
  page('/alarmData/alarmLayAsideDetails', () => import('./lay-aside-pages'), 'AlarmLayAsideDetailsPage'),
  page('/RealTimeAlarm/RedashAlarm', () => import('./scoped-alarm-pages'), 'RedashAlarmPage'),
  page('/RealTimeAlarm/UserMenuAlarm', () => import('./scoped-alarm-pages'), 'UserMenuAlarmPage'),
  page('/majorHazardReport/UserMenuAlarm', () => import('./scoped-alarm-pages'), 'MajorHazardUserMenuAlarmPage'),
  page('/PlaceholderWebHook/PlaceholderWebHookHome', () => import('./webhook-pages'), 'PlaceholderWebHookHomePage'),
  page('/PlaceholderWebHook/AddOrEditWebHook', () => import('./webhook-pages'), 'AddOrEditWebHookPage'),
  page('/PlaceholderWebHook/BindTheUser', () => import('./webhook-pages'), 'BindTheUserPage'),
  page('/PlaceholderWebHook/PlaceholderWebHookLog', () => import('./webhook-pages'), 'PlaceholderWebHookLogPage'),
  page('/systemConfig/EscalationConfig', () => import('./escalation-config-page'), 'EscalationConfigPage'),
  page('/alarmAduit/alarmSettings', () => import('./alarm-settings-page'), 'AlarmSettingsPage'),
  page('/alarmAduit/controlSystemSettings', () => import('./control-system-page'), 'ControlSystemPage'),
  page('/OvercrowdingAlarm', () => import('./positioning-alarm-pages'), 'OvercrowdingAlarmPage'),
  page('/OvercrowdingAlarm/index', () => import('./positioning-alarm-pages'), 'OvercrowdingAlarmPage'),
  page('/IllegaEntryAlarm', () => import('./positioning-alarm-pages'), 'IllegaEntryAlarmPage'),
  page('/IllegaEntryAlarm/index', () => import('./positioning-alarm-pages'), 'IllegaEntryAlarmPage'),
  page('/PersonnelAlert', () => import('./positioning-alarm-pages'), 'PersonnelAlertPage'),
  page('/PersonnelAlert/index', () => import('./positioning-alarm-pages'), 'PersonnelAlertPage'),
  page('/StaticAlarm', () => import('./positioning-alarm-pages'), 'StaticAlarmPage'),
  page('/StaticAlarm/index', () => import('./positioning-alarm-pages'), 'StaticAlarmPage'),
]);
