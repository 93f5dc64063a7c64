import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { type CSSProperties, type ReactNode, type Ref, useCallback, useMemo, useState } from 'react';
import Map, { type MapLayerMouseEvent, type MapRef, type ViewState, type ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { type Language, PLANT_3D_PITCH, PLANT_INTERACTIVE_LAYERS, plantMeta, plantStyle } from './plant-layout';

// MapLibre 6 derives its worker URL from import.meta.url, which a Vite build breaks
// ("Worker failed to load"): register the bundled worker before the first map.
if (maplibregl.getWorkerUrl() !== workerUrl) {
  maplibregl.setWorkerUrl(workerUrl);
}

/**
 * Chinese (and any CJK) characters are drawn by the browser from these local fonts, so the
 * shipped glyph PBFs need only Latin ranges: Windows, macOS, then Linux families.
 */
const CJK_FONT_FAMILY = '"Microsoft YaHei", "PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", sans-serif';

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
  /** Container style; the map fills its parent by default. */
  style?: CSSProperties;
  /** Label language first shown; the other follows in smaller type. Default 'zh'. */
  language?: Language;
  /** Overrides the initial camera (by default the whole site). */
  initialViewState?: Partial<ViewState>;
  ref?: Ref<MapRef>;
}

/**
 * The offline plant map: MapLibre with the demo plant style from map-styles/ (layout
 * GeoJSON, glyphs) and local CJK fonts, so it needs no network beyond our own server.
 * Seen from above it draws a flat plan; tilted past PLANT_3D_PITCH it extrudes tanks,
 * equipment and buildings. Every plant map in the portal builds on it.
 */
export function PlantMap({ children, onLoad, interactiveLayerIds, onFeatureClick, style, language = 'zh', initialViewState, ref }: PlantMapProps) {
  const [tilted, setTilted] = useState((initialViewState?.pitch ?? plantMeta.pitch) > PLANT_3D_PITCH);
  // A new style object only when the view or language changes; react-map-gl diffs it into the map.
  const mapStyle = useMemo(() => plantStyle(language, window.location.origin, tilted ? '3d' : '2d'), [language, tilted]);
  const handlePitch = useCallback((e: ViewStateChangeEvent) => setTilted(e.viewState.pitch > PLANT_3D_PITCH), []);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const layerIds = interactiveLayerIds ?? (onFeatureClick ? PLANT_INTERACTIVE_LAYERS : undefined);

  const handleLoad = useCallback((e: { target: maplibregl.Map }) => onLoad?.(e.target), [onLoad]);
  const handleClick = useCallback(
    (e: MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      if (feature && onFeatureClick) {
        onFeatureClick(feature, e);
      }
    },
    [onFeatureClick],
  );
  const handleMouseEnter = useCallback(() => setCursor('pointer'), []);
  const handleMouseLeave = useCallback(() => setCursor(undefined), []);

  return (
    <Map
      mapLib={maplibregl}
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
      onClick={layerIds ? handleClick : undefined}
      onMouseEnter={layerIds ? handleMouseEnter : undefined}
      onMouseLeave={layerIds ? handleMouseLeave : undefined}
      style={{ width: '100%', height: '100%', ...style }}
      ref={ref}
    >
      {children}
    </Map>
  );
}
