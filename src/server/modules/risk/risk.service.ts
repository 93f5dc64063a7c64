import type { Subscription } from 'rxjs';
import { alarmTypeNames, type AlarmItem } from '../../../shared/alarms/item.js';
import {
  EscalationState,
  defaultEscalationRules,
  type AttrValue,
  type Cause,
  type CauseEvent,
  type EscalationRule,
} from '../../../shared/domain/risk-escalation.js';
import {
  defaultBandTables,
  evaluate,
  isRiskLevel,
  isScoredMethod,
  riskLevelInfo,
  type EvaluationInput,
  type EvaluationResult,
  type RiskBandTable,
  type RiskLevel,
  type ScoredMethod,
} from '../../../shared/domain/risk-evaluation.js';
import { checkResidual, zoneLevels } from '../../../shared/domain/risk-zones.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import type { RiskPointLevelItem } from '../../../shared/risk/contracts.js';
import type { RiskCauseItem, RiskZoneItem } from '../../../shared/risk/items.js';
import { factorFields, riskPointLedger } from '../../../shared/risk/ledger.js';
import type { AuthUser } from '../../http/app.js';
import { invalidInput, notFound } from '../../http/errors.js';
import type { StreamBus } from '../../stream/bus.js';
import type { ChannelFeed, ChannelSource, TopicResolver } from '../../stream/channels.js';
import type { TagRegistry } from '../../stream/tag-registry.js';
import type { AlarmsPort } from '../alarms/port.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';
import type { RiskRepository } from './risk.repository.js';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const levelOf = (v: unknown): RiskLevel | null => {
  const n = num(v);
  return isRiskLevel(n) ? n : null;
};

/** Gas detectors' tags (LEL, ppm) belong to the gas detection system (GDS): their HH is the detector's 二级 alarm. */
const GAS_KINDS = new Set(['lel', 'ppm']);

/** A zone's level override as the service keeps it (issue 21 §4): a level set by hand, never a colour. */
export interface ZoneOverrideState {
  level: RiskLevel;
  reason: string;
  by: string;
  at: number;
  /** When it ends by itself; null: until cleared. */
  until: number | null;
}

/** The id a zone's override has among the causes in its history rows. */
export const OVERRIDE_CAUSE_ID = 'override';

/** How the zone page names a cause and where it links (a cause without one shows its id). */
export interface CauseLabel {
  label: string;
  labelEn: string;
  href: string | null;
}

export interface RiskServiceDeps {
  bus: StreamBus;
  records: Pick<RecordsPort, 'allRecords'>;
  org: Pick<OrgPort, 'getUserScope' | 'allDeptsAndRegions'>;
  alarms: Pick<AlarmsPort, 'openAlarms'>;
  tags: Pick<TagRegistry, 'get'>;
  repo: RiskRepository;
  onError: (err: unknown, what: string) => void;
  now?: () => number;
  rules?: readonly EscalationRule[];
  /** The plant's current band tables (the defaults when not given). */
  bands?: () => Record<ScoredMethod, RiskBandTable>;
}

