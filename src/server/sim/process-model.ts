import type { TagKind } from '../../shared/realtime/contracts.js';
import type { SimModel } from './plant-tags.js';
import type { Rng } from '../common/prng.js';

/** What the simulator needs of a tag: the registry's view plus, for layout tags, how it moves. */
export interface SimTag {
  id: string;
  kind: TagKind;
  range_lo: number;
  range_hi: number;
  ll: number | null;
  l: number | null;
  h: number | null;
  hh: number | null;
  model?: SimModel;
}

/** The world one tick sees. */
export interface ProcessEnv {
  /** Simulated time, epoch ms (day cycle, shifts). */
  simTime: number;
  /** Simulated seconds since the previous tick. */
  dtS: number;
  /** Ambient air temperature, °C. */
  ambient: number;
  /** This tick's true value of a tag computed earlier in the tick (temperatures and levels come first). */
  value(id: string): number | undefined;
  /** Gas a leak adds at a detector, in the detector's unit. */
  plume(detector: string): number;
  bay(code: string): { earthing: boolean; loading: boolean };
  sos(card: string): boolean;
}

/** A level the incident script may take over (an overfill). */
export interface LevelControl {
  readonly vessel: string;
  readonly span: number;
  level: number;
  /** Set by an incident: level change in engineering units per simulated second; null: normal operation. */
  override: number | null;
  /** Returns the vessel to normal operation, holding first. */
  release(): void;
}

