import { Alert, Space } from 'antd';
import { renderMessage } from '../../../shared/messages/catalog';
import { useLang } from '../../app/i18n';
import { useBaseLayers } from '../../ui/site-plan';
import { RiskMapPage } from './risk-map-page';

/**
 * /WorldMap: the four-colour map on the national map service's base map when
 * an administrator has turned the online base map on (region settings);
 * offline (the default, and always on a closed plant network) it says so
 * and shows the same map on the plant's own layout.
 */
export function WorldMapPage() {
  const lang = useLang();
  const { online } = useBaseLayers();
  const on = Boolean(online?.enabled && online.tileUrl);
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="world-map-page" data-online={on ? 1 : 0}>
      <Alert
        type={on ? 'info' : 'warning'}
        showIcon
        data-testid="world-map-status"
        message={on ? renderMessage(lang, 'riskMap.worldOn', { attribution: online?.attribution || online?.tileUrl || '' }) : renderMessage(lang, 'riskMap.worldOff')}
      />
      <RiskMapPage />
    </Space>
  );
}
