import { pageRoutes } from '../app/routes';
import { ConnectionIndicator } from '../stream/connection-indicator';
import { ShellLayout } from './layout';
import { registerNavbarExtra } from './navbar-extras';

// The live-data connection state sits in the navbar of every signed-in page.
registerNavbarExtra({ key: 'live-connection', component: ConnectionIndicator });

/** The shell with every page route: loaded on demand after sign-in, so /login stays small. */
export function SignedInShell() {
  return <ShellLayout routes={pageRoutes} />;
}
