import { Alert, Button, Card, DatePicker, Form, Input, Select, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { permitAnalyseRegion } from '../../../shared/permits/stats-contracts';
import { recordContracts, type RecordItem } from '../../../shared/records/contracts';
import { api, errorText } from '../../app/api';
import { feedback } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { navigateTo } from '../../app/navigation';
import { useSession } from '../../app/session-store';
import { LedgerPage } from '../../ui/records/ledger-page';
import { useLedger } from '../../ui/records/use-ledger';
import { useLoad } from '../../ui/use-load';
import { m } from './permit-labels';
import { RecordDetailPage } from './record-pages';

/* The permit report (spec 2 §2.5 /autoWorkingBillReport): flows, search, mine, send, detail; the report and its flow are the record engine's. */

/** /autoWorkingBillReport/confirmSetting: the approval flows reports are sent through. */
export const ReportFlowPage = () => <LedgerPage entity="PermitReportFlow" />;
/** /autoWorkingBillReport/reportSearch */
export const ReportSearchPage = () => <LedgerPage entity="PermitReport" />;
/** /autoWorkingBillReport/ReportDetail?id= */
export const ReportDetailPage = () => <RecordDetailPage entity="PermitReport" />;

/** /autoWorkingBillReport/myReport: the reports the caller sent. */
export function MyReportPage() {
  const me = useSession((s) => s.user?.userid);
  return me ? <LedgerPage entity="PermitReport" fixed={{ sender: me }} /> : null;
}

type Summary = { permitType: string; total: number; open: number; closed: number };
const OPEN = ['signing', 'approved', 'active', 'suspended'];

/** The period's permits by type from the statistics call: how many, how many still open, how many closed. */
async function summaryOf(from: number, to: number, signal: AbortSignal): Promise<Summary[]> {
  const all = await api(permitAnalyseRegion, { from, to }, { signal });
  const totals = new Map<string, number>();
  for (const r of all.items) {
    for (const [t, n] of Object.entries(r.byType)) {
      totals.set(t, (totals.get(t) ?? 0) + n);
    }
  }
  const out: Summary[] = [];
  for (const [permitType, total] of totals) {
    const of = await api(permitAnalyseRegion, { from, to, type: permitType as never }, { signal });
    const by = (codes: string[]) => of.items.reduce((s, r) => s + codes.reduce((x, c) => x + (r.byStatus[c] ?? 0), 0), 0);
    out.push({ permitType, total, open: by(OPEN), closed: by(['closed']) });
  }
  return out;
}

/** /autoWorkingBillReport/SendReport: a daily or weekly report of the permits, sent through a configured flow. */
export function SendReportPage() {
  const lang = useLang();
  const me = useSession((s) => s.user?.userid);
  const [kind, setKind] = useState<'daily' | 'weekly'>('daily');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('day'), dayjs().endOf('day')]);
  const [flowId, setFlowId] = useState<number | undefined>(undefined);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const flows = useLedger('PermitReportFlow');
  const reports = useLedger('PermitReport');
  // The calls once per definition (useLedger builds them anew on each render; the load would run again and again).
  const flowDef = flows.def;
  const flowCalls = useMemo(() => (flowDef ? recordContracts(flowDef) : undefined), [flowDef]);
  const flowList = useLoad(
    useCallback((signal: AbortSignal) => (flowCalls ? api(flowCalls.list, { page: 1, pageSize: 100, filters: {}, keyword: '' }, { signal }) : Promise.resolve({ items: [] as RecordItem[], total: 0 })), [flowCalls]),
  );
  const from = range[0].valueOf();
  const to = range[1].valueOf() + 1;
  const summary = useLoad(useCallback((signal: AbortSignal) => summaryOf(from, to, signal), [from, to]));
  const options = (flowList.data?.items ?? []).filter((f) => f.kind === kind);
  const chosen = options.find((f) => f.id === flowId);

  const handleKind = (k: 'daily' | 'weekly') => {
    setKind(k);
    setFlowId(undefined);
    setRange(k === 'daily' ? [dayjs().startOf('day'), dayjs().endOf('day')] : [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')]);
  };
  const handleSend = async () => {
    if (!reports.calls || !me) {
      return;
    }
    setBusy(true);
    try {
      const saved = await api(reports.calls.save, {
        kind,
        from,
        to: range[1].valueOf(),
        flow: chosen?.id ?? null,
        summary: summary.data ?? [],
        remark,
        sender: me,
        reviewer: chosen?.reviewer ?? null,
        approver: chosen?.approver ?? null,
      });
      feedback.message.success(m(lang, 'permits.report.sent', { number: typeof saved.number === 'string' ? saved.number : String(saved.id) }));
      navigateTo(`/autoWorkingBillReport/ReportDetail?id=${saved.id}`);
    } catch (err) {
      feedback.message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small">
      {flowList.data && flowList.data.items.length === 0 && <Alert type="warning" showIcon message={m(lang, 'permits.report.noFlow')} style={{ marginBottom: 12 }} />}
      <Form layout="vertical" style={{ maxWidth: 720 }}>
        <Form.Item label={m(lang, 'permits.report.kind')}>
          <Select
            value={kind}
            onChange={handleKind}
            data-testid="report-kind"
            options={[
              { value: 'daily', label: lang === 'en' ? 'Daily' : '日报' },
              { value: 'weekly', label: lang === 'en' ? 'Weekly' : '周报' },
            ]}
          />
        </Form.Item>
        <Form.Item label={m(lang, 'permits.report.period')}>
          <DatePicker.RangePicker value={range} allowClear={false} onChange={(v) => v && v[0] && v[1] && setRange([v[0].startOf('day'), v[1].endOf('day')])} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={m(lang, 'permits.report.flow')} required>
          <Select value={flowId} onChange={setFlowId} data-testid="report-flow" options={options.map((f) => ({ value: f.id, label: f.title }))} />
        </Form.Item>
        <Table<Summary>
          rowKey="permitType"
          size="small"
          pagination={false}
          loading={summary.loading}
          dataSource={summary.data ?? []}
          style={{ marginBottom: 16 }}
          data-testid="report-summary"
          columns={[
            { title: m(lang, 'permits.ui.type'), key: 'type', render: (_v, r) => m(lang, `permits.type.${r.permitType}`) },
            { title: m(lang, 'permits.stats.total'), dataIndex: 'total', key: 'total', align: 'right' },
            { title: m(lang, 'permits.report.open'), dataIndex: 'open', key: 'open', align: 'right' },
            { title: m(lang, 'permits.report.closed'), dataIndex: 'closed', key: 'closed', align: 'right' },
          ]}
        />
        <Form.Item label={m(lang, 'permits.report.remark')}>
          <Input.TextArea value={remark} onChange={(e) => setRemark(e.target.value)} rows={3} maxLength={2000} />
        </Form.Item>
        <Space>
          <Button type="primary" loading={busy} onClick={() => void handleSend()} data-testid="report-send">
            {m(lang, 'permits.report.send')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
