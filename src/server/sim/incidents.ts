import type { Movers, Person } from './movers.js';
import { type DetectorFeature, type Pt, distance } from './plant-layout.js';
import { rngFor } from '../common/prng.js';
import type { LevelControl } from './process-model.js';

/**
 * Scripted incidents, so that a demo shows alarms within minutes and keeps
 * showing them. They repeat every cycle (30 simulated minutes by default),
 * each cycle with its own detector, tank and people drawn from the seed.
 * Offsets within a cycle: leak 1 min, overfill 2 min, restricted-area entry
 * 3 min, man-down 5 min, SOS 7 min.
 */

export interface IncidentEvent {
  /** Simulated seconds since the simulator started. */
  atS: number;
  kind: 'leak' | 'overfill' | 'intrusion' | 'man-down' | 'sos';
  /** Detector, vessel or positioning card concerned. */
  subject: string;
  detail: string;
}

export interface IncidentScriptOptions {
  seed: number;
  cycleS?: number;
  detectors: DetectorFeature[];
  /** Level controls of atmospheric tanks (spheres are not overfilled in the script). */
  tankLevels: LevelControl[];
  movers: Movers | null;
  /** Places inside restricted regions, for the intrusion. */
  restrictedPlaces: { id: string; at: Pt }[];
  restrictedRegions: string[];
  /** HH limit of each detector's tag, to scale the leak to the detector's gas. */
  detectorHH: (code: string) => number | null;
  onEvent?: (e: IncidentEvent) => void;
}

export interface IncidentScript {
  update(elapsedS: number): void;
  /** Concentration a leak adds at a detector now, in its unit. */
  plume(detector: string): number;
  sos(card: string): boolean;
  readonly events: IncidentEvent[];
}

export const INCIDENT_OFFSETS_S = { leak: 60, overfill: 120, intrusion: 180, manDown: 300, sos: 420 } as const;

/** Leak source profile: ramps up over 4 min, holds 2 min, subsides over 4 min. */
const RAMP_S = 240;
const HOLD_S = 120;
const DECAY_S = 240;
/** Plume spread: decays with distance over λ = 25 m, travels at 0.5 m/s (light wind), reaches 100 m at most. */
const LAMBDA_M = 25;
const WIND_MS = 0.5;
const REACH_M = 100;

function smooth(x: number): number {
  const t = Math.min(1, Math.max(0, x));
  return t * t * (3 - 2 * t);
}

/** Share of the peak at τ seconds after the leak started. */
export function leakProfile(tauS: number): number {
  if (tauS <= 0) {
    return 0;
  }
  if (tauS < RAMP_S) {
    return smooth(tauS / RAMP_S);
  }
  if (tauS < RAMP_S + HOLD_S) {
    return 1;
  }
  return 1 - smooth((tauS - RAMP_S - HOLD_S) / DECAY_S);
}

interface Leak {
  source: DetectorFeature;
  startS: number;
  peak: number;
  /** Detectors of the same gas within reach, with their distance. */
  reach: { code: string; d: number }[];
}

interface Overfill {
  tank: LevelControl;
  stage: 'rising' | 'falling';
}

