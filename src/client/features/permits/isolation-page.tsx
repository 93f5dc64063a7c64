import { Button, Card, Empty, Select, Space, Tabs, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { isolationLock, isolationRemove, isolationVerify } from '../../../shared/permits/isolation-contracts';
import { isolationSheetLedger, isolationStatus } from '../../../shared/permits/isolation-ledgers';
import { recordContracts } from '../../../shared/records/contracts';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { LedgerPage } from '../../ui/records/ledger-page';
import { useLoad } from '../../ui/use-load';
import { m } from './permit-labels';
import { SignaturePad } from './signature-pad';

const sheetCalls = recordContracts(isolationSheetLedger);

/**
 * On-site confirmations of an isolation sheet (the steps held in code): lock
 * and tag (first confirmation), verification (second, another person) and
 * removal, each drawn on the pad by the signer now, on their own session.
 */
function Confirmations() {
  const lang = useLang();
  const loaded = useLoad(
    useCallback((signal: AbortSignal) => api(sheetCalls.list, { page: 1, pageSize: 200, filters: {}, keyword: '' }, { signal }), []),
  );
  const [id, setId] = useState<number | null>(null);
  const [png, setPng] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sheets = (loaded.data?.items ?? []).filter((r) => r.status === isolationStatus.toImplement || r.status === isolationStatus.toRemove);
  const sheet = sheets.find((r) => r.id === id);
  const act = async (call: typeof isolationLock) => {
    if (!sheet || !png) {
      return;
    }
    setBusy(true);
    try {
      await api(call, { id: sheet.id, version: sheet.version, signature: png });
      notify(m(lang, 'permits.ui.done'));
      setId(null);
      loaded.reload();
    } finally {
      setBusy(false);
    }
  };
  if (sheets.length === 0) {
    return <Empty description={m(lang, 'permits.isolation.none')} />;
  }
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 640 }} data-testid="isolation-confirm">
      <Select<number>
        style={{ width: '100%' }}
        placeholder={m(lang, 'permits.isolation.pick')}
        value={id ?? undefined}
        onChange={setId}
        options={sheets.map((r) => ({ value: r.id, label: `${r.title} · ${typeof r.equipment === 'string' ? r.equipment : ''}` }))}
        data-testid="isolation-sheet"
      />
      {sheet && (
        <>
          <Tag color={sheet.status === isolationStatus.toRemove ? 'orange' : 'blue'}>
            {m(lang, sheet.status === isolationStatus.toRemove ? 'permits.isolation.toRemove' : sheet.lockSign ? 'permits.isolation.toVerify' : 'permits.isolation.toLock')}
          </Tag>
          <SignaturePad onChange={setPng} testId="isolation-pad" />
          <Space wrap>
            {sheet.status === isolationStatus.toImplement && !sheet.lockSign && (
              <Button type="primary" disabled={!png} loading={busy} onClick={() => void act(isolationLock)} data-testid="isolation-lock">
                {m(lang, 'permits.isolation.lock')}
              </Button>
            )}
            {sheet.status === isolationStatus.toImplement && Boolean(sheet.lockSign) && (
              <Button type="primary" disabled={!png} loading={busy} onClick={() => void act(isolationVerify)} data-testid="isolation-verify">
                {m(lang, 'permits.isolation.verify')}
              </Button>
            )}
            {sheet.status === isolationStatus.toRemove && (
              <Button danger disabled={!png} loading={busy} onClick={() => void act(isolationRemove)} data-testid="isolation-remove">
                {m(lang, 'permits.isolation.remove')}
              </Button>
            )}
          </Space>
        </>
      )}
    </Space>
  );
}

/** `/EnergyIsolation`: isolation sheets and plans (record engine ledgers) and the on-site confirmations. */
export function EnergyIsolationPage() {
  const lang = useLang();
  return (
    <Card title={m(lang, 'permits.isolation.title')} data-testid="energy-isolation">
      <Tabs
        destroyInactiveTabPane
        items={[
          { key: 'sheets', label: m(lang, 'permits.isolation.sheets'), children: <LedgerPage entity="EnergyIsolation" /> },
          { key: 'confirm', label: m(lang, 'permits.isolation.confirm'), children: <Confirmations /> },
          { key: 'plans', label: m(lang, 'permits.isolation.plans'), children: <LedgerPage entity="EnergyIsolationPlan" /> },
        ]}
      />
    </Card>
  );
}
