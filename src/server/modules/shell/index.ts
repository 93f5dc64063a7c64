import { shellShared } from '../../../shared/shell/manifest.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { registerShellRoutes } from './shell.routes.js';

/** The portal's frame: system configuration, app download, password-reset links, to-do visits. */
export const shellModule = defineModule({
  name: 'shell',
  shared: shellShared,
  needs: { org: orgPort },
  start({ http, store, ports }) {
    registerShellRoutes(http, store.db, ports.org);
    return {};
  },
});
