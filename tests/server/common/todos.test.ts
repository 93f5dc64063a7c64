import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeTodos, openTodo } from '../../../src/server/common/todos.js';
import { inTransaction } from '../../../src/server/store/db.js';
import { dialects, startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * To-dos (issue 11): one open to-do per user, kind and record, also when two
 * sweeps open it at the same moment (CI, stop 33: the health sweep on a record
 * change and the "check overdue" call each opened the same reminder on
 * PostgreSQL).
 */
describe.each(dialects)('to-dos on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ dialect });
  });
  afterAll(() => t.close());

  const open = (kind: string) =>
    t.server.store.db.selectFrom('todo').select(['userid', 'ref', 'status']).where('kind', '=', kind).where('status', '=', 0).execute();
  const todo = (userid: number, kind: string, ref: string) => ({ userid, kind, ref, href: '/x', title: 'health.todo.dueSoon' as const, params: { name: 'n', dueDate: '-', days: 1 } });

  it('twenty transactions opening the same to-do at once leave one open; other users and records get their own', async () => {
    const db = t.server.store.db;
    // Each transaction reads first (as the sweeps do) so they overlap, then opens.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        inTransaction(db, async (tx) => {
          await tx.selectFrom('todo').select('id').where('kind', '=', 'race').execute();
          await openTodo(tx, todo(1, 'race', 'archive:1'));
        }),
      ),
    );
    await Promise.all([openTodo(db, todo(2, 'race', 'archive:1')), openTodo(db, todo(1, 'race', 'archive:2'))]);
    expect((await open('race')).map((r) => `${r.userid}/${r.ref}`).sort()).toEqual(['1/archive:1', '1/archive:2', '2/archive:1']);
  });

  it('a to-do done can open again: the rule holds for open ones only', async () => {
    const db = t.server.store.db;
    await openTodo(db, todo(1, 'again', 'r'));
    expect(await completeTodos(db, { kind: 'again', ref: 'r' })).toBe(1);
    await openTodo(db, todo(1, 'again', 'r'));
    await openTodo(db, todo(1, 'again', 'r'));
    expect(await open('again')).toHaveLength(1);
    const all = await db.selectFrom('todo').select('status').where('kind', '=', 'again').orderBy('id').execute();
    expect(all.map((r) => r.status)).toEqual([1, 0]);
  });
});
