import { Card, Empty, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { renderMessage } from '../../../shared/messages/catalog';
import type { RiskZoneItem } from '../../../shared/risk/items';
import { useLang } from '../../app/i18n';
import { PlantMap } from '../../ui/plant-map';
import { useRegionShapes } from '../../ui/region-shapes';
import { PaletteLegend, PaletteTag } from './palette-tag';
import { useMapColors } from './use-map-colors';
import { useRiskZones } from '../../ui/use-risk-zones';
import { Causes } from './zone-parts';
import './risk.css';

const FILL_LAYER = 'operation-zone-fill';
const KINDS = ['permit', 'alarm', 'headcount', 'gathering', 'hiddenDanger'] as const;
type Kind = (typeof KINDS)[number] | 'other';
const kindOf = (k: string): Kind => (KINDS as readonly string[]).includes(k) ? (k as Kind) : 'other';

/** What is being done in a zone, from its live causes: counts by kind. */
function countsOf(z: RiskZoneItem): Map<Kind, number> {
  const out = new Map<Kind, number>();
  for (const c of z.causes) {
    const k = kindOf(c.kind);
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

/**
 * /regionOperationRiskMap: work-in-progress risk. Each zone with something
 * under way — permits in effect, active alarms, head counts over the limit,
 * gatherings, open major hidden dangers, i.e. the causes the risk module
 * receives — drawn in its live level with what is going on written beside
 * it; the list says what, with links. Live on topic `risk`.
 */
export function OperationRiskMapPage() {
  const lang = useLang();
  const { zones, loaded } = useRiskZones();
  const shapes = useRegionShapes();
  const palette = useMapColors();
  const [selected, setSelected] = useState<number | null>(null);
  const T = (code: Parameters<typeof renderMessage>[1]) => renderMessage(lang, code);
  const busy = useMemo(() => [...zones.values()].filter((z) => z.causes.length > 0).sort((a, b) => a.live - b.live || b.causes.length - a.causes.length), [zones]);
  const nameOf = (id: number) => {
    const f = (shapes ?? []).find((s) => s.id === id);
    return f ? (lang === 'en' ? f.properties.regionname_en || f.properties.regionname : f.properties.regionname) : String(id);
  };
  const fills = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: (shapes ?? [])
        .filter((f) => (zones.get(f.id)?.causes.length ?? 0) > 0)
        .map((f) => {
          const z = zones.get(f.id)!;
          return { type: 'Feature' as const, id: f.id, geometry: f.geometry, properties: { regionid: f.id, color: palette.color(z.live), opacity: palette.opacity(z.live) } };
        }),
    }),
    [shapes, zones, palette],
  );
  // What is going on, written beside each busy zone on the map (the colour is never the only sign).
  const notes = useMemo(
    () => Object.fromEntries(busy.map((z) => [z.regionid, [...countsOf(z).entries()].map(([k, n]) => `${renderMessage(lang, `riskMap.kind.${k}`)} ${n}`).join(' · ')])),
    [busy, lang],
  );
  const zone = selected === null ? undefined : zones.get(selected);

  return (
    <Card size="small" title={T('riskMap.operation.title')} extra={<PaletteLegend lang={lang} palette={palette} />} data-testid="operation-map-page">
      <div className="risk-map-layout">
        <div className="risk-map-canvas">
          <PlantMap language={lang} regionNotes={notes} interactiveLayerIds={[FILL_LAYER]} onFeatureClick={(f) => setSelected(Number(f.properties.regionid))}>
            <Source id="operation-zones" type="geojson" data={fills}>
              <Layer id={FILL_LAYER} type="fill" paint={{ 'fill-color': ['get', 'color'], 'fill-opacity': ['get', 'opacity'] }} />
              <Layer id="operation-zone-line" type="line" paint={{ 'line-color': ['get', 'color'], 'line-width': 3 }} />
            </Source>
          </PlantMap>
        </div>
        <div className="risk-map-side" data-testid="operation-zone-list">
          {loaded && busy.length === 0 && <Empty description={T('riskMap.operation.none')} />}
          {busy.map((z) => (
            <div
              key={z.regionid}
              className={`risk-zone-row${selected === z.regionid ? ' risk-zone-row-selected' : ''}`}
              data-testid={`operation-zone-${z.regionid}`}
              data-live={z.live}
              role="button"
              tabIndex={0}
              onClick={() => setSelected(z.regionid)}
              onKeyDown={(e) => (e.key === 'Enter' ? setSelected(z.regionid) : undefined)}
            >
              <Space direction="vertical" size={2} style={{ flex: 1 }}>
                <Space size={6} wrap>
                  <Typography.Text strong>{nameOf(z.regionid)}</Typography.Text>
                  <PaletteTag lang={lang} level={z.live} palette={palette} />
                </Space>
                <Space size={4} wrap>
                  {[...countsOf(z).entries()].map(([k, n]) => (
                    <Tag key={k} data-testid={`operation-kind-${k}`}>
                      {renderMessage(lang, `riskMap.kind.${k}`)} {n}
                    </Tag>
                  ))}
                </Space>
              </Space>
            </div>
          ))}
          {zone && zone.causes.length > 0 && (
            <div style={{ padding: 8 }} data-testid="operation-zone-causes">
              <Causes lang={lang} zone={zone} />
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
