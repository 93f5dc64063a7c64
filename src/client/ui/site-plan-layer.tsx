import { Layer, Source } from 'react-map-gl/maplibre';
import { useBaseLayers } from './site-plan';

/**
 * The raster base of a plant map, under the plant's vector layers: the optional online
 * tiles (a system setting, off by default) and the uploaded site plan placed by its
 * control points, served by our own server.
 */
export function SitePlanLayer({ beforeId }: { beforeId?: string }) {
  const { plan, planUrl, online } = useBaseLayers();
  const corners = plan?.corners;
  return (
    <>
      {online?.enabled && online.tileUrl && (
        <Source id="online-base" type="raster" tiles={[online.tileUrl]} tileSize={256} attribution={online.attribution}>
          <Layer id="online-base" type="raster" beforeId={beforeId} />
        </Source>
      )}
      {planUrl && corners && (
        <Source
          id="site-plan"
          type="image"
          url={planUrl}
          coordinates={corners.map((c) => [c[0], c[1]]) as [[number, number], [number, number], [number, number], [number, number]]}
        >
          <Layer id="site-plan" type="raster" beforeId={beforeId} paint={{ 'raster-opacity': 0.9 }} />
        </Source>
      )}
    </>
  );
}
