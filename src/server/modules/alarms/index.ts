import { alarmsShared } from '../../../shared/alarms/manifest.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { realtimePort } from '../realtime/port.js';
import { createAlarmScopeService } from './alarm-scope.service.js';
import { registerAlarmRoutes } from './alarm.routes.js';
import { createAlarmService, type AlarmService } from './alarm.service.js';
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
  async start({ http, store, config, stream, tags, tagRegistry, ports, log, lease }) {
    const { org, realtime } = ports;
    // The engine runs on the server holding the plant's lease (store/lease.ts); the others serve the same calls
    // on a standby instance. Taking the lease over makes a new instance, which reads its state from the store.
    const make = (engine: boolean) => createAlarmService({ db: store.db, bus: stream.bus, tags, org, log, engine });
    let engineOn = lease.held();
    let current = await make(engineOn);
    let closed = false;
    const swap = async (engine: boolean) => {
      if (engine === engineOn || closed) {
        return;
      }
      engineOn = engine;
      const before = current;
      // What the old instance has queued is stored first, so the new one reads it.
      await before.close();
      current = await make(engine);
      log.info({ engine }, engine ? 'alarms: engine started (lease taken)' : 'alarms: engine stopped (lease lost); standing by');
    };
    const alarms = delegateAlarms(() => current, current.channel);
    await lease.follow({ take: () => swap(true), drop: () => swap(false) });
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
    const escalation = createEscalationService({ db: store.db, notify, org, log, minuteMs: config.escalationMinuteMs, owns: () => lease.held() });
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
        closed = true;
        await current.close();
        await escalation.close();
        await notify.close();
      },
    };
  },
});

/** Calls that go to whichever alarm service instance runs now (the engine's or a standby's); the `alarm` channel is the first one's (it only relays the bus). */
function delegateAlarms(current: () => AlarmService, channel: AlarmService['channel']): AlarmService {
  return {
    channel,
    realTimeList: (...a) => current().realTimeList(...a),
    historyList: (...a) => current().historyList(...a),
    historyPages: (...a) => current().historyPages(...a),
    acknowledge: (...a) => current().acknowledge(...a),
    shelve: (...a) => current().shelve(...a),
    unshelve: (...a) => current().unshelve(...a),
    auditKpi: (...a) => current().auditKpi(...a),
    auditDetail: (...a) => current().auditDetail(...a),
    raise: (...a) => current().raise(...a),
    clear: (...a) => current().clear(...a),
    openAlarms: (...a) => current().openAlarms(...a),
    settingChanged: (...a) => current().settingChanged(...a),
    plantModes: (...a) => current().plantModes(...a),
    setPlantMode: (...a) => current().setPlantMode(...a),
    removeFromService: (...a) => current().removeFromService(...a),
    returnToService: (...a) => current().returnToService(...a),
    checkLinks: (...a) => current().checkLinks(...a),
    checkDelays: (...a) => current().checkDelays(...a),
    idle: () => current().idle(),
    close: () => current().close(),
  };
}
