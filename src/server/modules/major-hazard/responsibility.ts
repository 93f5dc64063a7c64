import type { ResponsibleCheckItem } from '../../../shared/major-hazard/contracts.js';
import { dangerSourceLedger, dangerSourceResponsibleLedger, responsibleRoles } from '../../../shared/major-hazard/ledgers.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import { completeTodos, openTodo } from '../../common/todos.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { HiddenDangersPort } from '../hidden-dangers/port.js';
import type { RecordsPort } from '../records/port.js';

/*
 * Responsibility (包保) checks of major hazard sources (issue 20 §5, DOMAIN.md
 * §1): each DangerSourceResponsible record names a source, a tier and a
 * person with a check cycle (default by tier: 主要负责人 and 技术负责人 90
 * days, 操作负责人 7 days). A check is due one cycle after the last check
 * (or after the allocation, before any); past due, the person gets a to-do
 * that leads to the allocation page, done by their next check-in. A check
 * is done on a phone with findings and photos; its findings may open a hidden
 * danger (hidden-dangers port: source 隐患排查, the unit's region, the photos,
 * the person as finder), whose id the check keeps.
 */

const DAY = 86_400_000;
export const CHECK_TODO = 'majorHazard.checkOverdue';
const HREF = '/dangerSourceManagement/responsibleAllocation';
const todoRef = (id: number) => `mhr:${id}`;
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function cycleDaysOf(role: string, own: number | null): number {
  return own !== null && own > 0 ? own : (responsibleRoles.find((r) => r.value === role)?.cycleDays ?? 30);
}

export interface Responsibility {
  list(caller: AuthUser): Promise<{ items: ResponsibleCheckItem[]; total: number; serverTime: number }>;
  checkIn(caller: AuthUser, input: { id: number; findings: string; photos?: number[]; openHiddenDanger?: boolean }): Promise<ResponsibleCheckItem>;
  /** Opens a to-do for every check past due (once per person and allocation); answers how many were opened. */
  sweep(at?: number): Promise<number>;
}

