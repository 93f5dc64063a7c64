import { Card, Drawer, Segmented, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { Link } from 'react-router';
import type { RiskLevel } from '../../../shared/domain/risk-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import type { RiskZoneItem } from '../../../shared/risk/items';
import { useLang } from '../../app/i18n';
import { PlantMap } from '../../ui/plant-map';
import { useRegionShapes } from '../../ui/region-shapes';
import { levelName } from '../../ui/risk-level';
import { PaletteLegend, PaletteTag } from './palette-tag';
import { useMapColors } from './use-map-colors';
import { Causes, ZoneWhy } from './zone-parts';
import { useRiskZones } from '../../ui/use-risk-zones';
import './risk.css';

type View = 'live' | 'residual' | 'inherent';
const FILL_LAYER = 'risk-zone-fill';

const levelIn = (z: RiskZoneItem | undefined, view: View): RiskLevel | null =>
  !z ? null : view === 'live' ? (z.live === z.baseline && z.residual === null ? null : z.live) : view === 'residual' ? z.residual : z.inherent;

/**
 * /riskFourColorMap: the plant map with each zone (region) filled in its
 * colour (live by default: the static level raised by open alarms; or the
 * static or inherent level), the legend, a list of the zones with their
 * levels in text, and on a click the zone's "why": its causes and its risk
 * points with their measures. Changes arrive on topic `risk` without a reload.
 */
export function RiskMapPage() {
  const lang = useLang();
  const { zones } = useRiskZones();
  const shapes = useRegionShapes();
  const palette = useMapColors();
  const [view, setView] = useState<View>('live');
  const [selected, setSelected] = useState<number | null>(null);

  // Leaf regions only: a group's polygon would cover its children's colours.
  const leaves = useMemo(() => (shapes ?? []).filter((f) => !(shapes ?? []).some((c) => c.properties.regionparentid === f.id)), [shapes]);
  const nameOf = (id: number) => {
    const f = (shapes ?? []).find((s) => s.id === id);
    return f ? (lang === 'en' ? f.properties.regionname_en || f.properties.regionname : f.properties.regionname) : String(id);
  };
  const fills = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: leaves.map((f) => {
        const level = levelIn(zones.get(f.id), view);
        return { type: 'Feature' as const, id: f.id, geometry: f.geometry, properties: { regionid: f.id, color: palette.color(level), opacity: palette.opacity(level) } };
      }),
    }),
    [leaves, zones, view, palette],
  );
  const notes = useMemo(
    () => Object.fromEntries(leaves.map((f) => [f.id, levelName(lang, levelIn(zones.get(f.id), view))])),
    [leaves, zones, view, lang],
  );
  const list = leaves
    .map((f) => ({ f, z: zones.get(f.id) }))
    .filter((x): x is { f: (typeof leaves)[number]; z: RiskZoneItem } => x.z !== undefined)
    .sort((a, b) => (levelIn(a.z, view) ?? 5) - (levelIn(b.z, view) ?? 5) || a.f.properties.regioncode.localeCompare(b.f.properties.regioncode));
  const zone = selected === null ? undefined : zones.get(selected);

  return (
    <Card size="small" data-testid="risk-map-page">
      <Space direction="vertical" size={8} style={{ width: '100%' }}>
        <Space size={[12, 8]} wrap>
          <Segmented<View>
            size="small"
            value={view}
            onChange={setView}
            options={[
              { value: 'live', label: renderMessage(lang, 'risk.map.live') },
              { value: 'residual', label: renderMessage(lang, 'risk.map.residual') },
              { value: 'inherent', label: renderMessage(lang, 'risk.map.inherent') },
            ]}
          />
          <PaletteLegend lang={lang} palette={palette} />
          <Link to="/riskFourColorMap/history" data-testid="risk-map-history">
            {renderMessage(lang, 'risk.history.open')}
          </Link>
          <Link to="/riskFourColorMap/print" data-testid="risk-map-print">
            {renderMessage(lang, 'risk.print.open')}
          </Link>
        </Space>
        <div className="risk-map-layout">
          <div className="risk-map-canvas">
            <PlantMap
              language={lang}
              regionNotes={notes}
              interactiveLayerIds={[FILL_LAYER]}
              onFeatureClick={(f) => setSelected(Number(f.properties.regionid))}
            >
              <Source id="risk-zones" type="geojson" data={fills}>
                <Layer
                  id={FILL_LAYER}
                  type="fill"
                  paint={{ 'fill-color': ['get', 'color'], 'fill-opacity': ['get', 'opacity'] }}
                />
                <Layer id="risk-zone-line" type="line" paint={{ 'line-color': ['get', 'color'], 'line-width': 2 }} />
              </Source>
            </PlantMap>
          </div>
          <div className="risk-map-side" data-testid="risk-zone-list">
            {list.map(({ f, z }) => {
              const level = levelIn(z, view);
              return (
                <div
                  key={f.id}
                  className={`risk-zone-row${selected === f.id ? ' risk-zone-row-selected' : ''}`}
                  data-testid={`risk-zone-${f.properties.regioncode}`}
                  data-live={z.live}
                  data-residual={z.residual ?? ''}
                  onClick={() => setSelected(f.id)}
                  role="button"
                  tabIndex={0}
                  onKeyDown={(e) => (e.key === 'Enter' ? setSelected(f.id) : undefined)}
                >
                  <span className="risk-zone-swatch" style={{ background: palette.color(level) }} />
                  <Typography.Text style={{ flex: 1 }}>{nameOf(f.id)}</Typography.Text>
                  <PaletteTag lang={lang} level={level} palette={palette} />
                  {z.causes.length > 0 && <Typography.Text type="danger">⚠ {z.causes.length}</Typography.Text>}
                </div>
              );
            })}
            {zone && zone.causes.length > 0 && (
              <div style={{ padding: 8 }} data-testid="risk-zone-causes">
                <Causes lang={lang} zone={zone} />
              </div>
            )}
          </div>
        </div>
      </Space>
      <Drawer open={zone !== undefined} onClose={() => setSelected(null)} width="min(440px, 100vw)" title={renderMessage(lang, 'risk.map.why')} destroyOnHidden>
        {zone && <ZoneWhy lang={lang} zone={zone} name={nameOf(zone.regionid)} />}
      </Drawer>
    </Card>
  );
}
