import type { Subscription } from 'rxjs';
import type { FenceRule } from '../../../shared/fences/contracts.js';
import type { DeptItem, RegionItem } from '../../../shared/org/contracts.js';
import type { AreaCountItem } from '../../../shared/regions/contracts.js';
import { createFenceEvaluator, fenceKeys, fencePriority, type FenceCondition, type FenceEvaluator, type FencePerson, type ManDownRule } from '../../../shared/domain/fences.js';
import { consume, type StreamBus } from '../../stream/bus.js';
import type { ChannelFeed, ChannelSource, TopicResolver } from '../../stream/channels.js';
import type { StreamLog } from '../../stream/ingest.js';
import type { RegionLocator } from '../../../shared/domain/region-locator.js';
import type { AlarmsPort as AlarmService } from '../alarms/port.js';

/** A person or vehicle of the PositioningObject ledger, as the engine and the muster board need it. */
export interface RosterEntry extends FencePerson {
  name: string;
  personType: string | null;
  /** Record id in the ledger. */
  id: number;
}

/** SOS button tags: `person.<card>.sos` (src/server/sim/plant-tags.ts; real tags follow the same naming). */
const SOS_TAG = /^person\.(.+)\.sos$/;

export interface FenceEngineDeps {
  bus: StreamBus;
  alarms: Pick<AlarmService, 'raise' | 'clear' | 'openAlarms'>;
  /** The whole region and department trees (names, parents, kinds). */
  trees(): Promise<{ depts: DeptItem[]; regions: RegionItem[] }>;
  rules(): Promise<FenceRule[]>;
  roster(): Promise<RosterEntry[]>;
  log: StreamLog;
  /** The live stream's polygons: when they change, every card's last fix is placed again. */
  locator?: Pick<RegionLocator, 'locate' | 'version'>;
  /** The plant-wide man-down rule (config MAN_DOWN_DEFAULT); null: only the regions' rules. */
  defaultManDown?: ManDownRule | null;
  /** How often the clock rules run (default 500 ms; SOS and fixes also trigger a run). */
  evalMs?: number;
  debounceMs?: number;
  staleMs?: number;
  now?: () => number;
  /**
   * Whether this server raises and clears the positioning alarms (it holds
   * the plant's lease; default always). A standby server's engine still
   * follows every fix for its head counts and muster board, but leaves the
   * alarms to the owner.
   */
  owns?: () => boolean;
}

export interface FenceEngine {
  /** Loads rules, roster and trees, takes over the open `pos:` alarms and starts listening. */
  start(): Promise<void>;
  /** This server took the plant's lease: what is open is read again from the alarm service, and the rules run. */
  takeOver(): Promise<void>;
  /** Rules changed (RuleSave/RuleDelete): reload them; people already inside are judged by the new rule at the next run. */
  reloadRules(): Promise<void>;
  /** Runs the rules now and applies the alarm changes (tests and the bench call it; the timer does otherwise). */
  runOnce(): Promise<void>;
  /**
   * Head count per region after the last run: people and vehicles present (a fix within the
   * stale time, in the region or a sub-region, or left it less than the leaving delay ago).
   * The one definition of present: topic `area.count` sends these, `UAPI/Region/HeadCount`
   * answers them (run `runOnce` first to include the fixes received since).
   */
  headCounts(): ReadonlyMap<number, AreaCountItem>;
  /** The `area` channel (topic `area.count`). */
  readonly channel: { source: ChannelSource<'area'>; resolver: TopicResolver<'areaCount'> };
  readonly evaluator: FenceEvaluator;
  roster(): ReadonlyMap<string, RosterEntry>;
  regions(): ReadonlyMap<number, RegionItem>;
  /** Fence evaluations done (fixes and SOS changes applied), for the bench. */
  stats(): { fixes: number; runs: number; raised: number; cleared: number };
  stop(): Promise<void>;
}

