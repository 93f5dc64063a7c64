import { Result, Spin } from 'antd';
import type { ListQuery } from './record-list-page';
import { useTranslation } from 'react-i18next';
import { recordsNs } from './ledger-locales';
import { RecordList } from './record-list';
import { useLedger } from './use-ledger';

/**
 * A whole ledger page by its entity: the list with its filters, add, edit,
 * detail, Excel export and import, live changes — from the definition alone.
 * A module's page for a ledger it owns is `<LedgerPage entity="RiskPoint" />`.
 */
export function LedgerPage({ entity, fixed }: { entity: string; /** Filters the page always applies (one kind of record). */ fixed?: ListQuery['filters'] }) {
  const { t } = useTranslation(recordsNs);
  const { loading, def, calls } = useLedger(entity);
  if (loading && !def) {
    return <Spin />;
  }
  return def && calls ? <RecordList def={def} calls={calls} fixed={fixed} /> : <Result status="404" subTitle={t('noLedger')} />;
}
