import type { Feature, FeatureCollection, Point, Polygon, MultiPolygon } from 'geojson';
import type * as maplibregl from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { useSearchParams } from 'react-router-dom';
import type { PositionTuple } from '../../../shared/contracts/channel';
import type { DashboardWidget } from '../../../shared/dashboards/definition';
import { renderMessage } from '../../../shared/messages/catalog';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { useTopic } from '../../stream/use-topic';
import { AlarmMarkers } from '../../ui/alarm-markers';
import { PlantMap } from '../../ui/plant-map';
import { useRegionShapes } from '../../ui/region-shapes';
import { levelHex } from '../../ui/risk-level';
import { useRiskZones } from '../../ui/use-risk-zones';
import { useDashboardCounts, useSiteTotal } from './dashboard-data';
import { WallScreen } from './wall-screen';
import { WidgetView } from './widgets';

const PEOPLE = 'wall-people';
const RISK = 'wall-risk';
const empty = (): FeatureCollection<Point> => ({ type: 'FeatureCollection', features: [] });

const ALARMS: DashboardWidget = { id: 'visual-alarms', type: 'alarmList', x: 0, y: 0, w: 1, h: 1, binding: { kind: 'alarms' }, options: { limit: 10 } };
const AREAS: DashboardWidget = { id: 'visual-areas', type: 'areaCount', x: 0, y: 0, w: 1, h: 1, binding: { kind: 'areaCount' }, options: {} };
const titled = (w: DashboardWidget, code: string): DashboardWidget => ({ ...w, title: { zh: renderMessage('zh', code), en: renderMessage('en', code) } });

/** West, south, east, north of a region's polygon(s). */
function boundsOf(geometry: Polygon | MultiPolygon): [number, number, number, number] {
  const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  const pts = rings.flat();
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * People and vehicles from topics `position/person` and `position/vehicle`
 * (the viewer's regions only), written straight into the map's GeoJSON
 * source once per animation frame, never through React state per fix.
 */
function usePositionsLayer(map: maplibregl.Map | null, enabled: boolean, mirror: React.RefObject<HTMLDivElement | null>) {
  const fixes = useRef(new Map<string, PositionTuple>());
  const frame = useRef<number | null>(null);
  const schedule = useCallback(() => {
    frame.current ??= requestAnimationFrame(() => {
      frame.current = null;
      const fc = empty();
      let people = 0;
      for (const p of fixes.current.values()) {
        fc.features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [p[2], p[3]] }, properties: { vehicle: p[5] } });
        people += p[5] === 0 ? 1 : 0;
      }
      void map?.getSource<maplibregl.GeoJSONSource>(PEOPLE)?.setData(fc);
      mirror.current?.setAttribute('data-people', String(people));
      mirror.current?.setAttribute('data-vehicles', String(fixes.current.size - people));
    });
  }, [map, mirror]);
  useEffect(
    () => () => {
      if (frame.current !== null) {
        cancelAnimationFrame(frame.current);
      }
    },
    [],
  );
  const handle = (items: PositionTuple[]) => {
    for (const p of items) {
      fixes.current.set(p[0], p);
    }
    schedule();
  };
  // Fixes are kept from the start, so the counts do not wait for the map's first render (slow in software GL).
  useTopic(enabled ? 'position/person' : null, handle);
  useTopic(enabled ? 'position/vehicle' : null, handle);
  useEffect(schedule, [schedule]);
}

/**
 * The plant map of a wall: regions in their live risk colour (topic `risk`),
 * alarm markers (topic `alarm`), people and vehicles (position topics) and
 * each region's head count (topic `area.count`) under its name. `region`
 * highlights one region and frames the map on it (an alarm's area).
 */
