import { Card, Table } from 'antd';
import { renderMessage } from '../../../shared/messages/catalog';
import type { RiskZoneItem } from '../../../shared/risk/items';
import { useLang } from '../../app/i18n';
import { useRegionShapes } from '../../ui/region-shapes';
import { PaletteLegend, PaletteTag } from './palette-tag';
import { useMapColors } from './use-map-colors';
import { Causes } from './zone-parts';
import { useRiskZones } from '../../ui/use-risk-zones';

/** /riskTable: the four-colour map as a table, live from topic `risk`. */
export function RiskTablePage() {
  const lang = useLang();
  const { zones, loaded } = useRiskZones();
  const palette = useMapColors();
  const shapes = useRegionShapes();
  const name = (id: number) => {
    const f = (shapes ?? []).find((s) => s.id === id);
    return f ? (lang === 'en' ? f.properties.regionname_en || f.properties.regionname : f.properties.regionname) : String(id);
  };
  const rows = [...zones.values()].filter((z) => z.points > 0 || z.causes.length > 0).sort((a, b) => a.live - b.live || a.regionid - b.regionid);
  return (
    <Card size="small" title={renderMessage(lang, 'risk.map.table')} extra={<PaletteLegend lang={lang} palette={palette} />} data-testid="risk-table-page">
      <Table<RiskZoneItem>
        size="small"
        rowKey="regionid"
        loading={!loaded}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 640 }}
        columns={[
          { title: renderMessage(lang, 'risk.map.zone'), key: 'zone', render: (_v, z) => name(z.regionid) },
          { title: renderMessage(lang, 'risk.map.live'), key: 'live', render: (_v, z) => <PaletteTag lang={lang} level={z.live} palette={palette} /> },
          { title: renderMessage(lang, 'risk.map.residual'), key: 'residual', render: (_v, z) => <PaletteTag lang={lang} level={z.residual} palette={palette} /> },
          { title: renderMessage(lang, 'risk.map.inherent'), key: 'inherent', render: (_v, z) => <PaletteTag lang={lang} level={z.inherent} palette={palette} /> },
          { title: renderMessage(lang, 'risk.map.points'), dataIndex: 'points', key: 'points', width: 80 },
          { title: renderMessage(lang, 'risk.map.causes'), key: 'causes', render: (_v, z) => <Causes lang={lang} zone={z} /> },
        ]}
      />
    </Card>
  );
}
