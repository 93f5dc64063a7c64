import { ConfigProvider } from 'antd';
import { Suspense, useMemo, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router-dom';
import { feedbackWanted } from './feedback';
import { antdLocale, useLang } from './i18n';
import { lazyNamed } from './lazy-named';
import { router } from './router';
import { useSession } from './session-store';
import { antdThemeConfig, useShellTheme } from './theme';

const FeedbackHost = lazyNamed(() => import('./feedback-host'), 'FeedbackHost');

/**
 * The toast/dialog host is needed once someone is signed in or some code asked
 * for a toast: the sign-in page alone does without it (first-load budget).
 */
function useFeedbackNeeded(): boolean {
  const signedIn = useSession((s) => s.accessToken !== null);
  const wanted = useSyncExternalStore(feedbackWanted.subscribe, feedbackWanted.get);
  return signedIn || wanted;
}

export function App() {
  const lang = useLang();
  const shellTheme = useShellTheme();
  const themeConfig = useMemo(() => antdThemeConfig(shellTheme), [shellTheme]);
  const feedbackNeeded = useFeedbackNeeded();
  return (
    <ConfigProvider locale={antdLocale(lang)} theme={themeConfig}>
      <div className="ant-app pw-app">
        <RouterProvider router={router} />
      </div>
      {feedbackNeeded && (
        <Suspense fallback={null}>
          <FeedbackHost />
        </Suspense>
      )}
    </ConfigProvider>
  );
}