export interface RiskService {
  calculate(input: EvaluationInput): EvaluationResult;
  zoneList(caller: AuthUser): Promise<{ items: RiskZoneItem[]; total: number; serverTime: number }>;
  zoneDetail(caller: AuthUser, regionid: number): Promise<{ zone: RiskZoneItem; points: RiskPointLevelItem[] }>;
  zoneHistory(caller: AuthUser, input: { regionid?: number; from?: number; to?: number; page: number; pageSize: number }): ReturnType<RiskRepository['history']>;
  /** Every risk point of the caller's zones with its levels (the performance board's classification). */
  points(caller: AuthUser): Promise<RiskPointLevelItem[]>;
  /** Reads the risk points and regions again and publishes what changed. */
  reload(): Promise<void>;
  /** Reports a cause starting or ending (the port other modules use); a start may say how the zone page names and links it. */
  report(event: CauseEvent, label?: CauseLabel): void;
  /** Recomputes every zone from the points already evaluated (rules changed; benchmarks). */
  recomputeAll(): void;
  /** Replaces the escalation rule rows and recomputes every zone at once (an administrator saved them, here or on another server). */
  setRules(rules: readonly EscalationRule[]): void;
  /** Replaces a zone's override (null: none) and recomputes it at once; answers the zone's state. */
  setOverride(regionid: number, override: ZoneOverrideState | null): RiskZoneItem | undefined;
  /** Replaces every zone's override (read from the store at start, or after another server changed one). */
  setOverrides(all: ReadonlyMap<number, ZoneOverrideState>): void;
  /** Whether the caller may see (and so act on) this zone: it exists and is in the caller's regions. */
  mayAct(caller: AuthUser, regionid: number): Promise<boolean>;
  /** The zones' current state (tests, benchmarks). */
  zones(): ReadonlyMap<number, RiskZoneItem>;
  /** Resolves once pending history rows are written. */
  idle(): Promise<void>;
  channel: { source: ChannelSource<'riskZone'>; resolver: TopicResolver<'risk'> };
  stats(): Record<string, number>;
  close(): void;
}

/**
 * The risk module's live state (issue 21 §3–§5): each risk point evaluated
 * with the plant's bands, each zone's inherent and residual level from its
 * points (`risk-zones.ts`), and its live level from the causes other modules
 * report (`risk-escalation.ts`, DOMAIN.md §6). A change of a zone is a row in
 * its history, a `risk.changed` event and an item on topic `risk`.
 */
