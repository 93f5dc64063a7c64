import type { MessageCode } from '../../../shared/messages/catalog.js';
import { withDescendants } from '../../../shared/tree.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { transactThenPublish, type Emit } from '../../stream/bus.js';
import { actorOf, outsideScope, uniqueAs, type OrgContext } from './org-context.js';
import { createOrgRepository, type DeptRow, type OrgRepository, type RegionRow, type RegionValues } from './org.repository.js';
import { deptTreePairs, regionTreePairs, type UserScope } from './scope.js';

/**
 * The one rule for saving a unit of the organisation tree, a department or a
 * region (`saveUnit`), and what the two kinds differ in (`deptKind`,
 * `regionKind`).
 */

/**
 * What a department and a region differ in when one is saved; the rule
 * itself (scope, parent, not under itself, unique code, audit) is one:
 * `saveUnit`.
 */
export interface UnitKind<Row, Values> {
  entity: 'dept' | 'region';
  /** Contract names of the parent and code fields, for `controls`. */
  parentField: string;
  codeField: string;
  messages: { notFound: MessageCode; parentMissing: MessageCode; underItself: MessageCode; codeExists: MessageCode };
  get(r: OrgRepository, id: number): Promise<Row | undefined>;
  /** Id of the unit holding this code, if any. */
  holderOf(r: OrgRepository, code: string): Promise<number | undefined>;
  pairs(r: OrgRepository): Promise<[number, number][]>;
  scopeIds(scope: UserScope): number[];
  idOf(row: Row): number;
  parentOf(row: Row): number;
  cidOf(row: Row): number;
  insert(r: OrgRepository, values: Values): Promise<number>;
  update(r: OrgRepository, id: number, values: Values): Promise<void>;
}

export const deptKind: UnitKind<DeptRow, Omit<DeptRow, 'deptid'>> = {
  entity: 'dept',
  parentField: 'parentdeptid',
  codeField: 'deptcode',
  messages: {
    notFound: 'org.deptNotFound',
    parentMissing: 'org.parentDeptMissing',
    underItself: 'org.deptUnderItself',
    codeExists: 'org.deptCodeExists',
  },
  get: (r, id) => r.getDept(id),
  holderOf: async (r, code) => (await r.deptByCode(code))?.deptid,
  pairs: deptTreePairs,
  scopeIds: (s) => s.deptids,
  idOf: (d) => d.deptid,
  parentOf: (d) => d.parentdeptid,
  cidOf: (d) => d.c_id,
  insert: (r, v) => r.insertDept(v),
  update: (r, id, v) => r.updateDept(id, v),
};

export const regionKind: UnitKind<RegionRow, RegionValues> = {
  entity: 'region',
  parentField: 'regionparentid',
  codeField: 'regioncode',
  messages: {
    notFound: 'org.regionNotFound',
    parentMissing: 'org.parentRegionMissing',
    underItself: 'org.regionUnderItself',
    codeExists: 'org.regionCodeExists',
  },
  get: (r, id) => r.getRegion(id),
  holderOf: async (r, code) => (await r.regionByCode(code))?.regionid,
  pairs: regionTreePairs,
  scopeIds: (s) => s.regionids,
  idOf: (x) => x.regionid,
  parentOf: (x) => x.regionparentid,
  cidOf: (x) => x.c_id,
  insert: (r, v) => r.insertRegion(v),
  update: (r, id, v) => r.updateRegion(id, v),
};

/**
 * Saves a department or region: it must exist when an id is given and lie
 * in the caller's scope; a new parent must exist, not be the unit or one
 * of its descendants, and lie in the scope (a top-level unit lies outside
 * every limited scope); the code is unique. Audited in the transaction,
 * `changed` emitted after it commits.
 */
export async function saveUnit<Row, Values>(
  { db, events, getUserScope }: OrgContext,
  caller: AuthUser,
  kind: UnitKind<Row, Values>,
  input: { id?: number; parentid: number; code: string },
  valuesOf: (c_id: number) => Values,
  changed: (emit: Emit, id: number, existing: Row | undefined) => void,
): Promise<number> {
  const scope = await getUserScope(caller.userid);
  const inScope = (id: number) => scope.all || kind.scopeIds(scope).includes(id);
  return uniqueAs(kind.messages.codeExists, kind.codeField, () =>
    transactThenPublish(db, events, async (tx, emit) => {
      const r = createOrgRepository(tx);
      const existing = input.id ? await kind.get(r, input.id) : undefined;
      if (input.id && !existing) {
        throw notFound(kind.messages.notFound);
      }
      if (existing && !inScope(kind.idOf(existing))) {
        throw outsideScope();
      }
      let c_id = existing ? kind.cidOf(existing) : caller.c_id;
      if (input.parentid !== 0) {
        const parent = await kind.get(r, input.parentid);
        if (!parent) {
          throw badRequest(kind.messages.parentMissing, [kind.parentField]);
        }
        c_id = kind.cidOf(parent);
        if (existing && withDescendants([kind.idOf(existing)], await kind.pairs(r)).includes(input.parentid)) {
          throw badRequest(kind.messages.underItself, [kind.parentField]);
        }
      }
      if ((!existing || kind.parentOf(existing) !== input.parentid) && (input.parentid === 0 ? !scope.all : !inScope(input.parentid))) {
        throw outsideScope();
      }
      const holder = await kind.holderOf(r, input.code);
      if (holder !== undefined && holder !== (existing ? kind.idOf(existing) : undefined)) {
        throw conflict(kind.messages.codeExists, [kind.codeField]);
      }
      const values = valuesOf(c_id);
      let id: number;
      if (existing) {
        id = kind.idOf(existing);
        await kind.update(r, id, values);
      } else {
        id = await kind.insert(r, values);
      }
      await audit(
        tx,
        actorOf(caller),
        existing ? 'update' : 'create',
        kind.entity,
        id,
        existing ? { before: existing, after: values } : values,
      );
      changed(emit, id, existing);
      return id;
    }),
  );
}
