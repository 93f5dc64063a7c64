import { controlSystemDelete, controlSystemList, controlSystemSave } from '../../../shared/alarms/control-system-contracts.js';
import { seedDemoControlSystems } from '../../demo/demo-control-systems.js';
import type { Config } from '../../config.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { Platform, Started } from '../module.js';
import type { OrgPort } from '../org/port.js';
import type { RealtimePort } from '../realtime/port.js';
import type { AlarmService } from './alarm.service.js';

export interface ControlSystemDeps {
  http: HttpApp;
  store: Store;
  config: Config;
  stream: Platform['stream'];
  realtime: RealtimePort;
  alarms: AlarmService;
  org: OrgPort;
}
import { createControlSystemService, type ControlSystemService } from './control-system.service.js';

/** Control systems that feed alarms (issue 9 part 5). */
export function startControlSystems({ http, store, config, stream, realtime, alarms, org }: ControlSystemDeps): Started<never> {
  const ready: Promise<ControlSystemService> = (async () => {
    if (config.demo) {
      await seedDemoControlSystems(store.db);
    }
    return createControlSystemService({
      db: store.db,
      bus: stream.bus,
      live: stream.live,
      tags: realtime.registry,
      alarms,
      org,
      onError: (err, name) => http.app.log.error({ err }, `${name} failed`),
    });
  })();
  http.route(controlSystemList, async (_input, ctx) => (await ready).list(caller(ctx)));
  http.route(controlSystemSave, async (input, ctx) => (await ready).save(caller(ctx), input));
  http.route(controlSystemDelete, async (input, ctx) => (await ready).delete(caller(ctx), input.id));
  return {
    ready: ready.then(() => undefined),
    close: async () => (await ready).close(),
  };
}
