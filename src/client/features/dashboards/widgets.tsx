import { lazy, memo, Suspense, useEffect, useMemo, useState } from 'react';
import type { DashboardWidget } from '../../../shared/dashboards/definition';
import { renderMessage } from '../../../shared/messages/catalog';
import { figures } from '../../../shared/modules';
import { formatDate } from '../../../shared/time';
import { pick, useLang } from '../../app/i18n';
import { useTagValue } from '../../stream/live-store';
import { priorityColors } from '../../ui/alarm-priority';
import { TrendSvg, useTrendWindow } from './live-trend';
import { useFigures } from './use-figures';
import { useDashboardAlarms, useDashboardCounts, usePeopleTotal, useRegionNames } from './dashboard-data';

/*
 * The widget library (issue 22 §2) for what exists now: tag value, gauge and
 * trend, alarm counts and list, head counts per area, text and clock. Sizes
 * are in `em` of the screen's scale (the grid sets the font size from the
 * screen width), so a 4K wall shows the same layout with text twice as tall.
 * Charts are SVG drawn at the real pixel size: sharp at any resolution.
 */

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function fmt(v: number | undefined, decimals: number): string {
  return v === undefined ? '--' : v.toFixed(decimals);
}

/** A tag's latest value (store updated once per animation frame); undefined until the first sample. */
function useBoundValue(w: DashboardWidget) {
  return useTagValue(w.binding.kind === 'tag' ? w.binding.tag : null);
}

function ValueWidget({ w }: { w: DashboardWidget }) {
  const v = useBoundValue(w);
  const decimals = num(w.options.decimals, 2);
  return (
    <div className="pw-dash-value" data-quality={v?.q ?? 'none'}>
      <span className="pw-dash-number" data-testid={`widget-value-${w.id}`}>
        {fmt(v?.v, decimals)}
      </span>
      <span className="pw-dash-unit">{str(w.options.unit)}</span>
    </div>
  );
}

/** A module's figure; undefined until read, null when there is none or the viewer may not read it. */
function useFigure(key: string | null): number | null | undefined {
  const keys = useMemo(() => (key ? [key] : []), [key]);
  const values = useFigures(keys);
  return key ? values?.[key] : undefined;
}

function GaugeWidget({ w }: { w: DashboardWidget }) {
  const v = useBoundValue(w);
  const min = num(w.options.min, 0);
  const max = num(w.options.max, 100);
  const frac = v === undefined ? 0 : Math.min(1, Math.max(0, (v.v - min) / (max - min || 1)));
  // A 240° arc: from 150° to 390° (clockwise, 0° to the right).
  const a0 = (150 * Math.PI) / 180;
  const sweep = (240 * Math.PI) / 180;
  const pt = (a: number, r: number) => `${50 + r * Math.cos(a)} ${50 + r * Math.sin(a)}`;
  const arc = (from: number, to: number, r: number) => `M ${pt(from, r)} A ${r} ${r} 0 ${to - from > Math.PI ? 1 : 0} 1 ${pt(to, r)}`;
  const color = frac > 0.9 ? '#ff4d4f' : frac > 0.75 ? '#faad14' : '#36cfc9';
  return (
    <div className="pw-dash-gauge">
      <svg viewBox="0 0 100 86" preserveAspectRatio="xMidYMid meet">
        <path d={arc(a0, a0 + sweep, 40)} stroke="#1f3a5f" strokeWidth="8" fill="none" strokeLinecap="round" />
        {frac > 0 && <path d={arc(a0, a0 + sweep * frac, 40)} stroke={color} strokeWidth="8" fill="none" strokeLinecap="round" />}
        <text x="50" y="52" textAnchor="middle" fontSize="16" fill="#e6f4ff" data-testid={`widget-value-${w.id}`}>
          {fmt(v?.v, num(w.options.decimals, 1))}
        </text>
        <text x="50" y="66" textAnchor="middle" fontSize="7" fill="#8fb3d9">
          {str(w.options.unit)}
        </text>
        <text x="22" y="84" textAnchor="middle" fontSize="6" fill="#8fb3d9">
          {min}
        </text>
        <text x="78" y="84" textAnchor="middle" fontSize="6" fill="#8fb3d9">
          {max}
        </text>
      </svg>
    </div>
  );
}

/** A streaming window of a tag's values over the last `minutes` (default 30), drawn at the widget's own pixel size. */
function SparklineWidget({ w }: { w: DashboardWidget }) {
  const tag = w.binding.kind === 'tag' ? w.binding.tag : null;
  const trend = useTrendWindow(tag, Math.min(24 * 60, Math.max(1, num(w.options.minutes, 30))) * 60_000);
  return (
    <div className="pw-dash-spark">
      <div className="pw-dash-spark-head">
        <span className="pw-dash-number-s" data-testid={`widget-value-${w.id}`}>
          {fmt(trend.value?.v, num(w.options.decimals, 2))}
        </span>
        <span className="pw-dash-unit">{str(w.options.unit)}</span>
      </div>
      <TrendSvg trend={trend} min={w.options.min !== undefined ? num(w.options.min, 0) : undefined} max={w.options.max !== undefined ? num(w.options.max, 1) : undefined} />
    </div>
  );
}