export function createIncidentScript(opts: IncidentScriptOptions): IncidentScript {
  const cycleS = opts.cycleS ?? 1800;
  const events: IncidentEvent[] = [];
  const emit = (e: IncidentEvent) => {
    events.push(e);
    opts.onEvent?.(e);
  };
  let cycle = -1;
  const done = new Set<string>();
  let leak: Leak | null = null;
  let overfill: Overfill | null = null;
  const plumes = new Map<string, number>();
  const sosUntil = new Map<string, number>();
  const busy = new Set<string>();

  // The first overfill starts from a tank already near its high limit, so it crosses H within minutes.
  const firstTank = opts.tankLevels[0];
  if (firstTank) {
    firstTank.level = firstTank.span * 0.8;
  }

  function startLeak(k: number, atS: number) {
    const rng = rngFor(opts.seed, `leak:${k}`);
    const inRestricted = opts.detectors.filter((d) => d.detector_kind === 'lel' && opts.restrictedRegions.includes(d.region));
    const candidates = k === 0 && inRestricted.length ? inRestricted : opts.detectors;
    if (!candidates.length) {
      return;
    }
    const reachOf = (source: DetectorFeature) =>
      opts.detectors
        .filter((d) => d.gas === source.gas)
        .map((d) => ({ code: d.code, d: distance(d.at, source.at) }))
        .filter((x) => x.d <= REACH_M);
    // The first leak is where most detectors will see it; later ones anywhere.
    const source = k === 0 ? candidates.reduce((best, d) => (reachOf(d).length > reachOf(best).length ? d : best)) : rng.pick(candidates);
    const hh = opts.detectorHH(source.code) ?? (source.detector_kind === 'lel' ? 50 : 10);
    const reach = reachOf(source);
    leak = { source, startS: atS, peak: hh * 1.3, reach };
    emit({
      atS,
      kind: 'leak',
      subject: source.code,
      detail: `${source.gas} leak at ${source.code}, peak ${leak.peak.toFixed(2)} ${source.unit}, ${reach.length - 1} detectors within ${REACH_M} m`,
    });
  }

  function startOverfill(k: number, atS: number) {
    if (overfill || !opts.tankLevels.length) {
      return;
    }
    // Later cycles take the fullest tank, the one an inattentive transfer would overfill first.
    const tank = k === 0 ? opts.tankLevels[0] : [...opts.tankLevels].sort((a, b) => b.level / b.span - a.level / a.span)[0];
    // Normally ~2.2 % of the height a minute; faster when starting low, so HH comes within about 6 minutes.
    tank.override = Math.max((tank.span * 0.022) / 60, (tank.span * 0.92 - tank.level) / 360);
    overfill = { tank, stage: 'rising' };
    emit({
      atS,
      kind: 'overfill',
      subject: tank.vessel,
      detail: `transfer into ${tank.vessel} not stopped at ${((tank.level / tank.span) * 100).toFixed(0)} %`,
    });
  }

  function pick(k: number, what: string, prefs: ((p: Person) => boolean)[]): Person | null {
    const movers = opts.movers;
    if (!movers) {
      return null;
    }
    const rng = rngFor(opts.seed, `${what}:${k}`);
    for (const pref of prefs) {
      const list = movers.onSitePeople((p) => pref(p) && !busy.has(p.card));
      if (list.length) {
        return rng.pick(list);
      }
    }
    return null;
  }

  function startIntrusion(k: number, atS: number) {
    if (!opts.restrictedPlaces.length) {
      return;
    }
    const movers = opts.movers;
    if (!movers) {
      return;
    }
    // The unauthorised person nearest to a restricted place strays in, so the entry shows within minutes.
    const unauthorised = (p: Person) => p.role !== 'inspector' && !opts.restrictedRegions.includes(p.area);
    const prefs = [(x: Person) => x.role === 'contractor', (x: Person) => x.role === 'visitor' || x.role === 'staff', unauthorised];
    type Candidate = { p: Person; place: string; d: number };
    const nearest = (pref: (p: Person) => boolean): Candidate | null => {
      let found: Candidate | null = null;
      for (const p of movers.onSitePeople((x) => pref(x) && !busy.has(x.card))) {
        const at = movers.where(p.card);
        if (!at) {
          continue;
        }
        for (const pl of opts.restrictedPlaces) {
          const d = distance(at, pl.at);
          if (found === null || d < found.d) {
            found = { p, place: pl.id, d };
          }
        }
      }
      return found;
    };
    const best = prefs.reduce<Candidate | null>((acc, pref) => acc ?? nearest(pref), null);
    if (!best) {
      return;
    }
    const { p, place } = best;
    busy.add(p.card);
    movers.detour(p.card, place, 180);
    emit({
      atS,
      kind: 'intrusion',
      subject: p.card,
      detail: `${p.name} (${p.role}) walks to ${place} inside ${opts.restrictedRegions.join('/')}`,
    });
  }

  function startManDown(k: number, atS: number) {
    const p = pick(k, 'man-down', [(x) => x.role === 'inspector', (x) => x.role === 'operator', () => true]);
    if (!p) {
      return;
    }
    busy.add(p.card);
    opts.movers?.still(p.card, 900);
    emit({ atS, kind: 'man-down', subject: p.card, detail: `${p.name} (${p.role}) stops moving for 15 min` });
  }

  function startSos(k: number, atS: number) {
    const p = pick(k, 'sos', [(x) => x.role === 'operator', () => true]);
    if (!p) {
      return;
    }
    busy.add(p.card);
    sosUntil.set(p.card, atS + 90);
    opts.movers?.still(p.card, 300);
    emit({ atS, kind: 'sos', subject: p.card, detail: `${p.name} (${p.role}) presses SOS (90 s) and waits for help` });
  }

  return {
    events,
    update(elapsedS) {
      const k = Math.floor(elapsedS / cycleS);
      if (k !== cycle) {
        cycle = k;
        busy.clear();
      }
      const inCycle = elapsedS - k * cycleS;
      const at = (name: string, offset: number, run: (k: number, atS: number) => void) => {
        const key = `${name}:${k}`;
        if (inCycle >= offset && !done.has(key)) {
          done.add(key);
          run(k, k * cycleS + offset);
        }
      };
      at('leak', INCIDENT_OFFSETS_S.leak, startLeak);
      at('overfill', INCIDENT_OFFSETS_S.overfill, startOverfill);
      at('intrusion', INCIDENT_OFFSETS_S.intrusion, startIntrusion);
      at('man-down', INCIDENT_OFFSETS_S.manDown, startManDown);
      at('sos', INCIDENT_OFFSETS_S.sos, startSos);

      plumes.clear();
      if (leak) {
        const tau = elapsedS - leak.startS;
        if (tau > RAMP_S + HOLD_S + DECAY_S + REACH_M / WIND_MS) {
          leak = null;
        } else {
          for (const { code, d } of leak.reach) {
            const v = leak.peak * leakProfile(tau - d / WIND_MS) * Math.exp(-d / LAMBDA_M);
            if (v > 0) {
              plumes.set(code, v);
            }
          }
        }
      }
      if (overfill) {
        const { tank } = overfill;
        if (overfill.stage === 'rising' && tank.level >= tank.span * 0.92) {
          // The operator finally stops the inflow and transfers out to another tank.
          overfill.stage = 'falling';
          tank.override = -(tank.span * 0.015) / 60;
        } else if (overfill.stage === 'falling' && tank.level <= tank.span * 0.72) {
          tank.release();
          overfill = null;
        }
      }
      for (const [card, until] of sosUntil) {
        if (elapsedS >= until) {
          sosUntil.delete(card);
        }
      }
    },
    plume: (code) => plumes.get(code) ?? 0,
    sos: (card) => sosUntil.has(card),
  };
}
