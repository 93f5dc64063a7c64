import {
  appDownloadInfo,
  myTodoVisit,
  passwordResetCheck,
  passwordResetComplete,
  passwordResetIssue,
  systemConfigFields,
  systemConfigGet,
  systemConfigSave,
  systemPageCounts,
  type SystemConfigFields,
} from '../../../shared/shell/contracts.js';
import { unauthorized } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db } from '../../store/db.js';
import { defaultSystemConfig } from '../../store/seed-base.js';
import type { HttpApp } from '../../http/app.js';
import type { OrgPort } from '../org/port.js';
import { saveSystemConfigValue } from '../../common/system-config.js';

const CONFIG_KEYS = Object.keys(systemConfigFields.shape) as (keyof SystemConfigFields)[];

async function readConfig(db: Db): Promise<SystemConfigFields> {
  const rows = await db.selectFrom('system_config').selectAll().where('consttitle', 'in', CONFIG_KEYS).execute();
  const values = Object.fromEntries(rows.map((r) => [r.consttitle, r.constvalue]));
  return {
    appDownloadUrl: values.appDownloadUrl ?? '',
    customerwebtitle: values.customerwebtitle ?? defaultSystemConfig.customerwebtitle ?? 'Plantwatch',
    customershortname: values.customershortname ?? '',
    LogOutJumpUrl: values.LogOutJumpUrl ?? '',
  };
}

/**
 * The shell's own calls (issue 11): system configuration (the app download
 * link among it), the public /download information, password-reset links,
 * and 去处理 on a to-do.
 */
export function registerShellRoutes(http: HttpApp, db: Db, org: OrgPort): void {
  http.route(systemConfigGet, () => readConfig(db));
  http.route(systemConfigSave, async (input, ctx) => {
    const user = ctx.user;
    if (!user) {
      throw unauthorized();
    }
    await inTransaction(db, async (tx) => {
      const before = await readConfig(tx);
      const changed: Partial<Record<keyof SystemConfigFields, { from: string; to: string }>> = {};
      for (const key of CONFIG_KEYS) {
        const value = input[key];
        if (value === undefined || value === before[key]) {
          continue;
        }
        changed[key] = { from: before[key], to: value };
        await saveSystemConfigValue(tx, key, value);
      }
      if (Object.keys(changed).length > 0) {
        await audit(tx, user, 'config.save', 'system_config', Object.keys(changed).join(','), changed);
      }
    });
    return readConfig(db);
  });
  http.route(appDownloadInfo, async () => {
    const c = await readConfig(db);
    return { url: c.appDownloadUrl, title: c.customerwebtitle };
  });

  http.route(systemPageCounts, async () => {
    const rows = await db
      .selectFrom('menu')
      .select(['eightyEightType', (eb) => eb.fn.countAll<number>().as('n')])
      .where('type', '=', 2)
      .groupBy('eightyEightType')
      .execute();
    return Object.fromEntries(rows.map((r) => [String(r.eightyEightType), Number(r.n)]));
  });

  http.route(passwordResetIssue, (input, ctx) => {
    if (!ctx.user) {
      throw unauthorized();
    }
    return org.issuePasswordReset(ctx.user, input.userid);
  });
  http.route(passwordResetCheck, (input) => org.checkPasswordReset(input.token));
  http.route(passwordResetComplete, (input, ctx) => org.completePasswordReset(input.token, input.newPassword, ctx.ip));
  http.route(myTodoVisit, (input, ctx) => {
    if (!ctx.user) {
      throw unauthorized();
    }
    return org.visitTodo(ctx.user, input.id);
  });
}
