import { Badge, Card, Col, Empty, Row, Space, Spin, Tag, Typography } from 'antd';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { monitorState, type MonitorState } from '../../../shared/domain/monitoring-status';
import { alarmTypes } from '../../../shared/alarms/item';
import { monitorList, type MonitorDevice, type MonitorSource, type MonitorTag } from '../../../shared/major-hazard/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { api } from '../../app/api';
import { useLang, type Lang } from '../../app/i18n';
import { useTagValue, useTagValues } from '../../stream/live-store';
import { priorityColors } from '../../ui/alarm-priority';
import { useRecordChanges } from '../../ui/records/use-record-changes';
import { useLoad } from '../../ui/use-load';
import { useOpenAlarms } from '../../ui/use-open-alarms';
import { useRegionHeadCounts } from '../../ui/use-head-counts';
import { GradeTag } from './grade-tag';
import './major-hazard.css';

/** The rate of change is the slope over the samples of this window. */
const RATE_WINDOW_MS = 120_000;
const NORMAL = '#1677ff';

const NOT_MONITORED = '#8c8c8c';
/** How often the page re-judges silence (a silent tag sends nothing to re-render on). */
const TICK_MS = 5_000;

/** The server's clock as the page estimates it (the answer's serverTime against the browser's clock), ticking. */
const ServerNow = createContext<number>(0);

function useServerNow(serverTime: number | undefined): number {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (serverTime !== undefined) {
      setOffset(serverTime - Date.now());
    }
  }, [serverTime]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now + offset;
}

/** A point's state now: its latest value from the stream, else the one the list answered with. */
function usePointState(
  tag: MonitorTag | null,
  value: { t: number; q: number } | undefined,
  alarm: number | undefined,
): MonitorState | null {
  const now = useContext(ServerNow);
  if (!tag) {
    return null;
  }
  const latest = value ?? (tag.lastAt === null ? null : { t: tag.lastAt, q: tag.state === 'notMonitored' ? 2 : 0 });
  return monitorState(latest, now, tag.periodMs, alarm !== undefined);
}

function NotMonitoredTag({ lang, testId }: { lang: Lang; testId?: string }) {
  return (
    <Tag color="default" className="mh-not-monitored" data-testid={testId}>
      {renderMessage(lang, 'majorHazard.monitor.notMonitored')}
    </Tag>
  );
}

/** Worst (lowest-numbered) open alarm priority per tag id. */
type Worst = ReadonlyMap<string, number>;

const fmt = (v: number, span: number) => v.toFixed(span >= 100 ? 0 : span >= 10 ? 1 : 2);

function duration(lang: Lang, minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  return m < 60
    ? renderMessage(lang, 'majorHazard.monitor.minutes', { m })
    : renderMessage(lang, 'majorHazard.monitor.hours', { h: Math.floor(m / 60), m: m % 60 });
}

/** Slope of a tag's recent samples, per minute; null until two samples are seen. */
function useRate(t: number | undefined, v: number | undefined): number | null {
  const hist = useRef<{ t: number; v: number }[]>([]);
  const [rate, setRate] = useState<number | null>(null);
  useEffect(() => {
    if (t === undefined || v === undefined) {
      return;
    }
    const h = hist.current;
    if (h.length > 0 && h[h.length - 1].t >= t) {
      return;
    }
    h.push({ t, v });
    while (h.length > 2 && t - h[0].t > RATE_WINDOW_MS) {
      h.shift();
    }
    if (h.length >= 2) {
      const a = h[0];
      setRate(((v - a.v) / (t - a.t)) * 60_000);
    }
  }, [t, v]);
  return rate;
}

