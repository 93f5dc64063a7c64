import { expectedPeriodMs } from '../../../shared/domain/monitoring-status.js';
import { Quality } from '../../../shared/contracts/stream.js';
import { dangerSourceDeviceLedger, dangerSourceLedger } from '../../../shared/major-hazard/ledgers.js';
import type { DataItem } from '../../../shared/major-hazard/more-contracts.js';
import { HISTORY_MAX_TAGS } from '../../../shared/realtime/contracts.js';
import type { AuthUser } from '../../http/app.js';
import type { RealtimePort, RealtimeTagRegistry } from '../realtime/port.js';
import type { RecordsPort } from '../records/port.js';

/*
 * /realTimeDataCollection/DataItem and DataItemSearch (issue 20 §7): which
 * tags each major hazard source reports (the level, temperature, pressure and
 * gas tags bound to its devices) and how their collection stands: last value,
 * its age and quality, and how many samples the historian holds for the last
 * hour. A tag silent longer than its expected period (DOMAIN.md §5, the
 * device's own or its kind's) is stale; a bad last sample is bad.
 */

const HOUR = 3_600_000;
const ROLES = [
  ['levelTag', 'level'],
  ['temperatureTag', 'temperature'],
  ['pressureTag', 'pressure'],
  ['gasTag', 'gas'],
] as const;
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export interface DataItemDeps {
  records: Pick<RecordsPort, 'list'>;
  realtime: Pick<RealtimePort, 'tagList' | 'history'>;
  registry: Pick<RealtimeTagRegistry, 'get'>;
  live: { latest(ids: readonly string[]): { tag: string; t: number; v: number; q: number }[] };
  now?: () => number;
}

export async function dataItems(
  deps: DataItemDeps,
  caller: AuthUser,
  input: { sourceId?: number; keyword: string; state?: DataItem['state'] },
): Promise<{ items: DataItem[]; total: number; serverTime: number }> {
  const at = (deps.now ?? Date.now)();
  const all = { page: 1, pageSize: 1000, keyword: '' };
  const [units, devices] = await Promise.all([
    deps.records.list(caller, dangerSourceLedger, { ...all, filters: {} }).then((p) => p.items),
    deps.records.list(caller, dangerSourceDeviceLedger, { ...all, filters: {} }).then((p) => p.items),
  ]);
  const sourceNames = new Map(units.map((u) => [u.id, text(u.name)]));
  const bound = devices
    .filter((d) => input.sourceId === undefined || d.source === input.sourceId)
    .flatMap((d) => ROLES.filter(([k]) => text(d[k]) !== '').map(([k, role]) => ({ d, role, tag: text(d[k]) })));
  const ids = [...new Set(bound.map((b) => b.tag))];

  // Names and units from the tag list, one page per region (the caller's own isolation).
  const named = new Map<string, { name: string; unit: string }>();
  const regions = new Set(ids.map((id) => deps.registry.get(id)?.regionid).filter((r) => r !== undefined));
  let mayRead = true;
  for (const regionid of regions) {
    try {
      const page = await deps.realtime.tagList(caller, { page: 1, pageSize: 1000, ...(regionid === null ? {} : { regionid }) });
      page.items.forEach((t) => named.set(t.id, { name: t.name, unit: t.unit }));
    } catch {
      mayRead = false;
    }
  }
  const latest = new Map(deps.live.latest(ids).map((x) => [x.tag, x]));
  const counts = new Map<string, number>();
  const known = ids.filter((id) => deps.registry.get(id));
  if (mayRead) {
    for (let i = 0; i < known.length; i += HISTORY_MAX_TAGS) {
      const chunk = known.slice(i, i + HISTORY_MAX_TAGS);
      try {
        const h = await deps.realtime.history(caller, { tags: chunk, from: at - HOUR, to: at, points: 1 });
        for (const s of h.items) {
          counts.set(s.tag, s.buckets.reduce((n, b) => n + b.n, 0));
        }
      } catch {
        // Tags the caller may not read have no count.
      }
    }
  }
  const keyword = input.keyword.toLowerCase();
  const items = bound.map(({ d, role, tag }): DataItem => {
    const meta = deps.registry.get(tag);
    const l = latest.get(tag);
    const periodMs = expectedPeriodMs(meta?.kind ?? role, num(d.expectedPeriod));
    const state: DataItem['state'] = !meta ? 'unknown' : !l ? 'never' : l.q === Quality.bad ? 'bad' : at - l.t > periodMs ? 'stale' : 'ok';
    const sourceId = num(d.source) ?? 0;
    return {
      sourceId,
      sourceName: sourceNames.get(sourceId) ?? `#${sourceId}`,
      deviceId: d.id,
      deviceName: text(d.name),
      deviceCode: text(d.code),
      role,
      tag,
      known: meta !== undefined,
      name: named.get(tag)?.name ?? tag,
      unit: named.get(tag)?.unit ?? '',
      value: l ? l.v : null,
      lastAt: l ? l.t : null,
      ageMs: l ? Math.max(0, at - l.t) : null,
      quality: l ? l.q : null,
      samplesLastHour: counts.get(tag) ?? (meta && mayRead ? 0 : null),
      periodMs,
      state,
    };
  });
  const filtered = items.filter(
    (x) =>
      (input.state === undefined || x.state === input.state) &&
      (keyword === '' || [x.tag, x.name, x.deviceName, x.deviceCode, x.sourceName].some((s) => s.toLowerCase().includes(keyword))),
  );
  filtered.sort((a, b) => a.sourceName.localeCompare(b.sourceName) || a.deviceCode.localeCompare(b.deviceCode) || a.role.localeCompare(b.role));
  return { items: filtered, total: filtered.length, serverTime: at };
}
