import type { Selectable } from 'kysely';
import type { Subscription } from 'rxjs';
import type { z } from 'zod';
import type {
  DeliveryItem,
  WebhookItem,
  WebhookTemplate,
  webhookAddOrEdit,
  webhookBindTheUser,
  webhookDelete,
  webhookLogList,
} from '../../../shared/alarms/notify-contracts.js';
import type { AlarmItem, AlarmType } from '../../../shared/alarms/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db, type Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';
import type { DomainEvents } from '../../stream/bus.js';
import type { UserScope } from '../org/port.js';
import type { AlarmLog } from './alarm.service.js';
import { renderPayload, signedRequest, type NotifyEvent } from './notify.templates.js';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;
type WebhookRow = Selectable<Database['alarm_webhook']>;
type DeliveryRow = Selectable<Database['alarm_delivery']>;

export interface NotifyOptions {
  /** Waits before the 2nd, 3rd, … try; the number of tries is one more than its length. */
  backoffMs: number[];
  /** How often the outbox is looked at (it is also pumped right after new deliveries). */
  pollMs: number;
  /** A receiver that has not answered by then is a failed try. */
  timeoutMs: number;
  /** Most requests in flight at once, over all webhooks. */
  maxInFlight: number;
}

export const defaultNotifyOptions: NotifyOptions = {
  backoffMs: [10_000, 30_000, 120_000, 600_000, 1_800_000],
  pollMs: 1000,
  timeoutMs: 5000,
  maxInFlight: 8,
};

export interface NotifyDeps {
  db: Db;
  events: Pick<DomainEvents, 'on'>;
  org: { getUserScope(userid: number): Promise<UserScope> };
  log: AlarmLog;
  options?: Partial<NotifyOptions>;
  now?: () => number;
}

/** An occurrence as the deliveries need it. */
export type NotifyAlarm = AlarmItem;

/**
 * Alarm notifications to webhooks (issue 9 part 8). It listens to
 * `alarm.changed` after the alarm has committed, never inside the alarm path:
 * an activation writes one outbox row per matching webhook (unique per
 * webhook, occurrence and event, so an event heard twice is sent once), and
 * a worker posts the rows with a timeout, at most `maxInFlight` at once,
 * retrying with back-off and logging every try. Rows outlive a restart: a
 * row being sent is claimed by moving its `next_at` past the timeout, so a
 * crash mid-send only delays it.
 */
