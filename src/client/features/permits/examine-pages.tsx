import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { permitGasAdd } from '../../../shared/permits/contracts';
import { gasAnalysisResults, gasAnalysisSearch, gasAnalysisStatuses, type GasAnalysisRow } from '../../../shared/permits/routes-contracts';
import { formatDate } from '../../../shared/time';
import { api, errorText } from '../../app/api';
import { feedback } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { navigateTo } from '../../app/navigation';
import { LedgerPage } from '../../ui/records/ledger-page';
import { useLoad } from '../../ui/use-load';
import { m, statusColor, typeLabel } from './permit-labels';

/* Gas analysis (issue 25 §3; spec 2 §2.3 /Examine): the permits' readings with the verdict of the GB 30871 rules, and the configuration ledgers. */

/** /Examine/AnalysisItemConfig: gases with their LEL, pass limit and unit. */
export const AnalysisItemConfigPage = () => <LedgerPage entity="AnalysisItem" />;
/** /Examine/GasAnalysisConfig: which items each work type analyses. */
export const GasAnalysisConfigPage = () => <LedgerPage entity="GasAnalysisConfig" />;

const statusTag: Record<GasAnalysisRow['status'], string> = { toSubmit: 'default', toApprove: 'gold', completed: 'green' };
const resultTag: Record<GasAnalysisRow['result'], string> = { toAnalyse: 'default', qualified: 'green', unqualified: 'red' };

