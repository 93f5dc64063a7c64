import { controlSystemDelete, controlSystemList, controlSystemSave } from '../../../shared/alarms/control-system-contracts.js';
import { seedDemoControlSystems } from '../../demo/demo-control-systems.js';
import type { MenuSeed } from '../../store/seed-base.js';
import type { ServerModule } from '../index.js';
import { caller } from './alarm.routes.js';
import { createControlSystemService, type ControlSystemService } from './control-system.service.js';

export const controlSystemMenus: MenuSeed[] = [
  {
    href: '/alarmAduit/controlSystemSettings',
    name: '控制系统设置',
    name_en: 'Control systems',
    parent: '/No.88/MajorHazard',
    type: 2,
    eightyEightType: 1,
    icon: 'cluster',
    sort: 5,
    roles: ['admin', 'supervisor', 'operator', 'inspector'],
  },
];

/** Control systems that feed alarms (issue 9 part 5). */
export const controlSystemModule: ServerModule = {
  name: 'controlSystems',
  menus: controlSystemMenus,
  register({ http, store, config, services }) {
    const ready: Promise<ControlSystemService> = (async () => {
      if (config.demo) {
        await seedDemoControlSystems(store.db);
      }
      return createControlSystemService({
        db: store.db,
        bus: services.bus,
        live: services.live,
        tags: services.realtime.registry,
        alarms: services.alarms,
        org: services.org,
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
  },
};
