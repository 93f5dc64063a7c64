import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { type CSSProperties, type ReactNode, type Ref, useCallback, useMemo, useState } from 'react';
import Map, { Layer, Source, type MapLayerMouseEvent, type MapRef, type ViewState, type ViewStateChangeEvent } from 'react-map-gl/maplibre';
import type { RegionFeature } from '../../shared/org/contracts';
import { type Language, PLANT_3D_PITCH, PLANT_INTERACTIVE_LAYERS, plantMeta, plantStyle } from './plant-layout';
import { useRegionShapes } from './region-shapes';
import { useBaseLayers, withMapAuth } from './site-plan';
import { SitePlanLayer } from './site-plan-layer';

// MapLibre 6 derives its worker URL from import.meta.url, which a Vite build breaks
// ("Worker failed to load"): register the bundled worker before the first map.
if (maplibregl.getWorkerUrl() !== workerUrl) {
  maplibregl.setWorkerUrl(workerUrl);
}

/**
 * Chinese (and any CJK) characters are drawn by the browser from these local fonts, so the
 * shipped glyph PBFs need only Latin ranges: Windows, macOS, then Linux families.
 */
const CJK_FONT_FAMILY =
  '"Microsoft YaHei", "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", sans-serif';

const [[west, south], [east, north]] = plantMeta.bounds;
/** Keep the camera near the plant: the site plus about its own size around it. */
const MAX_BOUNDS: [number, number, number, number] = [
  west - (east - west),
  south - (north - south),
  east + (east - west),
  north + (north - south),
];

export interface PlantMapProps {
  /** react-map-gl children: Source, Layer, Marker, Popup, controls. */
  children?: ReactNode;
  /** Called once the style and the plant layout are loaded, with the MapLibre map. */
  onLoad?: (map: maplibregl.Map) => void;
  /** Layers whose features are clickable; defaults to the plant's own layers when onFeatureClick is set. */
  interactiveLayerIds?: string[];
  /** The topmost feature under a click on one of the interactive layers. */
  onFeatureClick?: (feature: maplibregl.MapGeoJSONFeature, event: MapLayerMouseEvent) => void;
  /** Any click on the map (e.g. picking a position). */
  onClick?: (event: MapLayerMouseEvent) => void;
  /** Container style; the map fills its parent by default. */
  style?: CSSProperties;
  /** Label language first shown; the other follows in smaller type. Default 'zh'. */
  language?: Language;
  /** Overrides the initial camera (by default the whole site). */
  initialViewState?: Partial<ViewState>;
  ref?: Ref<MapRef>;
  /** Draw the regions of the store (default true); their polygons replace the demo layout's. */
  showRegions?: boolean;
  /** A region drawn highlighted (the one selected in a tree). */
  highlightRegionId?: number | null;
  /** Extra label line per regionid (e.g. a head count). */
  regionNotes?: Readonly<Record<number, string>>;
}

/** Style layers that drew the demo file's regions; the store's regions are drawn instead. */
const DEMO_REGION_LAYERS = new Set(['region-fill', 'region-outline', 'region-group-outline', 'region-label', 'region-group-label']);
/** Id of the store regions' source; interactive layer ids below. */
export const REGION_SOURCE_ID = 'store-regions';
export const REGION_FILL_LAYER = 'store-region-fill';

const REGION_COLOR: maplibregl.ExpressionSpecification = [
  'match',
  ['get', 'kind'],
  'restricted',
  '#d4380d',
  'muster_point',
  '#389e0d',
  'road',
  '#8c8c8c',
  'plant',
  '#595959',
  '#1d6fd6',
];

/** Store regions as a FeatureCollection for the map: label and highlight folded into properties. */
function regionCollection(
  features: readonly RegionFeature[],
  language: Language,
  highlight: number | null | undefined,
  notes: Readonly<Record<number, string>> | undefined,
) {
  return {
    type: 'FeatureCollection' as const,
    features: features.map((f) => {
      const name = language === 'en' ? f.properties.regionname_en || f.properties.regionname : f.properties.regionname;
      const note = notes?.[f.id];
      return {
        type: 'Feature' as const,
        id: f.id,
        geometry: f.geometry,
        properties: {
          ...f.properties,
          floors: undefined,
          label: note ? `${name}\n${note}` : name,
          selected: f.id === highlight ? 1 : 0,
          group: features.some((c) => c.properties.regionparentid === f.id) ? 1 : 0,
        },
      };
    }),
  };
}

/**
 * The offline plant map: MapLibre with the demo plant style from map-styles/ (layout
 * GeoJSON, glyphs) and local CJK fonts, so it needs no network beyond our own server.
 * Seen from above it draws a flat plan; tilted past PLANT_3D_PITCH it extrudes tanks,
 * equipment and buildings. Every plant map in the portal builds on it.
 */
