import type { RecordItem } from '../../../shared/records/contracts.js';
import { valueText, type LinkRef } from '../../../shared/records/definition.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { transactThenPublish } from '../../stream/bus.js';
import type { Named } from './records.excel.js';
import { docOf, type RecordRow } from './records.repository.js';
import type { RecordsService } from './records.service.js';
import { auditEntity, granted, LINK_OPTIONS_MAX, itemOf, linkFieldsOf, linkName, type RecordsCore } from './records.core.js';
import type { RecordCrud } from './records.crud.js';

/** Many records at once: export rows, import, names for spreadsheet cells, link choices. */
export function createRecordBulk(core: RecordsCore, crud: { insertOne: RecordCrud['insertOne'] }) {
  const { store, deps, repo, definitions, queryOf, checkSave, visibleOf, publishChanged } = core;
  const { insertOne } = crud;

  const methods: Pick<RecordsService, 'rows' | 'allRecords' | 'importRows' | 'orgNames' | 'linkNames' | 'linkOptions'> = {
    async rows(caller, def, input) {
      if (!granted(caller, def.permissions.view)) {
        throw forbidden('records.noPermission');
      }
      const scope = await deps.scopeOf(caller.userid);
      return repo.stream(queryOf(def, scope, input));
    },

    async allRecords(def) {
      const out: RecordItem[] = [];
      for await (const page of repo.stream(queryOf(def, { all: true, deptids: [], regionids: [] }, { filters: {}, keyword: '' }))) {
        out.push(...page.map(itemOf));
      }
      return out;
    },

    async importRows(caller, def, rows, keepGood, preErrors) {
      if (!granted(caller, def.permissions.edit)) {
        throw forbidden('records.noPermission');
      }
      const scope = await deps.scopeOf(caller.userid);
      const errors = [...preErrors];
      const bad = new Set(errors.map((e) => e.row));
      // Check every row first (store rules included), inside one transaction that saves only when allowed.
      return transactThenPublish(store.db, deps.events, async (tx, emit) => {
        const seen = new Map<string, number>();
        const good: typeof rows = [];
        for (const r of rows) {
          if (bad.has(r.row)) {
            continue;
          }
          try {
            await checkSave(tx, caller, def, scope, r.values, null);
            for (const f of def.fields.filter((x) => x.unique)) {
              const v = r.values[f.key];
              if (v !== null && v !== undefined && v !== '') {
                const k = `${f.key}\u0000${valueText(v)}`;
                if (seen.has(k)) {
                  throw conflict('records.duplicateValue', [f.key]);
                }
                seen.set(k, r.row);
              }
            }
            good.push(r);
          } catch (err) {
            if (!(err instanceof AppError)) {
              throw err;
            }
            errors.push({ row: r.row, field: err.controls[0] ?? '', code: err.code, params: err.params });
            bad.add(r.row);
          }
        }
        errors.sort((a, b) => a.row - b.row);
        if (errors.length && !keepGood) {
          return { saved: 0, errors };
        }
        const inserted: RecordRow[] = [];
        for (const r of good) {
          await insertOne(tx, inserted, caller, def, scope, r.values);
        }
        if (inserted.length) {
          await audit(tx, caller, 'record.import', auditEntity(def), 0, { saved: inserted.length, refused: bad.size });
          publishChanged(emit, def, inserted, 'import');
        }
        return { saved: inserted.length, errors };
      });
    },

    async orgNames() {
      const db = store.db;
      const [depts, regions, posts, users] = await Promise.all([
        db.selectFrom('dept').select(['deptid', 'deptname', 'deptname_en']).execute(),
        db.selectFrom('region').select(['regionid', 'regionname', 'regionname_en']).execute(),
        db.selectFrom('post').select(['postid', 'postname', 'postname_en']).execute(),
        db.selectFrom('users').select(['userid', 'username']).execute(),
      ]);
      return {
        dept: new Map(depts.map((d) => [d.deptid, { zh: d.deptname, en: d.deptname_en || d.deptname }])),
        region: new Map(regions.map((r) => [r.regionid, { zh: r.regionname, en: r.regionname_en || r.regionname }])),
        post: new Map(posts.map((p) => [p.postid, { zh: p.postname, en: p.postname_en || p.postname }])),
        person: new Map(users.map((u) => [u.userid, { zh: u.username, en: u.username }])),
      };
    },

    async linkNames(caller, def) {
      const scope = await deps.scopeOf(caller.userid);
      const out = new Map<string, Map<number, Named>>();
      for (const { key, ref } of linkFieldsOf(def)) {
        const found = await visibleOf(caller, scope, ref.entity, null);
        out.set(key, new Map((found?.rows ?? []).map((r) => [r.id, linkName(ref, docOf(r.doc))])));
      }
      return out;
    },

    async linkOptions(caller, input) {
      const target = definitions.get(input.entity);
      if (!target) {
        throw notFound('records.noSuchLedger', { entity: input.entity });
      }
      const ref: LinkRef = { entity: input.entity, label: input.label, labelEn: input.labelEn };
      for (const [k, field] of [
        [ref.label, 'label'],
        [ref.labelEn, 'labelEn'],
      ] as const) {
        if (k !== undefined && !target.fields.some((f) => f.key === k)) {
          throw badRequest('records.unknownField', [field], { key: k });
        }
      }
      if (!granted(caller, target.permissions.view)) {
        throw forbidden('records.noPermission');
      }
      const scope = await deps.scopeOf(caller.userid);
      const q = queryOf(target, scope, { filters: {}, keyword: '', sort: { field: ref.label, order: 'asc' } });
      const { rows } = await repo.list(q, 0, LINK_OPTIONS_MAX);
      return rows.map((r) => ({ id: r.id, ...linkName(ref, docOf(r.doc)) }));
    },
  };
  return methods;
}
export type RecordBulk = ReturnType<typeof createRecordBulk>;
