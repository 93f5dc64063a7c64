import { gradeCalculate, validateGradeInput, type GradeCalculateInput, type GradeSubstanceInput, type GradingMethod } from '../../../shared/domain/gb18218.js';
import { seedSubstances } from '../../../shared/domain/substances.js';
import type { IdentificationItem, MonitorDevice, MonitorSource, MonitorTag, ReportRow } from '../../../shared/major-hazard/contracts.js';
import { dangerSourceDeviceLedger, dangerSourceLedger, deviceTagKeys } from '../../../shared/major-hazard/ledgers.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { expectedPeriodMs, monitorState } from '../../../shared/domain/monitoring-status.js';
import type { AlarmsPort } from '../alarms/port.js';
import type { RealtimePort, RealtimeTagRegistry } from '../realtime/port.js';
import type { RecordsPort } from '../records/port.js';
import type { IdentificationRepository, IdentificationRow } from './identification.repository.js';
import type { UnitStock } from './port.js';
import { reportRows } from './report.js';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const ALL = { page: 1, pageSize: 1000 } as const;

/** The GradeCalculate body a unit gives: its substances at design maximum and its population. */
export function unitInput(r: RecordItem): GradeCalculateInput {
  const rows = Array.isArray(r.substances) ? (r.substances as Record<string, unknown>[]) : [];
  const substances: GradeSubstanceInput[] = rows.map((row) => {
    const s: GradeSubstanceInput = { q: num(row.q) ?? 0 };
    if (text(row.name).trim()) {
      s.name = text(row.name).trim();
    }
    if (text(row.cas).trim()) {
      s.cas = text(row.cas).trim();
    }
    if (Array.isArray(row.categories) && row.categories.length > 0) {
      s.categories = row.categories.filter((c): c is string => typeof c === 'string');
    }
    return s;
  });
  return { substances, population: num(r.population) ?? 0 };
}

/** One unit's identification from its input (GB 18218-2018 §4.2, §4.3), as it is kept. */
export function identify(unitId: number, input: GradeCalculateInput, at: number, method: GradingMethod = {}): IdentificationRow {
  const issues = validateGradeInput(input, seedSubstances);
  const result = issues.length === 0 ? gradeCalculate(input, seedSubstances, method) : null;
  return {
    unit_id: unitId,
    input: keptInput(input, method),
    result: result ? JSON.stringify(result) : null,
    issues: JSON.stringify(issues),
    is_major: result?.isMajor ? 1 : 0,
    grade: result?.grade ?? null,
    computed_at: at,
  };
}

/** What a kept identification was computed from: the unit's input and, when the plant adjusted it, the grading method. */
function keptInput(input: GradeCalculateInput, method: GradingMethod): string {
  const adjusted = Object.values(method).some((v) => v !== undefined && Object.keys(v as object).length > 0);
  return adjusted ? JSON.stringify({ ...input, method }) : JSON.stringify(input);
}

export interface MajorHazardService {
  /** Identifies again every unit whose input changed since its kept result (and forgets deleted units). */
  refresh(): Promise<number>;
  identificationList(caller: AuthUser): Promise<{ items: IdentificationItem[]; total: number }>;
  /** Where storage units' current stock comes from (the port's `addUnitStock`). */
  addUnitStock(source: UnitStock): void;
  monitorList(caller: AuthUser): Promise<{ sources: MonitorSource[]; serverTime: number }>;
  /** Every source the caller may see with its grade and R, 一级 first (the report and its exports). */
  report(caller: AuthUser): Promise<ReportRow[]>;
}

