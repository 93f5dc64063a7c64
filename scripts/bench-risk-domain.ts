/**
 * `npx tsx scripts/bench-risk-domain.ts` — how long a full recompute of the
 * risk map's levels takes in the pure domain rules (no database, no I/O).
 *
 * A plant of 500 zones with 20,000 risk points (inherent and residual levels)
 * and 200 active causes of the default kinds (permits, gas alarms, head
 * counts, hidden dangers), a quarter of them ended and within a 5-minute
 * hold. Each run computes, for every zone, its inherent and residual levels
 * from its points and its live level with the causes behind it, two ways:
 * the pure `zoneRisk` (causes grouped by zone in the run) and the
 * incremental `EscalationState` (causes already indexed, residuals set in the
 * run). Prints the median (wall and CPU time) and the slowest of 20 runs
 * after 5 warm-up runs.
 *
 * Options: --zones 500 --points 20000 --causes 200 --runs 20
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { defaultEscalationRules, EscalationState, type Cause, type EscalationRule } from '../src/shared/domain/risk-escalation.js';
import type { RiskLevel } from '../src/shared/domain/risk-evaluation.js';
import { zoneLevels, zoneRisk, type RiskPointLevels, type ZoneOverride } from '../src/shared/domain/risk-zones.js';

const { values: args } = parseArgs({
  options: {
    zones: { type: 'string', default: '500' },
    points: { type: 'string', default: '20000' },
    causes: { type: 'string', default: '200' },
    runs: { type: 'string', default: '20' },
  },
});
const ZONES = Number(args.zones);
const POINTS = Number(args.points);
const CAUSES = Number(args.causes);
const RUNS = Number(args.runs);
const WARMUP = 5;
const NOW = 1_000_000_000;
const MIN = 60_000;

// A fixed seed: every run of the script measures the same plant.
let seed = 20240601;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

const zoneIds = Array.from({ length: ZONES }, (_, i) => `Z${i}`);
const pointsByZone = new Map<string, RiskPointLevels[]>(zoneIds.map((z) => [z, []]));
for (let i = 0; i < POINTS; i++) {
  // Most points of a plant are low or moderate: 2 % 重大, 10 % 较大, 38 % 一般, 50 % 低 before measures.
  const u = rand();
  const inherent: RiskLevel = u < 0.02 ? 1 : u < 0.12 ? 2 : u < 0.5 ? 3 : 4;
  // Measures never make a point worse: residual is inherent or one step less severe.
  const residual = Math.min(4, inherent + Math.floor(rand() * 2)) as RiskLevel;
  pointsByZone.get(pick(zoneIds))!.push({ inherent, residual });
}

const kinds: ((id: string, zone: string) => Cause)[] = [
  (id, zone) => ({
    kind: 'permit',
    id,
    zone,
    attrs: { type: 'hot-work', grade: pick(['special', 'first', 'second']) },
    start: NOW - 30 * MIN,
  }),
  (id, zone) => ({ kind: 'permit', id, zone, attrs: { type: 'confined-space' }, start: NOW - 20 * MIN }),
  (id, zone) => ({ kind: 'alarm', id, zone, attrs: { system: 'GDS', type: pick(['h', 'hh']), tag: `GD-${id}` }, start: NOW - 10 * MIN }),
  (id, zone) => ({ kind: 'headcount', id, zone, attrs: { type: 'overcrowd' }, start: NOW - 5 * MIN }),
  (id, zone) => ({ kind: 'hiddenDanger', id, zone, attrs: { grade: pick(['general', 'major']) }, start: NOW - 600 * MIN }),
];
const causes: Cause[] = Array.from({ length: CAUSES }, (_, i) => {
  const cause = pick(kinds)(`c${i}`, pick(zoneIds));
  // A quarter have ended and are still held.
  return i % 4 === 0 ? { ...cause, end: NOW - 2 * MIN } : cause;
});
const rules: EscalationRule[] = defaultEscalationRules.map((r) => ({ ...r, holdMs: 5 * MIN }));
const overrides = new Map<string, ZoneOverride>(zoneIds.filter((_, i) => i % 50 === 0).map((z) => [z, { level: 2, reason: 'bench' }]));

function pureRun(): number {
  const causesByZone = new Map<string, Cause[]>();
  for (const c of causes) {
    const list = causesByZone.get(c.zone);
    if (list) {
      list.push(c);
    } else {
      causesByZone.set(c.zone, [c]);
    }
  }
  let raised = 0;
  for (const zone of zoneIds) {
    const r = zoneRisk(pointsByZone.get(zone)!, overrides.get(zone) ?? null, causesByZone.get(zone) ?? [], rules, NOW);
    if (r.causes.length > 0) {
      raised++;
    }
  }
  return raised;
}

const state = new EscalationState(rules);
for (const cause of causes) {
  state.apply({ type: 'start', cause });
  if (cause.end !== undefined) {
    state.apply({ type: 'end', id: cause.id, at: cause.end });
  }
}

function incrementalRun(): number {
  for (const zone of zoneIds) {
    state.setResidual(zone, zoneLevels(pointsByZone.get(zone)!, overrides.get(zone) ?? null).residual);
  }
  let raised = 0;
  for (const live of state.levelsAt(NOW).values()) {
    if (live.causes.length > 0) {
      raised++;
    }
  }
  return raised;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Wall time and the process's CPU time per run: on a shared, loaded machine the CPU time is the steadier figure. */
function measure(name: string, run: () => number): void {
  let check = -1;
  for (let i = 0; i < WARMUP; i++) {
    check = run();
  }
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const raised = run();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    if (raised !== check) {
      throw new Error(`${name}: runs disagree (${raised} vs ${check})`);
    }
  }
  console.log(
    `${name.padEnd(38)} median ${median(wall).toFixed(2)} ms wall, ${median(cpu).toFixed(2)} ms CPU; slowest ${Math.max(...wall).toFixed(2)} ms wall (${check} zones above baseline)`,
  );
}

console.log(
  `${ZONES} zones, ${POINTS} risk points, ${CAUSES} causes, ${rules.length} rules; median of ${RUNS} runs after ${WARMUP} warm-up`,
);
measure('pure zoneRisk, every zone', pureRun);
measure('EscalationState.levelsAt + residuals', incrementalRun);
