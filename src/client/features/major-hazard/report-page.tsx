import { Button, Card, Space, Spin, Statistic, Table, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { sourceReport, sourceReportExcel, sourceReportPdf, type ReportRow } from '../../../shared/major-hazard/contracts';
import { unitKinds } from '../../../shared/major-hazard/ledgers';
import { renderMessage } from '../../../shared/messages/catalog';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { downloadPost } from '../../ui/file-transfer';
import { useRecordChanges } from '../../ui/records/use-record-changes';
import { useLoad } from '../../ui/use-load';
import { GradeTag } from './grade-tag';

const n6 = (x: number | null) => (x === null ? '—' : String(Number(x.toPrecision(6))));

/**
 * /majorHazardReport/sourceReport: every major hazard unit with its S, α, R
 * and grade (GB 18218-2018, as kept by the identification), 一级 first;
 * exported as Excel or as an A4 PDF by the server.
 */
export function MajorHazardReportPage() {
  const lang = useLang();
  const t = (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const load = useCallback((signal: AbortSignal) => api(sourceReport, {}, { signal }), []);
  const { data, loading, reload } = useLoad(load);
  useRecordChanges('DangerSource', reload);
  const [busy, setBusy] = useState<'' | 'xlsx' | 'pdf'>('');
  const download = (format: 'xlsx' | 'pdf') => {
    setBusy(format);
    void downloadPost(
      format === 'xlsx' ? sourceReportExcel.path : sourceReportPdf.path,
      {},
      `${t('majorHazard.report.title')}.${format}`,
    ).finally(() => setBusy(''));
  };
  if (!data) {
    return loading ? <Spin /> : null;
  }
  const s = data.summary;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="mh-report">
      <Card size="small">
        <Space wrap size={24} style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap size={24}>
            <Statistic title={t('majorHazard.report.total')} value={s.total} />
            <Statistic title={t('majorHazard.report.major')} value={s.major} valueStyle={{ color: '#cf1322' }} />
            {[1, 2, 3, 4].map((g) => (
              <Statistic key={g} title={t(`majorHazard.grade.${g}`)} value={s.byGrade[String(g)] ?? 0} />
            ))}
          </Space>
          <Space wrap>
            <Button onClick={() => download('xlsx')} loading={busy === 'xlsx'} data-testid="mh-report-xlsx">
              {t('majorHazard.report.excel')}
            </Button>
            <Button onClick={() => download('pdf')} loading={busy === 'pdf'} data-testid="mh-report-pdf">
              {t('majorHazard.report.pdf')}
            </Button>
          </Space>
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('majorHazard.report.generatedAt', { time: formatDate(data.generatedAt) })}
        </Typography.Text>
      </Card>
      <Table<ReportRow>
        size="small"
        rowKey="id"
        dataSource={data.items}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('majorHazard.report.col.name'), dataIndex: 'name', fixed: 'left' },
          { title: t('majorHazard.report.col.code'), dataIndex: 'code' },
          { title: t('majorHazard.kind'), render: (_v, r) => unitKinds.find((k) => k.value === r.kind)?.label[lang] ?? r.kind },
          {
            title: t('majorHazard.gradeLabel'),
            render: (_v, r) =>
              r.S === null ? (
                t('majorHazard.notIdentified')
              ) : (
                <GradeTag grade={r.grade} isMajor={r.isMajor} lang={lang} testId={`mh-report-grade-${r.id}`} />
              ),
          },
          { title: 'S', render: (_v, r) => n6(r.S) },
          { title: 'α', render: (_v, r) => n6(r.alpha) },
          { title: 'R', render: (_v, r) => <span data-testid={`mh-report-r-${r.id}`}>{n6(r.R)}</span> },
          { title: t('majorHazard.populationLabel'), dataIndex: 'population' },
          {
            title: t('majorHazard.report.col.substances'),
            render: (_v, r) => r.substances.map((x) => `${x.name} ${n6(x.q)}/${n6(x.Q)}`).join('；'),
          },
          { title: t('majorHazard.report.col.devices'), dataIndex: 'devices' },
        ]}
      />
    </Space>
  );
}
