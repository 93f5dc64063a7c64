import { AimOutlined, CloseOutlined, HistoryOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Card, Descriptions, Drawer, Grid, Input, InputNumber, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { Map as MapLibreMap, GeoJSONSource, MapGeoJSONFeature } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MapRef } from 'react-map-gl/maplibre';
import { trajectory } from '../../../shared/positioning/contracts';
import { createRegionLocator } from '../../../shared/domain/region-locator';
import { formatDate, formatDuration, relativeTime } from '../../../shared/time';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { streamClient } from '../../stream/stream-client';
import { useTopic } from '../../stream/use-topic';
import { PlantMap } from '../../ui/plant-map';
import { useRegionShapes } from '../../ui/region-shapes';
import { useRegionHeadCounts } from '../../ui/use-head-counts';
import { useFillHeight } from '../../ui/use-fill-height';
import { CATEGORY_INDEX, MarkerBuffer, markerCategories, type MarkerCategory } from './marker-buffer';
import { CATEGORY_COLORS, MarkerLayers, markerLayerIds, startMarkerLoop, type MarkerLoop } from './marker-layers';
import { positioningNs } from './locales';
import { useCardAlarms } from './use-card-alarms';
import { categoryFrom, useRoster, type RosterEntry } from './use-roster';
import './positioning.css';

export type PositionKind = 'person' | 'vehicle';

const SOURCE_ID = 'live-positions';
const LAYERS = markerLayerIds(SOURCE_ID);
const INTERACTIVE = [LAYERS.marker, LAYERS.cluster];
/** The side list and the card are re-read from the buffer this often (not per fix). */
const LIST_REFRESH_MS = 1000;
/** How far back the card looks for when the person entered their region. */
const REGION_LOOKBACK_MS = 12 * 3600_000;

interface Row {
  id: string;
  name: string;
  category: MarkerCategory;
  dept: string;
  region: string;
  t: number;
  stale: boolean;
  alarm: boolean;
}

/**
 * The live map of people or vehicles (`/PersonnelPositioning`, `/PositionManagement`,
 * `/OutSide/Location`): fixes from topic `position/<kind>` go straight into a typed
 * buffer drawn by MapLibre (clustered GPU circles, glided between fixes, one setData
 * per animation frame); React renders only the controls, the card and a list
 * refreshed once a second.
 */
