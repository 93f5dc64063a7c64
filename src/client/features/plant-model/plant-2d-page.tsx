import { Alert, Space, Tag, Typography } from 'antd';
import type { FeatureCollection, Point } from 'geojson';
import type * as maplibregl from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { limitTypesOfTags, type AlarmType } from '../../../shared/alarms/contracts';
import type { PositionTuple } from '../../../shared/contracts/channel';
import { offsetToLonLat } from '../../../shared/domain/geometry';
import { renderMessage } from '../../../shared/messages/catalog';
import { plantModelGet, type ModelNode } from '../../../shared/plant-model/contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { streamClient } from '../../stream/stream-client';
import { useTopic } from '../../stream/use-topic';
import { priorityColors } from '../../ui/alarm-priority';
import { PLANT_LAYOUT_URL } from '../../ui/plant-layout';
import { PlantMap } from '../../ui/plant-map';
import { useFillHeight } from '../../ui/use-fill-height';
import { useLoad } from '../../ui/use-load';
import { useOpenAlarms } from '../../ui/use-open-alarms';

const TAG_ALARM_TYPES: readonly AlarmType[] = [...limitTypesOfTags, 'comm'];
/** Kinds of node drawn as equipment on the 2D map (zones are the map's own regions). */
const EQUIPMENT = new Set(['tank', 'sphere', 'unit']);
const NODES = 'model2d-nodes';
const PEOPLE = 'model2d-people';

interface NodePoint {
  node: ModelNode;
  lonlat: [number, number];
}

const empty = (): FeatureCollection<Point> => ({ type: 'FeatureCollection', features: [] });

/**
 * /2DModelMap: the 2D plant map with the same bindings as the 3D model (models/*.bindings.json
 * through UAPI/FactoryModel/Model): each vessel's live level, each piece of equipment in its worst
 * open alarm's colour (grey while normal), and people and vehicles from the position stream.
 * Live data goes straight into the map's GeoJSON sources, once per animation frame.
 */
