import { LedgerPage } from '../../ui/records/ledger-page';

/** /RiskControll/RiskPoint: the risk point register (ledger RiskPoint on the record engine). */
export function RiskPointsPage() {
  return <LedgerPage entity="RiskPoint" />;
}
