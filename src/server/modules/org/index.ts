import { orgShared } from '../../../shared/org/manifest.js';
import { defineModule } from '../module.js';
import { createOrgService } from './org.service.js';
import { registerOrgRoutes } from './org.routes.js';
import { orgPort } from './port.js';

/** Departments, regions, posts, users, roles, menus, data isolation, to-dos and the audit log. */
export const orgModule = defineModule({
  name: 'org',
  shared: orgShared,
  provides: orgPort,
  start({ http, store, config, stream }) {
    const org = createOrgService(store, config, stream.bus);
    registerOrgRoutes(http, org);
    return { port: org };
  },
});
