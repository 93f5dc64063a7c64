import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type {
  EscalationLevel,
  escalationConfigAdd,
  escalationConfigDelete,
  escalationConfigSort,
  alarmEscalations,
} from '../../../shared/alarms/notify-contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db } from '../../store/db.js';
import type { Database } from '../../store/schema.js';
import type { UserScope } from '../org/port.js';
import type { AlarmLog } from './alarm.service.js';
import { alarmItemOf, type AlarmRow } from './alarm-row.js';
import type { NotifyService } from './notify.service.js';
import { openTodo } from '../../common/todos.js';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;
type LevelRow = Selectable<Database['alarm_escalation_level']>;

export interface EscalationDeps {
  db: Db;
  notify: Pick<NotifyService, 'enqueue' | 'pump' | 'boundScopes'>;
  org: { getUserScope(userid: number): Promise<UserScope> };
  log: AlarmLog;
  /** Milliseconds of one configured minute (tests shorten it). */
  minuteMs?: number;
  checkMs?: number;
  now?: () => number;
  /** Whether this server runs the timer (holds the plant's lease; default always): one server of a store escalates. */
  owns?: () => boolean;
}

/**
 * Escalation (issue 9 part 8, EscalationConfig of seed 1 §7.3): an alarm
 * still active and unacknowledged `minutes` after its activation escalates to
 * each level whose minutes have passed: deliveries to the level's webhooks, a
 * to-do for each of its users who may see the alarm's region, and an audit
 * row `alarm.escalate`, in one transaction. It is derived from the stored
 * occurrence (activated_at, state) at every check, and what was done is
 * stored once per occurrence and level, so a restart neither forgets nor
 * repeats an escalation.
 */
export interface EscalationService {
  list(): Promise<{ items: EscalationLevel[] }>;
  add(caller: AuthUser, input: In<typeof escalationConfigAdd>): Promise<{ id: number }>;
  remove(caller: AuthUser, input: In<typeof escalationConfigDelete>): Promise<{ id: number }>;
  sort(caller: AuthUser, input: In<typeof escalationConfigSort>): Promise<{ ids: number[] }>;
  escalationsOf(
    caller: AuthUser,
    input: In<typeof alarmEscalations>,
  ): Promise<{ items: { alarmId: number; levelName: string; sort: number; at: number }[] }>;
  /** Escalates what is due now; the timer calls it, tests may too. */
  check(): Promise<number>;
  close(): Promise<void>;
}

const ids = (s: string) => JSON.parse(s) as number[];
const toLevel = (r: LevelRow): EscalationLevel => ({
  id: r.id,
  name: r.name,
  sort: r.sort,
  minutes: r.minutes,
  webhookIds: ids(r.webhook_ids),
  userids: ids(r.userids),
});

