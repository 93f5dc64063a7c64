import { Space, Tag } from 'antd';
import type { ReportStatus } from '../../../shared/domain/evaluation-report';
import { renderMessage } from '../../../shared/messages/catalog';
import { formatDate } from '../../../shared/time';
import type { Lang } from '../../../shared/time';

const reassessColour = { valid: 'green', dueSoon: 'orange', overdue: 'red' } as const;
const filingColour = { filed: 'green', filedLate: 'orange', pending: 'blue', late: 'red' } as const;

/** A report's re-assessment and filing status as two tags (第十一条, 第二十三条). */
export function EvaluationStatusTags({ status, lang, testId }: { status: Pick<ReportStatus, 'dueAt' | 'daysLeft' | 'reassess' | 'filing' | 'fileBy'>; lang: Lang; testId?: string }) {
  const t = (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const due = formatDate(status.dueAt, 'YYYY-MM-DD');
  const reassess =
    status.reassess === 'overdue'
      ? `${t('majorHazard.evaluation.overdue')} · ${due}`
      : status.reassess === 'dueSoon'
        ? `${t('majorHazard.evaluation.dueSoon', { days: Math.max(0, status.daysLeft) })} · ${due}`
        : t('majorHazard.evaluation.due', { date: due });
  const filing = status.filing === 'pending' ? t('majorHazard.evaluation.pending', { date: formatDate(status.fileBy, 'YYYY-MM-DD') }) : t(`majorHazard.evaluation.${status.filing}`);
  return (
    <Space size={4} wrap data-testid={testId} data-reassess={status.reassess} data-filing={status.filing}>
      <Tag color={reassessColour[status.reassess]}>{reassess}</Tag>
      <Tag color={filingColour[status.filing]}>{filing}</Tag>
    </Space>
  );
}
