import type { MapMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { Layer, Marker, Source, useMap, type MarkerDragEvent } from 'react-map-gl/maplibre';
import { ringSelfIntersection, type LonLat } from '../../../shared/domain/geometry';

export type EditMode = 'view' | 'draw' | 'edit';

export interface ShapeEditorProps {
  /** Corners of the exterior ring, without the closing repeat. */
  vertices: readonly LonLat[];
  mode: EditMode;
  selectedVertex: number | null;
  onChange: (vertices: LonLat[]) => void;
  onSelectVertex: (index: number | null) => void;
  /** Double-click while drawing. */
  onFinish: () => void;
  moveTitle: string;
}

export const closeRing = (v: readonly LonLat[]): LonLat[] => (v.length > 0 ? [...v, v[0]] : []);

/** Average of the corners: where the handle that moves the whole polygon sits. */
function centre(v: readonly LonLat[]): LonLat {
  const n = v.length || 1;
  return [v.reduce((s, p) => s + p[0], 0) / n, v.reduce((s, p) => s + p[1], 0) / n];
}

const same = (a: LonLat, b: LonLat) => Math.abs(a[0] - b[0]) < 1e-9 && Math.abs(a[1] - b[1]) < 1e-9;

/**
 * Draws and reshapes one polygon on a PlantMap (a child of it): clicks add corners while
 * drawing; in edit mode each corner is a draggable marker, a centre handle moves the whole
 * polygon, and midpoints insert a corner. The outline turns red while it crosses itself.
 */
export function ShapeEditor({ vertices, mode, selectedVertex, onChange, onSelectVertex, onFinish, moveTitle }: ShapeEditorProps) {
  const { current: map } = useMap();
  const latest = useRef({ vertices, onChange, onFinish });
  useEffect(() => {
    latest.current = { vertices, onChange, onFinish };
  });

  useEffect(() => {
    if (!map || mode !== 'draw') {
      return undefined;
    }
    const m = map.getMap();
    m.doubleClickZoom.disable();
    m.getCanvas().style.cursor = 'crosshair';
    const handleClick = (e: MapMouseEvent) => {
      const p: LonLat = [e.lngLat.lng, e.lngLat.lat];
      const v = latest.current.vertices;
      // The two clicks of a double-click land on one spot: keep one corner there.
      if (v.length > 0 && same(v[v.length - 1], p)) {
        return;
      }
      latest.current.onChange([...v, p]);
    };
    const handleDblClick = (e: MapMouseEvent) => {
      e.preventDefault();
      latest.current.onFinish();
    };
    m.on('click', handleClick);
    m.on('dblclick', handleDblClick);
    return () => {
      m.off('click', handleClick);
      m.off('dblclick', handleDblClick);
      m.getCanvas().style.cursor = '';
      m.doubleClickZoom.enable();
    };
  }, [map, mode]);

  const crossing = useMemo(() => vertices.length >= 4 && ringSelfIntersection(closeRing(vertices)) !== null, [vertices]);
  const data = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features:
        vertices.length >= 3
          ? [
              {
                type: 'Feature' as const,
                properties: {},
                geometry: { type: 'Polygon' as const, coordinates: [closeRing(vertices).map((p) => [...p])] },
              },
            ]
          : vertices.length === 2
            ? [
                {
                  type: 'Feature' as const,
                  properties: {},
                  geometry: { type: 'LineString' as const, coordinates: vertices.map((p) => [...p]) },
                },
              ]
            : [],
    }),
    [vertices],
  );
  const color = crossing ? '#f5222d' : '#fa8c16';
  const handle = vertices.length >= 3 ? centre(vertices) : null;
  const moveFrom = useRef<{ start: LonLat; vertices: LonLat[] } | null>(null);

  const handleVertexDrag = (i: number) => (e: MarkerDragEvent) => {
    const next = [...vertices];
    next[i] = [e.lngLat.lng, e.lngLat.lat];
    onChange(next);
  };
  const handleMoveStart = () => {
    if (handle) {
      moveFrom.current = { start: handle, vertices: [...vertices] };
    }
  };
  const handleMove = (e: MarkerDragEvent) => {
    const from = moveFrom.current;
    if (!from) {
      return;
    }
    const dx = e.lngLat.lng - from.start[0];
    const dy = e.lngLat.lat - from.start[1];
    onChange(from.vertices.map(([x, y]) => [x + dx, y + dy]));
  };
  const handleInsert = (i: number) => {
    const a = vertices[i];
    const b = vertices[(i + 1) % vertices.length];
    const next = [...vertices];
    next.splice(i + 1, 0, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]);
    onChange(next);
    onSelectVertex(i + 1);
  };

  return (
    <>
      <Source id="region-draft" type="geojson" data={data}>
        <Layer
          id="region-draft-fill"
          type="fill"
          filter={['==', ['geometry-type'], 'Polygon']}
          paint={{ 'fill-color': color, 'fill-opacity': 0.18 }}
        />
        <Layer id="region-draft-line" type="line" paint={{ 'line-color': color, 'line-width': 2.5 }} />
      </Source>
      {mode !== 'view' &&
        vertices.map((p, i) => (
          <Marker
            key={`v${i}`}
            longitude={p[0]}
            latitude={p[1]}
            draggable={mode === 'edit'}
            onDrag={handleVertexDrag(i)}
            onClick={(e) => {
              e.originalEvent.stopPropagation();
              onSelectVertex(i);
            }}
          >
            <div
              className={`shape-vertex${selectedVertex === i ? ' shape-vertex-selected' : ''}`}
              data-testid="shape-vertex"
              data-index={i}
            />
          </Marker>
        ))}
      {mode === 'edit' &&
        vertices.length >= 3 &&
        vertices.map((a, i) => {
          const b = vertices[(i + 1) % vertices.length];
          return (
            <Marker
              key={`m${i}`}
              longitude={(a[0] + b[0]) / 2}
              latitude={(a[1] + b[1]) / 2}
              onClick={(e) => {
                e.originalEvent.stopPropagation();
                handleInsert(i);
              }}
            >
              <div className="shape-midpoint" data-testid="shape-midpoint" />
            </Marker>
          );
        })}
      {mode === 'edit' && handle && (
        <Marker longitude={handle[0]} latitude={handle[1]} draggable onDragStart={handleMoveStart} onDrag={handleMove}>
          <div className="shape-move" title={moveTitle} data-testid="shape-move">
            ✥
          </div>
        </Marker>
      )}
    </>
  );
}