/** A tank's level as a live gauge: fill, value, rate of change and time to its high limit at that rate; red while its tag has an open alarm. */
function LevelGauge({ device, tag, worst, lang }: { device: MonitorDevice; tag: MonitorTag; worst: Worst; lang: Lang }) {
  const value = useTagValue(tag.id);
  const rate = useRate(value?.t, value?.v);
  const span = tag.range_hi - tag.range_lo || 1;
  const pct = value ? Math.min(100, Math.max(0, ((value.v - tag.range_lo) / span) * 100)) : 0;
  const alarm = worst.get(tag.id);
  const state = usePointState(tag, value, alarm);
  const silent = state === 'notMonitored';
  const color = silent ? NOT_MONITORED : alarm ? priorityColors[alarm] : NORMAL;
  let outlook = '';
  if (value && tag.h !== null && !silent) {
    if (value.v >= tag.h) {
      outlook = renderMessage(lang, 'majorHazard.monitor.aboveHigh');
    } else if (rate !== null && rate > 0) {
      outlook = renderMessage(lang, 'majorHazard.monitor.toHigh', { time: duration(lang, (tag.h - value.v) / rate) });
    } else {
      outlook = renderMessage(lang, 'majorHazard.monitor.steady');
    }
  }
  const highPct = tag.h === null ? null : ((tag.h - tag.range_lo) / span) * 100;
  return (
    <div
      className="mh-gauge"
      data-testid={`mh-gauge-${device.code}`}
      data-alarm={alarm ?? ''}
      data-state={state ?? ''}
      data-fill={value ? pct.toFixed(1) : ''}
    >
      <div className="mh-gauge-code">{device.code}</div>
      {silent ? <NotMonitoredTag lang={lang} testId={`mh-not-monitored-${device.code}`} /> : null}
      <div className="mh-gauge-shell" style={{ borderColor: color }}>
        <div className="mh-gauge-fill" style={{ height: `${pct}%`, background: color }} />
        {highPct !== null ? <div className="mh-gauge-high" style={{ bottom: `${highPct}%` }} /> : null}
      </div>
      {value ? (
        <>
          <div
            className="mh-gauge-value"
            data-testid={`mh-gauge-value-${device.code}`}
            style={{ color: alarm || silent ? color : undefined }}
          >
            {fmt(value.v, span)} {tag.unit} · {pct.toFixed(0)}%
          </div>
          <div className="mh-gauge-sub">
            {rate === null ? '' : renderMessage(lang, 'majorHazard.monitor.rate', { rate: rate.toFixed(3), unit: tag.unit })}
          </div>
          <div className="mh-gauge-sub" data-testid={`mh-gauge-outlook-${device.code}`}>
            {outlook}
          </div>
        </>
      ) : (
        <div className="mh-gauge-sub">{renderMessage(lang, 'majorHazard.monitor.noValue')}</div>
      )}
    </div>
  );
}

/** One other measurement of a device (temperature, pressure, gas), coloured by its tag's worst open alarm. */
function Reading({ tag, label, worst, lang }: { tag: MonitorTag | null; label: string; worst: Worst; lang: Lang }) {
  const value = useTagValue(tag?.id ?? null);
  const alarm = tag ? worst.get(tag.id) : undefined;
  const state = usePointState(tag, value, alarm);
  if (!tag) {
    return null;
  }
  const silent = state === 'notMonitored';
  return (
    <span
      className="mh-reading"
      data-state={state ?? ''}
      style={{ color: silent ? NOT_MONITORED : alarm ? priorityColors[alarm] : undefined }}
    >
      {label} {value ? `${fmt(value.v, tag.range_hi - tag.range_lo)} ${tag.unit}` : '—'}
      {silent ? ` · ${renderMessage(lang, 'majorHazard.monitor.notMonitored')}` : ''}
    </span>
  );
}

/** An ESD or SIS status tag: 0 healthy, anything else tripped (red); grey with 未监测 when silent. */
function StatusReading({ tag, label, worst, lang, testId }: { tag: MonitorTag | null; label: string; worst: Worst; lang: Lang; testId: string }) {
  const value = useTagValue(tag?.id ?? null);
  const state = usePointState(tag, value, tag ? worst.get(tag.id) : undefined);
  if (!tag) {
    return null;
  }
  const silent = state === 'notMonitored' || !value;
  const tripped = !silent && value.v !== 0;
  return (
    <Tag color={silent ? 'default' : tripped ? 'error' : 'success'} data-testid={testId} data-state={silent ? 'notMonitored' : tripped ? 'tripped' : 'healthy'}>
      {label} {renderMessage(lang, silent ? 'majorHazard.monitor.notMonitored' : tripped ? 'majorHazard.monitor.tripped' : 'majorHazard.monitor.healthy')}
    </Tag>
  );
}

function DeviceCell({ device, worst, lang }: { device: MonitorDevice; worst: Worst; lang: Lang }) {
  return (
    <div className="mh-device" data-testid={`mh-device-${device.code}`}>
      {device.level ? (
        <LevelGauge device={device} tag={device.level} worst={worst} lang={lang} />
      ) : (
        <div className="mh-gauge">
          <div className="mh-gauge-code">{device.code}</div>
          <Typography.Text type="secondary">{renderMessage(lang, 'majorHazard.monitor.noLevelTag')}</Typography.Text>
        </div>
      )}
      <div className="mh-readings">
        <Reading tag={device.temperature} label={renderMessage(lang, 'majorHazard.monitor.temperature')} worst={worst} lang={lang} />
        <Reading tag={device.pressure} label={renderMessage(lang, 'majorHazard.monitor.pressure')} worst={worst} lang={lang} />
        <Reading tag={device.gas} label={renderMessage(lang, 'majorHazard.monitor.gas')} worst={worst} lang={lang} />
        <StatusReading tag={device.esd} label={renderMessage(lang, 'majorHazard.monitor.esd')} worst={worst} lang={lang} testId={`mh-esd-${device.code}`} />
        <StatusReading tag={device.sis} label={renderMessage(lang, 'majorHazard.monitor.sis')} worst={worst} lang={lang} testId={`mh-sis-${device.code}`} />
      </div>
    </div>
  );
}