export function createEscalationService(deps: EscalationDeps): EscalationService {
  const { db, log } = deps;
  const minuteMs = deps.minuteMs ?? 60_000;
  const now = deps.now ?? Date.now;
  const actor = (c: AuthUser) => ({ userid: c.userid, loginname: c.loginname });
  let checking: Promise<number> | null = null;

  async function levels(): Promise<EscalationLevel[]> {
    return (await db.selectFrom('alarm_escalation_level').selectAll().orderBy('sort').orderBy('id').execute()).map(toLevel);
  }

  async function checkNow(): Promise<number> {
    const all = await levels();
    if (all.length === 0) {
      return 0;
    }
    const t = now();
    const firstDue = Math.min(...all.map((l) => l.minutes)) * minuteMs;
    // Active and unacknowledged: a shelved, suppressed or returned alarm does not escalate.
    const open = await db
      .selectFrom('alarm_occurrence')
      .selectAll()
      .where('closed_at', 'is', null)
      .where('state', '=', 'unack')
      .where('activated_at', '<=', t - firstDue)
      .execute();
    if (open.length === 0) {
      return 0;
    }
    const done = await db
      .selectFrom('alarm_escalation')
      .select(['occurrence_id', 'level_id'])
      .where(
        'occurrence_id',
        'in',
        open.map((o) => o.id),
      )
      .execute();
    const doneKeys = new Set(done.map((d) => `${d.occurrence_id}:${d.level_id}`));
    let n = 0;
    for (const o of open) {
      for (const level of all) {
        if (t - o.activated_at < level.minutes * minuteMs || doneKeys.has(`${o.id}:${level.id}`)) {
          continue;
        }
        n += await escalate(o, level, t);
      }
    }
    if (n > 0) {
      deps.notify.pump();
    }
    return n;
  }

  async function escalate(o: AlarmRow, level: EscalationLevel, t: number): Promise<number> {
    // Scopes are read before the transaction: on SQLite a read outside it would wait for it.
    const hookScopes = await deps.notify.boundScopes(level.webhookIds);
    const userScopes = new Map<number, UserScope>();
    for (const userid of level.userids) {
      userScopes.set(userid, await deps.org.getUserScope(userid));
    }
    return inTransaction(db, async (tx) => {
      const claimed = await tx
        .insertInto('alarm_escalation')
        .values({ occurrence_id: o.id, level_id: level.id, level_name: level.name, sort: level.sort, at: t })
        .onConflict((oc) => oc.columns(['occurrence_id', 'level_id']).doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
        return 0; // another node (or check) did it
      }
      const alarm = alarmItemOf(o);
      const deliveries = level.webhookIds.length
        ? await deps.notify.enqueue(
            tx,
            { kind: 'escalate', alarm, level: { sort: level.sort, name: level.name, minutes: level.minutes } },
            level.webhookIds,
            hookScopes,
          )
        : 0;
      const notified: number[] = [];
      for (const userid of level.userids) {
        const scope = userScopes.get(userid);
        if (!scope || (o.regionid !== null && !scope.all && !scope.regionids.includes(o.regionid))) {
          continue; // data isolation: nobody hears of an alarm in a region they may not see
        }
        await openTodo(tx, {
          userid,
          kind: 'alarm.escalate',
          ref: `alarm:${o.id}`,
          href: '/alarmData/realTimeAlarm',
          title: 'notify.escalatedTodo',
          params: { source: alarm.sourceName, source_en: alarm.sourceNameEn || alarm.sourceName, minutes: level.minutes },
          at: t,
        });
        notified.push(userid);
      }
      await audit(tx, { userid: null, loginname: 'system' }, 'alarm.escalate', 'alarm', o.id, {
        alarm: o.alarm_key,
        source: o.source_name,
        level: level.name,
        sort: level.sort,
        minutes: level.minutes,
        deliveries,
        users: notified,
      });
      return 1;
    });
  }

  const timer = setInterval(() => {
    if (checking || deps.owns?.() === false) {
      return;
    }
    checking = checkNow()
      .catch((err: unknown) => {
        log.error({ err }, 'escalation: check failed');
        return 0;
      })
      .finally(() => {
        checking = null;
      });
  }, deps.checkMs ?? 1000);
  timer.unref();

  return {
    list: async () => ({ items: await levels() }),
    add: (caller, input) =>
      inTransaction(db, async (tx) => {
        const values = {
          name: input.name,
          minutes: input.minutes,
          webhook_ids: JSON.stringify(input.webhookIds),
          userids: JSON.stringify(input.userids),
          updated_at: now(),
        };
        if (input.webhookIds.length) {
          const found = await tx.selectFrom('alarm_webhook').select('id').where('id', 'in', input.webhookIds).execute();
          if (found.length !== new Set(input.webhookIds).size) {
            throw badRequest('webhook.notFound', ['webhookIds']);
          }
        }
        let id: number;
        if (input.id === undefined) {
          const last = await tx
            .selectFrom('alarm_escalation_level')
            .select((eb) => eb.fn.max('sort').as('m'))
            .executeTakeFirst();
          id = (
            await tx
              .insertInto('alarm_escalation_level')
              .values({ ...values, sort: Number(last?.m ?? 0) + 1 })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        } else {
          const r = await tx.updateTable('alarm_escalation_level').set(values).where('id', '=', input.id).executeTakeFirst();
          if (Number(r.numUpdatedRows) === 0) {
            throw notFound('escalation.notFound');
          }
          id = input.id;
        }
        await audit(
          tx,
          actor(caller),
          input.id === undefined ? 'escalation.create' : 'escalation.update',
          'alarm_escalation_level',
          id,
          input,
        );
        return { id };
      }),
    remove: (caller, input) =>
      inTransaction(db, async (tx) => {
        const r = await tx.deleteFrom('alarm_escalation_level').where('id', '=', input.id).executeTakeFirst();
        if (Number(r.numDeletedRows) === 0) {
          throw notFound('escalation.notFound');
        }
        await audit(tx, actor(caller), 'escalation.delete', 'alarm_escalation_level', input.id, {});
        return { id: input.id };
      }),
    sort: (caller, input) =>
      inTransaction(db, async (tx) => {
        const existing = (await tx.selectFrom('alarm_escalation_level').select('id').execute()).map((r) => r.id);
        if (
          existing.length !== input.ids.length ||
          new Set(input.ids).size !== input.ids.length ||
          !input.ids.every((i) => existing.includes(i))
        ) {
          throw badRequest('escalation.sortMismatch', ['ids']);
        }
        for (const [i, id] of input.ids.entries()) {
          await tx
            .updateTable('alarm_escalation_level')
            .set({ sort: i + 1 })
            .where('id', '=', id)
            .execute();
        }
        await audit(tx, actor(caller), 'escalation.sort', 'alarm_escalation_level', 0, { ids: input.ids });
        return { ids: input.ids };
      }),
    async escalationsOf(caller, input) {
      const scope = await deps.org.getUserScope(caller.userid);
      let q = db
        .selectFrom('alarm_escalation')
        .innerJoin('alarm_occurrence', 'alarm_occurrence.id', 'alarm_escalation.occurrence_id')
        .select([
          'alarm_escalation.occurrence_id',
          'alarm_escalation.level_name',
          'alarm_escalation.sort',
          'alarm_escalation.at',
          'alarm_occurrence.regionid',
        ])
        .where('alarm_occurrence.closed_at', 'is', null);
      if (input.ids?.length) {
        q = q.where('alarm_escalation.occurrence_id', 'in', input.ids);
      }
      const rows = await q.orderBy('alarm_escalation.sort').execute();
      return {
        items: rows
          .filter((r) => r.regionid === null || scope.all || scope.regionids.includes(r.regionid))
          .map((r) => ({ alarmId: r.occurrence_id, levelName: r.level_name, sort: r.sort, at: r.at })),
      };
    },
    check: async () => {
      while (checking) {
        await checking;
      }
      checking = checkNow().finally(() => {
        checking = null;
      });
      return checking;
    },
    async close() {
      clearInterval(timer);
      if (checking) {
        await checking.catch(() => 0);
      }
    },
  };
}
