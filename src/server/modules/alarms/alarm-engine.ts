import { NEVER, type Subscription } from 'rxjs';
import type { z } from 'zod';
import { raisedAlarm as raisedAlarmSchema, type AlarmPriority, type AlarmType } from '../../../shared/alarms/contracts.js';
import { evaluateCondition, initialCondition } from '../../../shared/domain/alarm-condition.js';
import type { AuthUser } from '../../http/app.js';
import { forbidden } from '../../http/errors.js';
import type { TagMeta } from '../../stream/tag-registry.js';
import { applyConditionChanges, type ConditionChange } from './alarm-batch.js';
import { loadPlantModes, loadSettings, refreshOccurrences, resyncAll, scopeOf, visible, type AlarmContext } from './alarm-context.js';
import { alarmKeyOf, conditionsOf, slotOf, slotOfKey, tagStateOf, type AlarmEngineSetting, type TagCondition, type TagState } from './alarm-memory.js';
import { expireShelves } from './alarm-operations.js';

export type RaisedAlarm = z.input<typeof raisedAlarmSchema>;

const SHELF_CHECK_MS = 1000;
const COMM_CHECK_MS = 5000;
const DELAY_CHECK_MS = 250;
export const DEFAULT_COMM_TIMEOUT_MS = 60_000;
/** How long the engine gathers changes of several ingest batches before writing them in one transaction. */
const WRITE_WINDOW_MS = 20;

/**
 * The alarm engine (issue 9, DOMAIN.md §3): it rides the ingest pipeline,
 * evaluating every good-quality sample of a tag against the tag's limits
 * (alarm-condition.ts, with deadband), and each activation or return goes
 * through the ISA-18.2 state machine (alarm-batch.ts), written in a
 * transaction and only then published. Alarms other modules raise and clear,
 * and setting changes, take the same way.
 */
export interface AlarmEngine {
  raise(a: RaisedAlarm, by?: AuthUser): Promise<void>;
  clear(key: string, t?: number, by?: AuthUser): Promise<void>;
  settingChanged(tagId: string, type: AlarmType, setting: AlarmEngineSetting): Promise<void>;
  checkLinks(at?: number): Promise<void>;
  checkDelays(at?: number): Promise<void>;
  /** Writes every change found, held-back peaks too, and waits until the queue has run. */
  idle(): Promise<void>;
  /** Stops listening to samples and other servers and the timers; then idle. */
  close(): Promise<void>;
}

