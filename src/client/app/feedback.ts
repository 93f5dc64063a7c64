import { message as staticMessage, Modal, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { i18n } from './i18n';

/**
 * antd's message, notification and modal bound to the app's theme and locale.
 * `FeedbackBridge` (inside antd's <App>) replaces the static fallbacks, so code
 * outside React, such as the API client, shows themed toasts.
 */
export const feedback: { message: MessageInstance; notification: NotificationInstance; modal: ModalHookAPI } = {
  message: staticMessage,
  notification: staticNotification,
  modal: Modal as unknown as ModalHookAPI,
};

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
