import { Space } from 'antd';
import { LedgerPage } from '../../ui/records/ledger-page';
import { EvaluationCalculator } from './evaluation-calculator';

/** /RiskControll/RiskPoint: the risk point register (ledger RiskPoint on the record engine), with the evaluation calculator above it. */
export function RiskPointsPage() {
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <EvaluationCalculator />
      <LedgerPage entity="RiskPoint" />
    </Space>
  );
}