function SourceCard({ source, worst, lang, people }: { source: MonitorSource; worst: Worst; lang: Lang; people: number | null }) {
  const points = source.devices.flatMap((d) => [d.level, d.temperature, d.pressure, d.gas, d.esd, d.sis].flatMap((t) => (t ? [t] : [])));
  const tagIds = points.map((t) => t.id);
  const priorities = tagIds.flatMap((id) => (worst.has(id) ? [worst.get(id)!] : []));
  const top = priorities.length ? Math.min(...priorities) : null;
  const values = useTagValues(tagIds);
  const now = useContext(ServerNow);
  const silent = points.filter((t) => {
    const v = values[t.id];
    const latest = v ?? (t.lastAt === null ? null : { t: t.lastAt, q: t.state === 'notMonitored' ? 2 : 0 });
    return monitorState(latest, now, t.periodMs, false) === 'notMonitored';
  }).length;
  return (
    <Card
      size="small"
      data-testid={`mh-source-${source.id}`}
      data-alarm={top ?? ''}
      style={top ? { borderColor: priorityColors[top], boxShadow: `0 0 0 1px ${priorityColors[top]}` } : undefined}
      title={
        <Space wrap>
          <span>{source.name}</span>
          <GradeTag grade={source.grade} isMajor={source.isMajor} lang={lang} />
          {people !== null ? (
            <Tag data-testid={`mh-source-people-${source.id}`}>{renderMessage(lang, 'majorHazard.monitor.onSite', { n: people })}</Tag>
          ) : null}
          {silent > 0 ? (
            <Tag color="warning" data-testid={`mh-source-silent-${source.id}`} data-count={silent}>
              {renderMessage(lang, 'majorHazard.monitor.pointsNotMonitored', { n: silent })}
            </Tag>
          ) : null}
        </Space>
      }
      extra={
        top ? (
          <Badge
            color={priorityColors[top]}
            text={renderMessage(lang, 'majorHazard.monitor.openAlarms', { n: priorities.length })}
            data-testid={`mh-source-alarms-${source.id}`}
          />
        ) : (
          <Typography.Text type="secondary">{renderMessage(lang, 'majorHazard.monitor.noAlarms')}</Typography.Text>
        )
      }
    >
      {source.devices.length === 0 ? (
        <Typography.Text type="secondary">{renderMessage(lang, 'majorHazard.monitor.noDevices')}</Typography.Text>
      ) : (
        <div className="mh-devices">
          {source.devices.map((d) => (
            <DeviceCell key={d.id} device={d} worst={worst} lang={lang} />
          ))}
        </div>
      )}
    </Card>
  );
}

/**
 * /MajorHazard: each major hazard source with its grade, its tanks as live
 * level gauges and its other measurements; values through the stream (tag
 * topics), open alarms from the alarm list and topic `alarm`, the colour of a
 * source following its worst open alarm. The register reloads it on change.
 */
export function MajorHazardMonitorPage() {
  const lang = useLang();
  const load = useCallback((signal: AbortSignal) => api(monitorList, {}, { signal }), []);
  const { data, loading, reload } = useLoad(load);
  useRecordChanges('DangerSource', reload);
  useRecordChanges('DangerSourceDevice', reload);
  const serverNow = useServerNow(data?.serverTime);
  const alarms = useOpenAlarms(alarmTypes);
  // People on site per region, as positioning counts them (only for those who may see positions).
  const headCounts = useRegionHeadCounts();
  const peopleIn = useMemo(() => new Map(headCounts.map((c) => [c.regionid, c.people])), [headCounts]);
  const worst = useMemo(() => {
    const m = new Map<string, number>();
    for (const a of alarms.byId.values()) {
      m.set(a.source, Math.min(a.priority, m.get(a.source) ?? 9));
    }
    return m;
  }, [alarms]);
  if (!data) {
    return loading ? <Spin /> : null;
  }
  if (data.sources.length === 0) {
    return <Empty description={renderMessage(lang, 'majorHazard.none')} />;
  }
  return (
    <ServerNow.Provider value={serverNow}>
      <Row gutter={[12, 12]} data-testid="mh-monitor">
        {data.sources.map((s) => (
          <Col key={s.id} xs={24} xxl={12}>
            <SourceCard source={s} worst={worst} lang={lang} people={s.regionid === null ? null : (peopleIn.get(s.regionid) ?? null)} />
          </Col>
        ))}
      </Row>
    </ServerNow.Provider>
  );
}