export function LiveMap({ kind }: { kind: PositionKind }) {
  const { t } = useTranslation(positioningNs);
  const lang = useLang();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const narrow = !screens.md;
  const roster = useRoster(lang);
  const shapes = useRegionShapes();
  const counts = useRegionHeadCounts();

  const locator = useMemo(
    () => createRegionLocator((shapes ?? []).map((f) => ({ regionid: f.id, code: f.properties.regioncode, geometry: f.geometry }))),
    [shapes],
  );
  const regionName = useMemo(() => {
    const m = new Map((shapes ?? []).map((f) => [f.id, pick(lang, f.properties.regionname, f.properties.regionname_en)]));
    return (id: number) => (id === 0 ? t('outside') : (m.get(id) ?? `#${id}`));
  }, [shapes, lang, t]);
  const [buffer] = useState(() => new MarkerBuffer());
  useEffect(() => buffer.setLocator((lon, lat) => locator.locate(lon, lat)), [buffer, locator]);
  useEffect(() => buffer.setCategoryOf(categoryFrom(roster)), [buffer, roster]);

  const [staleMin, setStaleMin] = useState(5);
  const [floor, setFloor] = useState<number | null>(null);
  const [hidden, setHidden] = useState<number[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [following, setFollowing] = useState(false);
  const alarmMap = useCardAlarms();

  // What each frame reads, kept in a ref so the loop never restarts on a render.
  const opts = useRef({ staleMs: staleMin * 60_000, floor, alarmed: new Set<string>(), hidden: new Set<number>(), selected, following });
  opts.current = { staleMs: staleMin * 60_000, floor, alarmed: new Set(alarmMap.keys()), hidden: new Set(hidden), selected, following };
  const mapRef = useRef<MapRef>(null);
  const loop = useRef<MarkerLoop | null>(null);
  useEffect(() => loop.current?.kick(), [staleMin, floor, alarmMap, hidden, selected, following]);
  useEffect(() => () => loop.current?.stop(), []);

  const handleLoad = useCallback(
    (map: MapLibreMap) => {
      loop.current?.stop();
      loop.current = startMarkerLoop(
        map,
        SOURCE_ID,
        buffer,
        (now) => buffer.fill(now, { ...opts.current, serverNow: streamClient().serverNow() }),
        (now) => {
          const o = opts.current;
          const i = o.following && o.selected ? buffer.indexOf(o.selected) : undefined;
          if (i !== undefined) {
            map.setCenter(buffer.positionAt(i, now));
          }
        },
        () => opts.current.following,
      );
    },
    [buffer],
  );

  useTopic(`position/${kind}`, (items) => {
    buffer.ingest(items, performance.now());
    loop.current?.kick();
  });

  // The list and the card: once a second from the buffer, not per fix.
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => {
      setTick((n) => n + 1);
      loop.current?.kick();
    }, LIST_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  const [query, setQuery] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const rows = useMemo((): Row[] => {
    void tick;
    const now = streamClient().serverNow();
    const q = query.trim().toLowerCase();
    const out: Row[] = [];
    for (const id of buffer.ids) {
      const info = buffer.info(id)!;
      const r: RosterEntry | undefined = roster.get(id);
      const category = markerCategories[info.category] ?? 'unknown';
      if (hidden.includes(info.category) || (floor !== null && info.floor !== floor)) {
        continue;
      }
      const name = r?.name ?? id;
      if (q && !name.toLowerCase().includes(q) && !id.toLowerCase().includes(q)) {
        continue;
      }
      out.push({
        id,
        name,
        category,
        dept: r?.dept ?? '',
        region: regionName(info.regionid),
        t: info.t,
        stale: now - info.t > staleMin * 60_000,
        alarm: alarmMap.has(id),
      });
    }
    return out.sort((a, b) => Number(b.alarm) - Number(a.alarm) || a.name.localeCompare(b.name));
  }, [tick, buffer, roster, hidden, floor, query, regionName, staleMin, alarmMap]);

  const floors = useMemo(() => {
    void tick;
    const s = new Set<number>(buffer.floors());
    for (const f of shapes ?? []) {
      f.properties.floors.forEach((n) => s.add(n));
    }
    return [...s].sort((a, b) => a - b);
  }, [shapes, buffer, tick]);

  const notes = useMemo(
    () => Object.fromEntries(counts.filter((c) => c.people + c.vehicles > 0).map((c) => [c.regionid, t('headCount', { p: c.people, v: c.vehicles })])),
    [counts, t],
  );

  const focus = useCallback(
    (id: string) => {
      setSelected(id);
      const info = buffer.info(id);
      if (info) {
        mapRef.current?.flyTo({ center: [info.lon, info.lat], zoom: Math.max(mapRef.current.getZoom(), 17), duration: 600 });
      }
      if (narrow) {
        setListOpen(false);
      }
    },
    [buffer, narrow],
  );

  const handleFeatureClick = useCallback((f: MapGeoJSONFeature) => {
    const map = mapRef.current?.getMap();
    if (f.layer.id === LAYERS.cluster && map) {
      const src = map.getSource<GeoJSONSource>(SOURCE_ID);
      const geom = f.geometry as unknown as { coordinates: [number, number] };
      void src?.getClusterExpansionZoom(Number(f.properties.cluster_id)).then((zoom) => map.easeTo({ center: geom.coordinates, zoom }));
      return;
    }
    setSelected(String(f.properties.id));
  }, []);

  // When did the selected card enter its region? The stream knows only since the page opened: ask its trajectory.
  useEffect(() => {
    if (!selected) {
      return undefined;
    }
    const controller = new AbortController();
    const to = streamClient().serverNow() + 1000;
    api(trajectory, { tagId: selected, from: to - REGION_LOOKBACK_MS, to, maxPoints: 20_000 }, { signal: controller.signal, silent: true }).then(
      ({ items }) => {
        const info = buffer.info(selected);
        if (!info || items.length === 0) {
          return;
        }
        let since = items[items.length - 1].t;
        for (let i = items.length - 1; i >= 0 && locator.locate(items[i].lon, items[i].lat) === info.regionid; i--) {
          since = items[i].t;
        }
        buffer.setRegionSince(selected, since);
        setTick((n) => n + 1);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [selected, buffer, locator]);

  const searchOptions = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) {
      return [];
    }
    return rows.slice(0, 20).map((r) => ({ value: r.id, label: `${r.name} · ${r.id}` }));
  }, [rows, query]);

  const listHeightRef = useRef<HTMLDivElement>(null);
  const listHeight = useFillHeight(listHeightRef, narrow ? 80 : 40, 200);

  const list = (
    <div className="pos-list" ref={listHeightRef}>
      <Space wrap size={4} style={{ marginBottom: 8 }}>
        <Select
          mode="multiple"
          allowClear
          size="small"
          style={{ minWidth: 150 }}
          placeholder={t('allCategories')}
          value={hidden.length === 0 ? [] : markerCategories.map((c, i) => i).filter((i) => !hidden.includes(i))}
          onChange={(shown: number[]) => setHidden(shown.length === 0 ? [] : markerCategories.map((c, i) => i).filter((i) => !shown.includes(i)))}
          options={markerCategories.map((c, i) => ({ value: i, label: t(`categories.${c}`) }))}
          maxTagCount="responsive"
          data-testid="pos-category-filter"
        />
        <Typography.Text type="secondary" data-testid="pos-count">
          {t('count', { n: rows.length })}
        </Typography.Text>
      </Space>
      <Table<Row>
        size="small"
        rowKey="id"
        virtual
        pagination={false}
        scroll={{ y: listHeight }}
        dataSource={rows}
        onRow={(r) => ({ onClick: () => focus(r.id), className: r.id === selected ? 'pos-row-selected' : undefined })}
        columns={[
          {
            title: t('name'),
            dataIndex: 'name',
            width: 130,
            render: (v: string, r) => (
              <span>
                <span className="pos-dot" style={{ background: r.alarm ? '#f5222d' : r.stale ? '#fff' : CATEGORY_COLORS[CATEGORY_INDEX[r.category]] }} />
                {v}
              </span>
            ),
          },
          { title: t('region'), dataIndex: 'region', width: 110, ellipsis: true },
          {
            title: t('lastFix'),
            dataIndex: 't',
            width: 90,
            render: (v: number, r) => (r.stale ? <Tag color="default">{t('stale')}</Tag> : formatDate(v, 'HH:mm:ss')),
          },
        ]}
      />
    </div>
  );

  const info = selected ? buffer.info(selected) : undefined;
  const who = selected ? roster.get(selected) : undefined;
  const cardAlarms = selected ? (alarmMap.get(selected) ?? []) : [];
  const serverNow = streamClient().serverNow();
  const card = selected && info && (
    <Card
      size="small"
      className="pos-card"
      data-testid="pos-card"
      title={
        <Space>
          <span className="pos-dot" style={{ background: CATEGORY_COLORS[info.category] }} />
          <span>{who?.name ?? selected}</span>
        </Space>
      }
      extra={<Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('close')} onClick={() => setSelected(null)} />}
    >
      <Descriptions size="small" column={1} colon={false}>
        <Descriptions.Item label={t('card')}>{selected}</Descriptions.Item>
        <Descriptions.Item label={t('category')}>{t(`categories.${markerCategories[info.category] ?? 'unknown'}`)}</Descriptions.Item>
        {who?.dept ? <Descriptions.Item label={t('dept')}>{who.dept}</Descriptions.Item> : null}
        <Descriptions.Item label={t('region')}>
          <span data-testid="pos-card-region">{regionName(info.regionid)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('timeInRegion')}>{formatDuration(serverNow - info.regionSince, lang)}</Descriptions.Item>
        <Descriptions.Item label={t('lastFix')}>
          {formatDate(info.t, 'HH:mm:ss')} · {relativeTime(info.t, serverNow, lang)}
          {serverNow - info.t > staleMin * 60_000 ? <Tag style={{ marginLeft: 6 }}>{t('stale')}</Tag> : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('alarms')}>
          {cardAlarms.length === 0
            ? t('noAlarms')
            : cardAlarms.map((a) => (
                <Tag color="red" key={a.id}>
                  {t(`alarmTypes.${a.type}`, { defaultValue: a.type })}
                </Tag>
              ))}
        </Descriptions.Item>
      </Descriptions>
      <Space>
        <Button size="small" type={following ? 'primary' : 'default'} icon={<AimOutlined />} onClick={() => setFollowing((f) => !f)} data-testid="pos-follow">
          {following ? t('unfollow') : t('follow')}
        </Button>
        <Button size="small" icon={<HistoryOutlined />} onClick={() => navigate(`${kind === 'vehicle' ? '/VehicleTrajectory' : '/ResearchersTrack'}?card=${encodeURIComponent(selected)}`)}>
          {t('trajectory')}
        </Button>
      </Space>
    </Card>
  );

  return (
    <Card
      size="small"
      title={kind === 'vehicle' ? t('liveVehicles') : t('livePeople')}
      styles={{ body: { padding: 0 } }}
      extra={
        <Space wrap size={4}>
          <AutoComplete
            size="small"
            style={{ width: narrow ? 150 : 220 }}
            options={searchOptions}
            value={query}
            onChange={setQuery}
            onSelect={(id: string) => focus(id)}
            data-testid="pos-search"
          >
            <Input.Search size="small" placeholder={t('search')} allowClear />
          </AutoComplete>
          {floors.length > 0 && (
            <Select
              size="small"
              style={{ width: 100 }}
              value={floor ?? 'all'}
              onChange={(v: number | 'all') => setFloor(v === 'all' ? null : v)}
              options={[{ value: 'all' as const, label: t('allFloors') }, ...floors.map((n) => ({ value: n, label: t('floorN', { n }) }))]}
              aria-label={t('floor')}
            />
          )}
          <Tooltip title={t('staleAfter', { n: staleMin })}>
            <InputNumber size="small" min={1} max={120} value={staleMin} onChange={(v) => setStaleMin(v ?? 5)} suffix={t('min')} style={{ width: 84 }} aria-label={t('staleMinutes')} />
          </Tooltip>
          {narrow && <Button size="small" icon={<UnorderedListOutlined />} onClick={() => setListOpen(true)} aria-label={t('list')} />}
        </Space>
      }
    >
      <div className="pos-live" data-testid="pos-live" data-markers={buffer.size}>
        {!narrow && list}
        <div className="pos-map">
          <PlantMap ref={mapRef} language={lang} regionNotes={notes} onLoad={handleLoad} interactiveLayerIds={INTERACTIVE} onFeatureClick={handleFeatureClick}>
            <MarkerLayers sourceId={SOURCE_ID} />
          </PlantMap>
          {card}
        </div>
      </div>
      {narrow && (
        <Drawer open={listOpen} onClose={() => setListOpen(false)} placement="bottom" size="70vh" title={t('list')} styles={{ body: { padding: 8 } }}>
          {list}
        </Drawer>
      )}
    </Card>
  );
}
