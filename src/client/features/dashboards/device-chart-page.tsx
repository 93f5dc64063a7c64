import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { monitorList, type MonitorDevice, type MonitorTag } from '../../../shared/major-hazard/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { useTagValue } from '../../stream/live-store';
import { useTopic } from '../../stream/use-topic';
import { priorityColors } from '../../ui/alarm-priority';
import { useLoad } from '../../ui/use-load';
import { useDashboardAlarms } from './dashboard-data';
import { TrendSvg, useTrendWindow } from './live-trend';
import { WallScreen } from './wall-screen';

const ROLES = ['level', 'temperature', 'pressure', 'gas'] as const;
/** Minutes of history each trend shows unless the link says otherwise (`?minutes=`). */
const DEFAULT_MINUTES = 30;
/** Seconds a page of devices stays when they do not fit on one screen (`?dwell=`). */
const DEFAULT_DWELL_S = 20;
/** A device panel's smallest size, in em of the screen's scale. */
const PANEL_EM = { w: 28, h: 19 };

interface DeviceRow {
  device: MonitorDevice;
  source: string;
}

const positiveParam = (raw: string | null, fallback: number, max: number) => {
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? Math.min(max, n) : fallback;
};

/** The most urgent open alarm's priority per source (tag id). */
function useAlarmPriorityBySource(): ReadonlyMap<string, number> {
  const alarms = useDashboardAlarms(undefined);
  return useMemo(() => {
    const m = new Map<string, number>();
    for (const a of alarms) {
      m.set(a.source, Math.min(m.get(a.source) ?? 9, a.priority));
    }
    return m;
  }, [alarms]);
}

function TagTrend({ role, tag, minutes, priority }: { role: string; tag: MonitorTag; minutes: number; priority: number | undefined }) {
  const lang = useLang();
  const trend = useTrendWindow(tag.id, minutes * 60_000);
  const v = trend.value;
  const colour = priority !== undefined ? priorityColors[priority] : undefined;
  return (
    <div className="pw-device-tag" data-testid={`device-tag-${tag.id}`} data-alarm={priority ?? ''}>
      <div className="pw-device-tag-head">
        <span className="pw-device-role">{renderMessage(lang, `dashboards.role.${role}`)}</span>
        <span className="pw-device-tag-name">{pick(lang, tag.name, tag.name_en)}</span>
        <b className="pw-device-value" style={colour ? { background: colour, color: '#fff' } : undefined} data-testid={`device-value-${tag.id}`} data-quality={v?.q ?? ''}>
          {v === undefined ? '--' : v.v.toFixed(2)}
        </b>
        <span className="pw-dash-unit">{tag.unit}</span>
      </div>
      <TrendSvg trend={trend} limits={{ ll: tag.ll, l: tag.l, h: tag.h, hh: tag.hh }} className="pw-device-trend" />
    </div>
  );
}

/** ESD or SIS: healthy (0), tripped (anything else) or not monitored (no value yet). */
function Interlock({ label, tag }: { label: string; tag: MonitorTag }) {
  const lang = useLang();
  const v = useTagValue(tag.id);
  const state = v === undefined ? 'notMonitored' : v.v === 0 ? 'healthy' : 'tripped';
  return (
    <span className={`pw-device-interlock ${state}`} data-testid={`device-interlock-${tag.id}`} data-state={state}>
      {renderMessage(lang, label)} {renderMessage(lang, `dashboards.${state}`)}
    </span>
  );
}

function DevicePanel({ row, minutes, alarmOf }: { row: DeviceRow; minutes: number; alarmOf: ReadonlyMap<string, number> }) {
  const d = row.device;
  return (
    <section className="pw-wall-panel pw-device" data-testid={`device-${d.id}`}>
      <h2>
        {d.name} <small>{[d.code, row.source, d.medium].filter(Boolean).join(' · ')}</small>
      </h2>
      <div className="pw-device-interlocks">
        {d.esd && <Interlock label="dashboards.esd" tag={d.esd} />}
        {d.sis && <Interlock label="dashboards.sis" tag={d.sis} />}
      </div>
      <div className="pw-device-tags">
        {ROLES.map((role) => {
          const tag = d[role];
          return tag ? <TagTrend key={role} role={role} tag={tag} minutes={minutes} priority={alarmOf.get(tag.id)} /> : null;
        })}
      </div>
    </section>
  );
}

