import type { AlarmPriority, AlarmType } from '../../../shared/alarms/contracts.js';
import { alarmTransition, initialAlarmState, stateBetweenOccurrences, type AlarmState } from '../../../shared/domain/alarm-state.js';
import type { AuditAction } from '../../../shared/audit-actions.js';
import type { AuthUser } from '../../http/app.js';
import { audit } from '../../store/audit.js';
import { lockKeyInTransaction, type Tx } from '../../store/db.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { transactThenPublish } from '../../stream/bus.js';
import { ALARM_WRITE_LOCK, emitChanged, refreshOccurrences, type AlarmContext } from './alarm-context.js';
import { commitOpen, defaultAlarmPriority, isOverlay, restoreOpen, suppressedByDesign, type OpenAlarm } from './alarm-memory.js';
import { alarmItemWith, alarmRowOf, type AlarmRow } from './alarm-row.js';
import { insertOccurrences, occurrenceVersions, openOccurrencesOf, sourceNames, updateOccurrences, type SourceName } from './alarm.repository.js';

type Row = AlarmRow;

/**
 * A new peak of an alarm is written and published at most this often; a
 * state change carries the peak at once. A value ramping past its limit would
 * otherwise write every sample: bench:alarm-engine's walk (5,000 tags crossing
 * their limits together) stored 2.8 times the changes it stores without peak
 * updates, and 2.3 times with this limit (2026-11-25).
 */
const PEAK_PUBLISH_MS = 1000;

/** A condition change the engine found (or another module raised), waiting for its transaction. */
export interface ConditionChange {
  key: string;
  /** Tag id, or the raising module's source. */
  tagId: string;
  type: AlarmType;
  change: 'activate' | 'clear';
  value: number | null;
  t: number;
  limit: number | null;
  regionid: number | null;
  /**
   * Furthest value beyond the limit of the occurrence this change concerns:
   * at an activation its value, at a return the peak since the activation
   * (null when it has none: a comm or discrete alarm, a raised one without value).
   */
  peak: number | null;
  /** Raised by another module: its names, priority, unit and detail (a tag alarm's are looked up). */
  raised?: { name: SourceName; priority: AlarmPriority; detail: Record<string, unknown> | null };
}

/** An occurrence the engine changes in one batch: its row as it will be stored. */
interface Work {
  row: Row;
  fsm: AlarmState;
  /** Stored id; null for an occurrence this batch opens (known after its insert). */
  id: number | null;
  /** Already in the batch's list of rows to write. */
  written: boolean;
  /** What this server last read of a stored occurrence (state machine, updated_at): another server's write since makes the batch stale. */
  base: { fsm: string; updatedAt: number } | null;
}

/** An occurrence changed in the store since this server read it (another server wrote it); the batch is made again. */
class StaleOccurrences extends Error {
  constructor(readonly ids: number[]) {
    super(`alarm occurrences changed by another server: ${ids.join(', ')}`);
  }
}

/**
 * Applies a batch of activations and returns. Each step goes through the
 * state machine in memory first; then the whole batch is written in ONE
 * transaction (one statement updates the occurrences it changes, one
 * inserts those it opens: the rows as one JSON parameter, jsonRows), and
 * only after the commit is it published and taken as the engine's state.
 * Two statements per batch instead of one per change is what keeps a flood
 * off the main thread. `peakKeys`: alarms whose open occurrence has a new
 * peak to write and publish. Runs on the queue.
 */
