import type { Lang } from '../../shared/messages/define';
import { isMessageCode, renderMessage } from '../../shared/messages/catalog';

/** A to-do's title in the user's language: from its message code when it has one, else as stored. */
export function todoTitle(todo: { title: string; titleCode?: string; titleParams?: Record<string, string | number> }, lang: Lang): string {
  return todo.titleCode && isMessageCode(todo.titleCode) ? renderMessage(lang, todo.titleCode, todo.titleParams) : todo.title;
}
