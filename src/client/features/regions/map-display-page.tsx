import { Card, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionHeadCount, type RegionHeadCountItem } from '../../../shared/contracts/regions';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { PlantMap } from '../../ui/plant-map';
import { regionsNs } from './locales';
import './regions.css';

/** /MapDisplay: the plant map with the regions of the store and how many people and vehicles are in each. */
export function MapDisplayPage() {
  const { t } = useTranslation(regionsNs);
  const lang = useLang();
  const canSeeCounts = useSession((s) => s.user?.permissions.includes('positioning:read') ?? false);
  const [counts, setCounts] = useState<RegionHeadCountItem[]>([]);

  useEffect(() => {
    if (!canSeeCounts) {
      return undefined;
    }
    let stopped = false;
    const load = () =>
      api(regionHeadCount, {}, { silent: true }).then(
        (r) => !stopped && setCounts(r.items),
        () => undefined,
      );
    void load();
    const timer = window.setInterval(() => void load(), 5000);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [canSeeCounts]);

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
        <PlantMap language={lang} regionNotes={notes} />
      </div>
    </Card>
  );
}
