import { renderMessage } from '../../../shared/messages/catalog';
import { useLang } from '../../app/i18n';

/** The reader's language and a renderer of message codes in it. */
export function useMsg() {
  const lang = useLang();
  return { lang, m: (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params) };
}

/** Status colours of a round (seed 2 §4 statuses). */
export const statusColor: Record<string, string> = {
  notStarted: 'default',
  inProgress: 'processing',
  completed: 'success',
  incomplete: 'error',
  terminated: 'warning',
  canceled: 'default',
};
