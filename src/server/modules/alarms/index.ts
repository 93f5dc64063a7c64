import { alarmsShared } from '../../../shared/alarms/manifest.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { realtimePort } from '../realtime/port.js';
import { createAlarmScopeService } from './alarm-scope.service.js';
import { registerAlarmRoutes } from './alarm.routes.js';
import { createAlarmService } from './alarm.service.js';
import { startControlSystems } from './control-system.routes.js';
import { createEscalationService } from './escalation.service.js';
import { createLayAsideService } from './lay-aside.service.js';
import { migrations } from './migrations.js';
import { registerNotifyRoutes } from './notify.routes.js';
import { createNotifyService } from './notify.service.js';
import { alarmsPort } from './port.js';

/**
 * Alarms to ISA-18.2 (DOMAIN §3): the engine that checks every good sample
 * against its tag's limits, the operator actions, settings, control systems,
 * webhooks and escalation, the shelving ledger and the scoped live lists.
 */
export const alarmsModule = defineModule({
  name: 'alarms',
  shared: alarmsShared,
  migrations,
  needs: { org: orgPort, realtime: realtimePort },
  provides: alarmsPort,
  async start({ http, store, config, stream, tags, tagRegistry, ports, log }) {
    const { org, realtime } = ports;
    const alarms = await createAlarmService({ db: store.db, bus: stream.bus, tags, org, log });
    stream.topics.addSource(alarms.channel.source);
    stream.topics.addResolver(alarms.channel.resolver);
    // A full history disk raises a system alarm (and clears it when writes succeed again).
    stream.history.reportTo(alarms);
    const notify = createNotifyService({
      db: store.db,
      events: stream.bus,
      org,
      log,
      options: { backoffMs: config.notifyBackoffMs, pollMs: config.notifyPollMs, timeoutMs: config.notifyTimeoutMs },
    });
    const escalation = createEscalationService({ db: store.db, notify, org, log, minuteMs: config.escalationMinuteMs });
    const layAside = createLayAsideService({ db: store.db, org });
    const alarmScope = createAlarmScopeService({
      org,
      majorHazardTags: () => [...tagRegistry.all()].filter((t) => t.hazard_source !== '').map((t) => t.id),
    });
    registerAlarmRoutes(http, store.db, alarms, realtime);
    registerNotifyRoutes(http, { notify, escalation, layAside, alarmScope });
    const controlSystems = startControlSystems({ http, store, config, stream, realtime, alarms, org });
    return {
      port: alarms,
      exposed: { notify, escalation },
      ready: controlSystems.ready,
      close: async () => {
        await controlSystems.close?.();
        // Alarm changes already found are stored before the stream stops.
        await alarms.close();
        await escalation.close();
        await notify.close();
      },
    };
  },
});