export function createMajorHazardService(deps: {
  repo: IdentificationRepository;
  records: Pick<RecordsPort, 'allRecords' | 'list'>;
  realtime: Pick<RealtimePort, 'tagList'>;
  registry: Pick<RealtimeTagRegistry, 'get'>;
  /** Latest sample per tag (the stream's live cache). */
  live: { latest(ids: readonly string[]): { tag: string; t: number; q: number }[] };
  /** Open alarms (their `source` is the tag id). */
  alarms?: Pick<AlarmsPort, 'openAlarms'>;
  /** The plant's grading method (/majorHazard88/configPage); the standard's when absent. */
  method?: () => Promise<GradingMethod>;
  now?: () => number;
}): MajorHazardService {
  const now = deps.now ?? Date.now;
  const unitStocks: UnitStock[] = [];
  // One refresh at a time: a save during a refresh runs another after it.
  let running: Promise<number> = Promise.resolve(0);

  async function refreshOnce(): Promise<number> {
    const units = await deps.records.allRecords(dangerSourceLedger);
    const kept = new Map((await deps.repo.all()).map((r) => [r.unit_id, r]));
    const method = deps.method ? await deps.method() : {};
    let changed = 0;
    for (const u of units) {
      const input = unitInput(u);
      if (kept.get(u.id)?.input === keptInput(input, method)) {
        continue;
      }
      await deps.repo.upsert(identify(u.id, input, now(), method));
      changed++;
    }
    if (kept.size > 0) {
      await deps.repo.removeExcept(units.map((u) => u.id));
    }
    return changed;
  }

  function refresh(): Promise<number> {
    running = running.catch(() => 0).then(refreshOnce);
    return running;
  }

  type TagInfo = Omit<MonitorTag, 'periodMs' | 'lastAt' | 'state'>;
  async function tagsOf(caller: AuthUser, ids: readonly string[]): Promise<Map<string, TagInfo>> {
    const out = new Map<string, TagInfo>();
    const regions = new Set<number | null>();
    for (const id of ids) {
      const meta = deps.registry.get(id);
      if (meta) {
        regions.add(meta.regionid);
      }
    }
    // Names and units from the tag list (one call per region, the caller's own isolation); limits from the registry.
    const named = new Map<string, { name: string; name_en: string; unit: string }>();
    for (const regionid of regions) {
      try {
        const page = await deps.realtime.tagList(caller, { ...ALL, ...(regionid === null ? {} : { regionid }) });
        page.items.forEach((t) => named.set(t.id, t));
      } catch {
        // A caller without realtime:read sees the gauges with tag ids only.
      }
    }
    for (const id of ids) {
      const meta = deps.registry.get(id);
      if (!meta) {
        continue;
      }
      const n = named.get(id);
      out.set(id, {
        id,
        name: n?.name ?? id,
        name_en: n?.name_en ?? '',
        unit: n?.unit ?? '',
        kind: meta.kind,
        range_lo: meta.range_lo,
        range_hi: meta.range_hi,
        ll: meta.ll,
        l: meta.l,
        h: meta.h,
        hh: meta.hh,
      });
    }
    return out;
  }

  async function identificationList(caller: AuthUser): Promise<{ items: IdentificationItem[]; total: number }> {
    await refresh();
    const units = (await deps.records.list(caller, dangerSourceLedger, { ...ALL, filters: {}, keyword: '' })).items;
    const kept = new Map((await deps.repo.all()).map((r) => [r.unit_id, r]));
    const stock = new Map<number, { cas: string; quantity: number }[]>();
    const storage = units.filter((u) => text(u.kind) === 'storage').map((u) => u.id);
    for (const source of storage.length > 0 ? unitStocks : []) {
      for (const [unit, rows] of await source(storage)) {
        stock.set(unit, [...(stock.get(unit) ?? []), ...rows]);
      }
    }
    const items = units.map((u): IdentificationItem => {
      const k = kept.get(u.id);
      const held = stock.get(u.id);
      return {
        ...(held ? { stock: held } : {}),
        id: u.id,
        name: text(u.name),
        code: text(u.code),
        kind: text(u.kind),
        regionid: num(u.region),
        population: num(u.population) ?? 0,
        result: k?.result ? (JSON.parse(k.result) as IdentificationItem['result']) : null,
        issues: k ? (JSON.parse(k.issues) as IdentificationItem['issues']) : [],
        computedAt: Number(k?.computed_at ?? 0),
      };
    });
    return { items, total: items.length };
  }

  return {
    refresh,
    identificationList,
    addUnitStock(source) {
      unitStocks.push(source);
    },
    async report(caller) {
      const { items } = await identificationList(caller);
      const devices = (await deps.records.list(caller, dangerSourceDeviceLedger, { ...ALL, filters: {}, keyword: '' })).items;
      const perUnit = new Map<number, number>();
      for (const d of devices) {
        if (typeof d.source === 'number') {
          perUnit.set(d.source, (perUnit.get(d.source) ?? 0) + 1);
        }
      }
      return reportRows(items, perUnit);
    },
    async monitorList(caller) {
      await refresh();
      const units = (await deps.records.list(caller, dangerSourceLedger, { ...ALL, filters: {}, keyword: '' })).items;
      const devices = (await deps.records.list(caller, dangerSourceDeviceLedger, { ...ALL, filters: {}, keyword: '' })).items;
      const kept = new Map((await deps.repo.all()).map((r) => [r.unit_id, r]));
      const tagKeys = deviceTagKeys;
      const ids = [...new Set(devices.flatMap((d) => tagKeys.map((k) => text(d[k]).trim()).filter((x) => x !== '')))];
      const tags = await tagsOf(caller, ids);
      const at = now();
      const latest = new Map(deps.live.latest(ids).map((x) => [x.tag, x]));
      const alarmed = new Set((deps.alarms?.openAlarms('') ?? []).map((a) => a.source));
      const tagOf = (d: RecordItem, k: (typeof tagKeys)[number]): MonitorTag | null => {
        const info = tags.get(text(d[k]).trim());
        if (!info) {
          return null;
        }
        const periodMs = expectedPeriodMs(info.kind, num(d.expectedPeriod));
        const last = latest.get(info.id) ?? null;
        return { ...info, periodMs, lastAt: last?.t ?? null, state: monitorState(last, at, periodMs, alarmed.has(info.id)) };
      };
      const sources = units.map((u): MonitorSource => {
        const k = kept.get(u.id);
        const mine: MonitorDevice[] = devices
          .filter((d) => d.source === u.id)
          .map((d): MonitorDevice => ({
            id: d.id,
            name: text(d.name),
            code: text(d.code),
            type: text(d.type),
            capacity: num(d.capacity),
            medium: text(d.medium),
            level: tagOf(d, 'levelTag'),
            temperature: tagOf(d, 'temperatureTag'),
            pressure: tagOf(d, 'pressureTag'),
            gas: tagOf(d, 'gasTag'),
            esd: tagOf(d, 'esdTag'),
            sis: tagOf(d, 'sisTag'),
          }));
        return {
          id: u.id,
          name: text(u.name),
          code: text(u.code),
          kind: text(u.kind),
          regionid: num(u.region),
          isMajor: k?.is_major === 1,
          grade: k?.grade ?? null,
          devices: mine,
          notMonitored: mine.flatMap((d) => [d.level, d.temperature, d.pressure, d.gas, d.esd, d.sis]).filter((x) => x?.state === 'notMonitored').length,
        };
      });
      // Graded sources first (一级 before 四级), then the rest by name.
      sources.sort((a, b) => (a.grade ?? 9) - (b.grade ?? 9) || a.name.localeCompare(b.name, 'zh'));
      return { sources, serverTime: at };
    },
  };
}