export function PlantMap({
  children,
  onLoad,
  interactiveLayerIds,
  onFeatureClick,
  onClick,
  style,
  language = 'zh',
  initialViewState,
  ref,
  showRegions = true,
  highlightRegionId,
  regionNotes,
}: PlantMapProps) {
  const [tilted, setTilted] = useState((initialViewState?.pitch ?? plantMeta.pitch) > PLANT_3D_PITCH);
  // A new style object only when the view or language changes; react-map-gl diffs it into the map.
  const mapStyle = useMemo(() => {
    const base = plantStyle(language, window.location.origin, tilted ? '3d' : '2d');
    return showRegions ? { ...base, layers: base.layers.filter((l) => !DEMO_REGION_LAYERS.has(l.id)) } : base;
  }, [language, tilted, showRegions]);
  const firstSymbol = useMemo(() => mapStyle.layers.find((l) => l.type === 'symbol')?.id, [mapStyle]);
  // The site plan lies on the site's ground fill, under fences, tanks and labels.
  const firstLayer = mapStyle.layers.find((l) => l.type !== 'background' && l.id !== 'site-fill')?.id;
  const shapes = useRegionShapes();
  const regions = useMemo(
    () => (showRegions && shapes ? regionCollection(shapes, language, highlightRegionId, regionNotes) : null),
    [shapes, showRegions, language, highlightRegionId, regionNotes],
  );
  const base = useBaseLayers();
  const regionCodes = useMemo(() => (shapes ?? []).map((f) => f.properties.regioncode).join(','), [shapes]);
  const handlePitch = useCallback((e: ViewStateChangeEvent) => setTilted(e.viewState.pitch > PLANT_3D_PITCH), []);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const layerIds = interactiveLayerIds ?? (onFeatureClick ? PLANT_INTERACTIVE_LAYERS : undefined);

  const handleLoad = useCallback((e: { target: maplibregl.Map }) => onLoad?.(e.target), [onLoad]);
  const handleClick = useCallback(
    (e: MapLayerMouseEvent) => {
      onClick?.(e);
      const feature = e.features?.[0];
      if (feature && onFeatureClick) {
        onFeatureClick(feature, e);
      }
    },
    [onFeatureClick, onClick],
  );
  const handleMouseEnter = useCallback(() => setCursor('pointer'), []);
  const handleMouseLeave = useCallback(() => setCursor(undefined), []);

  return (
    <div
      data-testid="plant-map"
      data-region-codes={regionCodes}
      data-site-plan={base.planUrl && base.plan?.corners ? base.plan.version : undefined}
      style={{ width: '100%', height: '100%', position: 'relative', ...style }}
    >
      <Map
        mapLib={maplibregl}
        transformRequest={withMapAuth}
        mapStyle={mapStyle}
        localIdeographFontFamily={CJK_FONT_FAMILY}
        initialViewState={
          initialViewState ?? {
            bounds: [west, south, east, north],
            fitBoundsOptions: { padding: 24 },
            bearing: plantMeta.bearing,
            pitch: plantMeta.pitch,
          }
        }
        minZoom={plantMeta.min_zoom}
        maxZoom={plantMeta.max_zoom}
        maxPitch={70}
        maxBounds={MAX_BOUNDS}
        attributionControl={false}
        interactiveLayerIds={layerIds}
        cursor={cursor}
        onLoad={handleLoad}
        onPitch={handlePitch}
        onClick={layerIds || onClick ? handleClick : undefined}
        onMouseEnter={layerIds ? handleMouseEnter : undefined}
        onMouseLeave={layerIds ? handleMouseLeave : undefined}
        style={{ width: '100%', height: '100%' }}
        ref={ref}
      >
        <SitePlanLayer beforeId={firstLayer} />
        {regions && (
          <Source id={REGION_SOURCE_ID} type="geojson" data={regions}>
            <Layer
              id={REGION_FILL_LAYER}
              type="fill"
              beforeId={firstSymbol}
              filter={['==', ['get', 'group'], 0]}
              paint={{
                'fill-color': REGION_COLOR,
                'fill-opacity': ['case', ['==', ['get', 'selected'], 1], 0.35, ['==', ['get', 'kind'], 'restricted'], 0.22, 0.1],
              }}
            />
            <Layer
              id="store-region-line"
              type="line"
              beforeId={firstSymbol}
              paint={{
                'line-color': ['case', ['==', ['get', 'selected'], 1], '#faad14', REGION_COLOR],
                'line-width': ['case', ['==', ['get', 'selected'], 1], 3.5, ['==', ['get', 'group'], 1], 1.2, 1.6],
              }}
            />
            <Layer
              id="store-region-label"
              type="symbol"
              minzoom={14.5}
              layout={{
                'text-field': ['get', 'label'],
                'text-font': ['Noto Sans Bold'],
                'text-size': 12,
                'text-max-width': 12,
                'text-allow-overlap': false,
              }}
              paint={{ 'text-color': '#1f2d3d', 'text-halo-color': 'rgba(255,255,255,0.9)', 'text-halo-width': 1.4 }}
            />
          </Source>
        )}
        {children}
      </Map>
    </div>
  );
}
