import { messageCatalog, type MessageCode } from '../modules.js';
import { fillTemplate, type Lang, type MessageParams, type MessageText } from './define.js';

/**
 * Every message the server sends and the client shows, by code: each area's
 * `messages` of its manifest, merged in `src/shared/modules.ts`. A server
 * error carries its code and parameters; the server renders it in the
 * request's language (Accept-Language) for API clients, and the browser
 * renders it again in the user's current language, so text on screen follows
 * a language switch.
 */
export const messages: Readonly<Record<MessageCode, MessageText>> = messageCatalog;

export type { MessageCode };

export function isMessageCode(code: unknown): code is MessageCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(messages, code);
}

/** The text of a message in one language; an unknown code is returned as written. */
export function renderMessage(lang: Lang, code: string, params?: MessageParams): string {
  const text: MessageText | undefined = isMessageCode(code) ? messages[code] : undefined;
  return text ? fillTemplate(text[lang], params, lang) : code;
}

/** A message as it travels: code and parameters, rendered where it is shown. */
export interface Message {
  code: string;
  params?: MessageParams;
}

/** A problem with one input field. */
export interface FieldIssue extends Message {
  /** Dotted path of the field, `(body)` for the whole body. */
  field: string;
}

/** "field: text; field: text" in one language, for logs, toasts and API clients. */
export function renderIssues(lang: Lang, issues: readonly FieldIssue[]): string {
  const sep = lang === 'zh' ? '；' : '; ';
  const colon = lang === 'zh' ? '：' : ': ';
  return issues.map((i) => (i.field === '(body)' ? '' : `${i.field}${colon}`) + renderMessage(lang, i.code, i.params)).join(sep);
}

/** Summary and issues together: "参数错误：name：必填". */
export function renderWithIssues(
  lang: Lang,
  code: string,
  params: MessageParams | undefined,
  issues: readonly FieldIssue[] | undefined,
): string {
  const head = renderMessage(lang, code, params);
  if (!issues || issues.length === 0) {
    return head;
  }
  return `${head}${lang === 'zh' ? '：' : ': '}${renderIssues(lang, issues)}`;
}
