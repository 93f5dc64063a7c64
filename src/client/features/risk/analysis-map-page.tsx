import { Card, Drawer, List, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { mostSevere } from '../../../shared/domain/risk-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import { riskDetail } from '../../../shared/risk/analysis-contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { PlantMap } from '../../ui/plant-map';
import { useRegionShapes } from '../../ui/region-shapes';
import { LevelTag, levelHex } from '../../ui/risk-level';
import { useLoad } from '../../ui/use-load';
import { UnitEvents } from './risk-details-page';
import './risk.css';

const FILL = 'risk-unit-fill';

/**
 * /RiskControll/AnalysisListNewMap: the evaluation units as a list and on
 * the plant map (each region filled by the most severe level of its units);
 * a click on either opens the unit's events and measures.
 */
export function AnalysisMapPage() {
  const lang = useLang();
  const shapes = useRegionShapes();
  const { data } = useLoad(useCallback((signal: AbortSignal) => api(riskDetail, {}, { signal }), []));
  const [selected, setSelected] = useState<number | null>(null);
  const units = useMemo(() => data?.units ?? [], [data]);
  const fills = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: (shapes ?? [])
        .map((f) => ({ f, own: units.filter((u) => u.regionid === f.id) }))
        .filter((x) => x.own.length > 0)
        .map(({ f, own }) => ({
          type: 'Feature' as const,
          id: f.id,
          geometry: f.geometry,
          properties: { regionid: f.id, color: levelHex(mostSevere(own.map((u) => u.level))) },
        })),
    }),
    [shapes, units],
  );
  const unit = units.find((u) => u.id === selected);
  return (
    <Card size="small" data-testid="analysis-map-page">
      <div className="risk-map-layout">
        <div className="risk-map-canvas risk-analysis-map">
          <PlantMap
            language={lang}
            interactiveLayerIds={[FILL]}
            onFeatureClick={(f) => setSelected(units.find((u) => u.regionid === Number(f.properties.regionid))?.id ?? null)}
          >
            <Source id="risk-units" type="geojson" data={fills}>
              <Layer id={FILL} type="fill" paint={{ 'fill-color': ['get', 'color'], 'fill-opacity': 0.55 }} />
            </Source>
          </PlantMap>
        </div>
        <div className="risk-map-side">
          <List
            size="small"
            locale={{ emptyText: renderMessage(lang, 'risk.analysis.noUnits') }}
            dataSource={units}
            renderItem={(u) => (
              <List.Item onClick={() => setSelected(u.id)} style={{ cursor: 'pointer' }} data-testid={`map-unit-${u.id}`}>
                <Space wrap>
                  <LevelTag lang={lang} level={u.level} />
                  <span>{u.name}</span>
                  <Typography.Text type="secondary">
                    {renderMessage(lang, 'risk.analysis.events')} {u.events.length}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        </div>
      </div>
      <Drawer open={unit !== undefined} onClose={() => setSelected(null)} width="min(520px, 100vw)" title={unit?.name} destroyOnHidden>
        {unit && <UnitEvents lang={lang} unit={unit} />}
      </Drawer>
    </Card>
  );
}
