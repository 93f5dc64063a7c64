import { Button } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { dangerListConfig } from '../../../shared/major-hazard/archive-contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { LedgerPage } from '../../ui/records/ledger-page';
import { useLoad } from '../../ui/use-load';

/**
 * /dangerSourceManagement/dangerSource: major hazard units, their substances
 * and design-maximum quantities, with the columns /dangerSourceManagement/dangerListConfig
 * keeps; each row opens the source's archive.
 */
export function DangerSourcePage() {
  const lang = useLang();
  const navigate = useNavigate();
  const config = useLoad(useCallback((signal: AbortSignal) => api(dangerListConfig, {}, { signal, silent: true }), []));
  if (config.loading && !config.data) {
    return null;
  }
  return (
    <LedgerPage
      entity="DangerSource"
      columns={config.data?.columns}
      rowActions={(r) => (
        <Button type="link" onClick={() => void navigate(`/dangerSourceManagement/dangerarchives?id=${r.id}`)} data-testid={`mh-archive-open-${r.id}`}>
          {renderMessage(lang, 'majorHazard.archive.open')}
        </Button>
      )}
    />
  );
}

/** /majorHazard88/dangerSourceDeviceInfo: tanks, vessels and devices of each source with the tags that measure them. */
export function DangerSourceDevicePage() {
  return <LedgerPage entity="DangerSourceDevice" />;
}
