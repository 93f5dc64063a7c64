import {
  alarmEscalations,
  alarmLayAsideDetails,
  alarmLayAsideList,
  alarmListScopeGet,
  escalationConfigAdd,
  escalationConfigDelete,
  escalationConfigList,
  escalationConfigSort,
  webhookAddOrEdit,
  webhookBindTheUser,
  webhookDelete,
  webhookList,
  webhookLogList,
} from '../../../shared/alarms/notify-contracts.js';
import type { AuthUser, RequestContext } from '../../http/app.js';
import { unauthorized } from '../../http/errors.js';
import type { MenuSeed } from '../../store/seed-base.js';
import type { ServerModule } from '../index.js';

function caller(ctx: RequestContext): AuthUser {
  if (!ctx.user) {
    throw unauthorized();
  }
  return ctx.user;
}

const MAJOR_HAZARD = '/No.88/MajorHazard';
const SYSTEM = '/No.88/SystemManagement';
const WATCHERS: MenuSeed['roles'] = ['admin', 'supervisor', 'operator', 'inspector'];
const ADMINS: MenuSeed['roles'] = ['admin', 'supervisor'];

/** Pages of notifications, escalation, the shelving ledger and the scoped live lists. */
export const alarmNotifyMenus: MenuSeed[] = [
  { href: '/alarmData/alarmLayAside', name: '报警搁置台账', name_en: 'Shelved alarms', parent: MAJOR_HAZARD, type: 2, eightyEightType: 1, icon: 'lock', sort: 2, roles: WATCHERS },
  { href: '/alarmData/alarmLayAsideDetails', name: '报警搁置明细', name_en: 'Shelving history', parent: MAJOR_HAZARD, type: 2, eightyEightType: 1, icon: 'file', sort: 5, roles: WATCHERS },
  { href: '/RealTimeAlarm/RedashAlarm', name: '实时报警总览', name_en: 'All live alarms', parent: MAJOR_HAZARD, type: 2, eightyEightType: 1, icon: 'alert', sort: 6, roles: WATCHERS },
  { href: '/RealTimeAlarm/UserMenuAlarm', name: '我的区域报警', name_en: 'Alarms of my regions', parent: MAJOR_HAZARD, type: 2, eightyEightType: 1, icon: 'alert', sort: 7, roles: WATCHERS },
  { href: '/majorHazardReport/UserMenuAlarm', name: '重大危险源实时报警', name_en: 'Major hazard alarms', parent: MAJOR_HAZARD, type: 2, eightyEightType: 1, icon: 'hazard', sort: 8, roles: WATCHERS },
  { href: '/PlaceholderWebHook/PlaceholderWebHookHome', name: 'Webhook 通知', name_en: 'Webhooks', parent: SYSTEM, type: 2, eightyEightType: 0, icon: 'bell', sort: 30, roles: ADMINS },
  { href: '/PlaceholderWebHook/AddOrEditWebHook', name: '编辑 Webhook', name_en: 'Edit webhook', parent: SYSTEM, type: 2, eightyEightType: 0, icon: 'bell', sort: 31, roles: ADMINS },
  { href: '/PlaceholderWebHook/BindTheUser', name: 'Webhook 绑定人员', name_en: 'Webhook users', parent: SYSTEM, type: 2, eightyEightType: 0, icon: 'team', sort: 32, roles: ADMINS },
  { href: '/PlaceholderWebHook/PlaceholderWebHookLog', name: '通知日志', name_en: 'Notification log', parent: SYSTEM, type: 2, eightyEightType: 0, icon: 'file', sort: 33, roles: ADMINS },
  { href: '/systemConfig/EscalationConfig', name: '报警升级配置', name_en: 'Alarm escalation', parent: SYSTEM, type: 2, eightyEightType: 0, icon: 'warning', sort: 34, roles: ADMINS },
];

/** Webhooks, escalation and the shelving ledger (issue 9 parts 5 and 8), beside the alarm module. */
export const alarmNotifyModule: ServerModule = {
  name: 'alarm-notify',
  menus: alarmNotifyMenus,
  register({ http, services }) {
    const { notify, escalation, layAside, alarmScope } = services;
    http.route(webhookList, (_input, ctx) => notify.list(caller(ctx)));
    http.route(webhookAddOrEdit, (input, ctx) => notify.save(caller(ctx), input));
    http.route(webhookDelete, (input, ctx) => notify.remove(caller(ctx), input));
    http.route(webhookBindTheUser, (input, ctx) => notify.bindUsers(caller(ctx), input));
    http.route(webhookLogList, (input, ctx) => notify.logList(caller(ctx), input));
    http.route(escalationConfigList, (_input, ctx) => (caller(ctx), escalation.list()));
    http.route(escalationConfigAdd, (input, ctx) => escalation.add(caller(ctx), input));
    http.route(escalationConfigDelete, (input, ctx) => escalation.remove(caller(ctx), input));
    http.route(escalationConfigSort, (input, ctx) => escalation.sort(caller(ctx), input));
    http.route(alarmEscalations, (input, ctx) => escalation.escalationsOf(caller(ctx), input));
    http.route(alarmLayAsideList, (input, ctx) => layAside.list(caller(ctx), input));
    http.route(alarmLayAsideDetails, (input, ctx) => layAside.details(caller(ctx), input));
    http.route(alarmListScopeGet, (input, ctx) => alarmScope.get(caller(ctx), input));
  },
};