export function WallMap({ region = null }: { region?: number | null }) {
  const lang = useLang();
  const perms = useSession((s) => s.user?.permissions);
  const canRisk = perms?.includes('risk:view') ?? false;
  const canPeople = perms?.includes('positioning:read') ?? false;
  const canAlarms = perms?.includes('realtime:read') ?? false;
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const mirror = useRef<HTMLDivElement>(null);
  usePositionsLayer(map, canPeople, mirror);
  const { zones } = useRiskZones(canRisk);
  const shapes = useRegionShapes();
  const counts = useDashboardCounts();
  const notes = useMemo(
    () => Object.fromEntries([...counts.values()].map((c) => [c.regionid, `${c.people} ${renderMessage(lang, 'dashboards.people')}`])),
    [counts, lang],
  );
  const risk = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: (shapes ?? [])
        .filter((f) => zones.has(f.id))
        .map((f): Feature => ({ type: 'Feature', id: f.id, geometry: f.geometry, properties: { colour: levelHex(zones.get(f.id)!.live) } })),
    }),
    [shapes, zones],
  );
  const focus = region !== null ? shapes?.find((f) => f.id === region) : undefined;
  const view = useMemo(() => {
    if (!focus) {
      return undefined;
    }
    const [w, s, e, n] = boundsOf(focus.geometry);
    // The zoom at which the region's larger side takes about half of a 1,000 px map.
    const zoom = Math.min(18, Math.max(13, Math.log2(360 / Math.max(e - w, (n - s) * 1.3, 1e-5)) - 0.8));
    return { longitude: (w + e) / 2, latitude: (s + n) / 2, zoom };
  }, [focus]);
  if (region !== null && !shapes) {
    return null;
  }
  return (
    <div className="pw-wall-map" data-testid="wall-map" data-ready={map ? '1' : '0'} data-region={region ?? ''}>
      <PlantMap language={lang} onLoad={setMap} highlightRegionId={region} regionNotes={notes} initialViewState={view}>
        {canRisk && (
          <Source id={RISK} type="geojson" data={risk}>
            <Layer id={`${RISK}-fill`} type="fill" paint={{ 'fill-color': ['get', 'colour'], 'fill-opacity': 0.35 }} />
          </Source>
        )}
        <Source id={PEOPLE} type="geojson" data={empty()}>
          <Layer id={`${PEOPLE}-circle`} type="circle" paint={{ 'circle-radius': 4, 'circle-color': ['case', ['==', ['get', 'vehicle'], 1], '#13a8a8', '#1677ff'], 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 }} />
        </Source>
        {canAlarms && <AlarmMarkers lang={lang} />}
      </PlantMap>
      <div className="pw-wall-legend">
        <span>
          <i style={{ background: '#1677ff' }} />
          {renderMessage(lang, 'dashboards.map.people')}
        </span>
        <span>
          <i style={{ background: '#13a8a8' }} />
          {renderMessage(lang, 'dashboards.map.vehicles')}
        </span>
        {canRisk && (
          <span>
            {[1, 2, 3, 4].map((l) => (
              <i key={l} style={{ background: levelHex(l as 1 | 2 | 3 | 4) }} />
            ))}
            {renderMessage(lang, 'dashboards.map.riskLegend')}
          </span>
        )}
      </div>
      {/* The live counts drawn on the map, as attributes (no React render per fix): what tests read. */}
      <div ref={mirror} hidden data-testid="wall-map-state" />
    </div>
  );
}

function Totals() {
  const lang = useLang();
  return (
    <div className="pw-key-tiles">
      <div className="pw-key-tile" data-testid="visual-people">
        <span className="pw-key-label">{renderMessage(lang, 'dashboards.stat.people')}</span>
        <b className="pw-key-value">{useSiteTotal('people')}</b>
      </div>
      <div className="pw-key-tile" data-testid="visual-vehicles">
        <span className="pw-key-label">{renderMessage(lang, 'dashboards.key.vehicles')}</span>
        <b className="pw-key-value">{useSiteTotal('vehicles')}</b>
      </div>
    </div>
  );
}

/**
 * /visualDisplay without a dashboard: the plant on the wall. The map with
 * risk colours, alarms, people and head counts beside the open alarms and
 * the people per area. `?region=<id>` frames one region.
 */
export function VisualDisplayPage() {
  const lang = useLang();
  const [params] = useSearchParams();
  const region = Number(params.get('region') ?? 0) || null;
  const perms = useSession((s) => s.user?.permissions);
  const canPeople = perms?.includes('positioning:read') ?? false;
  const canAlarms = perms?.includes('realtime:read') ?? false;
  return (
    <WallScreen title={renderMessage(lang, 'dashboards.screen.visualDisplay')} testId="visual-display">
      {() => (
        <div className="pw-visual">
          <div className="pw-visual-map">
            <WallMap region={region} />
          </div>
          <aside className="pw-visual-side">
            {canPeople && <Totals />}
            {canAlarms && (
              <div className="pw-visual-list">
                <WidgetView w={titled(ALARMS, 'dashboards.key.latestAlarms')} />
              </div>
            )}
            {canPeople && (
              <div className="pw-visual-list">
                <WidgetView w={titled(AREAS, 'dashboards.key.regions')} />
              </div>
            )}
          </aside>
        </div>
      )}
    </WallScreen>
  );
}
