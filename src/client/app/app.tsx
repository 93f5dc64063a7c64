import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { feedback } from './feedback';
import { antdLocale, useLang } from './i18n';
import { router } from './router';
import { antdThemeConfig, useShellTheme } from './theme';
import { AlarmBanner } from '../features/alarms/alarm-banner';
import { registerNavbarExtra } from '../shell/navbar-extras';
import { ConnectionIndicator } from '../stream/connection-indicator';

// The live-data connection state and the alarm banner sit in the navbar of every signed-in page.
registerNavbarExtra({ key: 'live-connection', component: ConnectionIndicator });
registerNavbarExtra({ key: 'alarm-banner', component: AlarmBanner });

/** Hands antd's context-aware message, notification and modal to code outside React. */
function FeedbackBridge() {
  const { message, notification, modal } = AntApp.useApp();
  useEffect(() => {
    feedback.message = message;
    feedback.notification = notification;
    feedback.modal = modal;
  }, [message, notification, modal]);
  return null;
}

export function App() {
  const lang = useLang();
  const shellTheme = useShellTheme();
  const themeConfig = useMemo(() => antdThemeConfig(shellTheme), [shellTheme]);
  return (
    <ConfigProvider locale={antdLocale(lang)} theme={themeConfig}>
      <AntApp notification={{ placement: 'topRight' }} message={{ maxCount: 3 }}>
        <FeedbackBridge />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}