/** A reading entered for one permit (the analyst is the caller; the time is now). */
function AddReading({ row, onAdded }: { row: GasAnalysisRow; onAdded: () => void }) {
  const lang = useLang();
  const [form] = Form.useForm<{ lel?: number; reading?: number; o2?: number }>();
  const [busy, setBusy] = useState(false);
  const handleAdd = async () => {
    const v = form.getFieldsValue();
    setBusy(true);
    try {
      await api(permitGasAdd, { id: row.permitId, ...(v.lel ? { lel: v.lel } : {}), ...(typeof v.reading === 'number' ? { reading: v.reading } : {}), ...(v.o2 ? { o2: v.o2 } : {}) });
      feedback.message.success(m(lang, 'permits.ui.done'));
      form.resetFields();
      onAdded();
    } catch (err) {
      feedback.message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="inline" style={{ rowGap: 8 }} initialValues={{ lel: 5 }}>
      <Form.Item name="lel" label={m(lang, 'permits.ui.lel')}>
        <InputNumber min={0.1} max={100} step={0.1} />
      </Form.Item>
      <Form.Item name="reading" label={m(lang, 'permits.ui.reading')}>
        <InputNumber min={0} step={0.01} data-testid={`gas-a-reading-${row.permitId}`} />
      </Form.Item>
      {row.type === 'confined' && (
        <Form.Item name="o2" label={m(lang, 'permits.ui.o2')}>
          <InputNumber min={0} max={100} step={0.1} />
        </Form.Item>
      )}
      <Button type="primary" loading={busy} onClick={() => void handleAdd()} data-testid={`gas-a-add-${row.permitId}`}>
        {m(lang, 'permits.ui.addGas')}
      </Button>
    </Form>
  );
}

/** /Examine/GasAnalysisSearch: each hot-work and confined-space permit's analysis, its status and the rules' result. */
export function GasAnalysisSearchPage() {
  const lang = useLang();
  const [status, setStatus] = useState<GasAnalysisRow['status'] | ''>('');
  const [result, setResult] = useState<GasAnalysisRow['result'] | ''>('');
  const [number, setNumber] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const key = JSON.stringify({ status, result, number, ...page });
  const loaded = useLoad(
    useCallback((signal: AbortSignal) => {
      const q = JSON.parse(key) as { status: string; result: string; number: string; page: number; pageSize: number };
      return api(
        gasAnalysisSearch,
        {
          page: q.page,
          pageSize: q.pageSize,
          ...(q.status ? { status: q.status as GasAnalysisRow['status'] } : {}),
          ...(q.result ? { result: q.result as GasAnalysisRow['result'] } : {}),
          ...(q.number ? { number: q.number } : {}),
        },
        { signal },
      );
    }, [key]),
  );
  const open = (r: GasAnalysisRow) => ['signing', 'approved', 'active', 'suspended'].includes(r.permitStatus);
  return (
    <Card size="small">
      <Alert type="info" showIcon message={m(lang, 'permits.gasA.rule')} style={{ marginBottom: 12 }} />
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={m(lang, 'permits.ui.number')} onSearch={(v) => setNumber(v.trim())} style={{ width: 200 }} />
        <Select
          style={{ minWidth: 140 }}
          value={status}
          onChange={setStatus}
          data-testid="gas-a-status"
          options={[{ value: '', label: `${m(lang, 'permits.gasA.status')}: ${m(lang, 'permits.gasA.any')}` }, ...gasAnalysisStatuses.map((s) => ({ value: s, label: m(lang, `permits.gasA.status.${s}`) }))]}
        />
        <Select
          style={{ minWidth: 140 }}
          value={result}
          onChange={setResult}
          data-testid="gas-a-result"
          options={[{ value: '', label: `${m(lang, 'permits.gasA.result')}: ${m(lang, 'permits.gasA.any')}` }, ...gasAnalysisResults.map((s) => ({ value: s, label: m(lang, `permits.gasA.result.${s}`) }))]}
        />
      </Space>
      <Table<GasAnalysisRow>
        rowKey="permitId"
        size="small"
        loading={loaded.loading}
        dataSource={loaded.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="gas-a-table"
        pagination={{ current: page.page, pageSize: page.pageSize, total: loaded.data?.total ?? 0, onChange: (p, s) => setPage({ page: p, pageSize: s }) }}
        expandable={{
          expandedRowRender: (r) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Table
                rowKey="t"
                size="small"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={r.samples}
                columns={[
                  { title: m(lang, 'permits.ui.sampleTime'), key: 't', render: (_v, s) => formatDate(s.t, 'MM-DD HH:mm:ss') },
                  { title: m(lang, 'permits.ui.lel'), dataIndex: 'lel', key: 'lel' },
                  { title: m(lang, 'permits.ui.reading'), key: 'reading', render: (_v, s) => (s.reading === null ? '' : `${s.reading} ${s.unit ?? '%vol'}`) },
                  { title: m(lang, 'permits.gasA.limit'), dataIndex: 'limitPct', key: 'limit' },
                  { title: m(lang, 'permits.ui.o2'), dataIndex: 'o2', key: 'o2' },
                  { title: m(lang, 'permits.ui.analyst'), dataIndex: 'analyst', key: 'analyst' },
                  {
                    title: m(lang, 'permits.gasA.result'),
                    key: 'pass',
                    render: (_v, s) =>
                      s.pass === null ? null : <Tag color={s.pass ? 'green' : 'red'}>{m(lang, `permits.gasA.result.${s.pass ? 'qualified' : 'unqualified'}`)}</Tag>,
                  },
                ]}
              />
              {open(r) && <AddReading row={r} onAdded={loaded.reload} />}
            </Space>
          ),
        }}
        columns={[
          {
            title: m(lang, 'permits.ui.number'),
            key: 'number',
            render: (_v, r) => <a onClick={() => navigateTo(`/SafetyWorkPermit/WorkingBillDetail?id=${r.permitId}`)}>{r.number}</a>,
          },
          { title: m(lang, 'permits.ui.type'), key: 'type', render: (_v, r) => typeLabel(lang, r) },
          { title: m(lang, 'permits.ui.location'), dataIndex: 'location', key: 'location' },
          { title: m(lang, 'permits.gasA.permitStatus'), key: 'permitStatus', render: (_v, r) => <Tag color={statusColor[r.permitStatus]}>{m(lang, `permits.status.${r.permitStatus}`)}</Tag> },
          { title: m(lang, 'permits.gasA.status'), key: 'status', render: (_v, r) => <Tag color={statusTag[r.status]}>{m(lang, `permits.gasA.status.${r.status}`)}</Tag> },
          {
            title: m(lang, 'permits.gasA.result'),
            key: 'result',
            render: (_v, r) => (
              <Tag color={resultTag[r.result]} data-testid={`gas-a-result-${r.permitId}`}>
                {m(lang, `permits.gasA.result.${r.result}`)}
              </Tag>
            ),
          },
          { title: m(lang, 'permits.gasA.reasons'), key: 'reasons', render: (_v, r) => r.reasons.map((x) => x.message).join('；') },
        ]}
      />
    </Card>
  );
}

