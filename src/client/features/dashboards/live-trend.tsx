import { useEffect, useRef, useState } from 'react';
import { history } from '../../../shared/realtime/contracts';
import { api } from '../../app/api';
import { useTagValue } from '../../stream/live-store';
import type { TagValue } from '../../stream/stream-client';

/** Most points a trend keeps (its window divided into this many steps). */
export const TREND_POINTS = 600;

export interface TrendWindow {
  value: TagValue | undefined;
  points: readonly { t: number; v: number }[];
  /** The window's right edge, epoch ms. */
  end: number;
  spanMs: number;
}

/**
 * A streaming window of a tag's values over the last `spanMs`: seeded from
 * the history call, then each live value (from the store, at most once per
 * animation frame) appended; at most one point per 1/600 of the window, so
 * the ring stays capped however fast the tag changes.
 */
export function useTrendWindow(tag: string | null, spanMs: number): TrendWindow {
  const value = useTagValue(tag);
  const step = spanMs / TREND_POINTS;
  const points = useRef<{ t: number; v: number }[]>([]);
  const [, setSeeded] = useState(0);
  useEffect(() => {
    points.current = [];
    if (!tag) {
      return undefined;
    }
    const controller = new AbortController();
    const to = Date.now();
    api(history, { tags: [tag], from: to - spanMs, to, points: TREND_POINTS }, { silent: true, signal: controller.signal }).then(
      (r) => {
        const old = (r.items[0]?.buckets ?? []).map((b) => ({ t: b.t, v: b.last }));
        const first = points.current[0]?.t ?? Infinity;
        points.current = [...old.filter((p) => p.t < first), ...points.current];
        setSeeded((n) => n + 1);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [tag, spanMs]);
  const pts = points.current;
  const last = pts[pts.length - 1];
  if (value && (!last || value.t >= last.t + step)) {
    pts.push({ t: value.t, v: value.v });
  } else if (value && last && value.t > last.t) {
    last.v = value.v;
  }
  const end = last ? Math.max(last.t, value?.t ?? 0) : Date.now();
  while (pts.length > 0 && pts[0].t < end - spanMs) {
    pts.shift();
  }
  return { value, points: pts, end, spanMs };
}

export interface TrendLines {
  ll?: number | null;
  l?: number | null;
  h?: number | null;
  hh?: number | null;
}

/**
 * The window as an SVG polyline at the element's own pixel size (sharp at any
 * resolution), between `min` and `max` when given, else the data's own range
 * widened to the limits; alarm limits as dashed lines.
 */
export function TrendSvg({ trend, min, max, limits, className }: { trend: TrendWindow; min?: number; max?: number; limits?: TrendLines; className?: string }) {
  const { points, end, spanMs } = trend;
  const marks = Object.entries(limits ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number');
  const values = points.map((p) => p.v);
  const lo = min ?? Math.min(...values, ...marks.map((m) => m[1]));
  const hi = max ?? Math.max(...values, ...marks.map((m) => m[1]));
  const span = hi - lo || 1;
  const y = (v: number) => 40 - ((v - lo) / span) * 38 - 1;
  const line = points.map((p) => `${(100 * (p.t - (end - spanMs))) / spanMs},${y(p.v)}`).join(' ');
  return (
    <svg viewBox="0 0 100 40" preserveAspectRatio="none" className={className ?? 'pw-dash-spark-svg'}>
      {marks.map(([k, v]) => (
        <line key={k} x1="0" x2="100" y1={y(v)} y2={y(v)} stroke={k === 'hh' || k === 'll' ? '#ff4d4f' : '#faad14'} strokeWidth="1" strokeDasharray="4 3" vectorEffect="non-scaling-stroke" data-limit={k} />
      ))}
      <polyline points={line} fill="none" stroke="#36cfc9" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
