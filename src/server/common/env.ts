/** A positive number of milliseconds from the environment (tick and throttle settings of background work), or the fallback. */
export function envMs(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
}
