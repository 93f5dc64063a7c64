import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Card, DatePicker, Descriptions, Empty, InputNumber, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Layer, Source, type MapRef } from 'react-map-gl/maplibre';
import { trajectory, trajectoryStatsCall, type TrajectoryPoint, type TrajectoryStatsResult } from '../../../shared/positioning/contracts';
import { formatDate, formatDuration } from '../../../shared/time';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { PlantMap } from '../../ui/plant-map';
import { useRegionShapes } from '../../ui/region-shapes';
import type { PositionKind } from './live-map';
import { positioningNs } from './locales';
import { positionOnPath, usePlayback } from './playback';
import { PlayerBar } from './player-bar';
import { useRoster } from './use-roster';
import './positioning.css';

const PATH_SOURCE = 'track-path';
const STOP_SOURCE = 'track-stops';
const HEAD_SOURCE = 'track-head';
const EMPTY = { type: 'FeatureCollection' as const, features: [] };

interface Loaded {
  tagId: string;
  from: number;
  to: number;
  points: TrajectoryPoint[];
  stats: TrajectoryStatsResult;
}

/**
 * One person's or vehicle's path over a range (`/ResearchersTrack`, `/VehicleTrajectory`,
 * `/OutSide/Trajectory`): the line, stops longer than N minutes with their durations,
 * time in each region, distance and speed (server-side from every fix), and a player
 * (×1 ×4 ×16 ×64) moving a marker along the path with a time slider.
 */
