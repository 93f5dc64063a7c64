import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { installFeedback } from './feedback';

/** Hands antd's context-aware message, notification and modal to code outside React. */
function FeedbackBridge() {
  const { message, notification, modal } = AntApp.useApp();
  useEffect(() => {
    installFeedback({ message, notification, modal });
  }, [message, notification, modal]);
  return null;
}

/**
 * antd's <App> holders for toasts and dialogs, as a sibling of the router: it is
 * loaded just after the first paint, so antd's modal and notification code is
 * not part of the sign-in page's first load (issue 11).
 */
export function FeedbackHost() {
  return (
    <AntApp component={false} notification={{ placement: 'topRight' }} message={{ maxCount: 3 }}>
      <FeedbackBridge />
    </AntApp>
  );
}
