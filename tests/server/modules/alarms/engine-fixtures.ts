import { createAlarmService, type AlarmService, type AlarmServiceDeps } from '../../../../src/server/modules/alarms/alarm.service.js';

/**
 * The alarm engine on its own, on a given store, bus and tag registry (and
 * clock, when the test drives time): every user sees every region, nothing is logged.
 */
export function startAlarmEngine(deps: Pick<AlarmServiceDeps, 'db' | 'bus' | 'tags' | 'now'>): Promise<AlarmService> {
  return createAlarmService({
    ...deps,
    org: {
      getUserScope: async () => ({ all: true, regionids: [], deptids: [] }),
      allDeptsAndRegions: async () => ({ depts: [], regions: [] }),
    },
    log: { info: () => {}, error: () => {} },
  });
}
