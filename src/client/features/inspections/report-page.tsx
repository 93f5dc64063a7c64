import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Progress, Select, Space, Statistic, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { rateDimensions } from '../../../shared/inspections/contracts';
import { inspectionReport, inspectionReportExport, safeAnalysisDimensions, safeInspectionAnalysis, type ReportRowItem } from '../../../shared/inspections/report-contracts';
import { api, errorText } from '../../app/api';
import { downloadPost } from '../../ui/records/record-api';
import { useLoad } from '../../ui/use-load';
import { useMsg } from './use-msg';

type By = (typeof rateDimensions)[number];
const pct = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);

function useQueryBar(initialDays: number) {
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('day').subtract(initialDays, 'day'), dayjs().endOf('day')]);
  const q = useMemo(() => ({ start: range[0].startOf('day').valueOf(), end: range[1].endOf('day').valueOf() }), [range]);
  const picker = <DatePicker.RangePicker value={range} allowClear={false} onChange={(r) => r?.[0] && r[1] && setRange([r[0], r[1]])} />;
  return { q, picker };
}

/** The report's figures: rounds by status, points due, done, missed, the rate, doubtful positions, hidden dangers. */
function ReportTable({ rows, by, loading }: { rows: ReportRowItem[]; by: By; loading: boolean }) {
  const { m, lang } = useMsg();
  const L = (zh: string, en: string) => (lang === 'en' ? en : zh);
  return (
    <Table<ReportRowItem>
      size="small"
      rowKey={(r) => String(r.key)}
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: m('inspections.page.none') }}
      columns={[
        { title: m(`inspections.page.by.${by}`), dataIndex: 'name', fixed: 'left' },
        { title: L('巡检任务', 'Rounds'), dataIndex: 'rounds' },
        { title: L('已完成', 'Completed'), dataIndex: 'completed' },
        { title: L('未完成', 'Incomplete'), dataIndex: 'incomplete' },
        { title: L('无效（不计入）', 'Invalid (excluded)'), dataIndex: 'excluded' },
        { title: m('inspections.page.due'), dataIndex: 'due' },
        { title: m('inspections.page.done'), dataIndex: 'done' },
        { title: m('inspections.page.missed'), dataIndex: 'missed' },
        { title: m('inspections.page.rate'), render: (_, r) => pct(r.rate) },
        { title: m('inspections.page.flagged'), dataIndex: 'flagged' },
        { title: m('inspections.page.hiddenDangers'), dataIndex: 'hiddenDangers' },
      ]}
    />
  );
}

function useReport(by: By, q: { start: number; end: number }) {
  return useLoad(useCallback((signal: AbortSignal) => api(inspectionReport, { item: by, ...q }, { signal }), [by, q]));
}

/** /IntelligentInspection/InspectionReport (and /inspection/InspectionReport, /inspection/InspectionExport): the report of a period, exported to Excel. */
export function InspectionReportPage() {
  const { m, lang } = useMsg();
  const L = (zh: string, en: string) => (lang === 'en' ? en : zh);
  const { q, picker } = useQueryBar(29);
  const [by, setBy] = useState<By>('plan');
  const [error, setError] = useState('');
  const report = useReport(by, q);
  const o = report.data?.overall;
  return (
    <Card title={L('巡检报表', 'Inspection report')} data-testid="insp-report">
      <Space wrap style={{ marginBottom: 12, display: 'flex' }}>
        {picker}
        <Select style={{ width: 140 }} value={by} onChange={setBy} options={rateDimensions.map((d) => ({ value: d, label: m(`inspections.page.by.${d}`) }))} />
        <Button
          icon={<DownloadOutlined />}
          data-testid="insp-report-export"
          onClick={() => void downloadPost(inspectionReportExport.path, { item: by, ...q }, `${L('巡检报表', 'Inspection report')}.xlsx`).catch((e: unknown) => setError(errorText(e, lang)))}
        >
          {L('导出Excel', 'Export to Excel')}
        </Button>
      </Space>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {o && (
        <Space wrap size={24} style={{ marginBottom: 12, display: 'flex' }} data-testid="insp-report-overall">
          <Statistic title={L('巡检任务', 'Rounds')} value={o.rounds} />
          <Statistic title={L('已完成', 'Completed')} value={o.completed} />
          <Statistic title={m('inspections.page.due')} value={o.due} />
          <Statistic title={m('inspections.page.missed')} value={o.missed} />
          <Statistic title={m('inspections.page.rate')} value={pct(o.rate)} />
          <Statistic title={m('inspections.page.hiddenDangers')} value={o.hiddenDangers} />
        </Space>
      )}
      <ReportTable rows={report.data?.rows ?? []} by={by} loading={report.loading} />
    </Card>
  );
}

