import { renderMessage } from '../../../shared/messages/catalog';
import { useLang } from '../../app/i18n';

/** Messages of the area in the reader's language. */
export function useHealthMsg() {
  const lang = useLang();
  return {
    lang,
    m: (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params),
    label: (l: { zh: string; en: string }) => (lang === 'en' ? l.en || l.zh : l.zh),
  };
}

/** Label of an option value (enumerations of the ledgers), or the value itself. */
export function optionLabel(
  options: readonly { value: string; label: { zh: string; en: string } }[],
  value: string,
  lang: 'zh' | 'en',
): string {
  const o = options.find((x) => x.value === value);
  return o ? (lang === 'en' ? o.label.en || o.label.zh : o.label.zh) : value;
}
