import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { Layer, Source } from 'react-map-gl/maplibre';
import type { MarkerBuffer, MarkerCollection } from './marker-buffer';

/** Colours by category index (staff, contractor, visitor, vehicle, unknown); red wins when the card has an alarm. */
export const CATEGORY_COLORS = ['#1677ff', '#fa8c16', '#722ed1', '#13a8a8', '#8c8c8c'] as const;
const ALARM_COLOR = '#f5222d';
const STALE_COLOR = '#8c8c8c';

export const markerLayerIds = (sourceId: string) => ({ cluster: `${sourceId}-cluster`, marker: `${sourceId}-marker` });

const EMPTY: MarkerCollection = { type: 'FeatureCollection', features: [] };

/**
 * The GPU layers of a set of moving markers: a clustered GeoJSON source (clusters
 * red when any card in them has an alarm), markers coloured by category, red with an
 * alarm, grey and hollow when stale, ringed when selected. The source's data is never
 * React's: `startMarkerLoop` writes it with setData.
 */
export function MarkerLayers({ sourceId, cluster = true }: { sourceId: string; cluster?: boolean }) {
  const ids = markerLayerIds(sourceId);
  return (
    <Source
      id={sourceId}
      type="geojson"
      data={EMPTY}
      cluster={cluster}
      clusterMaxZoom={15}
      clusterRadius={36}
      clusterProperties={{ alarm: ['max', ['get', 'a']] }}
    >
      <Layer
        id={ids.cluster}
        type="circle"
        filter={['has', 'point_count']}
        paint={{
          'circle-color': ['case', ['==', ['get', 'alarm'], 1], ALARM_COLOR, '#1677ff'],
          'circle-opacity': 0.8,
          'circle-radius': ['step', ['get', 'point_count'], 12, 20, 16, 100, 20, 1000, 26],
          'circle-stroke-color': '#fff',
          'circle-stroke-width': 2,
        }}
      />
      <Layer
        id={`${sourceId}-cluster-count`}
        type="symbol"
        filter={['has', 'point_count']}
        layout={{ 'text-field': ['get', 'point_count_abbreviated'], 'text-font': ['Noto Sans Bold'], 'text-size': 12, 'text-allow-overlap': true }}
        paint={{ 'text-color': '#fff' }}
      />
      <Layer
        id={ids.marker}
        type="circle"
        filter={['!', ['has', 'point_count']]}
        paint={{
          'circle-radius': ['case', ['==', ['get', 'c'], 3], 7, 5.5],
          'circle-color': [
            'case',
            ['==', ['get', 's'], 1],
            'rgba(255,255,255,0.6)',
            ['==', ['get', 'a'], 1],
            ALARM_COLOR,
            ['match', ['get', 'c'], 0, CATEGORY_COLORS[0], 1, CATEGORY_COLORS[1], 2, CATEGORY_COLORS[2], 3, CATEGORY_COLORS[3], CATEGORY_COLORS[4]],
          ],
          'circle-stroke-color': ['case', ['==', ['get', 'sel'], 1], '#faad14', ['==', ['get', 's'], 1], ['case', ['==', ['get', 'a'], 1], ALARM_COLOR, STALE_COLOR], '#fff'],
          'circle-stroke-width': ['case', ['==', ['get', 'sel'], 1], 4, ['==', ['get', 's'], 1], 2, 1.5],
        }}
      />
    </Source>
  );
}

export interface MarkerLoop {
  /** Draw at the next animation frame (new fixes, a filter changed). */
  kick(): void;
  stop(): void;
}

/**
 * Draws `buffer` into the map's source once per animation frame while markers
 * glide (or `keepRunning` says so, e.g. while following one), and once after each
 * kick. `fill` builds the frame's collection; `afterFrame` runs after it (follow mode).
 */
export function startMarkerLoop(
  map: MapLibreMap,
  sourceId: string,
  buffer: MarkerBuffer,
  fill: (now: number) => MarkerCollection,
  afterFrame?: (now: number) => void,
  keepRunning: () => boolean = () => false,
): MarkerLoop {
  let frame: number | null = null;
  let stopped = false;
  const draw = () => {
    frame = null;
    if (stopped) {
      return;
    }
    const now = performance.now();
    const src = map.getSource<GeoJSONSource>(sourceId);
    if (src) {
      void src.setData(fill(now));
    }
    afterFrame?.(now);
    if (buffer.gliding(now) || keepRunning()) {
      frame = requestAnimationFrame(draw);
    }
  };
  const kick = () => {
    if (frame === null && !stopped) {
      frame = requestAnimationFrame(draw);
    }
  };
  // A style reload (language, 2D/3D) recreates the source empty: draw again.
  map.on('styledata', kick);
  kick();
  return {
    kick,
    stop() {
      stopped = true;
      map.off('styledata', kick);
      if (frame !== null) {
        cancelAnimationFrame(frame);
      }
    },
  };
}
