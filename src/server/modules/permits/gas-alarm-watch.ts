import type { AlarmItem } from '../../../shared/alarms/item.js';
import type { StreamBus } from '../../stream/bus.js';
import type { TagRegistry } from '../../stream/tag-registry.js';
import type { ActiveGasAlarm, PermitsService } from './permits.service.js';

/** Tags of these kinds are gas detectors (combustible % LEL, toxic ppm): the gas detection system. */
const GAS_KINDS = new Set(['lel', 'ppm']);

/** The emergency shutdown status tags of the plant, as last read from the major hazard register (through its port). */
export interface EsdTags {
  has(tag: string): boolean;
  /** Reads the register again. */
  refresh(): Promise<void>;
}

export function createEsdTags(read: () => Promise<ReadonlySet<string>>): EsdTags {
  let known: ReadonlySet<string> = new Set();
  return {
    has: (tag) => known.has(tag),
    async refresh() {
      known = await read();
    },
  };
}

/**
 * What an alarm tells the permits: its type, region, key and source name, for
 * a gas detector's alarm or an emergency shutdown trip (the discrete alarm of
 * an ESD status tag); null for any other alarm.
 */
function alarmFacts(a: AlarmItem, tags: Pick<TagRegistry, 'get'>, esd: Pick<EsdTags, 'has'>): ActiveGasAlarm | null {
  const kind = tags.get(a.source)?.kind;
  const source = a.sourceName || a.source;
  if (kind && GAS_KINDS.has(kind)) {
    return { type: a.type, regionId: a.regionid, gasDetector: true, key: a.alarmKey, source };
  }
  if (a.type === 'discrete' && esd.has(a.source)) {
    return { type: a.type, regionId: a.regionid, gasDetector: false, esd: true, key: a.alarmKey, source };
  }
  return null;
}

/** Whether the alarm may suspend work: a gas detector's H/HH, or an ESD trip. */
const suspending = (f: ActiveGasAlarm) => f.esd === true || f.type === 'h' || f.type === 'hh';

/**
 * The gas detectors' H/HH alarms and the ESD trips active now (issue 25 §5):
 * the same facts the suspension reads, from the alarm engine's open
 * occurrences, so a start is refused while one lasts in or near the work zone.
 */
export function activeGasAlarms(alarms: { openAlarms(prefix: string): AlarmItem[] }, tags: Pick<TagRegistry, 'get'>, esd: Pick<EsdTags, 'has'>): ActiveGasAlarm[] {
  return alarms
    .openAlarms('tag:')
    .filter((a) => a.active && a.closedAt === null)
    .flatMap((a) => {
      const f = alarmFacts(a, tags, esd);
      return f && suspending(f) ? [f] : [];
    });
}

export interface GasAlarmWatch {
  /** Resolves once the suspensions of the alarms heard so far are done (tests). */
  idle(): Promise<void>;
  stats(): Record<string, number>;
  stop(): void;
}

/**
 * Gas alarms and emergency shutdowns suspend work (issue 25 §5): a gas
 * detector's H or HH alarm, or an ESD trip, becoming active suspends the
 * hot-work and confined-space permits in effect in or near its region
 * (`gasAlarmSuspends`). Each occurrence acts once, on the server that raised
 * it (`on`, not `onAnyServer`: the suspension is a write); resuming while it
 * lasts is refused, and after it needs a fresh gas analysis as any resumption.
 */
export function startGasAlarmWatch(deps: {
  bus: Pick<StreamBus, 'on'>;
  tags: Pick<TagRegistry, 'get'>;
  esd: EsdTags;
  permits: () => PermitsService;
  onError: (err: unknown, name: string) => void;
}): GasAlarmWatch {
  /** alarmKey → activation already acted on. */
  const handled = new Map<string, number>();
  let queue: Promise<void> = Promise.resolve();
  const stats = { gasAlarms: 0, gasSuspensions: 0, esdTrips: 0 };

  /** The facts of an alarm to act on, once per activation; null otherwise. */
  function toAct(a: AlarmItem): ActiveGasAlarm | null {
    const facts = alarmFacts(a, deps.tags, deps.esd);
    if (!facts || !suspending(facts) || handled.get(a.alarmKey) === a.activatedAt) {
      return null;
    }
    handled.set(a.alarmKey, a.activatedAt);
    stats[facts.esd ? 'esdTrips' : 'gasAlarms']++;
    return facts;
  }

  async function suspendFor(facts: ActiveGasAlarm | null) {
    if (facts) {
      stats.gasSuspensions += (await deps.permits().gasAlarm(facts)).length;
    }
  }

  function onAlarm(a: AlarmItem) {
    if (!a.active || a.closedAt !== null) {
      handled.delete(a.alarmKey);
      return;
    }
    if (a.type !== 'discrete') {
      const facts = toAct(a);
      if (facts) {
        queue = queue.then(() => suspendFor(facts)).catch((err: unknown) => deps.onError(err, 'permits.gasAlarm'));
      }
      return;
    }
    // A discrete alarm may be an ESD trip: the register is read again first (a tag bound since the last read counts).
    queue = queue
      .then(() => deps.esd.refresh())
      .then(() => suspendFor(toAct(a)))
      .catch((err: unknown) => deps.onError(err, 'permits.esdTrip'));
  }

  const sub = deps.bus.on('alarm.changed').subscribe((e) => {
    try {
      e.alarms.forEach(onAlarm);
    } catch (err) {
      deps.onError(err, 'permits.gasAlarm');
    }
  });
  return {
    idle: () => queue,
    stats: () => ({ ...stats }),
    stop: () => sub.unsubscribe(),
  };
}
