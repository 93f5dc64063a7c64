import type { z } from 'zod';
import type { AlarmItem, alarmAcknowledge, alarmShelve, alarmUnshelve } from '../../../shared/alarms/contracts.js';
import type { AlarmRef, PlantModeItem, alarmRemoveFromService, alarmReturnToService, plantModeSet } from '../../../shared/alarms/settings-contracts.js';
import { alarmTransition, shelfExpired, type AlarmEvent, type AlarmRefusal, type AlarmState } from '../../../shared/domain/alarm-state.js';
import type { AuditAction } from '../../../shared/audit-actions.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { lockKeyInTransaction, type Tx } from '../../store/db.js';
import { transactThenPublish } from '../../stream/bus.js';
import { stateColumns } from './alarm-batch.js';
import { ALARM_WRITE_LOCK, emitChanged, refreshOccurrences, scopeOf, visible, type AlarmContext } from './alarm-context.js';
import {
  alarmKeyOf,
  commitOpen,
  conditionsOf,
  defaultAlarmPriority,
  outOfOperation,
  suppressibleTypes,
  tagAlarmOf,
  within,
  type HeldShelf,
  type OpenAlarm,
} from './alarm-memory.js';
import { alarmItemOf, settingId, type AlarmRow } from './alarm-row.js';
import {
  clearOutOfService,
  markOutOfService,
  occurrenceById,
  occurrencesByIds,
  regionExists,
  replacePlantMode,
  updateOccurrence,
} from './alarm.repository.js';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;
type Row = AlarmRow;

/**
 * The operators' actions on alarms: acknowledge, shelve and unshelve (with the
 * shelves alarms hold between occurrences), plant modes (suppression by
 * design) and out of service. Each runs on the service's queue and writes its
 * occurrences with their audit rows in one transaction, publishing only after
 * the commit.
 */
export interface AlarmOperations {
  acknowledge(caller: AuthUser, input: In<typeof alarmAcknowledge>): Promise<{ acknowledged: number[] }>;
  shelve(caller: AuthUser, input: In<typeof alarmShelve>): Promise<{ shelved: number[] }>;
  unshelve(caller: AuthUser, input: In<typeof alarmUnshelve>): Promise<{ unshelved: number[] }>;
  setPlantMode(caller: AuthUser, input: In<typeof plantModeSet>): Promise<{ item: PlantModeItem; alarms: number[] }>;
  removeFromService(caller: AuthUser, input: In<typeof alarmRemoveFromService>): Promise<{ removed: number[]; alarms: AlarmRef[] }>;
  returnToService(caller: AuthUser, input: In<typeof alarmReturnToService>): Promise<{ returned: number[]; alarms: AlarmRef[] }>;
}