export interface NotifyService {
  list(caller: AuthUser): Promise<{ items: WebhookItem[]; total: number }>;
  save(caller: AuthUser, input: In<typeof webhookAddOrEdit>): Promise<{ id: number }>;
  remove(caller: AuthUser, input: In<typeof webhookDelete>): Promise<{ id: number }>;
  bindUsers(caller: AuthUser, input: In<typeof webhookBindTheUser>): Promise<{ id: number }>;
  logList(caller: AuthUser, input: In<typeof webhookLogList>): Promise<{ items: DeliveryItem[]; total: number }>;
  /**
   * Writes deliveries of `event` for an occurrence to the webhooks whose rule
   * (or, for an escalation, whose ids are named) and region scope fit it. In the caller's transaction;
   * `scopes` must then hold the scopes of the users bound to those webhooks (see `boundScopes`), since
   * reading them outside the transaction would wait for it on SQLite's single connection.
   */
  enqueue(tx: Tx, event: Omit<NotifyEvent, 'mentions'>, only?: number[], scopes?: Map<number, UserScope>): Promise<number>;
  /** Data-isolation scopes of the users bound to these webhooks. */
  boundScopes(webhookIds: number[]): Promise<Map<number, UserScope>>;
  /** Looks at the outbox now (after an escalation committed). */
  pump(): void;
  /** Waits until the heard events are in the outbox and the requests in flight are done (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const parseIds = (s: string) => JSON.parse(s) as number[];

function toItem(r: WebhookRow): WebhookItem {
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    template: r.template as WebhookTemplate,
    lang: r.lang === 'en' ? 'en' : 'zh',
    hasSecret: r.secret !== '',
    enabled: r.enabled === 1,
    priorities: parseIds(r.priorities),
    regionids: parseIds(r.regionids),
    types: JSON.parse(r.types) as AlarmType[],
    userids: parseIds(r.userids),
    updatedAt: r.updated_at,
    updatedBy: r.updated_by,
  };
}

/** What an audit row keeps of a webhook: everything but the secret. */
const auditable = (w: Partial<WebhookItem> & { secret?: string }) => {
  const { secret, ...rest } = w;
  return { ...rest, secretChanged: secret !== undefined };
};

export function createNotifyService(deps: NotifyDeps): NotifyService {
  const { db, log } = deps;
  const opts: NotifyOptions = { ...defaultNotifyOptions, ...deps.options };
  const now = deps.now ?? Date.now;
  let closed = false;

  // ------------------------------------------------------------------ rules

  /**
   * Whether a webhook may carry an alarm of this region: an explicit region
   * rule names it; without one, a webhook with bound users carries only what
   * one of them may see (their data-isolation regions); otherwise any.
   */
  async function regionFits(w: WebhookItem, regionid: number | null, scopes: Map<number, UserScope>): Promise<boolean> {
    if (w.regionids.length > 0) {
      return regionid !== null && w.regionids.includes(regionid);
    }
    if (w.userids.length === 0 || regionid === null) {
      return true;
    }
    for (const u of w.userids) {
      let s = scopes.get(u);
      if (!s) {
        s = await deps.org.getUserScope(u);
        scopes.set(u, s);
      }
      if (s.all || s.regionids.includes(regionid)) {
        return true;
      }
    }
    return false;
  }

  const enabledHooks = async (tx: Tx | Db) =>
    (await tx.selectFrom('alarm_webhook').selectAll().where('enabled', '=', 1).execute()).map(toItem);

  async function enqueue(
    tx: Tx | Db,
    event: Omit<NotifyEvent, 'mentions'>,
    only?: number[],
    scopes = new Map<number, UserScope>(),
  ): Promise<number> {
    return enqueueTo(tx, await enabledHooks(tx), event, only, scopes);
  }

  async function enqueueTo(
    tx: Tx | Db,
    hooks: WebhookItem[],
    event: Omit<NotifyEvent, 'mentions'>,
    only?: number[],
    scopes = new Map<number, UserScope>(),
  ): Promise<number> {
    const a = event.alarm;
    let n = 0;
    for (const w of hooks) {
      if (
        only
          ? !only.includes(w.id)
          : (w.priorities.length > 0 && !w.priorities.includes(a.priority)) || (w.types.length > 0 && !w.types.includes(a.type))
      ) {
        continue;
      }
      if (!(await regionFits(w, a.regionid, scopes))) {
        continue;
      }
      const mentions = w.userids.length
        ? await tx
            .selectFrom('users')
            .select(['loginname', 'username', 'phone'])
            .where('userid', 'in', w.userids)
            .orderBy('userid')
            .execute()
        : [];
      const payload = JSON.stringify(renderPayload(w.template, w.lang, { ...event, mentions }));
      const t = now();
      const r = await tx
        .insertInto('alarm_delivery')
        .values({
          webhook_id: w.id,
          occurrence_id: a.id,
          event: event.kind,
          level: event.level?.sort ?? 0,
          regionid: a.regionid,
          payload,
          status: 'pending',
          next_at: t,
          created_at: t,
        })
        .onConflict((oc) => oc.columns(['webhook_id', 'occurrence_id', 'event', 'level']).doNothing())
        .executeTakeFirst();
      n += Number(r.numInsertedOrUpdatedRows ?? 0);
    }
    return n;
  }

  // Activations heard on the bus go into the outbox one batch after another. This server's events only (`on`):
  // the server that raised an alarm writes its deliveries; another server hearing it too would only race for the rows.
  let heard: Promise<unknown> = Promise.resolve();
  const sub: Subscription = deps.events.on('alarm.changed').subscribe(({ alarms }) => {
    // A new or re-annunciated active alarm; the unique key keeps a re-annunciation from sending again.
    const raised = alarms.filter((a) => a.state === 'unack' && a.active && a.closedAt === null);
    if (raised.length === 0 || closed) {
      return;
    }
    heard = heard
      .then(async () => {
        // One read of the webhooks per batch: a flood of thousands of alarms costs the store one query when none is set up.
        const hooks = await enabledHooks(db);
        if (hooks.length === 0) {
          return;
        }
        const scopes = new Map<number, UserScope>();
        let n = 0;
        for (const alarm of raised) {
          n += await enqueueTo(db, hooks, { kind: 'raise', alarm }, undefined, scopes);
        }
        if (n > 0) {
          pump();
        }
      })
      .catch((err: unknown) => log.error({ err }, 'notify: writing alarm deliveries failed'));
  });

  // ------------------------------------------------------------------ outbox worker

  const inFlight = new Set<Promise<void>>();
  let pumping = false;
  let again = false;

  async function send(d: DeliveryRow, w: WebhookRow | undefined) {
    const started = now();
    const t0 = performance.now();
    let ok = false;
    let statusCode: number | null = null;
    let error = '';
    if (!w) {
      error = 'webhook deleted';
    } else {
      try {
        const req = signedRequest(w.template as WebhookTemplate, w.url, d.payload, w.secret, started);
        const res = await fetch(req.url, {
          method: 'POST',
          headers: req.headers,
          body: req.body,
          signal: AbortSignal.timeout(opts.timeoutMs),
          redirect: 'manual',
        });
        statusCode = res.status;
        ok = res.status >= 200 && res.status < 300;
        const text = await res.text().catch(() => '');
        if (!ok) {
          error = text.slice(0, 500);
        }
      } catch (err) {
        error = err instanceof Error ? (err.name === 'TimeoutError' ? `timeout after ${opts.timeoutMs} ms` : err.message) : String(err);
      }
    }
    const durationMs = Math.round(performance.now() - t0);
    const attempts = d.attempts + 1;
    const gaveUp = !ok && (!w || attempts > opts.backoffMs.length);
    await inTransaction(db, async (tx) => {
      await tx
        .insertInto('alarm_delivery_try')
        .values({ delivery_id: d.id, at: started, ok: ok ? 1 : 0, status_code: statusCode, error, duration_ms: durationMs })
        .execute();
      await tx
        .updateTable('alarm_delivery')
        .set({
          attempts,
          status: ok ? 'sent' : gaveUp ? 'failed' : 'pending',
          next_at: ok || gaveUp ? now() : now() + opts.backoffMs[attempts - 1],
          done_at: ok || gaveUp ? now() : null,
        })
        .where('id', '=', d.id)
        .execute();
    });
    if (!ok) {
      log.info({ delivery: d.id, webhook: d.webhook_id, attempts, statusCode, error, gaveUp }, 'notify: delivery failed');
    }
  }

  /** Claims due rows (moving next_at past the timeout, so a crash mid-send only delays them) and sends them. */
  async function pumpOnce() {
    const room = opts.maxInFlight - inFlight.size;
    if (room <= 0 || closed) {
      return;
    }
    const t = now();
    const due = await db
      .selectFrom('alarm_delivery')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_at', '<=', t)
      .orderBy('next_at')
      .orderBy('id')
      .limit(room)
      .execute();
    if (due.length === 0) {
      return;
    }
    const hooks = new Map(
      (
        await db
          .selectFrom('alarm_webhook')
          .selectAll()
          .where('id', 'in', [...new Set(due.map((d) => d.webhook_id))])
          .execute()
      ).map((w) => [w.id, w]),
    );
    for (const d of due) {
      const claimed = await db
        .updateTable('alarm_delivery')
        .set({ next_at: t + opts.timeoutMs + 60_000 })
        .where('id', '=', d.id)
        .where('status', '=', 'pending')
        .where('next_at', '=', d.next_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) {
        continue;
      }
      const p: Promise<void> = send(d, hooks.get(d.webhook_id))
        .catch((err: unknown) => log.error({ err, delivery: d.id }, 'notify: recording a delivery try failed'))
        .finally(() => {
          inFlight.delete(p);
          pump();
        });
      inFlight.add(p);
    }
    if (due.length === room) {
      again = true;
    }
  }

  function pump() {
    if (closed) {
      return;
    }
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    void (async () => {
      try {
        do {
          again = false;
          await pumpOnce();
        } while (again && inFlight.size < opts.maxInFlight && !closed);
      } catch (err) {
        log.error({ err }, 'notify: reading the outbox failed');
      } finally {
        pumping = false;
      }
    })();
  }

  const timer = setInterval(pump, opts.pollMs);
  timer.unref();
  pump();

  // ------------------------------------------------------------------ administration

  async function mustExist(tx: Tx, id: number): Promise<WebhookRow> {
    const row = await tx.selectFrom('alarm_webhook').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) {
      throw notFound('webhook.notFound');
    }
    return row;
  }

