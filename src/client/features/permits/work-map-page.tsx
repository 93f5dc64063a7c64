import { Card, Empty, List, Space, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { Layer, Marker, Source } from 'react-map-gl/maplibre';
import { offsetToLonLat } from '../../../shared/domain/geometry';
import { permitMapShow } from '../../../shared/permits/contracts';
import type { PermitItem } from '../../../shared/permits/items';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { navigateTo } from '../../app/navigation';
import { useTopic } from '../../stream/use-topic';
import { PlantMap } from '../../ui/plant-map';
import { useLoad } from '../../ui/use-load';
import { m, reasonText, statusColor, typeLabel } from './permit-labels';

const LIVE = new Set(['active', 'suspended']);

/** The work zone as a 32-gon of its radius (local metres, good enough at a plant's scale). */
function zoneOf(p: PermitItem) {
  const ring = Array.from({ length: 33 }, (_, i) => {
    const a = (i / 32) * 2 * Math.PI;
    return offsetToLonLat([p.lng, p.lat], Math.cos(a) * p.radiusM, Math.sin(a) * p.radiusM);
  });
  return { type: 'Feature' as const, properties: { suspended: p.status === 'suspended' ? 1 : 0 }, geometry: { type: 'Polygon' as const, coordinates: [ring] } };
}

/** The plant map with each permit's work zone and a tag at its place (a click opens the permit); `label` adds to the tag. */
export function PermitZonesMap({ permits, label }: { permits: PermitItem[]; label?: (p: PermitItem) => string }) {
  const lang = useLang();
  const zones = { type: 'FeatureCollection' as const, features: permits.map(zoneOf) };
  return (
    <div style={{ height: 'min(60vh, 560px)', minHeight: 300, position: 'relative' }} data-testid="work-map">
      <PlantMap language={lang}>
        <Source id="permit-zones" type="geojson" data={zones}>
          <Layer id="permit-zone-fill" type="fill" paint={{ 'fill-color': ['case', ['==', ['get', 'suspended'], 1], '#cf1322', '#fa8c16'], 'fill-opacity': 0.25 }} />
          <Layer id="permit-zone-line" type="line" paint={{ 'line-color': ['case', ['==', ['get', 'suspended'], 1], '#cf1322', '#fa8c16'], 'line-width': 2 }} />
        </Source>
        {permits.map((p) => (
          <Marker key={p.id} longitude={p.lng} latitude={p.lat} anchor="bottom">
            <Tag color={p.status === 'suspended' ? 'red' : 'orange'} style={{ cursor: 'pointer' }} onClick={() => navigateTo(`/SafetyWorkPermit/WorkingBillDetail?id=${p.id}`)}>
              {typeLabel(lang, p)}
              {label ? ` · ${label(p)}` : ''}
            </Tag>
          </Marker>
        ))}
      </PlantMap>
    </div>
  );
}

/**
 * /SafetyWorkPermit/WorkMapShow (and /WorkingBillMap): every permit in effect
 * on the plant map at its place, with its type and grade; suspensions (the
 * guardian walked away) arrive live on `permits.live`.
 */
export function WorkMapPage() {
  const lang = useLang();
  const [live, setLive] = useState<ReadonlyMap<number, PermitItem>>(new Map());
  const loaded = useLoad(
    useCallback(async (signal: AbortSignal) => {
      const r = await api(permitMapShow, {}, { signal });
      setLive(new Map(r.items.map((p) => [p.id, p])));
      return r;
    }, []),
  );
  useTopic('permits.live', (items) =>
    setLive((prev) => {
      const next = new Map(prev);
      for (const i of items) {
        if (LIVE.has(i.status)) {
          next.set(i.id, i);
        } else {
          next.delete(i.id);
        }
      }
      return next;
    }),
  );
  const permits = [...live.values()].sort((a, b) => a.id - b.id);

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <PermitZonesMap permits={permits} />
      <Card size="small">
        {permits.length === 0 && !loaded.loading ? (
          <Empty description={m(lang, 'permits.ui.noneLive')} />
        ) : (
          <List
            size="small"
            dataSource={permits}
            renderItem={(p) => (
              <List.Item
                data-testid={`map-permit-${p.id}`}
                data-status={p.status}
                onClick={() => navigateTo(`/SafetyWorkPermit/WorkingBillDetail?id=${p.id}`)}
                style={{ cursor: 'pointer', flexWrap: 'wrap', gap: 8 }}
              >
                <Space wrap size={6}>
                  <span>{p.number}</span>
                  <span>{typeLabel(lang, p)}</span>
                  <Tag color={statusColor[p.status]}>{m(lang, `permits.status.${p.status}`)}</Tag>
                  {p.status === 'suspended' && p.suspendReason && <span>{reasonText(lang, p.suspendReason)}</span>}
                </Space>
                <span>
                  {p.location} · {m(lang, 'permits.step.guardian')} {p.guardianName}
                </span>
              </List.Item>
            )}
          />
        )}
      </Card>
    </Space>
  );
}
