import type { AlarmItem } from '../../../shared/alarms/item.js';
import type { StreamBus } from '../../stream/bus.js';
import type { TagRegistry } from '../../stream/tag-registry.js';
import type { ActiveGasAlarm, PermitsService } from './permits.service.js';

/** Tags of these kinds are gas detectors (combustible % LEL, toxic ppm): the gas detection system. */
const GAS_KINDS = new Set(['lel', 'ppm']);

/** What a gas detector's alarm tells the permits: its type, region, key and the detector's name; null when the alarm is not a gas detector's. */
function gasFacts(a: AlarmItem, tags: Pick<TagRegistry, 'get'>): ActiveGasAlarm | null {
  const kind = tags.get(a.source)?.kind;
  if (!kind || !GAS_KINDS.has(kind)) {
    return null;
  }
  return { type: a.type, regionId: a.regionid, gasDetector: true, key: a.alarmKey, source: a.sourceName || a.source };
}

/**
 * The gas detectors' H/HH alarms active now (issue 25 §5, brief item 1): the
 * same facts the suspension reads, from the alarm engine's open occurrences,
 * so a start is refused while one lasts in or near the work zone.
 */
export function activeGasAlarms(alarms: { openAlarms(prefix: string): AlarmItem[] }, tags: Pick<TagRegistry, 'get'>): ActiveGasAlarm[] {
  return alarms
    .openAlarms('tag:')
    .filter((a) => a.active && a.closedAt === null && (a.type === 'h' || a.type === 'hh'))
    .flatMap((a) => {
      const f = gasFacts(a, tags);
      return f ? [f] : [];
    });
}

export interface GasAlarmWatch {
  /** Resolves once the suspensions of the alarms heard so far are done (tests). */
  idle(): Promise<void>;
  stats(): Record<string, number>;
  stop(): void;
}

/**
 * Gas alarms suspend work (issue 25 §5): a gas detector's H or HH alarm
 * becoming active suspends the hot-work and confined-space permits in effect
 * in or near its region (`gasAlarmSuspends`). Each occurrence acts once, on
 * the server that raised it (`on`, not `onAnyServer`: the suspension is a
 * write); resuming while it lasts needs a fresh gas analysis as any resumption.
 */
export function startGasAlarmWatch(deps: {
  bus: Pick<StreamBus, 'on'>;
  tags: Pick<TagRegistry, 'get'>;
  permits: () => PermitsService;
  onError: (err: unknown, name: string) => void;
}): GasAlarmWatch {
  /** alarmKey → activation already acted on. */
  const handled = new Map<string, number>();
  let queue: Promise<void> = Promise.resolve();
  const stats = { gasAlarms: 0, gasSuspensions: 0 };

  function onAlarm(a: AlarmItem) {
    if (!a.active || a.closedAt !== null) {
      handled.delete(a.alarmKey);
      return;
    }
    const facts = gasFacts(a, deps.tags);
    if (!facts || handled.get(a.alarmKey) === a.activatedAt) {
      return;
    }
    if (a.type !== 'h' && a.type !== 'hh') {
      return;
    }
    handled.set(a.alarmKey, a.activatedAt);
    stats.gasAlarms++;
    queue = queue
      .then(async () => {
        stats.gasSuspensions += (await deps.permits().gasAlarm(facts)).length;
      })
      .catch((err: unknown) => deps.onError(err, 'permits.gasAlarm'));
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
