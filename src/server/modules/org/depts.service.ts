import type { deptDelete, deptSave, DeptItem } from '../../../shared/org/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { conflict, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { transactThenPublish } from '../../stream/bus.js';
import { actorOf, outsideScope, type In, type OrgContext } from './org-context.js';
import { deptKind, saveUnit } from './org-units.js';
import { createOrgRepository } from './org.repository.js';
import { inDepts } from './scope.js';

/** Departments: the caller's list, saving one, deleting an empty one. */
export interface DeptService {
  deptList(caller: AuthUser): Promise<DeptItem[]>;
  saveDept(caller: AuthUser, input: In<typeof deptSave>): Promise<DeptItem>;
  deleteDept(caller: AuthUser, input: In<typeof deptDelete>): Promise<void>;
}

export function createDeptService(ctx: OrgContext): DeptService {
  const { db, repo, events, getUserScope } = ctx;
  return {
    async deptList(caller) {
      const scope = await getUserScope(caller.userid);
      return repo.listDepts(scope.all ? null : scope.deptids);
    },

    async saveDept(caller, input) {
      const id = await saveUnit(
        ctx,
        caller,
        deptKind,
        { id: input.deptid, parentid: input.parentdeptid, code: input.deptcode },
        (c_id) => ({
          parentdeptid: input.parentdeptid,
          deptname: input.deptname,
          deptname_en: input.deptname_en,
          deptcode: input.deptcode,
          c_id,
          sort: input.sort,
        }),
        (emit, deptid) => emit('dept.changed', { deptids: [deptid] }),
      );
      return (await repo.getDept(id))!;
    },

    async deleteDept(caller, input) {
      const scope = await getUserScope(caller.userid);
      await transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const dept = await r.getDept(input.deptid);
        if (!dept) {
          throw notFound('org.deptNotFound');
        }
        if (!inDepts(scope, dept.deptid)) {
          throw outsideScope();
        }
        const dep = await r.deptDependants(dept.deptid);
        if (dep.children > 0) {
          throw conflict('org.deptHasChildren', ['deptid']);
        }
        if (dep.users > 0) {
          throw conflict('org.deptHasUsers', ['deptid']);
        }
        if (dep.posts > 0) {
          throw conflict('org.deptHasPosts', ['deptid']);
        }
        await r.deleteDept(dept.deptid);
        await audit(tx, actorOf(caller), 'delete', 'dept', dept.deptid, dept);
        emit('dept.changed', { deptids: [dept.deptid] });
      });
    },
  };
}
