import type { PositionItem, SampleItem } from '../../shared/contracts/stream.js';
import { type IncidentEvent, type IncidentScript, createIncidentScript } from './incidents.js';
import { type MoverSnapshot, type Movers, type Person, DEFAULT_RESTRICTED_REGIONS, createMovers, demoRoster } from './movers.js';
import { type PlantLayout, insideRegion } from './plant-layout.js';
import { deriveTags, sosTag } from './plant-tags.js';
import { rngFor } from '../common/prng.js';
import { type ProcessEnv, type SimTag, type TagProcess, ambientAt, createProcess } from './process-model.js';
import { buildRoadNetwork } from './road-network.js';

/**
 * The plant simulator: process values, people and trucks, sensor faults and
 * scripted incidents, pushed into the ingest pipeline like any other source.
 * Deterministic: everything it produces follows from the seed, the tags and
 * the tick count (timestamps advance by exactly one period a tick), so the
 * same seed replays the same plant.
 */

/** Where the simulator delivers; the stream's ingest service has this shape. */
export interface SimulatorSink {
  samples(items: SampleItem[], source: 'sim'): unknown;
  positions(items: PositionItem[], source: 'sim'): unknown;
}

export interface SimulatorLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SimulatorOptions {
  /** The plant layout; without it only process values of the given tags are simulated (no people, trucks or incidents). */
  layout: PlantLayout | null;
  /** Tags to simulate. `version()` changing makes the simulator pick up created, edited and deleted tags. */
  tags: { all(): Iterable<SimTag>; version?(): number };
  sink: SimulatorSink;
  seed: number;
  /** Samples per tag per second (SIM_RATE_HZ). */
  rateHz: number;
  /** Simulated seconds per real second (SIM_TIME_SCALE): 60 plays an hour of plant in a minute. */
  timeScale: number;
  /** Timestamp of tick 0, epoch ms; default now. Also the start of the simulated clock. */
  startTime?: number;
  /** The plant's time zone for shifts and the day cycle (China Standard Time by default). */
  utcOffsetHours?: number;
  people?: Person[];
  trucks?: number;
  incidents?: boolean;
  faults?: boolean;
  /** A sensor fault starts somewhere in the plant about this often (simulated seconds). */
  faultEveryS?: number;
  restrictedRegions?: string[];
  log?: SimulatorLog;
}

export interface TickOutput {
  samples: SampleItem[];
  positions: PositionItem[];
}

export interface Simulator {
  /** Advances one tick and delivers its samples and positions; returns them too. */
  tick(): TickOutput;
  start(): void;
  stop(): void;
  readonly running: boolean;
  /** Ticks done. */
  ticks(): number;
  /** Simulated time now, epoch ms. */
  simTime(): number;
  snapshot(): MoverSnapshot[];
  readonly events: IncidentEvent[];
}

type Fault = { type: 'stuck'; untilS: number; value: number } | { type: 'bad'; untilS: number } | { type: 'spike' };

/** Decimals worth sending for a span: about 4 significant digits. */
function decimalsFor(span: number): number {
  return Math.max(0, Math.min(6, 4 - Math.ceil(Math.log10(Math.max(span, 1e-6)))));
}