export function createResponsibility(deps: {
  store: Store;
  records: Pick<RecordsPort, 'allRecords' | 'list'>;
  hiddenDangers?: Pick<HiddenDangersPort, 'report'>;
  now?: () => number;
}): Responsibility {
  const now = deps.now ?? Date.now;
  const db = deps.store.db;

  type LastCheck = { at: number; findings: string; photos: number[]; hiddenDangerId: number | null };
  async function lastChecks(): Promise<Map<number, LastCheck>> {
    const rows = await db
      .selectFrom('major_hazard_check')
      .select(['responsible_id', 'at', 'findings', 'photos', 'hidden_danger_id'])
      .orderBy('at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return new Map(
      rows.map((r) => [r.responsible_id, { at: Number(r.at), findings: r.findings, photos: JSON.parse(r.photos) as number[], hiddenDangerId: r.hidden_danger_id }]),
    );
  }

  function item(
    r: RecordItem,
    sources: Map<number, string>,
    last: LastCheck | undefined,
    at: number,
    caller: AuthUser | null,
  ): ResponsibleCheckItem {
    const role = text(r.role);
    const cycleDays = cycleDaysOf(role, num(r.cycleDays));
    const from = last?.at ?? r.created;
    const dueAt = from + cycleDays * DAY;
    const sourceId = num(r.source) ?? 0;
    const userid = num(r.person) ?? 0;
    return {
      id: r.id,
      sourceId,
      sourceName: sources.get(sourceId) ?? `#${sourceId}`,
      role,
      userid,
      cycleDays,
      lastCheckAt: last?.at ?? null,
      lastFindings: last?.findings ?? '',
      lastPhotos: last?.photos ?? [],
      lastHiddenDangerId: last?.hiddenDangerId ?? null,
      dueAt,
      overdue: at > dueAt,
      mine: caller !== null && caller.userid === userid,
    };
  }

  async function all(caller: AuthUser | null, at: number): Promise<ResponsibleCheckItem[]> {
    const [records, units, last] = await Promise.all([
      caller
        ? deps.records
            .list(caller, dangerSourceResponsibleLedger, { page: 1, pageSize: 1000, filters: {}, keyword: '' })
            .then((p) => p.items)
        : deps.records.allRecords(dangerSourceResponsibleLedger),
      deps.records.allRecords(dangerSourceLedger),
      lastChecks(),
    ]);
    const sources = new Map(units.map((u) => [u.id, text(u.name)]));
    return records.map((r) => item(r, sources, last.get(r.id), at, caller)).sort((a, b) => a.dueAt - b.dueAt);
  }

  return {
    async list(caller) {
      const at = now();
      const items = await all(caller, at);
      return { items, total: items.length, serverTime: at };
    },
    async checkIn(caller, input) {
      const at = now();
      const found = (await all(caller, at)).find((x) => x.id === input.id);
      if (!found) {
        throw badRequest('majorHazard.check.unknown', ['id']);
      }
      if (found.userid !== caller.userid) {
        throw forbidden('majorHazard.check.notYours');
      }
      const photos = [...new Set(input.photos ?? [])];
      let hiddenDangerId: number | null = null;
      if (input.openHiddenDanger) {
        if (!input.findings.trim()) {
          throw badRequest('majorHazard.check.noFindings', ['findings']);
        }
        const unit = (await deps.records.allRecords(dangerSourceLedger)).find((u) => u.id === found.sourceId);
        const region = num(unit?.region);
        if (!unit || region === null) {
          throw badRequest('majorHazard.check.noRegion', ['openHiddenDanger']);
        }
        if (!deps.hiddenDangers) {
          throw badRequest('majorHazard.check.noHiddenDangers', ['openHiddenDanger']);
        }
        const role = responsibleRoles.find((r) => r.value === found.role)?.label.zh ?? found.role;
        // Saved by the hidden-dangers module in its own transaction (photos checked and attached there); the check follows.
        const danger = await deps.hiddenDangers.report(caller, {
          title: `重大危险源包保检查：${found.sourceName} · ${input.findings.trim()}`.slice(0, 200),
          category: text(unit.kind) === 'production' ? 'process' : 'storage',
          source: 'check',
          region,
          place: found.sourceName,
          photos,
          detail: `${role} · ${new Date(at).toISOString()} · ${input.findings.trim()}`,
        });
        hiddenDangerId = danger.id;
      }
      const actor: Actor = caller;
      await inTransaction(db, async (tx) => {
        await tx
          .insertInto('major_hazard_check')
          .values({ responsible_id: input.id, userid: caller.userid, at, findings: input.findings, photos: JSON.stringify(photos), hidden_danger_id: hiddenDangerId })
          .execute();
        await completeTodos(tx, { kind: CHECK_TODO, ref: todoRef(input.id) });
        await audit(tx, actor, 'majorHazard.check', `record.${dangerSourceResponsibleLedger.entity}`, input.id, {
          source: found.sourceId,
          role: found.role,
          findings: input.findings,
          photos,
          hiddenDanger: hiddenDangerId,
        });
      });
      return {
        ...found,
        lastCheckAt: at,
        lastFindings: input.findings,
        lastPhotos: photos,
        lastHiddenDangerId: hiddenDangerId,
        dueAt: at + found.cycleDays * DAY,
        overdue: false,
      };
    },
    async sweep(at = now()) {
      const items = (await all(null, at)).filter((x) => x.overdue && x.userid > 0);
      if (items.length === 0) {
        return 0;
      }
      return inTransaction(db, async (tx) => {
        let opened = 0;
        for (const x of items) {
          const before = await tx
            .selectFrom('todo')
            .select('id')
            .where('kind', '=', CHECK_TODO)
            .where('ref', '=', todoRef(x.id))
            .where('status', '=', 0)
            .executeTakeFirst();
          if (before) {
            continue;
          }
          await openTodo(tx, {
            userid: x.userid,
            kind: CHECK_TODO,
            ref: todoRef(x.id),
            href: HREF,
            title: 'majorHazard.todo.checkOverdue',
            params: { source: x.sourceName },
            at,
          });
          opened++;
        }
        return opened;
      });
    },
  };
}
