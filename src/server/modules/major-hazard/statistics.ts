import { checkTasks, countTasks, emptyCounts, onTimeRate, type TaskCounts } from '../../../shared/domain/responsibility-tasks.js';
import { dangerSourceLedger, dangerSourceResponsibleLedger, responsibleRoles } from '../../../shared/major-hazard/ledgers.js';
import type { AuthUser } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { RecordsPort } from '../records/port.js';
import { cycleDaysOf } from './responsibility.js';

/*
 * /dangerSourceManagement/statistics (issue 20 §5): the responsibility check
 * tasks of the period — due, done on time, late, missed, pending — per person,
 * per source and per tier, over the allocations the caller may see (the
 * tasks themselves: shared/domain/responsibility-tasks.ts).
 */

const DAY = 86_400_000;
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const withRate = <T extends TaskCounts>(c: T) => ({ ...c, onTimeRate: onTimeRate(c) });

export async function responsibleStatistics(
  deps: { store: Store; records: Pick<RecordsPort, 'list' | 'allRecords' | 'orgNames'>; now?: () => number },
  caller: AuthUser,
  input: { from?: number; to?: number },
) {
  const now = (deps.now ?? Date.now)();
  const to = input.to ?? now;
  const from = input.from ?? to - 90 * DAY;
  const [allocations, units, checks, names] = await Promise.all([
    deps.records.list(caller, dangerSourceResponsibleLedger, { page: 1, pageSize: 1000, filters: {}, keyword: '' }).then((p) => p.items),
    deps.records.allRecords(dangerSourceLedger),
    deps.store.db.selectFrom('major_hazard_check').select(['responsible_id', 'at']).execute(),
    deps.records.orgNames(),
  ]);
  const sourceNames = new Map(units.map((u) => [u.id, text(u.name)]));
  const checksOf = new Map<number, number[]>();
  for (const c of checks) {
    const list = checksOf.get(c.responsible_id) ?? [];
    list.push(Number(c.at));
    checksOf.set(c.responsible_id, list);
  }
  const total = emptyCounts();
  const byPerson = new Map<number, TaskCounts>();
  const bySource = new Map<number, TaskCounts>();
  const byRole = new Map<string, TaskCounts>(responsibleRoles.map((r) => [r.value, emptyCounts()]));
  const add = <K>(m: Map<K, TaskCounts>, k: K, tasks: ReturnType<typeof checkTasks>) => {
    const c = m.get(k) ?? emptyCounts();
    countTasks(tasks, from, to, c);
    m.set(k, c);
  };
  for (const a of allocations) {
    const role = text(a.role);
    const tasks = checkTasks({ startAt: a.created, cycleDays: cycleDaysOf(role, num(a.cycleDays)), checks: checksOf.get(a.id) ?? [], now });
    countTasks(tasks, from, to, total);
    add(byPerson, num(a.person) ?? 0, tasks);
    add(bySource, num(a.source) ?? 0, tasks);
    add(byRole, role, tasks);
  }
  const userName = (id: number): string => {
    const n = names.person.get(id);
    return n ? n.zh || n.en : `#${id}`;
  };
  return {
    from,
    to,
    total: withRate(total),
    byPerson: [...byPerson].map(([userid, c]) => withRate({ userid, name: userName(userid), ...c })).sort((a, b) => b.missed + b.late - (a.missed + a.late)),
    bySource: [...bySource].map(([sourceId, c]) => withRate({ sourceId, sourceName: sourceNames.get(sourceId) ?? `#${sourceId}`, ...c })),
    byRole: [...byRole].map(([role, c]) => withRate({ role, ...c })),
  };
}