/** /IntelligentInspection/InspectionAnalyse (and /inspection/InspectionAnalyse): the completion and missed-check rate compared by plan, person, department or region. */
export function InspectionAnalysePage() {
  const { m, lang } = useMsg();
  const L = (zh: string, en: string) => (lang === 'en' ? en : zh);
  const { q, picker } = useQueryBar(29);
  const [by, setBy] = useState<By>('department');
  const report = useReport(by, q);
  const rows = report.data?.rows ?? [];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card title={L('巡检分析', 'Inspection analysis')} data-testid="insp-analyse">
        <Space wrap style={{ marginBottom: 12, display: 'flex' }}>
          {picker}
          <Select style={{ width: 140 }} value={by} onChange={setBy} options={rateDimensions.map((d) => ({ value: d, label: m(`inspections.page.by.${d}`) }))} />
        </Space>
        {rows.length === 0 && !report.loading && <Alert type="info" message={m('inspections.page.none')} />}
        <Space direction="vertical" style={{ width: '100%' }}>
          {rows.map((r) => (
            <div key={String(r.key)} data-testid="insp-analyse-row">
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
                <span>{r.name}</span>
                <span>
                  {L('完成', 'Done')} {r.done}/{r.due} · {m('inspections.page.rate')} {pct(r.rate)}
                </span>
              </div>
              <Progress percent={r.due > 0 ? Math.round((r.done / r.due) * 1000) / 10 : 0} status={r.rate !== null && r.rate > 0.1 ? 'exception' : 'normal'} />
            </div>
          ))}
        </Space>
      </Card>
      <Card size="small" title={L('明细', 'Figures')}>
        <ReportTable rows={rows} by={by} loading={report.loading} />
      </Card>
    </Space>
  );
}

type SafeBy = (typeof safeAnalysisDimensions)[number];

/** /SecurityCheck/AnalysisList: safety inspections counted by kind, region, department or month. */
export function SafeAnalysisPage() {
  const { lang } = useMsg();
  const L = (zh: string, en: string) => (lang === 'en' ? en : zh);
  const { q, picker } = useQueryBar(364);
  const [by, setBy] = useState<SafeBy>('kind');
  const names: Record<SafeBy, string> = { kind: L('按类型', 'By kind'), region: L('按区域', 'By region'), dept: L('按部门', 'By department'), month: L('按月份', 'By month') };
  const data = useLoad(useCallback((signal: AbortSignal) => api(safeInspectionAnalysis, { item: by, ...q }, { signal }), [by, q]));
  const rows = data.data?.rows ?? [];
  const total = (k: 'checks' | 'unqualified' | 'dangers') => rows.reduce((s, r) => s + r[k], 0);
  return (
    <Card title={L('安全检查分析', 'Safety inspection analysis')} data-testid="safe-analysis">
      <Space wrap style={{ marginBottom: 12, display: 'flex' }}>
        {picker}
        <Select style={{ width: 140 }} value={by} onChange={setBy} options={safeAnalysisDimensions.map((d) => ({ value: d, label: names[d] }))} />
      </Space>
      <Space wrap size={24} style={{ marginBottom: 12, display: 'flex' }}>
        <Statistic title={L('检查次数', 'Inspections')} value={total('checks')} />
        <Statistic title={L('不合格项', 'Unqualified items')} value={total('unqualified')} />
        <Statistic title={L('登记隐患', 'Hidden dangers')} value={total('dangers')} />
      </Space>
      <Table
        size="small"
        rowKey="key"
        loading={data.loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: L('没有记录', 'Nothing here') }}
        columns={[
          { title: names[by], dataIndex: 'name' },
          { title: L('检查次数', 'Inspections'), dataIndex: 'checks' },
          { title: L('已完成', 'Completed'), dataIndex: 'completed' },
          { title: L('检查项', 'Items'), dataIndex: 'items' },
          { title: L('不合格项', 'Unqualified'), dataIndex: 'unqualified' },
          { title: L('合格率', 'Pass rate'), render: (_, r) => (r.items > 0 ? `${(((r.items - r.unqualified) / r.items) * 100).toFixed(1)}%` : '—') },
          { title: L('发现问题', 'Problems'), dataIndex: 'problems' },
          { title: L('登记隐患', 'Hidden dangers'), dataIndex: 'dangers' },
        ]}
      />
    </Card>
  );
}
