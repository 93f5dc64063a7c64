import type { NoiseExposure } from '../../../shared/occupational-health/contracts-more.js';
import { estimateShiftNoise, type NoiseReading } from '../../../shared/domain/noise-exposure.js';
import { DEFAULT_MAX_READING_AGE_MS, NOISE_LIMIT_DBA, type ZoneInterval } from '../../../shared/domain/occupational-exposure.js';
import type { AuthUser } from '../../http/app.js';
import type { Historian } from '../../history/historian.js';
import { querySampleHistory } from '../../history/query.js';
import type { Db } from '../../store/db.js';
import type { RealtimePort } from '../realtime/port.js';

const PAGE = 1000;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
/** A sound level meter: a tag whose unit is dB(A) (or dB). */
export const isNoiseUnit = (unit: string) => /^\s*db/i.test(unit);

/**
 * The person's L_EX,8h for the shift: their zone intervals against the sound
 * level meters (tags in dB(A) the caller may see) of those zones, one-minute
 * means of each meter (`noise-exposure.ts`). Null when none of the zones has a meter.
 */
export async function shiftNoise(
  deps: { realtime: RealtimePort; reader: { db: Db; historian: Pick<Historian, 'conn' | 'openSamples' | 'openPositions' | 'openWindows'> } },
  caller: AuthUser,
  intervals: readonly ZoneInterval[],
  shift: { from: number; to: number },
  regionNames: ReadonlyMap<string, string>,
): Promise<NoiseExposure | null> {
  const zones = new Set(intervals.map((i) => i.zone));
  const meters: { id: string; zone: string }[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await deps.realtime.tagList(caller, { page, pageSize: PAGE, enabled: 1 });
    for (const t of items) {
      if (t.regionid !== null && zones.has(String(t.regionid)) && isNoiseUnit(t.unit)) {
        meters.push({ id: t.id, zone: String(t.regionid) });
      }
    }
    if (items.length === 0 || page * PAGE >= total) {
      break;
    }
  }
  if (meters.length === 0) {
    return null;
  }
  const histFrom = shift.from - DEFAULT_MAX_READING_AGE_MS;
  const history = await querySampleHistory(
    deps.reader,
    meters.map((m) => m.id),
    histFrom,
    shift.to,
    Math.ceil((shift.to - histFrom) / 60_000),
  );
  const seriesOf = new Map(history.items.map((i) => [i.tag, i.buckets]));
  const byZone: Record<string, NoiseReading[][]> = {};
  for (const m of meters) {
    const readings = (seriesOf.get(m.id) ?? []).filter((b) => Number.isFinite(b.avg)).map((b) => ({ t: b.t, level: b.avg }));
    (byZone[m.zone] ??= []).push(readings);
  }
  const n = estimateShiftNoise({ intervals, meters: byZone, shift });
  return {
    lex8h: n.lex8h === null ? null : round(n.lex8h),
    limit: NOISE_LIMIT_DBA,
    exceeded: n.comparison?.exceeded ?? false,
    atActionLevel: n.comparison?.atActionLevel ?? false,
    grade: n.grade,
    minutesTotal: round(n.minutesTotal, 1),
    minutesEstimated: round(n.minutesEstimated, 1),
    notEstimated: {
      noMeter: round(n.notEstimated.noMeter, 1),
      noReading: round(n.notEstimated.noReading, 1),
      notLocated: round(n.notEstimated.notLocated, 1),
    },
    byZone: n.byZone.map((z) => ({
      zone: regionNames.get(z.zone) ?? (z.zone === '0' ? '—' : z.zone),
      minutes: round(z.minutes, 1),
      minutesEstimated: round(z.minutesEstimated, 1),
      laeq: z.laeq === null ? null : round(z.laeq),
    })),
  };
}
