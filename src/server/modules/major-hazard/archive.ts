import type { z } from 'zod';
import { dangerListFields, type DangerListConfigView, type dangerArchive } from '../../../shared/major-hazard/archive-contracts.js';
import { dangerSourceDeviceLedger, dangerSourceLedger, deviceTagKeys } from '../../../shared/major-hazard/ledgers.js';
import { chemicalProcessLedger } from '../../../shared/major-hazard/ledgers-process.js';
import type { AuthUser } from '../../http/app.js';
import { notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { RecordsPort } from '../records/port.js';
import type { EvaluationReports } from './evaluation-reports.js';
import type { MajorHazardService } from './major-hazard.service.js';
import type { Responsibility } from './responsibility.js';

/*
 * The register's list configuration and a source's archive (issue 20 §3).
 * The list configuration is kept as one row of the module's settings table
 * (`major_hazard_method`, key `dangerListConfig`) and applied by the register
 * page; the archive gathers what the module knows of one source.
 */

const LIST_KEY = 'dangerListConfig';
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const all = { page: 1, pageSize: 1000, keyword: '', filters: {} };

export function createListConfig(deps: { store: Store; now?: () => number }) {
  const db = deps.store.db;
  const now = deps.now ?? Date.now;
  const defaults = [...dangerSourceLedger.list.columns];
  const fields = dangerSourceLedger.fields.map((f) => ({ key: f.key, label: { zh: f.label.zh, en: f.label.en } }));
  const row = () => db.selectFrom('major_hazard_method').selectAll().where('key', '=', LIST_KEY).executeTakeFirst();
  const viewOf = (columns: string[], at: number | null, by: string): DangerListConfigView => ({
    // A field the ledger has dropped since the save is left out.
    columns: columns.filter((c) => dangerListFields.includes(c)),
    defaults,
    fields,
    updatedAt: at,
    updatedBy: by,
  });
  return {
    async view(): Promise<DangerListConfigView> {
      const r = await row();
      return r ? viewOf((JSON.parse(r.body) as { columns: string[] }).columns, Number(r.updated_at), r.updated_by) : viewOf(defaults, null, '');
    },
    async save(caller: AuthUser, columns: string[]): Promise<DangerListConfigView> {
      const at = now();
      const body = JSON.stringify({ columns });
      await inTransaction(db, async (tx) => {
        const before = await tx.selectFrom('major_hazard_method').select('body').where('key', '=', LIST_KEY).executeTakeFirst();
        if (before) {
          await tx.updateTable('major_hazard_method').set({ body, updated_at: at, updated_by: caller.loginname }).where('key', '=', LIST_KEY).execute();
        } else {
          await tx.insertInto('major_hazard_method').values({ key: LIST_KEY, body, updated_at: at, updated_by: caller.loginname }).execute();
        }
        await audit(tx, caller, 'majorHazard.listConfig.save', 'majorHazard.listConfig', 0, { before: before ? (JSON.parse(before.body) as unknown) : { columns: defaults }, after: { columns } });
      });
      return viewOf(columns, at, caller.loginname);
    },
  };
}

/** One source's archive, as the caller may see it (the source's region decides). */
export async function sourceArchive(
  deps: {
    store: Store;
    records: Pick<RecordsPort, 'list'>;
    service: Pick<MajorHazardService, 'identificationList'>;
    responsibility: Pick<Responsibility, 'list'>;
    evaluations: Pick<EvaluationReports, 'ofSource'>;
  },
  caller: AuthUser,
  id: number,
): Promise<z.output<(typeof dangerArchive)['output']>> {
  const source = (await deps.service.identificationList(caller)).items.find((x) => x.id === id);
  if (!source) {
    throw notFound('majorHazard.archive.unknown');
  }
  const [devices, processes, responsible, reports] = await Promise.all([
    deps.records.list(caller, dangerSourceDeviceLedger, all).then((p) => p.items.filter((d) => d.source === id)),
    deps.records.list(caller, chemicalProcessLedger, all).then((p) => p.items.filter((d) => d.source === id)),
    deps.responsibility.list(caller).then((p) => p.items.filter((r) => r.sourceId === id)),
    deps.evaluations.ofSource(caller, id),
  ]);
  const ids = responsible.map((r) => r.id);
  const checks =
    ids.length === 0
      ? []
      : await deps.store.db
          .selectFrom('major_hazard_check')
          .selectAll()
          .where('responsible_id', 'in', ids)
          .orderBy('at', 'desc')
          .limit(100)
          .execute();
  return {
    source,
    devices: devices.map((d) => ({
      id: d.id,
      name: text(d.name),
      code: text(d.code),
      type: text(d.type),
      capacity: num(d.capacity),
      tags: deviceTagKeys.map((k) => text(d[k])).filter((x) => x !== ''),
    })),
    responsible,
    checks: checks.map((c) => ({ id: c.id, responsibleId: c.responsible_id, userid: c.userid, at: Number(c.at), findings: c.findings })),
    processes: processes.map((p) => ({
      id: p.id,
      unitName: text(p.unitName),
      process: text(p.process),
      controls: Array.isArray(p.controls) ? p.controls.map(String) : [],
      automated: text(p.automated),
    })),
    reports,
  };
}