function StatWidget({ w }: { w: DashboardWidget }) {
  const b = w.binding;
  const alarms = useDashboardAlarms(b.kind === 'alarms' ? b.priorities : undefined);
  const counts = useDashboardCounts();
  const totalPeople = usePeopleTotal();
  const v = useBoundValue(w);
  const figure = useFigure(b.kind === 'figure' ? b.figure : null);
  let value: string;
  switch (b.kind) {
    case 'alarms':
      value = String(alarms.length);
      break;
    case 'areaCount':
      value = String(b.regionid !== undefined ? (counts.get(b.regionid)?.people ?? 0) : totalPeople);
      break;
    case 'tag':
      value = fmt(v?.v, num(w.options.decimals, 1));
      break;
    case 'figure':
      value = figure === undefined || figure === null ? '--' : String(figure);
      break;
    case 'none':
      value = '--';
      break;
  }
  return (
    <div className="pw-dash-value">
      <span className="pw-dash-number" style={{ color: str(w.options.color) || undefined }} data-testid={`widget-value-${w.id}`}>
        {value}
      </span>
      <span className="pw-dash-unit">{str(w.options.unit) || (b.kind === 'figure' ? (figures[b.figure]?.unit ?? '') : '')}</span>
    </div>
  );
}

function AlarmListWidget({ w }: { w: DashboardWidget }) {
  const lang = useLang();
  const alarms = useDashboardAlarms(w.binding.kind === 'alarms' ? w.binding.priorities : undefined).slice(0, num(w.options.limit, 10));
  if (alarms.length === 0) {
    return <div className="pw-dash-empty">{renderMessage(lang, 'dashboards.noAlarms')}</div>;
  }
  return (
    <ul className="pw-dash-alarms" data-testid={`widget-alarms-${w.id}`}>
      {alarms.map((a) => (
        <li key={a.id} className={a.acked ? 'acked' : 'unacked'}>
          <span className="pw-dash-prio" style={{ background: priorityColors[a.priority] }}>
            P{a.priority}
          </span>
          <span className="pw-dash-alarm-src">{pick(lang, a.sourceName, a.sourceNameEn)}</span>
          <span className="pw-dash-alarm-type">{a.type.toUpperCase()}</span>
          <span className="pw-dash-alarm-time">{formatDate(a.activatedAt, 'HH:mm:ss')}</span>
        </li>
      ))}
    </ul>
  );
}

function AreaCountWidget({ w }: { w: DashboardWidget }) {
  const lang = useLang();
  const counts = useDashboardCounts();
  const nameOf = useRegionNames();
  const b = w.binding;
  const rows = [...counts.values()]
    .filter((c) => b.kind !== 'areaCount' || b.regionid === undefined || c.regionid === b.regionid)
    .sort((a, b2) => b2.people - a.people);
  const total = usePeopleTotal();
  const max = Math.max(1, ...rows.map((r) => r.people));
  return (
    <div className="pw-dash-areas" data-testid={`widget-areas-${w.id}`}>
      <div className="pw-dash-areas-total">
        {renderMessage(lang, 'dashboards.total')} <b>{total}</b> {renderMessage(lang, 'dashboards.people')}
      </div>
      <ul>
        {rows.map((r) => (
          <li key={r.regionid}>
            <span className="pw-dash-area-name">{nameOf.get(r.regionid) ?? renderMessage(lang, 'dashboards.region', { id: r.regionid })}</span>
            <span className="pw-dash-area-bar">
              <i style={{ width: `${(r.people / max) * 100}%` }} />
            </span>
            <b>{r.people}</b>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ClockWidget() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="pw-dash-clock">
      <span className="pw-dash-number-s">{formatDate(now, 'HH:mm:ss')}</span>
      <span className="pw-dash-unit">{formatDate(now, 'YYYY-MM-DD')}</span>
    </div>
  );
}

function TextWidget({ w }: { w: DashboardWidget }) {
  return <div className="pw-dash-text">{str(w.options.text)}</div>;
}

/* The wall's widgets load with their own code: hls.js, frames and notices only on the screens that have them. */
const CameraWidget = lazy(() => import('./wall-widgets').then((m) => ({ default: m.CameraWidget })));
const RichTextWidget = lazy(() => import('./wall-widgets').then((m) => ({ default: m.RichTextWidget })));
const FrameWidget = lazy(() => import('./wall-widgets').then((m) => ({ default: m.FrameWidget })));
const PermitsLiveWidget = lazy(() => import('./wall-widgets').then((m) => ({ default: m.PermitsLiveWidget })));

function Body({ w }: { w: DashboardWidget }) {
  switch (w.type) {
    case 'value':
      return <ValueWidget w={w} />;
    case 'gauge':
      return <GaugeWidget w={w} />;
    case 'sparkline':
      return <SparklineWidget w={w} />;
    case 'stat':
      return <StatWidget w={w} />;
    case 'alarmList':
      return <AlarmListWidget w={w} />;
    case 'areaCount':
      return <AreaCountWidget w={w} />;
    case 'clock':
      return <ClockWidget />;
    case 'text':
      return <TextWidget w={w} />;
    case 'camera':
      return (
        <Suspense fallback={null}>
          <CameraWidget w={w} />
        </Suspense>
      );
    case 'richText':
      return (
        <Suspense fallback={null}>
          <RichTextWidget w={w} />
        </Suspense>
      );
    case 'frame':
      return (
        <Suspense fallback={null}>
          <FrameWidget w={w} />
        </Suspense>
      );
    case 'permitsLive':
      return (
        <Suspense fallback={null}>
          <PermitsLiveWidget w={w} />
        </Suspense>
      );
  }
}

/** One widget in its frame: the title (in the reader's language) and the body of its type. */
export const WidgetView = memo(function WidgetView({ w }: { w: DashboardWidget }) {
  const lang = useLang();
  return (
    <div className="pw-dash-widget" data-testid={`widget-${w.id}`} data-type={w.type}>
      {w.title && <div className="pw-dash-title">{pick(lang, w.title.zh, w.title.en)}</div>}
      <div className="pw-dash-body">
        <Body w={w} />
      </div>
    </div>
  );
});