export function TrajectoryView({ kind }: { kind: PositionKind }) {
  const { t } = useTranslation(positioningNs);
  const lang = useLang();
  const [params] = useSearchParams();
  const roster = useRoster(lang);
  const shapes = useRegionShapes();
  const regionName = useMemo(() => {
    const m = new Map((shapes ?? []).map((f) => [f.id, pick(lang, f.properties.regionname, f.properties.regionname_en)]));
    return (id: number) => (id === 0 ? t('outside') : (m.get(id) ?? `#${id}`));
  }, [shapes, lang, t]);

  const [who, setWho] = useState(params.get('card') ?? '');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(1, 'hour'), dayjs()]);
  const [stopMinutes, setStopMinutes] = useState(5);
  const [loading, setLoading] = useState(false);
  const [data, setData] = useState<Loaded | null>(null);
  const mapRef = useRef<MapRef>(null);
  const mapLoaded = useRef<MapLibreMap | null>(null);

  const whoOptions = useMemo(() => {
    const q = who.trim().toLowerCase();
    const out: { value: string; label: string }[] = [];
    for (const r of roster.values()) {
      if ((kind === 'vehicle') !== (r.category === 'vehicle')) {
        continue;
      }
      if (!q || r.name.toLowerCase().includes(q) || r.card.toLowerCase().includes(q)) {
        out.push({ value: r.card, label: `${r.name} · ${r.card}` });
      }
      if (out.length >= 30) {
        break;
      }
    }
    return out;
  }, [roster, who, kind]);

  const handleQuery = useCallback(async () => {
    const tagId = who.trim();
    if (!tagId) {
      return;
    }
    const from = range[0].valueOf();
    const to = range[1].valueOf();
    setLoading(true);
    try {
      const [path, stats] = await Promise.all([api(trajectory, { tagId, from, to, maxPoints: 5000 }), api(trajectoryStatsCall, { tagId, from, to, stopMinutes })]);
      setData({ tagId, from, to, points: path.items, stats });
      if (path.items.length > 0) {
        const lons = path.items.map((p) => p.lon);
        const lats = path.items.map((p) => p.lat);
        mapRef.current?.fitBounds(
          [
            [Math.min(...lons), Math.min(...lats)],
            [Math.max(...lons), Math.max(...lats)],
          ],
          { padding: 60, maxZoom: 18, duration: 500 },
        );
      }
    } finally {
      setLoading(false);
    }
  }, [who, range, stopMinutes]);

  const points = useMemo(() => data?.points ?? [], [data]);
  const start = points[0]?.t ?? 0;
  const end = points.at(-1)?.t ?? 0;
  const drawHead = useCallback(
    (time: number) => {
      const src = mapLoaded.current?.getSource<GeoJSONSource>(HEAD_SOURCE);
      const p = positionOnPath(points, time);
      void src?.setData(p ? { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: p } } : EMPTY);
    },
    [points],
  );
  const player = usePlayback(start, end, drawHead);

  const pathData = useMemo(
    () => ({ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: points.map((p) => [p.lon, p.lat]) } }),
    [points],
  );
  const stopData = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: (data?.stats.stops ?? []).map((s, i) => ({
        type: 'Feature' as const,
        id: i,
        properties: { label: formatDuration(s.to - s.from, lang) },
        geometry: { type: 'Point' as const, coordinates: [s.lon, s.lat] },
      })),
    }),
    [data, lang],
  );
  const handleLoad = useCallback(
    (map: MapLibreMap) => {
      mapLoaded.current = map;
      drawHead(player.timeRef.current);
    },
    [drawHead, player.timeRef],
  );

  const stats = data?.stats;
  const avgKmh = stats && stats.coveredMs > 0 ? (stats.distanceM / (stats.coveredMs / 1000)) * 3.6 : 0;
  const name = data ? (roster.get(data.tagId)?.name ?? data.tagId) : '';

  return (
    <Card size="small" title={kind === 'vehicle' ? t('trackVehicles') : t('trackPeople')}>
      <div className="pos-track">
        <Space wrap>
          <AutoComplete style={{ width: 220 }} options={whoOptions} value={who} onChange={setWho} placeholder={t('whoHint')} aria-label={t('who')} data-testid="track-who" />
          <DatePicker.RangePicker
            showTime
            value={range}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            presets={[
              { label: '1h', value: () => [dayjs().subtract(1, 'hour'), dayjs()] },
              { label: '8h', value: () => [dayjs().subtract(8, 'hour'), dayjs()] },
              { label: '24h', value: () => [dayjs().subtract(1, 'day'), dayjs()] },
            ]}
          />
          <Space size={4}>
            <Typography.Text type="secondary">{t('stopMin')}</Typography.Text>
            <InputNumber min={0.5} max={1440} value={stopMinutes} onChange={(v) => setStopMinutes(v ?? 5)} style={{ width: 72 }} />
          </Space>
          <Button type="primary" icon={<SearchOutlined />} loading={loading} onClick={() => void handleQuery()} data-testid="track-query">
            {t('query')}
          </Button>
        </Space>
        <div className="pos-track-map">
          <PlantMap ref={mapRef} language={lang} onLoad={handleLoad}>
            <Source id={PATH_SOURCE} type="geojson" data={pathData}>
              <Layer id="track-line" type="line" paint={{ 'line-color': '#1677ff', 'line-width': 3, 'line-opacity': 0.85 }} layout={{ 'line-join': 'round', 'line-cap': 'round' }} />
            </Source>
            <Source id={STOP_SOURCE} type="geojson" data={stopData}>
              <Layer id="track-stop" type="circle" paint={{ 'circle-radius': 7, 'circle-color': '#faad14', 'circle-stroke-color': '#fff', 'circle-stroke-width': 2 }} />
              <Layer
                id="track-stop-label"
                type="symbol"
                layout={{ 'text-field': ['get', 'label'], 'text-font': ['Noto Sans Bold'], 'text-size': 11, 'text-offset': [0, 1.3], 'text-allow-overlap': true }}
                paint={{ 'text-color': '#874d00', 'text-halo-color': '#fff', 'text-halo-width': 1.4 }}
              />
            </Source>
            <Source id={HEAD_SOURCE} type="geojson" data={EMPTY}>
              <Layer id="track-head" type="circle" paint={{ 'circle-radius': 8, 'circle-color': '#f5222d', 'circle-stroke-color': '#fff', 'circle-stroke-width': 3 }} />
            </Source>
          </PlantMap>
        </div>
        {data && points.length === 0 && <Empty description={t('noFixes')} />}
        {points.length > 0 && (
          <PlayerBar player={player} min={start} max={end} testIdPrefix="track">
            <Typography.Text data-testid="track-time">{formatDate(player.time, 'MM-DD HH:mm:ss')}</Typography.Text>
          </PlayerBar>
        )}
        {stats && points.length > 0 && (
          <>
            <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 5 }}>
              <Descriptions.Item label={t('who')}>{name}</Descriptions.Item>
              <Descriptions.Item label={t('duration')}>
                {formatDuration(stats.coveredMs, lang)} · {t('fixes', { n: stats.fixes })}
              </Descriptions.Item>
              <Descriptions.Item label={t('distance')}>
                {stats.distanceM >= 1000 ? t('km', { v: (stats.distanceM / 1000).toFixed(2) }) : t('meters', { v: Math.round(stats.distanceM) })}
              </Descriptions.Item>
              <Descriptions.Item label={t('avgSpeed')}>{t('kmh', { v: avgKmh.toFixed(1) })}</Descriptions.Item>
              <Descriptions.Item label={t('maxSpeed')}>{t('kmh', { v: (stats.maxSpeed * 3.6).toFixed(1) })}</Descriptions.Item>
            </Descriptions>
            <div className="pos-track-tables">
              <Table
                size="small"
                title={() => t('dwell')}
                rowKey="regionid"
                pagination={false}
                dataSource={stats.regions}
                data-testid="track-dwell"
                columns={[
                  { title: t('region'), dataIndex: 'regionid', render: (id: number) => regionName(id) },
                  { title: t('duration'), dataIndex: 'dwellMs', render: (ms: number) => formatDuration(ms, lang) },
                  { title: t('visits'), dataIndex: 'visits', width: 80 },
                ]}
              />
              <Table
                size="small"
                title={() => t('stops')}
                rowKey="from"
                pagination={false}
                dataSource={stats.stops}
                onRow={(s) => ({ onClick: () => player.seek(s.from) })}
                columns={[
                  { title: t('from'), dataIndex: 'from', render: (v: number) => formatDate(v, 'HH:mm:ss') },
                  { title: t('duration'), key: 'd', render: (_: unknown, s) => formatDuration(s.to - s.from, lang) },
                  { title: t('region'), dataIndex: 'regionid', render: (id: number) => regionName(id) },
                ]}
              />
            </div>
          </>
        )}
      </div>
    </Card>
  );
}
