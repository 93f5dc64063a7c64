import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import type { RecordItem } from '../../../shared/records/contracts';
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
export function LedgerPage({
  entity,
  fixed,
  columns,
  rowActions,
}: {
  entity: string;
  /** Filters the page always applies (one kind of record). */
  fixed?: ListQuery['filters'];
  /** The list's columns, in order, where a page's own configuration replaces the definition's. */
  columns?: readonly string[];
  /** Buttons a page adds to each row, before view and delete. */
  rowActions?: (r: RecordItem) => ReactNode;
}) {
  const { t } = useTranslation(recordsNs);
  const { loading, def, calls } = useLedger(entity);
  if (loading && !def) {
    return <Spin />;
  }
  return def && calls ? <RecordList def={def} calls={calls} fixed={fixed} columns={columns} rowActions={rowActions} /> : <Result status="404" subTitle={t('noLedger')} />;
}