export function createRiskService(deps: RiskServiceDeps): RiskService {
  const now = deps.now ?? Date.now;
  const rules = deps.rules ?? defaultEscalationRules;
  const bandsNow = deps.bands ?? (() => defaultBandTables);
  const escalation = new EscalationState(rules);
  const points = new Map<number, RiskPointLevelItem>();
  const pointsByZone = new Map<number, Map<number, RiskPointLevelItem>>();
  let regionIds = new Set<number>();
  const zones = new Map<number, RiskZoneItem>();
  const nextAt = new Map<number, number>();
  const causeLabels = new Map<string, CauseLabel>();
  const overrides = new Map<number, ZoneOverrideState>();
  let feed: ChannelFeed<RiskZoneItem> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAt = Infinity;
  let writes: Promise<void> = Promise.resolve();
  let changes = 0;
  let closed = false;

  function evaluatePoint(r: RecordItem): RiskPointLevelItem | null {
    const regionid = num(r.region);
    if (regionid === null) {
      return null;
    }
    const method = text(r.method);
    const input: EvaluationInput = { method: 'direct' };
    let outcome: ReturnType<typeof evaluate> | null = null;
    const bands = bandsNow();
    if (isScoredMethod(method)) {
      input.method = method;
      for (const f of factorFields.filter((x) => x.method === method)) {
        input[f.factor] = num(r[f.key]);
      }
      outcome = evaluate(input, bands[method]);
    } else if (method === 'direct') {
      input.level = num(r.direct_level);
      outcome = evaluate(input, bands.LEC);
    }
    let residual: RiskLevel | null = null;
    let score: number | null = null;
    let problem: string | null = null;
    let problemEn: string | null = null;
    if (outcome?.ok) {
      residual = outcome.value.level;
      score = outcome.value.score;
    } else if (outcome) {
      const i = outcome.issues[0];
      problem = `${i.field}: ${renderMessage('zh', i.code, i.params)}`;
      problemEn = `${i.field}: ${renderMessage('en', i.code, i.params)}`;
    }
    const inherent = levelOf(r.inherent) ?? residual;
    const bad = checkResidual(inherent, residual)[0];
    if (bad) {
      problem = renderMessage('zh', bad.code, bad.params);
      problemEn = renderMessage('en', bad.code, bad.params);
    }
    return { id: r.id, name: text(r.name), unit: text(r.unit), regionid, method, score, residual, inherent, measures: text(r.measures), problem, problemEn };
  }

  function causeItem(c: { cause: Cause; rule: EscalationRule; effectLevel: RiskLevel; until?: number }): RiskCauseItem {
    const label = causeLabels.get(c.cause.id);
    return {
      kind: c.cause.kind,
      id: c.cause.id,
      ruleId: c.rule.id,
      ruleName: c.rule.name ? { zh: c.rule.name.zh, en: c.rule.name.en || c.rule.name.zh } : null,
      effectLevel: c.effectLevel,
      start: c.cause.start,
      until: c.until ?? null,
      attrs: c.cause.attrs,
      label: label?.label ?? c.cause.id,
      labelEn: label?.labelEn ?? c.cause.id,
      href: label?.href ?? null,
    };
  }

  function computeZone(regionid: number, t: number): RiskZoneItem {
    const own = pointsByZone.get(regionid);
    const o = overrides.get(regionid);
    // An override replaces the level from the points (DOMAIN.md §2); the causes are applied to it as to any static level.
    const override = o && (o.until === null || o.until > t) ? o : null;
    const levels = zoneLevels(own ? own.values() : [], override);
    escalation.setResidual(String(regionid), levels.residual);
    const live = escalation.levelAt(String(regionid), t);
    const wake = Math.min(live.nextChangeAt ?? Infinity, override?.until ?? Infinity);
    if (wake === Infinity) {
      nextAt.delete(regionid);
    } else {
      nextAt.set(regionid, wake);
    }
    return {
      regionid,
      inherent: levels.inherent,
      residual: levels.residual,
      live: live.level,
      baseline: live.baseline,
      overridden: levels.overridden,
      override: override && { ...override },
      causes: live.causes.map(causeItem),
      points: own?.size ?? 0,
      t,
    };
  }

  const sameState = (a: RiskZoneItem | undefined, b: RiskZoneItem) =>
    a !== undefined &&
    a.live === b.live &&
    a.residual === b.residual &&
    a.inherent === b.inherent &&
    a.points === b.points &&
    a.override?.at === b.override?.at &&
    a.override?.until === b.override?.until &&
    a.causes.length === b.causes.length &&
    a.causes.every((c, i) => c.id === b.causes[i].id && c.effectLevel === b.causes[i].effectLevel && c.until === b.causes[i].until);

  /** Recomputes the zones given (at `now`), publishes and records the ones that changed. */
  function recompute(ids: Iterable<number>): RiskZoneItem[] {
    const t = now();
    const changed: RiskZoneItem[] = [];
    const history: Parameters<RiskRepository['addHistory']>[0] = [];
    for (const regionid of new Set(ids)) {
      const next = computeZone(regionid, t);
      const prev = zones.get(regionid);
      if (sameState(prev, next)) {
        continue;
      }
      zones.set(regionid, next);
      changed.push(next);
      if (prev?.live !== next.live) {
        history.push({ regionid, t, from_level: prev ? prev.live : null, to_level: next.live, residual: next.residual, causes: [...(next.override ? [OVERRIDE_CAUSE_ID] : []), ...next.causes.map((c) => c.id)] });
      }
    }
    if (changed.length > 0) {
      changes += changed.length;
      // Rows of the zones' first computation say where each started; later ones are the changes.
      writes = writes.then(() => deps.repo.addHistory(history)).catch((err) => deps.onError(err, 'risk zone history'));
      deps.bus.publish('risk.changed', { zones: changed });
      changed.forEach((z) => feed?.changed(String(z.regionid)));
    }
    schedule();
    return changed;
  }

  /** Wakes up when the earliest hold runs out (or a planned cause starts): no event says so. */
  function schedule() {
    let earliest = Infinity;
    for (const t of nextAt.values()) {
      earliest = Math.min(earliest, t);
    }
    if (earliest === timerAt || closed) {
      return;
    }
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    timerAt = earliest;
    if (earliest === Infinity) {
      return;
    }
    timer = setTimeout(
      () => {
        timer = null;
        timerAt = Infinity;
        const due = [...nextAt.entries()].filter(([, at]) => at <= now()).map(([z]) => z);
        escalation.prune(now());
        recompute(due);
      },
      Math.max(0, earliest - now()) + 5,
    );
    timer.unref?.();
  }

  function zoneOf(zone: string): number | null {
    const id = Number(zone);
    return Number.isInteger(id) ? id : null;
  }

  function report(event: CauseEvent, label?: CauseLabel) {
    if (event.type === 'start' && label) {
      causeLabels.set(event.cause.id, label);
    } else if (event.type === 'remove') {
      causeLabels.delete(event.id);
    }
    const touched = escalation.apply(event);
    recompute(touched.map(zoneOf).filter((z): z is number => z !== null));
  }

  /** An alarm occurrence as a cause: gas and process alarms by type and system, head counts and gatherings by their own kinds. */
  function alarmCause(a: AlarmItem): Cause | null {
    if (a.regionid === null) {
      return null;
    }
    const kind = a.type === 'overcrowd' ? 'headcount' : a.type === 'gathering' ? 'gathering' : 'alarm';
    const attrs: Record<string, AttrValue> = { type: a.type, priority: a.priority };
    const tag = deps.tags.get(a.source);
    if (tag) {
      attrs.tagKind = tag.kind;
      if (GAS_KINDS.has(tag.kind)) {
        attrs.system = 'GDS';
      }
    }
    // A source stamping ahead of this server's clock does not make the cause a planned one: it counts from now at the latest.
    return { kind, id: `alarm:${a.alarmKey}`, zone: String(a.regionid), attrs, start: Math.min(a.activatedAt, now()) };
  }

  function onAlarms(items: readonly AlarmItem[]) {
    const touched = new Set<string>();
    for (const a of items) {
      const cause = alarmCause(a);
      if (!cause) {
        continue;
      }
      const typeName = alarmTypeNames[a.type];
      causeLabels.set(cause.id, {
        label: `${a.sourceName} ${typeName?.zh ?? a.type}`,
        labelEn: `${a.sourceNameEn || a.sourceName} ${typeName?.en ?? a.type}`,
        href: '/alarmData/realTimeAlarm',
      });
      const events: CauseEvent[] =
        a.active && a.closedAt === null ? [{ type: 'start', cause }] : [{ type: 'end', id: cause.id, at: Math.min(a.returnedAt ?? a.closedAt ?? a.updatedAt, now()) }];
      for (const e of events) {
        escalation.apply(e).forEach((z) => touched.add(z));
      }
    }
    if (touched.size > 0) {
      recompute([...touched].map(zoneOf).filter((z): z is number => z !== null));
    }
  }

  async function reload() {
    const [records, org] = await Promise.all([deps.records.allRecords(riskPointLedger), deps.org.allDeptsAndRegions()]);
    points.clear();
    pointsByZone.clear();
    for (const r of records) {
      const p = evaluatePoint(r);
      if (!p) {
        continue;
      }
      points.set(p.id, p);
      let own = pointsByZone.get(p.regionid);
      if (!own) {
        own = new Map();
        pointsByZone.set(p.regionid, own);
      }
      own.set(p.id, p);
    }
    regionIds = new Set(org.regions.map((r) => r.regionid));
    for (const id of zones.keys()) {
      if (!regionIds.has(id)) {
        zones.delete(id);
      }
    }
    recompute(regionIds);
  }

  const subs: Subscription[] = [
    deps.bus.onAnyServer('record.changed').subscribe((e) => {
      if (e.entity === riskPointLedger.entity) {
        void reload().catch((err) => deps.onError(err, 'risk points reload'));
      }
    }),
    deps.bus.onAnyServer('region.changed').subscribe(() => void reload().catch((err) => deps.onError(err, 'risk regions reload'))),
    deps.bus.onAnyServer('alarm.changed').subscribe((e) => {
      try {
        onAlarms(e.alarms);
      } catch (err) {
        deps.onError(err, 'risk alarm causes');
      }
    }),
  ];

  async function scopeOf(caller: AuthUser): Promise<(regionid: number) => boolean> {
    const scope = await deps.org.getUserScope(caller.userid);
    if (scope.all) {
      return () => true;
    }
    const ids = new Set(scope.regionids);
    return (id) => ids.has(id);
  }

  return {
    calculate(input) {
      const method = isScoredMethod(input.method) ? input.method : 'LEC';
      const out = evaluate(input, bandsNow()[method]);
      if (!out.ok) {
        throw invalidInput(out.issues.map((i) => ({ field: i.field, code: i.code, params: i.params })));
      }
      return out.value;
    },
    async zoneList(caller) {
      const may = await scopeOf(caller);
      const items = [...zones.values()].filter((z) => may(z.regionid)).sort((a, b) => a.regionid - b.regionid);
      return { items, total: items.length, serverTime: now() };
    },
    async zoneDetail(caller, regionid) {
      const may = await scopeOf(caller);
      const zone = zones.get(regionid);
      if (!zone || !may(regionid)) {
        throw notFound();
      }
      const own = [...(pointsByZone.get(regionid)?.values() ?? [])].sort(
        (a, b) => (a.residual ?? 5) - (b.residual ?? 5) || a.name.localeCompare(b.name),
      );
      return { zone, points: own };
    },
    async points(caller) {
      const may = await scopeOf(caller);
      return [...pointsByZone.entries()].filter(([regionid]) => may(regionid)).flatMap(([, own]) => [...own.values()]);
    },
    async zoneHistory(caller, input) {
      const scope = await deps.org.getUserScope(caller.userid);
      const filter = { from: input.from, to: input.to };
      if (input.regionid !== undefined) {
        if (!scope.all && !scope.regionids.includes(input.regionid)) {
          throw notFound();
        }
        return deps.repo.history({ ...filter, regionids: [input.regionid] }, input.page, input.pageSize);
      }
      return deps.repo.history({ ...filter, regionids: scope.all ? null : scope.regionids }, input.page, input.pageSize);
    },
    async reload() {
      await reload();
      // Alarms already open when the server starts are causes too.
      onAlarms(deps.alarms.openAlarms(''));
    },
    report,
    setOverride(regionid, override) {
      if (override) {
        overrides.set(regionid, override);
      } else {
        overrides.delete(regionid);
      }
      recompute([regionid]);
      return zones.get(regionid);
    },
    setOverrides(all) {
      const touched = new Set([...overrides.keys(), ...all.keys()]);
      overrides.clear();
      all.forEach((o, id) => overrides.set(id, o));
      recompute([...touched].filter((id) => regionIds.has(id)));
    },
    async mayAct(caller, regionid) {
      return zones.has(regionid) && (await scopeOf(caller))(regionid);
    },
    recomputeAll: () => void recompute(regionIds),
    setRules(next) {
      escalation.setRules(next);
      recompute([...regionIds, ...zones.keys()]);
    },
    zones: () => zones,
    idle: () => writes,
    channel: {
      source: {
        channel: 'riskZone',
        current: (key) => zones.get(Number(key)),
        keys: () => [...zones.keys()].map(String),
        regionOf: (_key, item) => item.regionid,
        start(f) {
          feed = f;
          return () => {
            feed = null;
          };
        },
      },
      resolver: { kind: 'risk', resolve: () => ({ filter: 'all' }) },
    },
    stats: () => ({ zones: zones.size, points: points.size, causes: escalation.size, changes }),
    close() {
      closed = true;
      subs.forEach((s) => s.unsubscribe());
      if (timer) {
        clearTimeout(timer);
      }
    },
  };
}

/** A level's name in both languages, for texts the server renders. */
export const levelName = (l: RiskLevel) => riskLevelInfo[l];
