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
import { caller, type HttpApp } from '../../http/app.js';
import type { AlarmScopeService } from './alarm-scope.service.js';
import type { EscalationService } from './escalation.service.js';
import type { LayAsideService } from './lay-aside.service.js';
import type { NotifyService } from './notify.service.js';

/** Webhooks, escalation, the shelving ledger and the scoped live lists (issue 9 parts 5 and 8). */
export function registerNotifyRoutes(
  http: HttpApp,
  {
    notify,
    escalation,
    layAside,
    alarmScope,
  }: { notify: NotifyService; escalation: EscalationService; layAside: LayAsideService; alarmScope: AlarmScopeService },
): void {
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
}
