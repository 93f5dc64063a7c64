import type { postDelete, postList, postSave, PostItem } from '../../../shared/org/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction } from '../../store/db.js';
import { actorOf, outsideScope, type In, type OrgContext } from './org-context.js';
import { createOrgRepository } from './org.repository.js';
import { inDepts } from './scope.js';

/** Posts (job positions) of departments: the list, saving one, deleting one nobody holds. */
export interface PostService {
  postList(caller: AuthUser, input: In<typeof postList>): Promise<PostItem[]>;
  savePost(caller: AuthUser, input: In<typeof postSave>): Promise<PostItem>;
  deletePost(caller: AuthUser, input: In<typeof postDelete>): Promise<void>;
}

export function createPostService({ db, repo, getUserScope }: OrgContext): PostService {
  return {
    async postList(caller, input) {
      const scope = await getUserScope(caller.userid);
      let deptids: number[] | null = scope.all ? null : scope.deptids;
      if (input.deptid !== undefined) {
        deptids = deptids === null || deptids.includes(input.deptid) ? [input.deptid] : [];
      }
      return repo.listPosts(deptids);
    },

    async savePost(caller, input) {
      const scope = await getUserScope(caller.userid);
      const postid = await inTransaction(db, async (tx) => {
        const r = createOrgRepository(tx);
        const existing = input.postid ? await r.getPost(input.postid) : undefined;
        if (input.postid && !existing) {
          throw notFound('org.postNotFound');
        }
        if (existing && !inDepts(scope, existing.deptid)) {
          throw outsideScope();
        }
        const dept = await r.getDept(input.deptid);
        if (!dept) {
          throw badRequest('org.deptNotFound', ['deptid']);
        }
        if (!inDepts(scope, dept.deptid)) {
          throw outsideScope();
        }
        const dup = await r.postByName(dept.deptid, input.postname);
        if (dup && dup.postid !== existing?.postid) {
          throw conflict('org.postNameExists', ['postname']);
        }
        const values = { postname: input.postname, postname_en: input.postname_en, deptid: dept.deptid, c_id: dept.c_id };
        let id: number;
        if (existing) {
          id = existing.postid;
          if (existing.deptid !== dept.deptid && (await r.postHolderCount(id)) > 0) {
            throw conflict('org.postHeldCannotMove', ['deptid']);
          }
          await r.updatePost(id, values);
        } else {
          id = await r.insertPost(values);
        }
        await audit(
          tx,
          actorOf(caller),
          existing ? 'update' : 'create',
          'post',
          id,
          existing ? { before: existing, after: values } : values,
        );
        return id;
      });
      return (await repo.getPost(postid))!;
    },

    async deletePost(caller, input) {
      const scope = await getUserScope(caller.userid);
      await inTransaction(db, async (tx) => {
        const r = createOrgRepository(tx);
        const post = await r.getPost(input.postid);
        if (!post) {
          throw notFound('org.postNotFound');
        }
        if (!inDepts(scope, post.deptid)) {
          throw outsideScope();
        }
        if ((await r.postHolderCount(post.postid)) > 0) {
          throw conflict('org.postHeld', ['postid']);
        }
        await r.deletePost(post.postid);
        await audit(tx, actorOf(caller), 'delete', 'post', post.postid, post);
      });
    },
  };
}