export interface TagProcess {
  readonly tag: SimTag;
  /** 0: independent values; 1: values derived from phase-0 tags of the same tick. */
  readonly phase: 0 | 1;
  /** The process value this tick (what other tags of the plant respond to). */
  step(env: ProcessEnv): number;
  /** What the transmitter reports for a process value: with its measurement noise. */
  measure(value: number): number;
  /** Level processes expose their control to the incident script. */
  readonly level?: LevelControl;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The band between the inner limits, where normal operation keeps a value. */
function normalBand(tag: SimTag): [number, number] {
  const span = tag.range_hi - tag.range_lo;
  const lo = tag.l ?? tag.ll ?? tag.range_lo + 0.1 * span;
  const hi = tag.h ?? tag.hh ?? tag.range_hi - 0.1 * span;
  return lo < hi ? [lo, hi] : [tag.range_lo + 0.3 * span, tag.range_hi - 0.3 * span];
}

/**
 * Tank or sphere level: transfers in and out between targets inside the
 * normal band, with holds in between, at the pump rate of the vessel.
 */
function levelProcess(tag: SimTag, model: Extract<SimModel, { type: 'level' }>, rng: Rng): TagProcess {
  const span = tag.range_hi - tag.range_lo;
  const [bandLo, bandHi] = normalBand(tag);
  // Targets stay a little inside the band so normal transfers never alarm.
  const lowTarget = () => bandLo + (bandHi - bandLo) * rng.range(0.1, 0.35);
  const highTarget = () => bandLo + (bandHi - bandLo) * rng.range(0.65, 0.9);
  let mode: 'fill' | 'draw' | 'hold' = rng.pick(['fill', 'draw', 'hold'] as const);
  let target = mode === 'fill' ? highTarget() : lowTarget();
  let holdS = rng.range(300, 3600);
  let rate = (model.ratePerHour / 3600) * rng.range(0.7, 1.3);
  const control: LevelControl = {
    vessel: model.vessel,
    span,
    level: bandLo + (bandHi - bandLo) * rng.range(0.2, 0.8),
    override: null,
    release() {
      control.override = null;
      mode = 'hold';
      holdS = rng.range(600, 1800);
    },
  };
  return {
    tag,
    phase: 0,
    level: control,
    step(env) {
      if (control.override !== null) {
        control.level = clamp(control.level + control.override * env.dtS, tag.range_lo, tag.range_hi);
      } else if (mode === 'hold') {
        holdS -= env.dtS;
        if (holdS <= 0) {
          const mid = (bandLo + bandHi) / 2;
          mode = control.level < mid ? 'fill' : 'draw';
          target = mode === 'fill' ? highTarget() : lowTarget();
          rate = (model.ratePerHour / 3600) * rng.range(0.7, 1.3);
        }
      } else {
        const dir = mode === 'fill' ? 1 : -1;
        control.level += dir * rate * env.dtS;
        if ((dir > 0 && control.level >= target) || (dir < 0 && control.level <= target)) {
          control.level = target;
          mode = 'hold';
          holdS = rng.range(300, 3600);
        }
      }
      return control.level;
    },
    // Radar gauges read to a millimetre or so; the surface ripples a little while pumping.
    measure: (v) => v + rng.normal() * span * 0.0002,
  };
}

/** Contents temperature: a first-order lag behind the ambient, or a refrigerated tank cycling its compressor. */
function vesselTempProcess(tag: SimTag, model: Extract<SimModel, { type: 'vessel-temp' }>, rng: Rng, ambient0: number): TagProcess {
  let temp = model.setpoint ?? ambient0 + model.offset;
  let compressorOn = rng.chance(0.5);
  return {
    tag,
    phase: 0,
    step(env) {
      if (model.setpoint !== null) {
        // Refrigeration: cools at ~0.3 °C per 10 min when running, warms at half that when stopped, within ±0.3 °C.
        temp += (compressorOn ? -0.0005 : 0.00025) * env.dtS;
        if (temp <= model.setpoint - 0.3) {
          compressorOn = false;
        } else if (temp >= model.setpoint + 0.3) {
          compressorOn = true;
        }
      } else {
        const tau = model.lagHours * 3600;
        temp += ((env.ambient + model.offset - temp) * Math.min(env.dtS, tau)) / tau;
      }
      return temp;
    },
    measure: (v) => v + rng.normal() * 0.03,
  };
}

function vapourPressureProcess(tag: SimTag, model: Extract<SimModel, { type: 'vapour-pressure' }>, rng: Rng): TagProcess {
  return {
    tag,
    phase: 1,
    step(env) {
      const tC = env.value(model.tempTag) ?? model.tRefC;
      const abs = model.pRefAbsMpa * Math.exp(model.b * (1 / (model.tRefC + 273.15) - 1 / (tC + 273.15)));
      const gauge = (abs - 0.101325) * model.unitPerMpa;
      return gauge;
    },
    measure: (v) => v + rng.normal() * (tag.range_hi - tag.range_lo) * 0.0005,
  };
}

/**
 * Gas space of an atmospheric tank: filling pushes vapour out and raises the
 * pressure, drawing pulls it down, warming adds a little; the breather valve
 * caps it just below its set pressure.
 */
function breathingProcess(tag: SimTag, model: Extract<SimModel, { type: 'breathing' }>, rng: Rng): TagProcess {
  let lastLevel: number | null = null;
  let lastTemp: number | null = null;
  let p = 0.3;
  return {
    tag,
    phase: 1,
    step(env) {
      const level = env.value(model.levelTag) ?? 0;
      const temp = env.value(model.tempTag) ?? env.ambient;
      const dLevelPerH = lastLevel === null || env.dtS === 0 ? 0 : ((level - lastLevel) / env.dtS) * 3600;
      const dTempPerH = lastTemp === null || env.dtS === 0 ? 0 : ((temp - lastTemp) / env.dtS) * 3600;
      lastLevel = level;
      lastTemp = temp;
      // Normal transfers move it by about ±0.35 kPa, warming a little more. Filling far above the pump
      // rate (an overfill) lifts the pressure valve; drawing fast is held by the vacuum valve before L.
      const r = Math.max(-1.5, dLevelPerH / model.ratePerHour);
      const target = 0.3 + 0.3 * r + 0.08 * dTempPerH;
      const k = Math.min(1, env.dtS / 60);
      p += (target - p) * k;
      return clamp(p, -0.28, 1.75);
    },
    measure: (v) => v + rng.normal() * 0.01,
  };
}

function gasProcess(tag: SimTag, model: Extract<SimModel, { type: 'gas' }>, rng: Rng): TagProcess {
  // Zero drift of the sensor wanders slowly around the background.
  let drift = 0;
  return {
    tag,
    phase: 0,
    step(env) {
      drift = drift * 0.995 + rng.normal() * model.background * 0.05;
      const v = model.background + drift + rng.normal() * model.background * 0.2;
      return clamp(Math.max(0, v) + env.plume(model.detector), tag.range_lo, tag.range_hi);
    },
    measure: (v) => v,
  };
}

/**
 * A controlled variable: AR(1) noise around a setpoint that the operators
 * move now and then, never beyond 40 % of the way to the nearest limit.
 */
function setpointProcess(tag: SimTag, model: Extract<SimModel, { type: 'setpoint' }>, rng: Rng): TagProcess {
  const [bandLo, bandHi] = normalBand(tag);
  const room = Math.min(model.setpoint - bandLo, bandHi - model.setpoint) * 0.4;
  let sp = model.setpoint;
  let spTarget = sp;
  let noise = 0;
  let nextMoveS = rng.range(600, 7200);
  return {
    tag,
    phase: 0,
    step(env) {
      nextMoveS -= env.dtS;
      if (nextMoveS <= 0) {
        spTarget = model.setpoint + rng.range(-room, room);
        nextMoveS = rng.range(1800, 7200);
      }
      sp += (spTarget - sp) * Math.min(1, env.dtS / 300);
      const phi = Math.exp(-env.dtS / 30);
      noise = phi * noise + Math.sqrt(1 - phi * phi) * model.noise * rng.normal();
      return sp + noise;
    },
    measure: (v) => v,
  };
}

function bayFlowProcess(tag: SimTag, model: Extract<SimModel, { type: 'bay-flow' }>, rng: Rng): TagProcess {
  let flow = 0;
  return {
    tag,
    phase: 0,
    step(env) {
      const target = env.bay(model.bay).loading ? model.rate : 0;
      flow += (target - flow) * Math.min(1, env.dtS / 20);
      return flow;
    },
    // Flowmeters cut off below ~1 % of span and read exactly zero.
    measure: (v) => (v < 1 ? 0 : Math.max(0, v + rng.normal() * 0.8)),
  };
}

function randomWalkProcess(tag: SimTag, rng: Rng): TagProcess {
  const [bandLo, bandHi] = normalBand(tag);
  const lo = bandLo + (bandHi - bandLo) * 0.25;
  const hi = bandHi - (bandHi - bandLo) * 0.25;
  let v = (lo + hi) / 2;
  return {
    tag,
    phase: 0,
    step(env) {
      if (tag.kind === 'discrete') {
        return 0;
      }
      v = clamp(v + rng.normal() * (hi - lo) * 0.01 * Math.sqrt(Math.max(env.dtS, 0)), lo, hi);
      return v;
    },
    measure: (x) => x,
  };
}

/** The process behind one tag. */
export function createProcess(tag: SimTag, rng: Rng, ambient0: number): TagProcess {
  const m = tag.model;
  if (!m) {
    return randomWalkProcess(tag, rng);
  }
  switch (m.type) {
    case 'level':
      return levelProcess(tag, m, rng);
    case 'vessel-temp':
      return vesselTempProcess(tag, m, rng, ambient0);
    case 'vapour-pressure':
      return vapourPressureProcess(tag, m, rng);
    case 'breathing':
      return breathingProcess(tag, m, rng);
    case 'gas':
      return gasProcess(tag, m, rng);
    case 'setpoint':
      return setpointProcess(tag, m, rng);
    case 'bay-flow':
      return bayFlowProcess(tag, m, rng);
    case 'bay-earthing':
      return { tag, phase: 0, step: (env) => (env.bay(m.bay).earthing ? 1 : 0), measure: (v) => v };
    case 'sos':
      return { tag, phase: 0, step: (env) => (env.sos(m.person) ? 1 : 0), measure: (v) => v };
    case 'generic':
      return randomWalkProcess(tag, rng);
  }
}

/**
 * Ambient temperature of the demo plant (Nanjing-like climate): monthly mean
 * from about 3 °C in January to 28 °C in July, ±4 °C over the day with the
 * peak at 15:00 local time.
 */
export function ambientAt(simTime: number, utcOffsetHours: number): number {
  const local = simTime + utcOffsetHours * 3600_000;
  const day = local / 86_400_000;
  const dayOfYear = day % 365.25;
  const hour = (local % 86_400_000) / 3600_000;
  const seasonal = 15.5 - 12.5 * Math.cos((2 * Math.PI * (dayOfYear - 20)) / 365.25);
  return seasonal + 4 * Math.cos((2 * Math.PI * (hour - 15)) / 24);
}
