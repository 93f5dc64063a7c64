import type { myTodoList } from '../../../shared/org/contracts.js';
import { VISIT_KIND } from '../../common/todos.js';
import type { AuthUser } from '../../http/app.js';
import { notFound } from '../../http/errors.js';
import { offsetOf, type In, type OrgContext, type Out } from './org-context.js';

/** The to-do centre: how many to-dos a user has open, the list, and opening one. */
export interface TodoService {
  todoCount(caller: AuthUser): Promise<number>;
  todoList(caller: AuthUser, input: In<typeof myTodoList>): Promise<Out<typeof myTodoList>>;
  /** Marks a `visit` to-do of the caller done when they open it from the to-do centre; returns where it leads. */
  visitTodo(caller: AuthUser, id: number): Promise<{ href: string }>;
}

const parseParams = (json: string): Record<string, string | number> => {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string | number>) : {};
  } catch {
    return {};
  }
};

export function createTodoService({ repo }: OrgContext): TodoService {
  return {
    todoCount: (caller) => repo.openTodoCount(caller.userid),

    async visitTodo(caller, id) {
      const row = await repo.getTodo(id);
      if (!row || row.userid !== caller.userid) {
        throw notFound('common.notFound');
      }
      if (row.kind === VISIT_KIND) {
        await repo.markTodoDone(id);
      }
      return { href: row.href };
    },
    async todoList(caller, input) {
      const [items, total] = await Promise.all([
        repo.openTodos(caller.userid, offsetOf(input), input.pageSize),
        repo.openTodoCount(caller.userid),
      ]);
      return {
        items: items.map(({ title_code, title_params, ...t }) => ({
          ...t,
          created_at: Number(t.created_at),
          titleCode: title_code,
          titleParams: parseParams(title_params),
        })),
        total,
      };
    },
  };
}
