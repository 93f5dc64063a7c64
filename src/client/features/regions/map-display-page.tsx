import { Card, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/i18n';
import { AlarmMarkers } from '../../ui/alarm-markers';
import { PlantMap } from '../../ui/plant-map';
import { useRegionHeadCounts } from '../../ui/use-head-counts';
import { regionsNs } from './locales';
import './regions.css';

/** /MapDisplay: the plant map with the regions of the store, how many people and vehicles are in each, and the tags in alarm (a click opens the faceplate). */
export function MapDisplayPage() {
  const { t } = useTranslation(regionsNs);
  const lang = useLang();
  const counts = useRegionHeadCounts();

  const notes = useMemo(
    () =>
      Object.fromEntries(
        counts.filter((c) => c.people + c.vehicles > 0).map((c) => [c.regionid, t('headCount', { p: c.people, v: c.vehicles })]),
      ),
    [counts, t],
  );

  return (
    <Card
      size="small"
      title={
        <Space>
          <Typography.Text strong>{t('plantMap')}</Typography.Text>
        </Space>
      }
      styles={{ body: { padding: 0 } }}
    >
      <div className="region-map-display" data-testid="map-display">
        <PlantMap language={lang} regionNotes={notes}>
          <AlarmMarkers lang={lang} />
        </PlantMap>
      </div>
    </Card>
  );
}
