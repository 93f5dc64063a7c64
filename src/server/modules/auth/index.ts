import { authShared } from '../../../shared/auth/manifest.js';
import { defineModule } from '../module.js';
import { orgPort } from '../org/port.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { migrations } from './migrations.js';
import { authPort } from './port.js';

/** Sign-in (LoginSecure), tokens and refresh rotation, user info, logout, password change (seed 1 §5, §7.2). */
export const authModule = defineModule({
  name: 'auth',
  shared: authShared,
  migrations,
  needs: { org: orgPort },
  provides: authPort,
  async start({ http, store, config, stream, ports }) {
    const auth = await createAuthService(store, config, ports.org, stream.bus);
    registerAuthRoutes(http, auth);
    return { port: auth };
  },
});