/**
 * The devices a page holds at this size, and the page shown: pages rotate
 * every `dwell` seconds when the devices do not fit on one screen; a phone
 * shows them all in one column.
 */
function usePages(count: number, perPage: number, dwellS: number) {
  const pages = Math.max(1, Math.ceil(count / perPage));
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (pages < 2) {
      return undefined;
    }
    const timer = window.setTimeout(() => setPage((p) => (p + 1) % pages), dwellS * 1000);
    return () => window.clearTimeout(timer);
  }, [page, pages, dwellS]);
  return { page: page % pages, pages };
}

function DeviceGrid({ rows, width, height, narrow, fontSize }: { rows: DeviceRow[]; width: number; height: number; narrow: boolean; fontSize: number }) {
  const lang = useLang();
  const [params] = useSearchParams();
  const minutes = positiveParam(params.get('minutes'), DEFAULT_MINUTES, 24 * 60);
  const alarmOf = useAlarmPriorityBySource();
  // The title bar takes about 3 em; the rest is shared by whole panels.
  const cols = narrow ? 1 : Math.max(1, Math.floor(width / (PANEL_EM.w * fontSize)));
  const gridRows = narrow ? rows.length : Math.max(1, Math.floor((height - 3.5 * fontSize) / (PANEL_EM.h * fontSize)));
  const perPage = Math.max(1, cols * gridRows);
  const { page, pages } = usePages(narrow ? 1 : rows.length, perPage, positiveParam(params.get('dwell'), DEFAULT_DWELL_S, 3600));
  const shown = narrow ? rows : rows.slice(page * perPage, (page + 1) * perPage);
  return (
    <>
      <div
        className="pw-device-grid"
        style={narrow ? undefined : { gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${gridRows}, minmax(0, 1fr))` }}
        data-testid="device-grid"
        data-page={page}
        data-pages={pages}
      >
        {shown.map((r) => (
          <DevicePanel key={r.device.id} row={r} minutes={minutes} alarmOf={alarmOf} />
        ))}
      </div>
      {pages > 1 && <span className="pw-wall-page">{renderMessage(lang, 'dashboards.screen.page', { n: page + 1, total: pages })}</span>}
    </>
  );
}

/**
 * /deviceChart: the monitored devices of the major hazard sources the viewer
 * may see (the register's region isolation), each with its level,
 * temperature, pressure and gas tags as live trends against their alarm
 * limits, the value in the colour of an open alarm, and its ESD and SIS
 * states. Values come on the tags' topics (the server sends only tags the
 * viewer may read); the register is read again when a source or device
 * changes (topic `records/…`). `?source=<id>` or `?device=<id>` narrows it,
 * `?minutes=` sets the trend window.
 */
export function DeviceChartPage() {
  const lang = useLang();
  const [params] = useSearchParams();
  const canView = useSession((s) => s.user?.permissions.includes('majorHazard:view') ?? false);
  const load = useCallback((signal: AbortSignal) => (canView ? api(monitorList, {}, { signal, silent: true }) : Promise.resolve(null)), [canView]);
  const loaded = useLoad(load);
  useTopic(canView ? 'records/DangerSourceDevice' : null, () => loaded.reload());
  useTopic(canView ? 'records/DangerSource' : null, () => loaded.reload());
  const sourceId = Number(params.get('source') ?? 0);
  const deviceId = Number(params.get('device') ?? 0);
  const rows = useMemo<DeviceRow[]>(
    () =>
      (loaded.data?.sources ?? [])
        .filter((s) => !sourceId || s.id === sourceId)
        .flatMap((s) => s.devices.filter((d) => (!deviceId || d.id === deviceId) && ROLES.some((r) => d[r] !== null)).map((device) => ({ device, source: s.name }))),
    [loaded.data, sourceId, deviceId],
  );
  let empty: string | null = null;
  if (!canView) {
    empty = 'dashboards.screen.noPermission';
  } else if (loaded.data && rows.length === 0) {
    empty = 'dashboards.screen.noDevices';
  }
  return (
    <WallScreen title={renderMessage(lang, 'dashboards.screen.deviceChart')} testId="device-chart">
      {({ width, height, narrow, fontSize }) =>
        empty ? (
          <div className="pw-wall-empty" data-testid="wall-empty">
            {renderMessage(lang, empty)}
          </div>
        ) : (
          <DeviceGrid rows={rows} width={width} height={height} narrow={narrow} fontSize={fontSize} />
        )
      }
    </WallScreen>
  );
}
