import enLocale from 'zod/v4/locales/en.js';
import zhLocale from 'zod/v4/locales/zh-CN.js';
import type { Lang } from '../../app/i18n';

/** zod's own messages in the user's language, for checks run in the browser. */
export const zodErrors = { zh: zhLocale().localeError, en: enLocale().localeError };

/**
 * Messages written in the contracts as 'zh / en' are shown in the current
 * language only. The server joins a summary and details with ' — '
 * ('参数错误 / Invalid input — hh: … / …'); each part is picked on its own.
 */
export function localMessage(message: string, lang: Lang): string {
  return message
    .split(' — ')
    .map((part) => {
      const pair = part.split(' / ');
      return pair.length === 2 ? pair[lang === 'en' ? 1 : 0] : part;
    })
    .join(' — ');
}