export function Plant2dPage() {
  const lang = useLang();
  const box = useRef<HTMLDivElement>(null);
  const height = useFillHeight(box, 24, 360);
  const load = useCallback(async () => {
    const [model, layout] = await Promise.all([api(plantModelGet, { model: 'demo-plant' }), fetch(PLANT_LAYOUT_URL).then((r) => r.json() as Promise<FeatureCollection>)]);
    const at = new Map<string, { x: number; y: number }>();
    for (const f of layout.features) {
      const p = f.properties as { code?: string; x_m?: number; y_m?: number } | null;
      if (p?.code && typeof p.x_m === 'number' && typeof p.y_m === 'number') {
        at.set(p.code, { x: p.x_m, y: p.y_m });
      }
    }
    const points: NodePoint[] = [];
    for (const node of model.nodes) {
      const xy = at.get(node.node.replaceAll('_', '-')) ?? at.get(node.node);
      if (EQUIPMENT.has(node.kind) && xy) {
        points.push({ node, lonlat: offsetToLonLat([model.origin.lon, model.origin.lat], xy.x, xy.y) });
      }
    }
    return { model, points };
  }, []);
  const { data, failed } = useLoad(load);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const mirror = useRef<HTMLDivElement>(null);
  const fills = useRef(new Map<string, number>());
  const marks = useRef(new Map<string, number>());
  const people = useRef(new Map<string, PositionTuple>());
  const frame = useRef<number | null>(null);

  /** Writes both sources (and the test mirror) on the next frame. */
  const schedule = useCallback(() => {
    frame.current ??= requestAnimationFrame(() => {
      frame.current = null;
      if (!data || !map) {
        return;
      }
      const nodes = empty();
      for (const { node, lonlat } of data.points) {
        const fill = fills.current.get(node.node);
        const alarm = marks.current.get(node.node) ?? 0;
        const pct = fill === undefined ? '' : ` ${Math.round(fill * 100)}%`;
        nodes.features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: lonlat }, properties: { node: node.node, alarm, level: fill ?? -1, label: `${node.node}${pct}` } });
        const el = mirror.current?.querySelector<HTMLElement>(`[data-node="${CSS.escape(node.node)}"]`);
        el?.setAttribute('data-fill', fill === undefined ? '' : fill.toFixed(3));
        el?.setAttribute('data-alarm', alarm ? String(alarm) : '');
      }
      void map.getSource<maplibregl.GeoJSONSource>(NODES)?.setData(nodes);
      const ppl = empty();
      for (const p of people.current.values()) {
        ppl.features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [p[2], p[3]] }, properties: { vehicle: p[5] } });
      }
      void map.getSource<maplibregl.GeoJSONSource>(PEOPLE)?.setData(ppl);
      mirror.current?.setAttribute('data-people', String(people.current.size));
    });
  }, [data, map]);
  useEffect(
    () => () => {
      if (frame.current !== null) {
        cancelAnimationFrame(frame.current);
      }
    },
    [],
  );

  // Levels: the bound level tag of each vessel, as a share of its range.
  useEffect(() => {
    if (!data) {
      return undefined;
    }
    const byTag = new Map<string, ModelNode[]>();
    for (const { node } of data.points) {
      if (node.levelTag) {
        byTag.set(node.levelTag, [...(byTag.get(node.levelTag) ?? []), node]);
      }
    }
    const sub = streamClient()
      .tags$([...byTag.keys()])
      .subscribe((updates) => {
        for (const u of updates) {
          for (const n of byTag.get(u.tag) ?? []) {
            const [lo, hi] = n.levelRange ?? [0, 100];
            fills.current.set(n.node, Math.min(1, Math.max(0, hi > lo ? (u.v - lo) / (hi - lo) : 0)));
          }
        }
        schedule();
      });
    return () => sub.unsubscribe();
  }, [data, schedule]);

  // Alarm colours: the most urgent open alarm of any tag the node is bound to.
  const alarms = useOpenAlarms(TAG_ALARM_TYPES);
  useEffect(() => {
    if (!data) {
      return;
    }
    const worst = new Map<string, number>();
    for (const a of alarms.byId.values()) {
      worst.set(a.source, Math.min(worst.get(a.source) ?? 9, a.priority));
    }
    marks.current = new Map(data.points.map(({ node }) => [node.node, Math.min(9, ...node.tags.map((t) => worst.get(t) ?? 9))]).filter(([, p]) => (p as number) < 9) as [string, number][]);
    schedule();
  }, [alarms, data, schedule]);

  const handlePositions = (items: PositionTuple[]) => {
    for (const p of items) {
      people.current.set(p[0], p);
    }
    schedule();
  };
  useTopic(map ? 'position/person' : null, handlePositions);
  useTopic(map ? 'position/vehicle' : null, handlePositions);
  useEffect(schedule, [schedule]);

  const alarmColour = useMemo(() => ['match', ['get', 'alarm'], 1, priorityColors[1], 2, priorityColors[2], 3, priorityColors[3], 4, priorityColors[4], '#8c8c8c'] as unknown as maplibregl.ExpressionSpecification, []);

  if (failed) {
    return <Alert type="error" showIcon message={renderMessage(lang, 'plantModel.unknownModel', { model: 'demo-plant' })} />;
  }
  return (
    <div ref={box} data-testid="map2d" data-ready={map && data ? '1' : '0'} style={{ position: 'relative', width: '100%', height, borderRadius: 6, overflow: 'hidden' }}>
      <PlantMap language={lang} onLoad={setMap}>
        <Source id={NODES} type="geojson" data={empty()}>
          <Layer id={`${NODES}-circle`} type="circle" paint={{ 'circle-radius': ['interpolate', ['linear'], ['zoom'], 13, 4, 15, 6, 17, 11], 'circle-color': alarmColour, 'circle-stroke-color': '#262626', 'circle-stroke-width': 1 }} />
          <Layer
            id={`${NODES}-label`}
            type="symbol"
            minzoom={15}
            layout={{ 'text-field': ['get', 'label'], 'text-font': ['Noto Sans Bold'], 'text-size': 11, 'text-offset': [0, 1.2], 'text-anchor': 'top', 'text-allow-overlap': false }}
            paint={{ 'text-color': '#262626', 'text-halo-color': '#ffffff', 'text-halo-width': 1.2 }}
          />
        </Source>
        <Source id={PEOPLE} type="geojson" data={empty()}>
          <Layer id={`${PEOPLE}-circle`} type="circle" paint={{ 'circle-radius': 3.5, 'circle-color': ['case', ['==', ['get', 'vehicle'], 1], '#13a8a8', '#1677ff'], 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 }} />
        </Source>
      </PlantMap>
      <Space wrap style={{ position: 'absolute', left: 8, bottom: 8, background: 'rgba(255,255,255,0.9)', padding: '4px 8px', borderRadius: 4, maxWidth: 'calc(100% - 16px)' }}>
        <Typography.Text strong>{renderMessage(lang, 'plantModel.tanks')}</Typography.Text>
        <Tag color="#8c8c8c">{renderMessage(lang, 'plantModel.level')}</Tag>
        <Tag color={priorityColors[1]}>{renderMessage(lang, 'plantModel.openAlarms')}</Tag>
        <Tag color="#1677ff">{renderMessage(lang, 'plantModel.people')}</Tag>
      </Space>
      {/* The live state per node as data attributes (no React render): what tests and screen readers read. */}
      <div ref={mirror} hidden data-testid="map2d-state">
        {(data?.points ?? []).map(({ node }) => (
          <span key={node.node} data-node={node.node} data-testid={`map2d-node-${node.node}`} />
        ))}
      </div>
    </div>
  );
}
