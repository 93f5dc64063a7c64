import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { i18n } from './i18n';

type Feedback = { message: MessageInstance; notification: NotificationInstance; modal: ModalHookAPI };
type Call = { kind: keyof Feedback; method: string; args: unknown[] };

/** Calls made before the feedback host has loaded; replayed once it has. */
const queued: Call[] = [];
let wanted = false;
const wantedListeners = new Set<() => void>();

/** useSyncExternalStore pair: true once some code asked for a toast or dialog. */
export const feedbackWanted = {
  subscribe: (listener: () => void): (() => void) => {
    wantedListeners.add(listener);
    return () => wantedListeners.delete(listener);
  },
  get: (): boolean => wanted,
};

/** Stands in for an antd API until the host arrives: remembers each call. */
function deferred<T>(kind: keyof Feedback): T {
  return new Proxy(
    {},
    {
      get:
        (_target, method: string) =>
        (...args: unknown[]) => {
          queued.push({ kind, method, args });
          if (!wanted) {
            wanted = true;
            wantedListeners.forEach((l) => l());
          }
          return undefined;
        },
    },
  ) as T;
}

/**
 * antd's message, notification and modal bound to the app's theme and locale.
 * `FeedbackBridge` (feedback-host.tsx, inside antd's <App>, loaded after the
 * first paint so the sign-in page stays small) replaces the stand-ins, so code
 * outside React, such as the API client, shows themed toasts.
 */
export const feedback: Feedback = {
  message: deferred<MessageInstance>('message'),
  notification: deferred<NotificationInstance>('notification'),
  modal: deferred<ModalHookAPI>('modal'),
};

/** Installs the real instances and replays what was asked before. */
export function installFeedback(real: Feedback): void {
  feedback.message = real.message;
  feedback.notification = real.notification;
  feedback.modal = real.modal;
  for (const { kind, method, args } of queued.splice(0)) {
    const target = real[kind] as unknown as Record<string, (...a: unknown[]) => unknown>;
    target[method]?.(...args);
  }
}

export type NotifyKind = 'success' | 'warning' | 'info' | 'error';

/** Seed 1 §8–§9: notifications carry fixed titles per kind and stay 2000 ms. */
export const NOTIFY_DURATION_MS = 2000;

const titles: Record<NotifyKind, { zh: string; en: string }> = {
  success: { zh: '成功', en: 'Success' },
  warning: { zh: '注意', en: 'Warning' },
  info: { zh: '消息', en: 'Info' },
  error: { zh: '错误', en: 'Error' },
};

/** Shows a notification with the seed's title for its kind (default success). */
export function notify(description: string, kind: NotifyKind = 'success'): void {
  const title = i18n.language.startsWith('en') ? titles[kind].en : titles[kind].zh;
  feedback.notification[kind]({ title, description, duration: NOTIFY_DURATION_MS / 1000 });
}