  const actor = (c: AuthUser) => ({ userid: c.userid, loginname: c.loginname });

  return {
    async list() {
      const items = (await db.selectFrom('alarm_webhook').selectAll().orderBy('id').execute()).map(toItem);
      return { items, total: items.length };
    },
    save: (caller, input) =>
      inTransaction(db, async (tx) => {
        const values = {
          name: input.name,
          url: input.url,
          template: input.template,
          lang: input.lang,
          enabled: input.enabled ? 1 : 0,
          priorities: JSON.stringify([...input.priorities].sort()),
          regionids: JSON.stringify(input.regionids),
          types: JSON.stringify(input.types),
          updated_at: now(),
          updated_by: caller.loginname,
          ...(input.secret !== undefined ? { secret: input.secret } : {}),
        };
        let id: number;
        if (input.id === undefined) {
          id = (await tx.insertInto('alarm_webhook').values(values).returning('id').executeTakeFirstOrThrow()).id;
        } else {
          const before = await mustExist(tx, input.id);
          id = before.id;
          await tx.updateTable('alarm_webhook').set(values).where('id', '=', id).execute();
        }
        await audit(tx, actor(caller), input.id === undefined ? 'webhook.create' : 'webhook.update', 'alarm_webhook', id, auditable(input));
        return { id };
      }),
    remove: (caller, input) =>
      inTransaction(db, async (tx) => {
        const before = await mustExist(tx, input.id);
        for (const level of await tx.selectFrom('alarm_escalation_level').select(['name', 'webhook_ids']).execute()) {
          if (parseIds(level.webhook_ids).includes(input.id)) {
            throw conflict('webhook.inUse', ['id'], { name: level.name });
          }
        }
        await tx.deleteFrom('alarm_webhook').where('id', '=', input.id).execute();
        await audit(tx, actor(caller), 'webhook.delete', 'alarm_webhook', input.id, { name: before.name, url: before.url });
        return { id: input.id };
      }),
    bindUsers: (caller, input) =>
      inTransaction(db, async (tx) => {
        await mustExist(tx, input.id);
        const userids = [...new Set(input.userids)].sort((a, b) => a - b);
        if (userids.length > 0) {
          const found = new Set(
            (await tx.selectFrom('users').select('userid').where('userid', 'in', userids).execute()).map((u) => u.userid),
          );
          const missing = userids.find((u) => !found.has(u));
          if (missing !== undefined) {
            throw badRequest('webhook.userNotFound', ['userids'], { id: missing });
          }
        }
        await tx
          .updateTable('alarm_webhook')
          .set({ userids: JSON.stringify(userids), updated_at: now(), updated_by: caller.loginname })
          .where('id', '=', input.id)
          .execute();
        await audit(tx, actor(caller), 'webhook.bindUsers', 'alarm_webhook', input.id, { userids });
        return { id: input.id };
      }),
    async logList(_caller, input) {
      let q = db.selectFrom('alarm_delivery');
      if (input.webhookId !== undefined) {
        q = q.where('webhook_id', '=', input.webhookId);
      }
      if (input.status) {
        q = q.where('status', '=', input.status);
      }
      const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const rows = await q
        .leftJoin('alarm_webhook', 'alarm_webhook.id', 'alarm_delivery.webhook_id')
        .selectAll('alarm_delivery')
        .select('alarm_webhook.name as webhook_name')
        .orderBy('alarm_delivery.id', 'desc')
        .limit(input.pageSize)
        .offset((input.pageIndex - 1) * input.pageSize)
        .execute();
      const tries = rows.length
        ? await db
            .selectFrom('alarm_delivery_try')
            .selectAll()
            .where(
              'delivery_id',
              'in',
              rows.map((r) => r.id),
            )
            .orderBy('at')
            .orderBy('id')
            .execute()
        : [];
      const items = rows.map((r): DeliveryItem => ({
        id: r.id,
        webhookId: r.webhook_id,
        webhookName: r.webhook_name ?? '',
        occurrenceId: r.occurrence_id,
        event: r.event === 'escalate' ? 'escalate' : 'raise',
        level: r.level,
        status: r.status as DeliveryItem['status'],
        attempts: r.attempts,
        nextAt: Number(r.next_at),
        createdAt: Number(r.created_at),
        doneAt: r.done_at === null ? null : Number(r.done_at),
        tries: tries
          .filter((x) => x.delivery_id === r.id)
          .map((x) => ({ at: Number(x.at), ok: x.ok === 1, statusCode: x.status_code, error: x.error, durationMs: x.duration_ms })),
      }));
      return { items, total };
    },
    enqueue,
    async boundScopes(webhookIds) {
      const scopes = new Map<number, UserScope>();
      if (webhookIds.length === 0) {
        return scopes;
      }
      const rows = await db.selectFrom('alarm_webhook').select('userids').where('id', 'in', webhookIds).execute();
      for (const u of new Set(rows.flatMap((r) => parseIds(r.userids)))) {
        scopes.set(u, await deps.org.getUserScope(u));
      }
      return scopes;
    },
    pump,
    async idle() {
      await heard;
      while (pumping || inFlight.size > 0) {
        await Promise.all([...inFlight]);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    async close() {
      closed = true;
      sub.unsubscribe();
      clearInterval(timer);
      await heard;
      await Promise.all([...inFlight]);
    },
  };
}