export function createAlarmOperations(ctx: AlarmContext): AlarmOperations {
  const { mem, rules, now, run } = ctx;
  return {
    async acknowledge(caller, input) {
      const comment = input.comment?.trim() || null;
      const acknowledged = await run(() =>
        operate(ctx, caller, input.ids, { type: 'ack', by: caller.loginname }, 'alarm.ack', { comment }, () => ({
          acked_at: now(),
          acked_by: caller.loginname,
          ack_comment: comment,
        })),
      );
      return { acknowledged };
    },
    async shelve(caller, input) {
      if (input.reason.trim() === '') {
        throw badRequest('alarm.reasonRequired', ['reason']);
      }
      if (input.minutes * 60_000 > rules.maxShelveMs) {
        throw badRequest('alarm.shelveTooLong', ['minutes'], { hours: rules.maxShelveMs / 3_600_000 });
      }
      const until = now() + input.minutes * 60_000;
      const shelved = await run(() =>
        operate(
          ctx,
          caller,
          input.ids,
          { type: 'shelve', kind: input.kind, until, by: caller.loginname, reason: input.reason },
          'alarm.shelve',
          {
            minutes: input.minutes,
            kind: input.kind,
            reason: input.reason.trim(),
          },
        ),
      );
      return { shelved };
    },
    async unshelve(caller, input) {
      const scope = await scopeOf(ctx, caller);
      const unshelved = await run(async () => {
        // An id may name the closed occurrence that carries a shelf its alarm still holds (the shelving ledger lists it).
        const heldKeyOf = new Map([...mem.held].map(([key, h]) => [h.item.id, key]));
        const keys: string[] = [];
        for (const id of input.ids) {
          const key = heldKeyOf.get(id);
          if (key !== undefined) {
            if (!visible(scope, mem.held.get(key)!.item.regionid)) {
              throw notFound('alarm.notFound', { id });
            }
            keys.push(key);
          }
        }
        const openIds = input.ids.filter((id) => !heldKeyOf.has(id));
        const done = openIds.length > 0 ? await operate(ctx, caller, openIds, { type: 'unshelve', by: caller.loginname, auto: false }, 'alarm.unshelve', {}) : [];
        return [...done, ...(await endHeldShelves(ctx, caller, keys))];
      });
      return { unshelved };
    },
    async setPlantMode(caller, input) {
      if (!visible(await scopeOf(ctx, caller), input.regionid)) {
        throw forbidden('common.outsideScope');
      }
      if (!(await regionExists(ctx.db, input.regionid))) {
        throw notFound('org.regionNotFound', { id: input.regionid });
      }
      return run(async () => {
        const t = now();
        const item: PlantModeItem = {
          regionid: input.regionid,
          mode: input.mode,
          reason: input.reason,
          updatedAt: t,
          updatedBy: caller.loginname,
        };
        const stop = input.mode === 'stop';
        // The region and its sub-regions; back in operation, an alarm stays suppressed while another region above it is still out of operation.
        const ids = [...mem.open.values()]
          .filter((o) => {
            const r = o.item.regionid;
            if (r === null || !within(mem, r, input.regionid) || !suppressibleTypes.includes(o.item.type)) {
              return false;
            }
            return stop
              ? o.fsm.state !== 'suppressed' && o.fsm.state !== 'outOfService'
              : o.fsm.state === 'suppressed' && !outOfOperation(mem, r, input.regionid);
          })
          .map((o) => o.item.id);
        const alarms = await operate(
          ctx,
          caller,
          ids,
          { type: stop ? 'suppress' : 'unsuppress' },
          stop ? 'alarm.suppress' : 'alarm.unsuppress',
          { regionid: input.regionid, reason: input.reason },
          undefined,
          async (tx) => {
            await replacePlantMode(tx, { regionid: input.regionid, mode: input.mode, reason: input.reason, updated_at: t, updated_by: caller.loginname });
            await audit(tx, { userid: caller.userid, loginname: caller.loginname }, 'alarm.plantMode', 'region', input.regionid, {
              mode: input.mode,
              reason: input.reason,
            });
          },
        );
        if (stop) {
          mem.stopped.set(input.regionid, item);
        } else {
          mem.stopped.delete(input.regionid);
        }
        return { item, alarms };
      });
    },
    async removeFromService(caller, input) {
      const reason = input.reason.trim();
      if (reason === '') {
        throw badRequest('alarm.reasonRequired', ['reason']);
      }
      const r = await run(() => setService(ctx, caller, input, { type: 'removeFromService', by: caller.loginname, reason }));
      return { removed: r.occurrences, alarms: r.alarms };
    },
    async returnToService(caller, input) {
      const r = await run(() => setService(ctx, caller, input, { type: 'returnToService', by: caller.loginname }));
      return { returned: r.occurrences, alarms: r.alarms };
    },
  };
}

/**
 * Expired shelves: an alarm still active comes back unacknowledged (ISA-18.2 §11.7.3), and a shelf an alarm holds
 * with no occurrence open ends too, so the next activation is annunciated. Queued; runs on the engine's shelf timer.
 */
