/*
 * Major hazard online monitoring (DOMAIN.md §5, AQ 3035-2010 §5: continuous
 * collection and remote transmission): a monitoring point whose tag has sent
 * no sample for longer than its expected period is 未监测 (not monitored),
 * shown apart from normal and alarm. The periods are data: a default per
 * kind of measurement here, and a device of the register may set its own.
 */

/** Expected longest gap between two samples, seconds, by tag kind (a plant may override per device). */
export const expectedPeriodS: Readonly<Record<string, number>> = {
  /** Flammable gas detectors (% LEL) and toxic gas detectors (ppm). */
  lel: 60,
  ppm: 60,
  pressure: 120,
  flow: 120,
  temperature: 300,
  level: 300,
};
/** Kinds not listed above. */
export const DEFAULT_EXPECTED_PERIOD_S = 300;

/** The expected period of a tag, ms: the device's own when set (> 0), else its kind's default. */
export function expectedPeriodMs(kind: string, deviceOverrideS?: number | null): number {
  const s = deviceOverrideS !== null && deviceOverrideS !== undefined && deviceOverrideS > 0 ? deviceOverrideS : (expectedPeriodS[kind] ?? DEFAULT_EXPECTED_PERIOD_S);
  return s * 1000;
}

export type MonitorState = 'normal' | 'alarm' | 'notMonitored';

/** Quality code of a bad sample (contracts/stream.ts `Quality.bad`). */
const BAD = 2;

/**
 * The state of one monitoring point: not monitored when it has no sample, its
 * latest is older than the expected period, or its latest is bad (a bad value
 * measures nothing); otherwise alarm while it has an open alarm, else normal.
 * A sample exactly one period old still counts.
 */
export function monitorState(latest: { t: number; q: number } | null | undefined, now: number, periodMs: number, alarmOpen: boolean): MonitorState {
  if (!latest || now - latest.t > periodMs || latest.q === BAD) {
    return 'notMonitored';
  }
  return alarmOpen ? 'alarm' : 'normal';
}
