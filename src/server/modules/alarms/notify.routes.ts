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
} from '../../../shared/contracts/alarm-notify.js';
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

/** Pages of notifications, escalation and the shelving ledger. */
export const alarmNotifyMenus: MenuSeed[] = [];

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
