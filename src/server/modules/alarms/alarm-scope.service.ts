import type { z } from 'zod';
import type { alarmListScopeGet } from '../../../shared/alarms/notify-contracts.js';
import type { AuthUser } from '../../http/app.js';
import type { UserScope } from '../org/port.js';

type In<C extends { input: z.ZodType }> = z.input<C['input']>;
type Out<C extends { output: z.ZodType }> = z.output<C['output']>;

/**
 * Scopes of the live alarm list (seed 2 §2.2, §2.6): `/RealTimeAlarm/UserMenuAlarm`
 * shows the user's own regions (their data-isolation regions with descendants;
 * a user who sees everything has no own regions and sees all), and
 * `/majorHazardReport/UserMenuAlarm` the tags of major hazard units (GB 18218
 * unit code in the tag's `hazard_source`).
 */
export interface AlarmScopeService {
  get(caller: AuthUser, input: In<typeof alarmListScopeGet>): Promise<Out<typeof alarmListScopeGet>>;
}

export function createAlarmScopeService(deps: {
  org: { getUserScope(userid: number): Promise<UserScope> };
  /** Tag ids of major hazard units (from the tag registry). */
  majorHazardTags: () => string[];
}): AlarmScopeService {
  return {
    async get(caller, input) {
      switch (input.scope) {
        case 'all':
          return { regionids: null, sources: null };
        case 'mine': {
          const s = await deps.org.getUserScope(caller.userid);
          return { regionids: s.all ? null : s.regionids, sources: null };
        }
        case 'majorHazard':
          return { regionids: null, sources: deps.majorHazardTags() };
      }
    },
  };
}
