import { renderMessage } from '../../../shared/messages/catalog';
import { useLang } from '../../app/i18n';

/** The caller's language and the area's messages in it. */
export function useMsg() {
  const lang = useLang();
  return { lang, m: (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params) };
}
