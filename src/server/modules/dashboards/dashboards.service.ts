import type { z } from 'zod';
import type { DashboardItem, DashboardSummary, DashboardVersionItem, dashboardSave } from '../../../shared/dashboards/contracts.js';
import { dashboardDefinition, migrateDefinition, type DashboardDefinition } from '../../../shared/dashboards/definition.js';
import type { AuthUser } from '../../http/app.js';
import { conflict, notFound } from '../../http/errors.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import { createDashboardsRepository, type DashboardRow } from './dashboards.repository.js';

/** Who the default dashboards are seeded by. */
const SYSTEM: Actor = { userid: null, loginname: 'system' };

export interface DashboardsService {
  list(): Promise<{ items: DashboardSummary[]; total: number }>;
  get(ref: { id?: number; key?: string }): Promise<DashboardItem>;
  save(caller: AuthUser, input: z.output<typeof dashboardSave.input>): Promise<DashboardItem>;
  versions(id: number): Promise<{ items: DashboardVersionItem[]; total: number }>;
  restore(caller: AuthUser, id: number, version: number): Promise<DashboardItem>;
  /** Adds the shipped dashboards that are missing; one still as shipped (never edited) follows its file. */
  seedDefaults(defs: readonly DashboardDefinition[]): Promise<void>;
}

const parse = (json: string): DashboardDefinition => dashboardDefinition.parse(migrateDefinition(JSON.parse(json)));

/** Widgets added, removed and changed between two definitions, by widget id. */
export function widgetDiff(before: DashboardDefinition | null, after: DashboardDefinition): DashboardVersionItem['diff'] {
  const old = new Map((before?.widgets ?? []).map((w) => [w.id, JSON.stringify(w)]));
  const now = new Map(after.widgets.map((w) => [w.id, JSON.stringify(w)]));
  return {
    added: [...now.keys()].filter((k) => !old.has(k)),
    removed: [...old.keys()].filter((k) => !now.has(k)),
    changed: [...now.keys()].filter((k) => old.has(k) && old.get(k) !== now.get(k)),
  };
}

export function createDashboardsService(store: Store, now: () => number = Date.now): DashboardsService {
  const repo = createDashboardsRepository(store.db);

  const itemOf = (r: DashboardRow): DashboardItem => ({
    id: r.id,
    key: r.key,
    name: { zh: r.name_zh, en: r.name_en },
    builtin: Number(r.builtin) === 1,
    version: Number(r.version),
    updatedAt: Number(r.updated_at),
    updatedBy: r.updated_by,
    definition: parse(r.definition),
  });

  async function write(actor: Actor, id: number | undefined, expected: number | undefined, def: DashboardDefinition, builtin = false): Promise<DashboardRow> {
    const t = now();
    const json = JSON.stringify(def);
    return inTransaction(store.db, async (tx) => {
      const sameKey = await repo.byKey(tx, def.key);
      let row: DashboardRow;
      let before: DashboardDefinition | null = null;
      if (id === undefined) {
        if (sameKey) {
          throw conflict('dashboards.keyTaken', ['definition.key']);
        }
        row = await repo.insert(tx, { key: def.key, name_zh: def.name.zh, name_en: def.name.en, definition: json, version: 1, builtin: builtin ? 1 : 0, updated_at: t, updated_by: actor.loginname });
      } else {
        const current = await repo.get(tx, id);
        if (!current) {
          throw notFound('dashboards.notFound');
        }
        if (sameKey && sameKey.id !== id) {
          throw conflict('dashboards.keyTaken', ['definition.key']);
        }
        const at = expected ?? Number(current.version);
        if (at !== Number(current.version) || !(await repo.update(tx, id, at, { key: def.key, name_zh: def.name.zh, name_en: def.name.en, definition: json, updated_at: t, updated_by: actor.loginname }))) {
          throw conflict('dashboards.versionConflict', ['version']);
        }
        before = parse(current.definition);
        row = (await repo.get(tx, id))!;
      }
      await repo.addVersion(tx, { dashboard_id: row.id, version: Number(row.version), definition: json, saved_at: t, saved_by: actor.loginname });
      await audit(tx, actor, 'dashboard.save', 'dashboard', row.id, { key: def.key, version: Number(row.version), diff: widgetDiff(before, def) });
      return row;
    });
  }

  return {
    async list() {
      const rows = await repo.list();
      const items = rows.map((r) => {
        const { definition, ...rest } = itemOf(r);
        return { ...rest, widgets: definition.widgets.length };
      });
      return { items, total: items.length };
    },
    async get(ref) {
      const row = ref.id !== undefined ? await repo.get(store.db, ref.id) : await repo.byKey(store.db, ref.key ?? '');
      if (!row) {
        throw notFound('dashboards.notFound');
      }
      return itemOf(row);
    },
    async save(caller, input) {
      return itemOf(await write(caller, input.id, input.version, input.definition));
    },
    async versions(id) {
      const rows = await repo.versions(id);
      const items = rows.map((r, i) => {
        const older = rows[i + 1];
        return {
          version: Number(r.version),
          savedAt: Number(r.saved_at),
          savedBy: r.saved_by,
          diff: widgetDiff(older ? parse(older.definition) : null, parse(r.definition)),
        };
      });
      return { items, total: items.length };
    },
    async restore(caller, id, version) {
      const old = await repo.version(store.db, id, version);
      if (!old) {
        throw notFound('dashboards.notFound');
      }
      const row = await write(caller, id, undefined, parse(old.definition));
      await audit(store.db, caller, 'dashboard.restore', 'dashboard', id, { from: version, version: Number(row.version) });
      return itemOf(row);
    },
    async seedDefaults(defs) {
      for (const def of defs) {
        const row = await repo.byKey(store.db, def.key);
        if (!row) {
          try {
            await write(SYSTEM, undefined, undefined, def, true);
          } catch (err) {
            // Another server of the same store seeded it first.
            if (!(await repo.byKey(store.db, def.key))) {
              throw err;
            }
          }
        } else if (Number(row.builtin) === 1 && row.updated_by === SYSTEM.loginname && row.definition !== JSON.stringify(def)) {
          // Never edited by anyone: a newer shipped file replaces it (as a new version, so the old one can be restored).
          await write(SYSTEM, row.id, Number(row.version), def).catch(() => undefined);
        }
      }
    },
  };
}