export function expireShelves(ctx: AlarmContext): void {
  const { mem, log, run } = ctx;
  const t = ctx.now();
  const expired = [...mem.open.values()].filter((o) => shelfExpired(o.fsm, t));
  if (expired.length > 0) {
    void run(() =>
      operate(
        ctx,
        null,
        expired.map((o) => o.item.id),
        { type: 'unshelve', by: 'system', auto: true },
        'alarm.unshelveExpired',
        {},
      ),
    ).catch((err: unknown) => log.error({ err }, 'alarms: ending expired shelves failed'));
  }
  const heldExpired = [...mem.held].filter(([, h]) => shelfExpired(h.fsm, t)).map(([key]) => key);
  if (heldExpired.length > 0) {
    void run(() => endHeldShelves(ctx, null, heldExpired)).catch((err: unknown) => log.error({ err }, 'alarms: ending expired shelves failed'));
  }
}

/** Writes an occurrence's new state (and closes it when the state machine is back to normal). */
async function updateRow(ctx: AlarmContext, tx: Tx, cur: OpenAlarm, fsm: AlarmState, patch: Partial<Row>): Promise<AlarmItem> {
  return alarmItemOf(await updateOccurrence(tx, cur.item.id, stateColumns(fsm, ctx.now(), patch)));
}

/**
 * Applies an operator's event to each named open occurrence, in one
 * transaction with an audit row each. Occurrences the event does not apply
 * to (acknowledged meanwhile by someone else) are skipped; when none applies
 * the refusal of the first is the answer.
 */
async function operate(
  ctx: AlarmContext,
  caller: AuthUser | null,
  ids: number[],
  event: AlarmEvent,
  action: AuditAction,
  detail: Record<string, unknown>,
  patchOf?: (cur: OpenAlarm) => Partial<Row>,
  /** More to write in the same transaction (the plant mode that suppresses the alarms). */
  alsoIn?: (tx: Tx) => Promise<void>,
): Promise<number[]> {
  const { mem } = ctx;
  const byId = new Map([...mem.open.values()].map((o) => [o.item.id, o]));
  const targets: OpenAlarm[] = [];
  const scope = caller ? await scopeOf(ctx, caller) : null;
  for (const id of ids) {
    const o = byId.get(id);
    if (!o || (scope && !visible(scope, o.item.regionid))) {
      throw notFound('alarm.notFound', { id });
    }
    targets.push(o);
  }
  const t = ctx.now();
  let firstRefusal: AlarmRefusal | null = null;
  const done: number[] = [];
  const after = new Map<string, OpenAlarm | null>();
  /** Occurrences another server changed since this one read them: read again after the transaction, whatever its end. */
  const changedElsewhere: number[] = [];
  let committed = false;
  try {
    await transactThenPublish(ctx.db, ctx.bus, async (tx, emit) => {
      if (ctx.shared && targets.length > 0) {
        // Acting on what is stored, not on what this server last heard: another server may have changed it.
        await lockKeyInTransaction(tx, ALARM_WRITE_LOCK);
        const stored = new Map(
          (await occurrencesByIds(
            tx,
            targets.map((o) => o.item.id),
          )).map((r) => [r.id, r]),
        );
        targets.forEach((o, i) => {
          const r = stored.get(o.item.id);
          if (r?.fsm === JSON.stringify(o.fsm) && Number(r.updated_at) === o.item.updatedAt) {
            return;
          }
          changedElsewhere.push(o.item.id);
          if (!r || r.closed_at !== null) {
            throw notFound('alarm.notFound', { id: o.item.id });
          }
          targets[i] = { item: alarmItemOf(r), fsm: JSON.parse(r.fsm) as AlarmState };
        });
      }
      await alsoIn?.(tx);
      const items: AlarmItem[] = [];
      const actor = caller ? { userid: caller.userid, loginname: caller.loginname } : { userid: null, loginname: 'system' };
      for (const o of targets) {
        const tr = alarmTransition(o.fsm, event, t, ctx.rules);
        if (!tr.ok) {
          firstRefusal ??= tr.refusal;
          continue;
        }
        // A step that acknowledges (a manual unshelve, ISA-18.2 §11.7.3) records who, like an acknowledgement.
        const acks = tr.acknowledges && action !== 'alarm.ack';
        // The activation's peak so far, which a held-back peak write (PEAK_PUBLISH_MS) may not have stored yet.
        const peak = o.fsm.active ? mem.peaks.get(o.item.alarmKey) : undefined;
        const patch = { ...(acks ? { acked_at: t, acked_by: actor.loginname } : {}), ...(peak !== undefined ? { peak } : {}), ...patchOf?.(o) };
        const item = await updateRow(ctx, tx, o, tr.next, patch);
        after.set(o.item.alarmKey, item.closedAt === null ? { item, fsm: tr.next } : null);
        items.push(item);
        done.push(o.item.id);
        const what = { alarm: o.item.alarmKey, source: o.item.sourceName, from: o.fsm.state, to: tr.next.state };
        await audit(tx, actor, action, 'alarm', o.item.id, { ...what, ...detail });
        if (acks) {
          await audit(tx, actor, 'alarm.ack', 'alarm', o.item.id, { ...what, comment: null, with: action });
        }
      }
      emitChanged(emit, items);
    });
    committed = true;
  } finally {
    if (changedElsewhere.length > 0) {
      await refreshOccurrences(
        ctx,
        changedElsewhere.filter((id) => !committed || !done.includes(id)),
      );
    }
  }
  commitOpen(mem, after);
  if (done.length === 0 && firstRefusal) {
    throw badRequest(firstRefusal, ['ids']);
  }
  return done;
}