export function createSimulator(opts: SimulatorOptions): Simulator {
  const seed = opts.seed >>> 0;
  const periodMs = Math.max(1, Math.round(1000 / opts.rateHz));
  const dtS = (periodMs / 1000) * opts.timeScale;
  const startTime = opts.startTime ?? Date.now();
  const utcOffset = opts.utcOffsetHours ?? 8;
  const layout = opts.layout;
  const restrictedRegions = opts.restrictedRegions ?? DEFAULT_RESTRICTED_REGIONS;
  const people = opts.people ?? (layout ? demoRoster() : []);

  // How each known tag moves: layout tags by their model, SOS tags of the roster.
  const models = new Map<string, SimTag['model']>();
  if (layout) {
    for (const t of deriveTags(layout)) {
      models.set(t.id, t.model);
    }
  }
  for (const p of people) {
    const t = sosTag(p.card, p.name);
    models.set(t.id, t.model);
  }

  const bayState = new Map<string, { earthing: boolean; loading: boolean }>();
  let movers: Movers | null = null;
  if (layout && layout.roads.length) {
    movers = createMovers({
      layout,
      net: buildRoadNetwork(layout.roads),
      seed,
      people,
      trucks: opts.trucks ?? 6,
      utcOffsetHours: utcOffset,
      restrictedRegions,
      onBay: (bay, s) => bayState.set(bay, s),
    });
  }

  /** One simulated tag: its process, this tick's value, the last reported value and any sensor fault. */
  interface Entry {
    p: TagProcess;
    /** 10^decimals for rounding without going through strings. */
    scale: number;
    value: number;
    last: number | undefined;
    fault: Fault | null;
  }
  const processes = new Map<string, Entry>();
  /** Phase-0 entries first, so derived tags (pressures) read this tick's temperatures and levels. */
  let order: Entry[] = [];
  let tagVersion: number | undefined;
  const ambient0 = ambientAt(startTime, utcOffset);
  function syncTags() {
    const seen = new Set<string>();
    for (const t of opts.tags.all()) {
      seen.add(t.id);
      const existing = processes.get(t.id)?.p;
      // Keep the state of a tag that only had its limits edited; rebuild on a change of range or kind.
      if (existing && existing.tag.kind === t.kind && existing.tag.range_lo === t.range_lo && existing.tag.range_hi === t.range_hi) {
        continue;
      }
      const tag: SimTag = { ...t, model: t.model ?? models.get(t.id) };
      const p = createProcess(tag, rngFor(seed, `tag:${t.id}`), ambient0);
      processes.set(t.id, { p, scale: 10 ** decimalsFor(tag.range_hi - tag.range_lo), value: 0, last: undefined, fault: null });
    }
    for (const id of [...processes.keys()]) {
      if (!seen.has(id)) {
        processes.delete(id);
      }
    }
    const all = [...processes.values()];
    order = [...all.filter((e) => e.p.phase === 0), ...all.filter((e) => e.p.phase === 1)];
  }
  syncTags();
  tagVersion = opts.tags.version?.();

  let incidents: IncidentScript | null = null;
  if (layout && opts.incidents !== false) {
    const tankVessels = new Set(layout.tanks.map((t) => t.code));
    const tankLevels = order.flatMap(({ p }) => (p.level && tankVessels.has(p.level.vessel) ? [p.level] : []));
    const detectorHH = new Map<string, number | null>();
    for (const { p } of order) {
      if (p.tag.model?.type === 'gas') {
        detectorHH.set(p.tag.model.detector, p.tag.hh);
      }
    }
    const restricted = layout.regions.filter((r) => restrictedRegions.includes(r.code));
    const restrictedPlaces = movers ? [...movers.places.values()].filter((pl) => restricted.some((r) => insideRegion(pl.at, r))) : [];
    incidents = createIncidentScript({
      seed,
      detectors: layout.detectors,
      tankLevels,
      movers,
      restrictedPlaces,
      restrictedRegions,
      detectorHH: (code) => detectorHH.get(code) ?? null,
      onEvent: (e) => opts.log?.info({ incident: e }, `simulator: ${e.kind} — ${e.detail}`),
    });
  }

  const faultRng = rngFor(seed, 'faults');
  const faultEveryS = opts.faultEveryS ?? 120;
  const weatherRng = rngFor(seed, 'weather');
  let weather = 0;

  let k = 0;
  const env: ProcessEnv = {
    simTime: startTime,
    dtS,
    ambient: ambient0,
    value: (id) => processes.get(id)?.value,
    plume: (code) => incidents?.plume(code) ?? 0,
    bay: (code) => bayState.get(code) ?? { earthing: false, loading: false },
    sos: (card) => incidents?.sos(card) ?? false,
  };

  /** Number of faults starting this tick: Poisson with mean dtS / faultEveryS (Knuth; the mean is small). */
  function faultsThisTick(): number {
    const limit = Math.exp(-Math.min(dtS / faultEveryS, 500));
    let n = 0;
    for (let prod = faultRng.next(); prod > limit; prod *= faultRng.next()) {
      n++;
    }
    return n;
  }

  function startFaults(elapsedS: number) {
    if (opts.faults === false || !order.length) {
      return;
    }
    for (let n = faultsThisTick(); n > 0; n--) {
      const e = order[faultRng.int(order.length)];
      const { p } = e;
      // Never on a tag an incident is driving: the script must play out as written.
      const scripted = (p.level && p.level.override !== null) || (p.tag.model?.type === 'gas' && env.plume(p.tag.model.detector) > 0);
      if (e.fault || scripted || p.tag.kind === 'discrete') {
        continue;
      }
      const r = faultRng.next();
      e.fault =
        r < 0.4
          ? { type: 'stuck', untilS: elapsedS + faultRng.range(180, 600), value: e.last ?? e.value }
          : r < 0.8
            ? { type: 'bad', untilS: elapsedS + faultRng.range(30, 180) }
            : { type: 'spike' };
    }
  }

  /** What the transmitter reports through a fault; q 2 marks a bad value. */
  function faulty(e: Entry, v: number, elapsedS: number): { v: number; q: 0 | 2 } | null {
    const f = e.fault;
    if (!f) {
      return null;
    }
    switch (f.type) {
      case 'stuck':
      case 'bad':
        if (elapsedS >= f.untilS) {
          e.fault = null;
          return null;
        }
        return f.type === 'stuck' ? { v: f.value, q: 0 } : { v: e.last ?? v, q: 2 };
      case 'spike': {
        e.fault = null;
        const span = e.p.tag.range_hi - e.p.tag.range_lo;
        // A single wild reading, as from a loose connection: at or a little past an end of the range.
        const up = faultRng.chance(0.7);
        return { v: up ? e.p.tag.range_hi + span * faultRng.range(0, 0.05) : e.p.tag.range_lo - span * faultRng.range(0, 0.05), q: 0 };
      }
    }
  }

  function tick(): TickOutput {
    k++;
    const t = startTime + k * periodMs;
    const elapsedS = k * dtS;
    const simTime = startTime + Math.round(elapsedS * 1000);
    if (opts.tags.version && opts.tags.version() !== tagVersion) {
      tagVersion = opts.tags.version();
      syncTags();
    }
    incidents?.update(elapsedS);
    movers?.step(simTime, dtS);
    // Weather: a slow random deviation from the climate curve (Ornstein–Uhlenbeck, τ ≈ 3 h, σ ≈ 1.5 °C).
    const phi = Math.exp(-dtS / 10800);
    weather = phi * weather + Math.sqrt(1 - phi * phi) * 1.5 * weatherRng.normal();
    env.simTime = simTime;
    env.ambient = ambientAt(simTime, utcOffset) + weather;
    startFaults(elapsedS);
    const samples: SampleItem[] = new Array<SampleItem>(order.length);
    for (let i = 0; i < order.length; i++) {
      const e = order[i];
      e.value = e.p.step(env);
      let v = e.p.measure(e.value);
      let q: 0 | 2 = 0;
      const f = faulty(e, v, elapsedS);
      if (f) {
        v = f.v;
        q = f.q;
      }
      v = Math.round(v * e.scale) / e.scale;
      e.last = v;
      samples[i] = { tag: e.p.tag.id, t, v, q };
    }
    const positions: PositionItem[] = (movers?.positions() ?? []).map((p) => ({
      tagId: p.id,
      t,
      // 1e-7° is about a centimetre.
      lon: Math.round(p.lon * 1e7) / 1e7,
      lat: Math.round(p.lat * 1e7) / 1e7,
      floor: null,
      kind: p.kind,
    }));
    deliver(samples, positions);
    return { samples, positions };
  }

  function deliver(samples: SampleItem[], positions: PositionItem[]) {
    const guard = (r: unknown) => {
      if (r instanceof Promise) {
        r.catch((err: unknown) => opts.log?.warn({ err }, 'simulator: ingest failed'));
      }
    };
    try {
      // Batches of 10,000 keep one ingest call from holding the event loop for long at benchmark sizes.
      for (let i = 0; i < samples.length; i += 10_000) {
        guard(opts.sink.samples(samples.slice(i, i + 10_000), 'sim'));
      }
      if (positions.length) {
        guard(opts.sink.positions(positions, 'sim'));
      }
    } catch (err) {
      opts.log?.warn({ err }, 'simulator: ingest failed');
    }
  }

  let timer: NodeJS.Timeout | null = null;
  function schedule() {
    const due = startTime + (k + 1) * periodMs;
    timer = setTimeout(
      () => {
        timer = null;
        // After a stall (debugger, overloaded host) skip ahead instead of bursting to catch up.
        const behind = Math.floor((Date.now() - (startTime + (k + 1) * periodMs)) / periodMs);
        if (behind > 2) {
          k += behind;
        }
        tick();
        if (running) {
          schedule();
        }
      },
      Math.max(0, due - Date.now()),
    );
  }

  let running = false;
  return {
    tick,
    start() {
      if (running) {
        return;
      }
      running = true;
      opts.log?.info(
        { tags: processes.size, people: people.length, seed, rateHz: opts.rateHz, timeScale: opts.timeScale },
        'simulator started',
      );
      schedule();
    },
    stop() {
      running = false;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
    },
    get running() {
      return running;
    },
    ticks: () => k,
    simTime: () => startTime + Math.round(k * dtS * 1000),
    snapshot: () => movers?.snapshot() ?? [],
    events: incidents?.events ?? [],
  };
}
