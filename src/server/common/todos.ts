import type { Db, Tx } from '../store/db.js';
import { renderMessage, type MessageCode } from '../../shared/messages/catalog.js';
import type { MessageParams } from '../../shared/messages/define.js';

/**
 * To-dos that lead somewhere (issue 11). A module opens one inside the
 * transaction that creates the work, and completes it inside the transaction
 * that does the work: `kind` names the work, `ref` the record it is about.
 * Kind `visit` is done once the user has opened its page from the to-do centre.
 */
export interface NewTodo {
  userid: number;
  kind: string;
  ref: string | number;
  /** Page (and record, as a query) the to-do leads to. */
  href: string;
  title: MessageCode;
  params?: MessageParams;
  at?: number;
}

export const VISIT_KIND = 'visit';

/**
 * Opens a to-do unless the same (user, kind, ref) is already open. The unique
 * index `todo_one_open` makes that hold when two sweeps open it at once (on
 * PostgreSQL both would pass a read-then-insert check): the second insert does
 * nothing.
 */
export async function openTodo(tx: Tx | Db, todo: NewTodo): Promise<void> {
  await tx
    .insertInto('todo')
    .values({
      userid: todo.userid,
      // `title` keeps the Chinese text (seed 1 default language); clients render title_code in the user's language.
      title: renderMessage('zh', todo.title, todo.params),
      title_code: todo.title,
      title_params: JSON.stringify(todo.params ?? {}),
      href: todo.href,
      kind: todo.kind,
      ref: String(todo.ref),
      status: 0,
      created_at: todo.at ?? Date.now(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Marks done every open to-do of this kind and record (of one user when given); returns how many. */
export async function completeTodos(tx: Tx | Db, target: { kind: string; ref?: string | number; userid?: number }): Promise<number> {
  let q = tx.updateTable('todo').set({ status: 1 }).where('kind', '=', target.kind).where('status', '=', 0);
  if (target.ref !== undefined) {
    q = q.where('ref', '=', String(target.ref));
  }
  if (target.userid !== undefined) {
    q = q.where('userid', '=', target.userid);
  }
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/** Whether a to-do of this kind and record was ever opened, open or done: for work announced once, whatever became of it. */
export async function todoEverOpened(tx: Tx | Db, kind: string, ref: string | number): Promise<boolean> {
  return !!(await tx.selectFrom('todo').select('id').where('kind', '=', kind).where('ref', '=', String(ref)).executeTakeFirst());
}

/** Marks done the open to-dos of this kind whose record is not in `keep` (work that no longer stands); returns how many. */
export async function completeTodosExcept(tx: Tx | Db, kind: string, keep: ReadonlySet<string>): Promise<number> {
  const open = await tx.selectFrom('todo').select(['id', 'ref']).where('kind', '=', kind).where('status', '=', 0).execute();
  const stale = open.filter((t) => !keep.has(t.ref)).map((t) => t.id);
  if (stale.length) {
    await tx.updateTable('todo').set({ status: 1 }).where('id', 'in', stale).execute();
  }
  return stale.length;
}