/**
 * Ends shelves that alarms hold with no occurrence open (runs on the queue):
 * by hand (`caller`), the closed occurrence carrying the shelf records its
 * end and is published; at expiry (`caller` null) only the audit row is
 * written. Either way the alarm's next activation is annunciated. Answers
 * the occurrence ids.
 */
async function endHeldShelves(ctx: AlarmContext, caller: AuthUser | null, keys: string[]): Promise<number[]> {
  const { held } = ctx.mem;
  const t = ctx.now();
  const ended = keys.map((key) => [key, held.get(key)] as const).filter((e): e is readonly [string, HeldShelf] => e[1] !== undefined);
  if (ended.length === 0) {
    return [];
  }
  const actor = caller ? { userid: caller.userid, loginname: caller.loginname } : { userid: null, loginname: 'system' };
  await transactThenPublish(ctx.db, ctx.bus, async (tx, emit) => {
    const items: AlarmItem[] = [];
    for (const [, h] of ended) {
      if (caller && h.fsm.shelf) {
        const row = await occurrenceById(tx, h.item.id);
        if (row) {
          // The closed occurrence keeps state shelved; its shelf now ends here.
          const fsm = JSON.parse(row.fsm) as AlarmState;
          const shelf = fsm.shelf ? { ...fsm.shelf, until: t } : null;
          items.push(alarmItemOf(await updateOccurrence(tx, h.item.id, { shelved_until: t, fsm: JSON.stringify({ ...fsm, shelf }), updated_at: t })));
        }
      }
      await audit(tx, actor, caller ? 'alarm.unshelve' : 'alarm.unshelveExpired', 'alarm', h.item.id, {
        alarm: h.item.alarmKey,
        source: h.item.sourceName,
        from: 'shelved',
        to: 'normal',
      });
    }
    emitChanged(emit, items);
  });
  for (const [key] of ended) {
    held.delete(key);
  }
  return ended.map(([, h]) => h.item.id);
}