export async function applyConditionChanges(
  ctx: AlarmContext,
  batch: ConditionChange[],
  by?: { user: AuthUser; action: AuditAction },
  adopted = false,
  peakKeys: ReadonlySet<string> = new Set(),
  allPeaks = false,
): Promise<void> {
  const { db, bus, mem, rules } = ctx;
  const { open, held, peaks } = mem;
  const names = await sourceNames(db, [...new Set(batch.filter((c) => !c.raised && c.change === 'activate').map((c) => c.tagId))]);
  const t = ctx.now();
  /** The open occurrence per key after the batch's steps so far (null: none). */
  const current = new Map<string, Work | null>();
  /** Occurrences to write, each once with its final values. */
  const touched: Work[] = [];
  /** Each step's row, in order: what the topic carries (an occurrence opened and closed in one batch shows both). */
  const steps: { w: Work; row: Row; fsm: AlarmState }[] = [];
  const step = (w: Work) => {
    if (!w.written) {
      w.written = true;
      touched.push(w);
    }
    steps.push({ w, row: { ...w.row }, fsm: w.fsm });
  };
  /** Per alarm whose occurrence this batch closes: the closed occurrence and the state the alarm keeps (a timed shelf it holds). */
  const between = new Map<string, { w: Work; fsm: AlarmState }>();
  for (const c of batch) {
    const known = current.get(c.key);
    let cur = known !== undefined ? known : workOf(open.get(c.key));
    const fsm = cur?.fsm ?? standingState(ctx, c, between.get(c.key)?.fsm, t);
    const tr = alarmTransition(fsm, { type: c.change }, c.t, rules);
    if (!tr.ok) {
      continue;
    }
    if (cur && tr.closesOccurrence) {
      // Returned (and acknowledged) or superseded by a new activation: the occurrence ends. Superseded under an
      // overlay (shelved, suppressed, out of service), it keeps that state in the history; its peak was written at its return.
      const closedFsm = tr.opensOccurrence ? { ...fsm, state: isOverlay(fsm.state) ? fsm.state : ('normal' as const), active: false, acked: true } : tr.next;
      setState(cur, closedFsm, t, { closed_at: c.t, returned_at: cur.row.returned_at ?? c.t, peak: tr.opensOccurrence ? cur.row.peak : (c.peak ?? cur.row.peak) });
      step(cur);
      between.set(c.key, { w: cur, fsm: stateBetweenOccurrences(closedFsm, t) });
      cur = null;
    }
    if (tr.opensOccurrence) {
      const w = opened(ctx, c, tr.next, names, t);
      step(w);
      current.set(c.key, w);
      continue;
    }
    if (cur) {
      setState(cur, tr.next, t, c.change === 'clear' ? { returned_at: c.t, peak: c.peak ?? cur.row.peak } : {});
      step(cur);
    }
    current.set(c.key, cur && cur.row.closed_at === null ? cur : null);
  }
  // New peaks of open occurrences still active: written and published with the batch.
  for (const key of peakKeys) {
    const known = current.get(key);
    const w = known !== undefined ? known : workOf(open.get(key));
    const peak = peaks.get(key);
    if (!w || peak === undefined || !w.fsm.active || w.row.peak === peak) {
      continue;
    }
    if (!allPeaks && t - (mem.peakWrittenAt.get(key) ?? -Infinity) < PEAK_PUBLISH_MS) {
      mem.dirtyPeaks.add(key); // held back: written by a later batch (the delay tick flushes it)
      continue;
    }
    mem.peakWrittenAt.set(key, t);
    w.row.peak = peak;
    w.row.updated_at = t;
    step(w);
    current.set(key, w);
  }
  if (steps.length === 0) {
    return;
  }
  try {
    await transactThenPublish(db, bus, async (tx, emit) => {
      if (ctx.shared) {
        await lockKeyInTransaction(tx, ALARM_WRITE_LOCK);
        await checkUnchanged(tx, touched);
      }
      // Updates first: an occurrence this batch closes must be closed before its successor is inserted (one open occurrence per alarm).
      await updateOccurrences(
        tx,
        touched.filter((w) => w.id !== null).map((w) => w.row),
      );
      const inserts = touched.filter((w) => w.id === null);
      const ids = await insertOccurrences(
        tx,
        inserts.map((w) => w.row),
      );
      for (const [i, w] of inserts.entries()) {
        w.row.id = ids[i];
      }
      const items = steps.map((s) => alarmItemWith({ ...s.row, id: s.w.row.id }, s.fsm));
      if (by) {
        for (const item of items) {
          await audit(tx, { userid: by.user.userid, loginname: by.user.loginname }, by.action, 'alarm', item.id, {
            alarm: item.alarmKey,
            source: item.sourceName,
            to: item.state,
          });
        }
      }
      emitChanged(emit, items);
    });
  } catch (err) {
    // Another server on the same store opened one of these alarms first (the unique index keeps one open
    // occurrence per alarm): take its occurrence as ours, then apply the batch again against it.
    if (!adopted && err instanceof StaleOccurrences) {
      // Another server (an operator on a standby) changed one of them since: read them again, then apply the batch to what is stored.
      await refreshOccurrences(ctx, err.ids);
      return applyConditionChanges(ctx, batch, by, true, peakKeys, allPeaks);
    }
    if (!adopted && isUniqueViolation(err)) {
      const keys = [...new Set(touched.filter((w) => w.id === null).map((w) => w.row.alarm_key))];
      for (const r of await openOccurrencesOf(db, keys)) {
        restoreOpen(mem, r);
        held.delete(r.alarm_key);
      }
      return applyConditionChanges(ctx, batch, by, true, peakKeys, allPeaks);
    }
    throw err;
  }
  const after = new Map<string, OpenAlarm | null>();
  for (const [key, w] of current) {
    after.set(key, w && { item: alarmItemWith(w.row, w.fsm), fsm: w.fsm });
    const closed = w ? undefined : between.get(key);
    if (closed?.fsm.state === 'shelved') {
      held.set(key, { fsm: closed.fsm, item: alarmItemWith(closed.w.row, closed.w.fsm) });
    } else {
      held.delete(key);
    }
  }
  commitOpen(mem, after);
}

/**
 * The state of an alarm that has no open occurrence, which its next
 * activation starts from: a timed shelf it holds (`closedNow`: the state an
 * occurrence closed in this batch left), then out of service (kept on the
 * alarm) or suppression by design (its unit is out of operation). An
 * activation under one of them opens under it, never shown (openedIn).
 */