export function createFenceEngine(deps: FenceEngineDeps): FenceEngine {
  const now = deps.now ?? Date.now;
  let roster = new Map<string, RosterEntry>();
  let regions = new Map<number, RegionItem>();
  let depts = new Map<number, DeptItem>();
  const evaluator = createFenceEvaluator((card) => roster.get(card), { debounceMs: deps.debounceMs, staleMs: deps.staleMs, defaultManDown: deps.defaultManDown });
  const subs: Subscription[] = [];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastData = 0;
  let feed: ChannelFeed<AreaCountItem> | null = null;
  let published = new Map<number, AreaCountItem>();
  /** Last state of each SOS button: only a change is news. */
  const sosState = new Map<string, { t: number; pressed: boolean }>();
  const stats = { fixes: 0, runs: 0, raised: 0, cleared: 0 };
  const onError = (err: unknown, what: string) => deps.log.error({ err }, `fence engine: ${what} failed`);

  const loadTrees = async () => {
    const t = await deps.trees();
    regions = new Map(t.regions.map((r) => [r.regionid, r]));
    depts = new Map(t.depts.map((d) => [d.deptid, d]));
    evaluator.setRegions(t.regions.map((r) => ({ regionid: r.regionid, parentid: r.regionparentid })));
    evaluator.setDeptParents(new Map(t.depts.map((d) => [d.deptid, d.parentdeptid])));
  };
  const loadRoster = async () => {
    roster = new Map((await deps.roster()).map((p) => [p.card, p]));
  };
  const loadRules = async () => {
    evaluator.setRules(await deps.rules());
  };
  const reload = (load: () => Promise<void>, what: string) => () => {
    load().catch((err: unknown) => onError(err, `reloading ${what}`));
  };

  /** The alarm a condition raises: who and where, names in both languages, detail for the card on the map. */
  function alarmOf(c: FenceCondition) {
    const region = c.regionid !== null ? regions.get(c.regionid) : undefined;
    const person = c.card !== null ? roster.get(c.card) : undefined;
    const dept = person?.deptid ? depts.get(person.deptid) : undefined;
    const regionName = region?.regionname ?? '';
    const regionNameEn = region?.regionname_en || regionName;
    const subject =
      c.card !== null
        ? { source: c.card, sourceName: person?.name ?? c.card, sourceNameEn: person ? `${person.name} (${c.card})` : c.card }
        : { source: String(c.regionid ?? 0), sourceName: regionName || String(c.regionid), sourceNameEn: regionNameEn || String(c.regionid) };
    return {
      key: c.key,
      type: c.type,
      ...subject,
      priority: fencePriority[c.type],
      regionid: c.regionid,
      t: Math.round(c.t),
      value: c.value,
      limit: c.limit,
      unit: c.type === 'overstay' ? 'min' : c.type === 'static' ? 's' : undefined,
      detail: {
        card: c.card,
        name: person?.name ?? null,
        personType: person?.personType ?? null,
        deptid: person?.deptid ?? null,
        dept: dept?.deptname ?? null,
        dept_en: dept?.deptname_en ?? null,
        regionid: c.regionid,
        region: regionName || null,
        region_en: regionNameEn || null,
        ...(c.members ? { members: c.members.map((card) => ({ card, name: roster.get(card)?.name ?? card })) } : {}),
      },
    };
  }

  let placedWith = deps.locator?.version() ?? 0;

  async function applyOnce(): Promise<void> {
    const t = Math.max(now(), lastData);
    if (deps.locator && deps.locator.version() !== placedWith) {
      placedWith = deps.locator.version();
      evaluator.relocate((lon, lat) => deps.locator!.locate(lon, lat));
    }
    const changes = evaluator.evaluate(t);
    stats.runs++;
    if (deps.owns?.() === false) {
      // Standby: the owner raises and clears; this server keeps the head counts only.
      changes.clear.length = 0;
      changes.raise.length = 0;
    }
    // Clears first: 超员 turning into 缺员 returns the first before the second opens on the same key.
    for (const c of changes.clear) {
      await deps.alarms.clear(c.key, Math.round(c.t));
      stats.cleared++;
    }
    for (const c of changes.raise) {
      await deps.alarms.raise(alarmOf(c));
      stats.raised++;
    }
    const counts = evaluator.counts();
    const next = new Map<number, AreaCountItem>();
    for (const c of counts.values()) {
      next.set(c.regionid, { regionid: c.regionid, people: c.people, vehicles: c.vehicles, t });
    }
    for (const r of regions.keys()) {
      if (!next.has(r)) {
        next.set(r, { regionid: r, people: 0, vehicles: 0, t });
      }
    }
    const prev = published;
    published = next;
    for (const [r, c] of next) {
      const p = prev.get(r);
      if (!p || p.people !== c.people || p.vehicles !== c.vehicles) {
        feed?.changed(String(r));
      }
    }
  }

  function runOnce(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await applyOnce();
        } catch (err) {
          onError(err, 'applying alarm changes');
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const channel: FenceEngine['channel'] = {
    source: {
      channel: 'area',
      current: (key) => published.get(Number(key)),
      keys: () => [...published.keys()].map(String),
      regionOf: (key) => Number(key),
      start(f) {
        feed = f;
        return () => {
          feed = null;
        };
      },
    },
    resolver: { kind: 'areaCount', resolve: () => ({ filter: 'all' }) },
  };

  return {
    channel,
    evaluator,
    roster: () => roster,
    regions: () => regions,
    headCounts: () => published,
    stats: () => ({ ...stats }),
    runOnce,
    async takeOver() {
      if (stopped) {
        return;
      }
      await running;
      evaluator.assumeOpen(deps.alarms.openAlarms(fenceKeys.prefix).map((a) => ({ key: a.alarmKey, type: a.type as FenceCondition['type'] })));
      await runOnce();
    },
    async reloadRules() {
      await loadRules();
      await runOnce();
    },
    async start() {
      await Promise.all([loadTrees(), loadRoster(), loadRules()]);
      evaluator.assumeOpen(deps.alarms.openAlarms(fenceKeys.prefix).map((a) => ({ key: a.alarmKey, type: a.type as FenceCondition['type'] })));
      subs.push(
        consume(deps.bus.positions$, 'fence.positions', onError, (b) => {
          for (let i = 0; i < b.n; i++) {
            evaluator.fix(b.id[i], b.kind[i] === 1 ? 1 : 0, b.t[i], b.lon[i], b.lat[i], b.region[i]);
            if (b.t[i] > lastData) {
              lastData = b.t[i];
            }
          }
          stats.fixes += b.n;
        }),
        consume(deps.bus.samples$, 'fence.sos', onError, (b) => {
          let changed = false;
          for (let i = 0; i < b.n; i++) {
            // Every sample passes here: most tags are process values, told apart by their end before any regex.
            if (!b.tag[i].endsWith('.sos')) {
              continue;
            }
            const m = SOS_TAG.exec(b.tag[i]);
            if (m && b.q[i] === 0) {
              const pressed = b.v[i] >= 0.5;
              const last = sosState.get(m[1]);
              // A late sample (a gateway's backlog) never changes the button's present state.
              if (last && b.t[i] < last.t) {
                continue;
              }
              sosState.set(m[1], { t: b.t[i], pressed });
              if (last?.pressed !== pressed) {
                evaluator.sos(m[1], b.t[i], pressed);
                changed = true;
              }
            }
          }
          if (changed) {
            void runOnce(); // SOS at once, not at the next tick
          }
        }),
        // Edits made on any server of the store: these only re-read the trees and the roster, they raise nothing.
        deps.bus.onAnyServer('region.changed').subscribe(reload(loadTrees, 'regions')),
        deps.bus.onAnyServer('dept.changed').subscribe(reload(loadTrees, 'departments')),
        deps.bus.onAnyServer('record.changed').subscribe((e) => {
          if (e.entity === 'PositioningObject') {
            reload(loadRoster, 'roster')();
          }
        }),
      );
      timer = setInterval(() => void runOnce(), deps.evalMs ?? 500);
      timer.unref();
    },
    async stop() {
      stopped = true;
      subs.forEach((s) => s.unsubscribe());
      if (timer) {
        clearInterval(timer);
      }
      await running;
    },
  };
}