/**
 * Removes alarms from service or returns them (runs on the queue). A tag's
 * alarm is marked on its setting row; the named and the alarms' open
 * occurrences go through the state machine; all in one transaction with
 * the audit rows, and the engine's map of alarms out of service follows
 * after the commit.
 */
async function setService(
  ctx: AlarmContext,
  caller: AuthUser,
  input: { ids?: number[]; alarms?: AlarmRef[] },
  event: Extract<AlarmEvent, { type: 'removeFromService' | 'returnToService' }>,
): Promise<{ occurrences: number[]; alarms: AlarmRef[] }> {
  const { mem } = ctx;
  const remove = event.type === 'removeFromService';
  if (!input.ids?.length && !input.alarms?.length) {
    throw badRequest('validation.required', ['ids']);
  }
  const scope = await scopeOf(ctx, caller);
  const byId = new Map([...mem.open.values()].map((o) => [o.item.id, o]));
  /** The tags' alarms concerned, by alarm key. */
  const alarmsOf = new Map<string, AlarmRef>();
  for (const a of input.alarms ?? []) {
    const tag = ctx.tags.get(a.tagId);
    if (!tag || !visible(scope, tag.regionid) || !conditionsOf(tag, () => undefined).some((c) => c.type === a.type)) {
      throw notFound('alarm.settingNotFound', { tagId: a.tagId, type: a.type });
    }
    alarmsOf.set(alarmKeyOf(a.tagId, a.type), { tagId: a.tagId, type: a.type });
  }
  const ids = new Set<number>();
  for (const id of input.ids ?? []) {
    const o = byId.get(id);
    if (!o || !visible(scope, o.item.regionid)) {
      throw notFound('alarm.notFound', { id });
    }
    ids.add(id);
    const ref = tagAlarmOf(o.item.alarmKey);
    if (ref) {
      alarmsOf.set(o.item.alarmKey, ref);
    }
  }
  const t = ctx.now();
  const marks = [...alarmsOf].filter(([key]) => mem.oos.has(key) !== remove);
  for (const key of alarmsOf.keys()) {
    const o = mem.open.get(key);
    if (o) {
      ids.add(o.item.id);
    }
  }
  const applicable = [...ids].filter((id) => alarmTransition(byId.get(id)!.fsm, event, t, ctx.rules).ok);
  if (marks.length === 0 && applicable.length === 0) {
    throw badRequest(remove ? 'alarm.alreadyOutOfService' : 'alarm.notOutOfService', [input.ids?.length ? 'ids' : 'alarms']);
  }
  const who = { userid: caller.userid, loginname: caller.loginname };
  const reason = event.type === 'removeFromService' ? event.reason : null;
  const occurrences = await operate(
    ctx,
    caller,
    applicable,
    event,
    event.type === 'removeFromService' ? 'alarm.removeFromService' : 'alarm.returnToService',
    reason === null ? {} : { reason },
    undefined,
    async (tx) => {
      for (const [, a] of marks) {
        if (remove) {
          await markOutOfService(
            tx,
            { tagId: a.tagId, type: a.type, priority: defaultAlarmPriority[a.type] ?? 3 },
            { oos_since: t, oos_by: caller.loginname, oos_reason: reason, updated_at: t },
          );
        } else {
          await clearOutOfService(tx, a);
        }
        // In the alarm's setting history too: who, when, why.
        await audit(
          tx,
          who,
          event.type === 'removeFromService' ? 'alarm.removeFromService' : 'alarm.returnToService',
          'alarmSetting',
          settingId(a.tagId, a.type),
          {
            reason: reason ?? '',
            changes: [{ field: 'outOfService', from: !remove, to: remove }],
          },
        );
      }
    },
  );
  for (const [key] of marks) {
    if (remove) {
      mem.oos.set(key, { since: t, by: caller.loginname, reason: reason ?? '' });
    } else {
      mem.oos.delete(key);
    }
  }
  return { occurrences, alarms: marks.map(([, a]) => a) };
}
