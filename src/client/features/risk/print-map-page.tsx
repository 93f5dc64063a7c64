import { Button, Card, Segmented, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { RiskLevel } from '../../../shared/domain/risk-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import type { RiskZoneItem } from '../../../shared/risk/items';
import { riskMapSvg, type PaperSize, type PrintZone } from '../../../shared/risk/print-map';
import { formatDate } from '../../../shared/time';
import { useLang } from '../../app/i18n';
import { useRegionShapes } from '../../ui/region-shapes';
import { useRiskZones } from '../../ui/use-risk-zones';
import { useMapColors } from './use-map-colors';
import './risk.css';

type View = 'live' | 'residual' | 'inherent';
const viewCodes = { live: 'risk.map.live', residual: 'risk.map.residual', inherent: 'risk.map.inherent' } as const;

const levelIn = (z: RiskZoneItem | undefined, view: View): RiskLevel | null =>
  !z ? null : view === 'live' ? (z.live === z.baseline && z.residual === null ? null : z.live) : view === 'residual' ? z.residual : z.inherent;

/**
 * /riskFourColorMap/print (issue 21 §5): the four-colour map as an A3 or A4
 * landscape sheet drawn as one SVG (no map tiles, no GPU): every zone in its
 * colour with its name and level written on it and in the list beside the
 * map, the legend and the time. "Print" prints the sheet alone (the browser
 * saves it as PDF too); "Download SVG" keeps the same sheet as a file. It
 * follows topic `risk` while open.
 */
export function PrintMapPage() {
  const lang = useLang();
  const { zones } = useRiskZones();
  const shapes = useRegionShapes();
  const palette = useMapColors();
  const [size, setSize] = useState<PaperSize>('A3');
  const [view, setView] = useState<View>('live');

  const svg = useMemo(() => {
    const all = shapes ?? [];
    const leaves = all.filter((f) => !all.some((c) => c.properties.regionparentid === f.id));
    const printZones: PrintZone[] = leaves.map((f) => {
      const z = zones.get(f.id);
      const name = lang === 'en' ? f.properties.regionname_en || f.properties.regionname : f.properties.regionname;
      const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
      const note = z && view === 'live' && z.causes.length > 0 ? `⚠${z.causes.length}` : z?.override && view !== 'inherent' ? '✎' : undefined;
      return { id: f.id, name, level: levelIn(z, view), polygons, note };
    });
    return riskMapSvg({
      title: renderMessage(lang, 'risk.print.title'),
      viewName: renderMessage(lang, viewCodes[view]),
      time: formatDate(Date.now(), 'YYYY-MM-DD HH:mm'),
      lang,
      size,
      zones: printZones,
      color: (l) => palette.color(l),
      opacity: (l) => palette.opacity(l),
    });
  }, [shapes, zones, lang, view, size, palette]);

  const download = () => {
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `risk-map-${size}-${formatDate(Date.now(), 'YYYYMMDD-HHmm')}.svg`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Card size="small" data-testid="risk-print-page" className="risk-print-page">
      <style>{`@media print { @page { size: ${size} landscape; margin: 0; } }`}</style>
      <Space size={[12, 8]} wrap className="risk-no-print" style={{ marginBottom: 12 }}>
        <Link to="/riskFourColorMap">{renderMessage(lang, 'risk.history.toMap')}</Link>
        <Space size={6}>
          <Typography.Text type="secondary">{renderMessage(lang, 'risk.print.paper')}</Typography.Text>
          <Segmented<PaperSize> size="small" value={size} onChange={setSize} options={['A3', 'A4']} data-testid="risk-print-size" />
        </Space>
        <Segmented<View>
          size="small"
          value={view}
          onChange={setView}
          options={(['live', 'residual', 'inherent'] as const).map((v) => ({ value: v, label: renderMessage(lang, viewCodes[v]) }))}
        />
        <Button type="primary" onClick={() => window.print()} data-testid="risk-print-print">
          {renderMessage(lang, 'risk.print.print')}
        </Button>
        <Button onClick={download}>{renderMessage(lang, 'risk.print.download')}</Button>
      </Space>
      {/* The SVG is built by riskMapSvg from our own data with every text escaped. */}
      <div className="risk-print-sheet" data-testid="risk-print-sheet" dangerouslySetInnerHTML={{ __html: svg }} />
    </Card>
  );
}
