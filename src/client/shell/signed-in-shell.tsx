import { loadMessageCatalog } from '../app/message-catalog';
import { pageRoutes } from '../app/routes';
import { AlarmBanner } from '../features/alarms/alarm-banner';
import { Faceplate } from '../features/alarms/faceplate';
import { ConnectionIndicator } from '../stream/connection-indicator';
import { ShellLayout } from './layout';
import { registerNavbarExtra } from './navbar-extras';

// Every area's messages, so errors follow a language switch (the sign-in page shows the server's text).
void loadMessageCatalog();

// The live-data connection state and the alarm banner sit in the navbar of every signed-in page.
registerNavbarExtra({ key: 'live-connection', component: ConnectionIndicator });
registerNavbarExtra({ key: 'alarm-banner', component: AlarmBanner });
// The faceplate drawer: any view opens it with openFaceplate(tagId) (ui/faceplate-store.ts).
registerNavbarExtra({ key: 'faceplate', component: Faceplate });

/** The shell with every page route: loaded on demand after sign-in, so /login stays small. */
export function SignedInShell() {
  return <ShellLayout routes={pageRoutes} />;
}
