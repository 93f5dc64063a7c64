import type { Subscription } from 'rxjs';
import type { RegionItem } from '../../../shared/org/contracts.js';
import type { AlarmItem, AlarmType } from '../../../shared/alarms/contracts.js';
import type { DomainEvents } from '../../stream/bus.js';
import type { MusterService } from './muster.service.js';

export interface MusterAutoRule {
  /** Alarm types whose opening starts a muster; empty: never. */
  types: readonly AlarmType[];
  /** Regions the alarm must be in or under; empty: anywhere. */
  regions: readonly number[];
}

/** True when an alarm of the rule's types has just opened in (or under) one of its regions. */
export function startsMuster(a: AlarmItem, rule: MusterAutoRule, regions: ReadonlyMap<number, RegionItem>): boolean {
  if (!rule.types.includes(a.type) || a.state !== 'unack' || !a.active || a.closedAt !== null) {
    return false;
  }
  if (rule.regions.length === 0) {
    return true;
  }
  const seen = new Set<number>();
  for (let r = a.regionid === null ? undefined : regions.get(a.regionid); r && !seen.has(r.regionid); r = regions.get(r.regionparentid)) {
    if (rule.regions.includes(r.regionid)) {
      return true;
    }
    seen.add(r.regionid);
  }
  return false;
}

/**
 * Starts a muster when an alarm of the configured rule opens (issue 10: "started
 * by an administrator or by an alarm rule"). Listens to `alarm.changed`, which is
 * published after the alarm has committed; one muster at a time, so the alarms
 * that open while a muster runs start nothing.
 */
export function startMusterOnAlarms(deps: {
  events: Pick<DomainEvents, 'on'>;
  muster: Pick<MusterService, 'startBySystem'>;
  rule: MusterAutoRule;
  regions(): ReadonlyMap<number, RegionItem>;
  log: { error(obj: unknown, msg: string): void };
}): { close(): Promise<void> } {
  if (deps.rule.types.length === 0) {
    return { close: async () => {} };
  }
  let chain: Promise<unknown> = Promise.resolve();
  // This server's alarms only (`on`): an alarm raised on another server of the store starts its muster there.
  const sub: Subscription = deps.events.on('alarm.changed').subscribe(({ alarms }) => {
    const regions = deps.regions();
    const first = alarms.find((a) => startsMuster(a, deps.rule, regions));
    if (!first) {
      return;
    }
    chain = chain
      .then(() =>
        deps.muster.startBySystem(`${first.type} ${first.sourceName} #${first.id}`, { alarmId: first.id, type: first.type, source: first.source, regionid: first.regionid }),
      )
      .catch((err: unknown) => deps.log.error({ err }, 'muster: starting on an alarm failed'));
  });
  return {
    async close() {
      sub.unsubscribe();
      await chain;
    },
  };
}