export function startAlarmEngine(
  ctx: AlarmContext,
  opts: {
    /** Whether this server runs the engine: evaluates samples and runs the delay, link and shelf timers (AlarmServiceDeps.engine). */
    engine: boolean;
    commTimeoutMs: number;
    standbyResyncMs: number;
  },
): AlarmEngine {
  const { mem, bus, log, now, run } = ctx;
  const { engine, commTimeoutMs } = opts;
  /** Tags that are sending (TagState.sending), in the order they began: checked for silence. */
  const sending = new Set<TagState>();
  /** Tags with an on- or off-delay running (TagState.delayed), in the order the delay began: evaluated at every delay tick. */
  const delayed = new Set<TagState>();

  let pending: ConditionChange[] = [];
  /** Set while changes wait for the write window (WRITE_WINDOW_MS) to end. */
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  const scheduleFlush = () => {
    if (flushTimer === null) {
      flushTimer = setTimeout(() => {
        flushTimer = null;
        void flush();
      }, WRITE_WINDOW_MS);
      flushTimer.unref();
    }
  };

  /** Writes the pending changes; `allPeaks`: also the new peaks held back by PEAK_PUBLISH_MS (idle, close). */
  const flush = (allPeaks = false) =>
    run(async () => {
      const batch = pending;
      pending = [];
      const peakKeys = mem.dirtyPeaks;
      mem.dirtyPeaks = new Set();
      if (batch.length === 0 && peakKeys.size === 0) {
        return;
      }
      try {
        await applyConditionChanges(ctx, batch, undefined, false, peakKeys, allPeaks);
      } catch (err) {
        for (const key of peakKeys) {
          mem.dirtyPeaks.add(key); // written with the next batch
        }
        // Nothing was stored: forget the conditions, so the next sample finds the change again.
        for (const c of batch) {
          const slot = slotOfKey(mem, c.key);
          if (slot) {
            slot.state = initialCondition;
          }
          if (c.type === 'comm' && c.change === 'activate') {
            const s = mem.tagStates.get(c.tagId);
            if (s) {
              s.commActive = false; // raised again at the next check
            }
          }
        }
        log.error({ err, changes: batch.length }, 'alarms: storing alarm changes failed; they are raised again by the next samples');
      }
    });

  /** A tag's conditions, built again only when its tag object or the settings version changed; each keeps its slot's state. */
  const conditionsFor = (s: TagState, tag: TagMeta): TagCondition[] => {
    if (s.builtFrom !== tag || s.version !== mem.settingsVersion) {
      // Named fields, not a spread of `c` (see conditionsOf).
      s.conditions = conditionsOf(tag, (k) => mem.settings.get(k)).map((c) => ({
        key: c.key,
        type: c.type,
        cfg: c.cfg,
        slot: slotOf(s, c.type),
      }));
      s.builtFrom = tag;
      s.version = mem.settingsVersion;
    }
    return s.conditions;
  };

  /** Evaluates a tag's conditions at a value; a change goes to `pending`, a delay still running marks the tag for the tick. */
  function evaluateTag(s: TagState, tag: TagMeta, v: number, t: number) {
    const { peaks } = mem;
    let waiting = false;
    for (const { key, type, cfg, slot } of conditionsFor(s, tag)) {
      const r = evaluateCondition(cfg, slot.state, v, t);
      slot.state = r.state;
      waiting ||= r.state.pendingSince !== null;
      if (r.change === 'activate') {
        peaks.set(key, v);
      } else if (r.state.active && cfg.kind !== 'discrete') {
        // The most extreme value since the activation, in the direction of the limit.
        const peak = peaks.get(key);
        if (peak === undefined || (cfg.kind === 'low' ? v < peak : v > peak)) {
          peaks.set(key, v);
          mem.dirtyPeaks.add(key);
        }
      }
      if (r.change) {
        pending.push({
          key,
          tagId: tag.id,
          type,
          change: r.change,
          value: v,
          t,
          limit: cfg.kind === 'discrete' ? null : cfg.limit,
          regionid: tag.regionid,
          peak: peaks.get(key) ?? null,
        });
      }
    }
    if (waiting !== s.delayed) {
      s.delayed = waiting;
      if (waiting) {
        delayed.add(s);
      } else {
        delayed.delete(s);
      }
    }
  }

  /**
   * On- and off-delays elapse without new samples (ISA-18.2 §10.4): a source
   * that reports by exception holds its value, so each tick evaluates the
   * held value of every tag with a delay running, at the source's time now
   * (its last sample time plus the server time since it arrived, so a skewed
   * source clock neither shortens nor lengthens the delay). A tag whose link
   * is lost (comm alarm) or whose last sample was bad holds nothing.
   */
  function checkDelays(at: number): Promise<void> {
    for (const s of delayed) {
      const tag = ctx.tags.get(s.id);
      if (!tag || !s.holds || !s.sending || s.commActive) {
        s.delayed = false;
        delayed.delete(s);
        continue;
      }
      evaluateTag(s, tag, s.held, s.lastT + Math.max(0, at - s.seenAt));
    }
    if (pending.length > 0 || mem.dirtyPeaks.size > 0) {
      return flush();
    }
    return Promise.resolve();
  }
  // The engine's timers and samples run on the server that owns the engine only (`engine`).
  const every = (ms: number, fn: () => void) => {
    if (!engine) {
      return null;
    }
    const timer = setInterval(fn, ms);
    timer.unref();
    return timer;
  };
  const delayTimer = every(DELAY_CHECK_MS, () => {
    checkDelays(now()).catch((err: unknown) => log.error({ err }, 'alarms: checking delays failed'));
  });

  const samples$ = engine ? bus.samples$ : NEVER;
  const sampleSub: Subscription = samples$.subscribe((b) => {
    const seenAt = now();
    for (let i = 0; i < b.n; i++) {
      const id = b.tag[i];
      const s = tagStateOf(mem, id);
      if (!s.sending) {
        s.sending = true;
        sending.add(s);
      }
      s.seenAt = seenAt;
      if (s.commActive) {
        // The source sends again: its communication alarm returns.
        s.commActive = false;
        const key = alarmKeyOf(id, 'comm');
        const cur = mem.open.get(key);
        if (cur) {
          pending.push({ key, tagId: id, type: 'comm', change: 'clear', value: null, t: seenAt, limit: null, regionid: cur.item.regionid, peak: null });
        }
      }
      if (b.q[i] !== 0) {
        s.holds = false; // nor does a value held since: a delay waits for the next good sample
        continue; // Bad or uncertain quality never raises or clears a limit alarm.
      }
      const tag = ctx.tags.get(id);
      if (!tag) {
        continue;
      }
      const v = b.v[i];
      const t = b.t[i];
      if (t < s.lastT) {
        continue;
      }
      s.lastT = t;
      s.holds = true;
      s.held = v;
      evaluateTag(s, tag, v, t);
    }
    if (pending.length > 0 || mem.dirtyPeaks.size > 0) {
      scheduleFlush();
    }
  });

  // Expired shelves: an alarm still active comes back unacknowledged (ISA-18.2 §11.7.3).
  const shelfTimer = every(SHELF_CHECK_MS, () => expireShelves(ctx));

  /** Raises the comm alarm of every tag silent for the timeout since its last sample. */
  function checkLinks(at: number): Promise<void> {
    for (const s of sending) {
      if (at - s.seenAt < commTimeoutMs || s.commActive) {
        continue;
      }
      const tag = ctx.tags.get(s.id);
      if (!tag) {
        s.sending = false; // removed from the registry: no longer expected to send
        sending.delete(s);
        continue;
      }
      s.commActive = true;
      pending.push({ key: alarmKeyOf(s.id, 'comm'), tagId: s.id, type: 'comm', change: 'activate', value: null, t: at, limit: null, regionid: tag.regionid, peak: null });
    }
    return flush();
  }
  const commTimer = every(COMM_CHECK_MS, () => {
    checkLinks(now()).catch((err: unknown) => log.error({ err }, 'alarms: checking links failed'));
  });

  // Occurrences another server of the store changed (its engine, an operator there): read again, in turn with this server's changes.
  const relayedSub = bus.onOtherServers('alarm.changed').subscribe((e) => {
    const ids = [...new Set(e.alarms.map((a) => a.id))];
    void run(() => refreshOccurrences(ctx, ids)).catch((err: unknown) => log.error({ err }, 'alarms: reading changed occurrences failed'));
  });
  // Standby: every open occurrence read again now and then, should the relay have dropped an event.
  // Owner on a shared store: the settings, out-of-service marks and plant modes an operator changed on a standby
  // (no event carries them), read again as often; the next activation opens under them.
  const resyncTimer = engine
    ? ctx.shared
      ? setInterval(() => {
          void run(async () => {
            if (await loadSettings(ctx)) {
              mem.settingsVersion++;
            }
            await loadPlantModes(ctx);
          }).catch((err: unknown) => log.error({ err }, 'alarms: reading settings and plant modes failed'));
        }, opts.standbyResyncMs)
      : null
    : setInterval(() => {
        void run(() => resyncAll(ctx)).catch((err: unknown) => log.error({ err }, 'alarms: reading open occurrences failed'));
      }, opts.standbyResyncMs);
  resyncTimer?.unref();

  return {
    async raise(input, by) {
      const a = raisedAlarmSchema.parse(input);
      const t = a.t ?? now();
      if (by && !visible(await scopeOf(ctx, by), a.regionid)) {
        throw forbidden('common.outsideScope');
      }
      await run(async () => {
        if (mem.open.get(a.key)?.fsm.active) {
          return;
        }
        await applyConditionChanges(
          ctx,
          [
            {
              key: a.key,
              tagId: a.source,
              type: a.type,
              change: 'activate',
              value: a.value ?? null,
              t,
              limit: a.limit ?? null,
              regionid: a.regionid,
              peak: a.value ?? null,
              raised: { name: { name: a.sourceName, name_en: a.sourceNameEn, unit: a.unit ?? '' }, priority: a.priority as AlarmPriority, detail: a.detail ?? null },
            },
          ],
          by && { user: by, action: 'alarm.raise' },
        );
      });
    },
    async clear(key, t = now(), by) {
      const scope = by ? await scopeOf(ctx, by) : null;
      await run(async () => {
        const cur = mem.open.get(key);
        if (cur && scope && !visible(scope, cur.item.regionid)) {
          throw forbidden('common.outsideScope');
        }
        if (!cur?.fsm.active) {
          return;
        }
        await applyConditionChanges(
          ctx,
          [{ key, tagId: cur.item.source, type: cur.item.type, change: 'clear', value: cur.item.value, t, limit: cur.item.limit, regionid: cur.item.regionid, peak: cur.item.peak }],
          by && { user: by, action: 'alarm.clear' },
        );
      });
    },
    async settingChanged(tagId, type, setting) {
      const key = alarmKeyOf(tagId, type);
      mem.settings.set(key, setting);
      mem.settingsVersion++;
      if (setting.enabled) {
        return;
      }
      // Disabled: the condition is no longer evaluated, so an active alarm returns now.
      const slot = slotOfKey(mem, key);
      if (slot) {
        slot.state = initialCondition;
      }
      await run(async () => {
        const cur = mem.open.get(key);
        if (!cur?.fsm.active) {
          return;
        }
        await applyConditionChanges(ctx, [
          {
            key,
            tagId: cur.item.source,
            type: cur.item.type,
            change: 'clear',
            value: cur.item.value,
            t: now(),
            limit: cur.item.limit,
            regionid: cur.item.regionid,
            peak: mem.peaks.get(key) ?? cur.item.peak,
          },
        ]);
      });
    },
    checkLinks: (at = now()) => checkLinks(at),
    checkDelays: (at = now()) => checkDelays(at),
    idle: async () => {
      await flush(true);
      await ctx.drained();
    },
    async close() {
      sampleSub.unsubscribe();
      relayedSub.unsubscribe();
      for (const timer of [shelfTimer, commTimer, delayTimer, resyncTimer]) {
        if (timer) {
          clearInterval(timer);
        }
      }
      if (flushTimer !== null) {
        clearTimeout(flushTimer);
        flushTimer = null;
      }
      await flush(true);
      await ctx.drained();
    },
  };
}
