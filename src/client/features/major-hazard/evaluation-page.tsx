import { Alert, Space } from 'antd';
import { reportStatus } from '../../../shared/domain/evaluation-report';
import { renderMessage } from '../../../shared/messages/catalog';
import type { RecordItem } from '../../../shared/records/contracts';
import { useLang } from '../../app/i18n';
import { LedgerPage } from '../../ui/records/ledger-page';
import { EvaluationStatusTags } from './evaluation-status';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * /dangerSourceManagement/evaluationReport: the assessment reports of the
 * major hazard sources (the seed's EvaluationReportQuery/Add/Del), each row
 * with its re-assessment due date and filing status by the shared rules.
 */
export function EvaluationReportPage() {
  const lang = useLang();
  const status = (r: RecordItem) => {
    const reportDate = num(r.reportDate);
    return reportDate === null ? null : (
      <EvaluationStatusTags
        lang={lang}
        testId={`mh-evaluation-status-${r.id}`}
        status={reportStatus({ reportDate, changeDate: num(r.changeDate), filedDate: num(r.filedDate), now: Date.now() })}
      />
    );
  };
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon message={renderMessage(lang, 'majorHazard.evaluation.rules')} />
      <LedgerPage entity="EvaluationReport" rowActions={status} />
    </Space>
  );
}