function standingState(ctx: AlarmContext, c: ConditionChange, closedNow: AlarmState | undefined, t: number): AlarmState {
  let fsm = stateBetweenOccurrences(closedNow ?? ctx.mem.held.get(c.key)?.fsm ?? initialAlarmState, t);
  const out = ctx.mem.oos.get(c.key);
  if (out) {
    // Out of service wins over a shelf and over suppression.
    const tr = alarmTransition(fsm, { type: 'removeFromService', by: out.by, reason: out.reason }, out.since, ctx.rules);
    fsm = tr.ok ? tr.next : fsm;
  } else if (suppressedByDesign(ctx.mem, c.type, c.regionid)) {
    const tr = alarmTransition(fsm, { type: 'suppress' }, c.t, ctx.rules);
    fsm = tr.ok ? tr.next : fsm;
  }
  return fsm;
}

/** Throws StaleOccurrences when a stored occurrence the batch changes is no longer as this server read it. */
async function checkUnchanged(tx: Tx, ws: Work[]) {
  const read = ws.filter((w) => w.base !== null && w.id !== null);
  if (read.length === 0) {
    return;
  }
  const stored = new Map((await occurrenceVersions(tx, read.map((w) => w.id!))).map((r) => [r.id, r]));
  const stale = read.filter((w) => {
    const r = stored.get(w.id!);
    return !r || r.fsm !== w.base!.fsm || Number(r.updated_at) !== w.base!.updatedAt;
  });
  if (stale.length > 0) {
    throw new StaleOccurrences(stale.map((w) => w.id!));
  }
}

/** A copy of an open occurrence to change in a batch (the engine's state changes only after the commit). */
function workOf(o: OpenAlarm | undefined): Work | null {
  if (!o) {
    return null;
  }
  const row = alarmRowOf(o.item, o.fsm);
  return { row, fsm: o.fsm, id: o.item.id, written: false, base: { fsm: row.fsm, updatedAt: row.updated_at } };
}

/** The columns of an occurrence in a state, plus the patch; back to normal closes the occurrence. */
export function stateColumns(fsm: AlarmState, t: number, patch: Partial<Row>): Partial<Row> {
  const values: Partial<Row> = {
    state: fsm.state,
    fsm: JSON.stringify(fsm),
    shelved_until: fsm.shelf?.until ?? null,
    shelved_by: fsm.shelf?.by ?? null,
    shelve_reason: fsm.shelf?.reason ?? null,
    updated_at: t,
    ...patch,
  };
  if (fsm.state === 'normal' && values.closed_at === undefined) {
    values.closed_at = t;
  }
  return values;
}

/** A batch's occurrence takes a new state (stateColumns). */
function setState(w: Work, fsm: AlarmState, t: number, patch: Partial<Row>) {
  w.fsm = fsm;
  Object.assign(w.row, stateColumns(fsm, t, patch));
}

/**
 * A new occurrence of a change that activates, in the state its activation
 * opened (standingState has put it under the alarm's overlays; one that
 * superseded an occurrence is put out of service or suppressed here should
 * the alarm be so now).
 */
function opened(ctx: AlarmContext, c: ConditionChange, fsmNew: AlarmState, names: Map<string, SourceName>, t: number): Work {
  let fsm = fsmNew;
  const out = ctx.mem.oos.get(c.key);
  if (out && fsm.state !== 'outOfService') {
    const tr = alarmTransition(fsm, { type: 'removeFromService', by: out.by, reason: out.reason }, out.since, ctx.rules);
    fsm = tr.ok ? tr.next : fsm;
  } else if (!out && !isOverlay(fsm.state) && suppressedByDesign(ctx.mem, c.type, c.regionid)) {
    const sup = alarmTransition(fsm, { type: 'suppress' }, c.t, ctx.rules);
    fsm = sup.ok ? sup.next : fsm;
  }
  const name = c.raised?.name ?? names.get(c.tagId);
  const row: Row = {
    id: 0,
    alarm_key: c.key,
    source: c.tagId,
    source_name: name?.name ?? c.tagId,
    source_name_en: name?.name_en ?? '',
    unit: name?.unit ?? '',
    type: c.type,
    priority: c.raised?.priority ?? ctx.mem.settings.get(c.key)?.priority ?? defaultAlarmPriority[c.type] ?? 3,
    detail: c.raised?.detail ? JSON.stringify(c.raised.detail) : null,
    state: fsm.state,
    fsm: JSON.stringify(fsm),
    limit_value: c.limit,
    value: c.value,
    peak: c.peak ?? c.value,
    activated_at: c.t,
    acked_at: null,
    acked_by: null,
    ack_comment: null,
    returned_at: null,
    closed_at: null,
    // Opened under a shelf the alarm holds: the same shelf (who, why, until when).
    shelved_until: fsm.shelf?.until ?? null,
    shelved_by: fsm.shelf?.by ?? null,
    shelve_reason: fsm.shelf?.reason ?? null,
    regionid: c.regionid,
    updated_at: t,
  };
  return { row, fsm, id: null, written: false, base: null };
}
