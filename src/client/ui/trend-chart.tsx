import { Empty, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LineSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type * as EChartsCoreModule from 'echarts/core';
import type { ComposeOption, EChartsType } from 'echarts/core';

/**
 * A time trend of one or more tags: the average as a line and, behind it,
 * the min–max band of each bucket (History's downsampled buckets), with
 * zooming inside and on a slider, and the alarm limits as lines when one tag
 * is shown. ECharts loads on first use, not with the page that imports this.
 */

export interface TrendPoint {
  /** Start of the bucket, epoch ms. */
  t: number;
  avg: number;
  min: number;
  max: number;
}

export interface TrendLimits {
  ll: number | null;
  l: number | null;
  h: number | null;
  hh: number | null;
}

export interface TrendSeries {
  id: string;
  name: string;
  unit: string;
  points: readonly TrendPoint[];
  /** Drawn as horizontal lines when this is the only series. */
  limits?: TrendLimits;
}

export interface TrendChartProps {
  series: readonly TrendSeries[];
  /** Bucket length; points further apart than a few buckets are not joined. */
  bucketMs: number;
  from: number;
  to: number;
  height?: number;
  loading?: boolean;
  /** Draw the min–max band (default true). */
  band?: boolean;
  labels?: { avg: string; min: string; max: string; empty?: string };
  /** Line colours in series order. */
  colors?: readonly string[];
  /** A time marked by a vertical line (a replay's playhead). */
  cursor?: number;
}

type Option = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
  | MarkLineComponentOption
>;

type EChartsCore = typeof EChartsCoreModule;

let loading: Promise<EChartsCore['init']> | null = null;

/**
 * Loads ECharts' core with only the pieces a trend needs (line, grid,
 * tooltip, legend, zoom, mark lines, canvas). Each import is destructured in
 * its own `then`, so the bundler keeps only those pieces.
 */
function loadECharts(): Promise<EChartsCore['init']> {
  loading ??= Promise.all([
    import('echarts/core').then(({ use, init }) => ({ use, init })),
    import('echarts/charts').then(({ LineChart }) => [LineChart]),
    import('echarts/components').then(({ GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, MarkLineComponent }) => [
      GridComponent,
      TooltipComponent,
      LegendComponent,
      DataZoomComponent,
      MarkLineComponent,
    ]),
    import('echarts/renderers').then(({ CanvasRenderer }) => [CanvasRenderer]),
  ]).then(([core, charts, components, renderers]) => {
    core.use([...charts, ...components, ...renderers]);
    return core.init;
  });
  return loading;
}

export const TREND_COLORS = ['#1677ff', '#fa541c', '#13c2c2', '#722ed1', '#52c41a', '#eb2f96', '#faad14', '#2f54eb', '#a0d911', '#8c8c8c'];

const LIMIT_STYLE: Record<keyof TrendLimits, { label: string; color: string }> = {
  hh: { label: 'HH', color: '#cf1322' },
  h: { label: 'H', color: '#fa8c16' },
  l: { label: 'L', color: '#fa8c16' },
  ll: { label: 'LL', color: '#cf1322' },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function pad2(n: number) {
  return String(n).padStart(2, '0');
}

function formatTime(t: number, withSeconds: boolean): string {
  const d = new Date(t);
  const date = `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
  const time = `${pad2(d.getHours())}:${pad2(d.getMinutes())}${withSeconds ? `:${pad2(d.getSeconds())}` : ''}`;
  return `${date} ${time}`;
}

/** Rounds for display without trailing noise (12.300000001 → 12.3). */
function formatNumber(v: number): string {
  if (!Number.isFinite(v)) {
    return '—';
  }
  const abs = Math.abs(v);
  const digits = abs >= 1000 ? 0 : abs >= 100 ? 1 : abs >= 1 ? 2 : 4;
  return String(Number(v.toFixed(digits)));
}

type Row = [number, number | null, number | null, number | null];

/** Points as chart rows, with a null row where the data has a hole (so the line is not drawn across it). */
function rows(
  points: readonly TrendPoint[],
  bucketMs: number,
): { avg: Row[]; lower: [number, number | null][]; band: [number, number | null][] } {
  const avg: Row[] = [];
  const lower: [number, number | null][] = [];
  const band: [number, number | null][] = [];
  const gap = Math.max(bucketMs, 1000) * 3;
  let prev: number | null = null;
  for (const p of points) {
    if (prev !== null && p.t - prev > gap) {
      const mid = prev + (p.t - prev) / 2;
      avg.push([mid, null, null, null]);
      lower.push([mid, null]);
      band.push([mid, null]);
    }
    avg.push([p.t, p.avg, p.min, p.max]);
    lower.push([p.t, p.min]);
    band.push([p.t, p.max - p.min]);
    prev = p.t;
  }
  return { avg, lower, band };
}

function buildOption(props: TrendChartProps): Option {
  const { series, bucketMs, from, to, band = true } = props;
  const labels = props.labels ?? { avg: 'avg', min: 'min', max: 'max' };
  const colors = props.colors ?? TREND_COLORS;
  const units = [...new Set(series.map((s) => s.unit))];
  const axisOf = (unit: string) => units.indexOf(unit);
  const withSeconds = to - from <= 2 * 3600_000;

  // With one tag, the axis reaches out to its limits, so every limit line is on the chart and the value is seen against them.
  const limitValues = series.length === 1 && series[0].limits ? Object.values(series[0].limits).filter((v): v is number => v !== null) : [];
  const reach =
    limitValues.length > 0
      ? {
          min: (e: { min: number }) => Math.min(e.min, ...limitValues),
          max: (e: { max: number }) => Math.max(e.max, ...limitValues),
        }
      : {};
  const yAxis = units.map((unit, i) => ({
    type: 'value' as const,
    name: unit,
    scale: true,
    ...(i === 0 ? reach : {}),
    position: i === 0 ? ('left' as const) : ('right' as const),
    offset: i <= 1 ? 0 : (i - 1) * 56,
    alignTicks: i > 0,
    axisLine: { show: i > 0 },
    splitLine: { show: i === 0, lineStyle: { color: '#f0f0f0' } },
    axisLabel: { formatter: (v: number) => formatNumber(v) },
  }));

  const out: LineSeriesOption[] = [];
  series.forEach((s, i) => {
    const color = colors[i % colors.length];
    const data = rows(s.points, bucketMs);
    const yAxisIndex = axisOf(s.unit);
    if (band) {
      out.push(
        {
          id: `${i}:lower`,
          name: s.name,
          type: 'line',
          yAxisIndex,
          data: data.lower,
          stack: `band-${i}`,
          symbol: 'none',
          lineStyle: { opacity: 0 },
          silent: true,
          tooltip: { show: false },
          connectNulls: false,
        },
        {
          id: `${i}:band`,
          name: s.name,
          type: 'line',
          yAxisIndex,
          data: data.band,
          stack: `band-${i}`,
          symbol: 'none',
          lineStyle: { opacity: 0 },
          areaStyle: { color, opacity: 0.14 },
          silent: true,
          tooltip: { show: false },
          connectNulls: false,
        },
      );
    }
    const limits = series.length === 1 ? s.limits : undefined;
    const markLine: MarkLineComponentOption | undefined = limits
      ? {
          silent: true,
          symbol: 'none',
          data: (Object.keys(LIMIT_STYLE) as (keyof TrendLimits)[])
            .filter((k) => limits[k] !== null)
            .map((k) => ({
              name: LIMIT_STYLE[k].label,
              yAxis: limits[k]!,
              lineStyle: { color: LIMIT_STYLE[k].color, type: 'dashed' as const, width: 1 },
              label: {
                formatter: `${LIMIT_STYLE[k].label} ${formatNumber(limits[k]!)}`,
                color: LIMIT_STYLE[k].color,
                position: 'insideEndTop' as const,
              },
            })),
        }
      : undefined;
    out.push({
      id: `${i}:avg`,
      name: s.name,
      type: 'line',
      yAxisIndex,
      data: data.avg,
      encode: { x: 0, y: 1 },
      symbol: 'none',
      showSymbol: false,
      sampling: 'lttb',
      lineStyle: { width: 1.5, color },
      itemStyle: { color },
      connectNulls: false,
      markLine,
    });
  });

  if (yAxis.length === 0) {
    // No data yet: one empty axis, so the grid and the time axis still draw.
    yAxis.push({
      type: 'value',
      name: '',
      scale: true,
      position: 'left',
      offset: 0,
      alignTicks: false,
      axisLine: { show: false },
      splitLine: { show: true, lineStyle: { color: '#f0f0f0' } },
      axisLabel: { formatter: (v: number) => formatNumber(v) },
    });
  }
  const rightAxes = Math.max(0, units.length - 1);
  return {
    animation: false,
    color: [...colors],
    grid: { left: 56, right: 24 + rightAxes * 56, top: 40, bottom: 72, containLabel: false },
    legend: { top: 4, type: 'scroll', data: series.map((s) => s.name) },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line' },
      confine: true,
      formatter: (raw) => {
        const params = (Array.isArray(raw) ? raw : [raw]) as { seriesId?: string; value?: unknown; color?: unknown }[];
        const avgs = params.filter((p) => p.seriesId?.endsWith(':avg'));
        const first = avgs[0]?.value as Row | undefined;
        if (!first) {
          return '';
        }
        const lines = avgs.map((p) => {
          const [, avg, min, max] = p.value as Row;
          const idx = Number(p.seriesId!.split(':')[0]);
          const s = series[idx];
          const color = typeof p.color === 'string' ? p.color : colors[idx % colors.length];
          const unit = s.unit ? ` ${escapeHtml(s.unit)}` : '';
          const range =
            min !== null && max !== null && min !== max
              ? ` <span style="color:#8c8c8c">(${labels.min} ${formatNumber(min)} · ${labels.max} ${formatNumber(max)})</span>`
              : '';
          return `<div><span style="display:inline-block;width:8px;height:8px;border-radius:50%;background:${color};margin-right:6px"></span>${escapeHtml(s.name)}: <b>${avg === null ? '—' : formatNumber(avg)}</b>${unit}${range}</div>`;
        });
        return `<div style="margin-bottom:4px">${formatTime(first[0], withSeconds)}</div>${lines.join('')}`;
      },
    },
    xAxis: {
      type: 'time',
      min: from,
      max: to,
      axisLabel: { hideOverlap: true },
      splitLine: { show: false },
    },
    yAxis,
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      {
        type: 'slider',
        xAxisIndex: 0,
        filterMode: 'none',
        height: 22,
        bottom: 12,
        // The handles' time labels are centred on the handles: leave room for half a label at each end, so none is clipped.
        left: withSeconds ? 84 : 68,
        right: withSeconds ? 84 : 68,
        labelFormatter: (v: number) => formatTime(v, withSeconds).slice(5),
      },
    ],
    series: out,
  };
}

/**
 * The chart. `data-testid="trend-chart"` carries `data-series` and
 * `data-points` (the points drawn), so tests and tools can tell it has data.
 */
export function TrendChart(props: TrendChartProps) {
  const { series, bucketMs, from, to, band, labels, colors, height = 420, loading: busy = false } = props;
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  // Callers memoise `series`, `labels` and `colors`; a re-render with the same data draws nothing.
  const option = useMemo(
    () => buildOption({ series, bucketMs, from, to, band, labels, colors }),
    [series, bucketMs, from, to, band, labels, colors],
  );
  const points = series.reduce((n, s) => n + s.points.length, 0);
  /** Same tags: a refresh keeps the zoom the user chose; other tags start unzoomed. */
  const zoomKey = series.map((s) => s.id).join('\n');
  const zoom = useRef<{ key: string; start: number; end: number } | null>(null);
  const zoomKeyRef = useRef(zoomKey);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void loadECharts().then((init) => {
      if (disposed || !box.current) {
        return;
      }
      const instance = init(box.current, undefined, { renderer: 'canvas' });
      chart.current = instance;
      instance.on('datazoom', () => {
        const dz = (instance.getOption() as { dataZoom?: { start?: number; end?: number }[] }).dataZoom?.[0];
        if (dz && typeof dz.start === 'number' && typeof dz.end === 'number') {
          zoom.current = { key: zoomKeyRef.current, start: dz.start, end: dz.end };
        }
      });
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
      setReady(false);
    };
  }, []);

  useEffect(() => {
    zoomKeyRef.current = zoomKey;
    if (!ready || !chart.current) {
      return;
    }
    const kept = zoom.current?.key === zoomKey ? zoom.current : null;
    const withZoom: Option = kept
      ? { ...option, dataZoom: (option.dataZoom as DataZoomComponentOption[]).map((d) => ({ ...d, start: kept.start, end: kept.end })) }
      : option;
    // A whole new option each time (merging axes and series in place trips ECharts up); the zoom is carried over by hand.
    chart.current.setOption(withZoom, { notMerge: true });
  }, [ready, option, zoomKey]);

  const { cursor } = props;
  useEffect(() => {
    if (ready && chart.current && cursor !== undefined) {
      chart.current.setOption({ xAxis: { axisPointer: { show: true, value: cursor, status: 'show', snap: false, label: { show: false } } } });
    }
  }, [ready, cursor, option]);

  const empty = !busy && ready && points === 0;
  return (
    <div
      style={{ position: 'relative', height }}
      data-testid="trend-chart"
      data-series={series.length}
      data-points={points}
      data-ready={ready}
    >
      <div ref={box} style={{ position: 'absolute', inset: 0 }} />
      {(busy || !ready) && (
        <div
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: 'rgba(255,255,255,0.5)',
          }}
        >
          <Spin />
        </div>
      )}
      {empty && (
        <div
          style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}
        >
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={labels?.empty} />
        </div>
      )}
    </div>
  );
}
