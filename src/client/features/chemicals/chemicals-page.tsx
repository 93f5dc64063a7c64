import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Table, Tag, Upload } from 'antd';
import { useCallback, useState } from 'react';
import { importStockFileCall, importTemplateCall, inventorySearchCall, submitInventoryCall, warehouseSearchCall, type CountRow, type MovementRow } from '../../../shared/chemicals/calls';
import { inventoryCall, stockInCall, stockOutCall, substanceOptionsCall, type InventoryItem } from '../../../shared/chemicals/contracts';
import { chemicalStoreLedger } from '../../../shared/chemicals/ledger';
import { recordContracts, recordListInput } from '../../../shared/records/contracts';
import { api, errorText } from '../../app/api';
import { downloadPost } from '../../ui/file-transfer';
import { LedgerPage } from '../../ui/records/ledger-page';
import { postFile } from '../../ui/records/record-api';
import { useLoad } from '../../ui/use-load';
import { StoreTotals } from './chemicals-home-page';
import { useMsg } from './use-msg';

const calls = recordContracts(chemicalStoreLedger);
const when = (at: number, lang: string) => new Date(at).toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN', { hour12: false });

/** /ChemicalsManagement/ChemicalStorageManagement/StorageFacilities: the stores ledger. */
export function StoresPage() {
  return <LedgerPage entity={chemicalStoreLedger.entity} />;
}

function InventoryTable({ rows, loading }: { rows: InventoryItem[]; loading: boolean }) {
  const { lang, m } = useMsg();
  return (
    <Table<InventoryItem>
      data-testid="chemicals-inventory"
      size="small"
      rowKey={(r) => `${r.storeId}/${r.cas}`}
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: m('chemicals.page.none') }}
      columns={[
        { title: m('chemicals.page.store'), dataIndex: 'store' },
        { title: m('chemicals.page.substance'), render: (_, r) => `${lang === 'en' ? r.nameEn : r.name} (${r.cas})` },
        { title: m('chemicals.page.quantity'), dataIndex: 'quantity', align: 'right' },
        { title: m('chemicals.page.capacity'), dataIndex: 'capacity', align: 'right' },
      ]}
    />
  );
}

/** /…/ChemicalStorageFacility: the stores with their totals, then stock per store and substance, summed from the movements. */
export function InventoryPage() {
  const { m } = useMsg();
  const rows = useLoad(useCallback((signal: AbortSignal) => api(inventoryCall, {}, { signal }), []));
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card title={m('chemicals.stock.byStore')} size="small">
        <StoreTotals />
      </Card>
      <Card title={m('chemicals.page.inventory')} size="small">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="info" showIcon message={m('chemicals.page.method')} />
          <InventoryTable rows={rows.data ?? []} loading={rows.loading} />
        </Space>
      </Card>
    </Space>
  );
}

interface CountForm {
  key?: string;
  counted?: number;
  adjust?: boolean;
  remark?: string;
}

/** /…/ChemicalStocksAll: every store and substance in stock, and the inventory counts against it (difference recorded, booked on request). */
export function AllStockPage() {
  const { lang, m } = useMsg();
  const [form] = Form.useForm<CountForm>();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const rows = useLoad(useCallback((signal: AbortSignal) => api(inventoryCall, {}, { signal }), []));
  const counts = useLoad(useCallback((signal: AbortSignal) => api(inventorySearchCall, { page: 1, pageSize: 50 }, { signal }), []));
  const submit = async () => {
    const v = await form.validateFields();
    const [storeId, cas] = (v.key ?? '').split('|');
    try {
      const r = await api(submitInventoryCall, { storeId: Number(storeId), cas, counted: v.counted!, adjust: !!v.adjust, remark: v.remark || undefined }, { silent: true });
      setResult({ ok: true, text: m('chemicals.count.done', { difference: r.difference }) });
      rows.reload();
      counts.reload();
    } catch (err) {
      setResult({ ok: false, text: errorText(err, lang) });
    }
  };
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card title={m('chemicals.stock.all')} size="small">
        <InventoryTable rows={rows.data ?? []} loading={rows.loading} />
      </Card>
      <Card title={m('chemicals.count.title')} size="small">
        <Form form={form} layout="vertical" style={{ maxWidth: 560 }} data-testid="chem-count-form">
          <Form.Item name="key" label={`${m('chemicals.page.store')} / ${m('chemicals.page.substance')}`} rules={[{ required: true }]}>
            <Select
              data-testid="chem-count-key"
              options={(rows.data ?? []).map((r) => ({ value: `${r.storeId}|${r.cas}`, label: `${r.store} · ${lang === 'en' ? r.nameEn : r.name} (${r.quantity} t)` }))}
            />
          </Form.Item>
          <Form.Item name="counted" label={m('chemicals.count.counted')} rules={[{ required: true }]}>
            <InputNumber min={0} step={0.1} style={{ width: '100%' }} data-testid="chem-count-counted" />
          </Form.Item>
          <Form.Item name="adjust" label={m('chemicals.count.adjust')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="remark" label={m('chemicals.count.remark')}>
            <Input maxLength={500} />
          </Form.Item>
          <Button type="primary" onClick={() => void submit()} data-testid="chem-count-submit">
            {m('chemicals.count.submit')}
          </Button>
        </Form>
        {result && <Alert style={{ marginTop: 12 }} type={result.ok ? 'success' : 'error'} showIcon message={result.text} data-testid="chem-count-result" />}
        <Table<CountRow>
          style={{ marginTop: 12 }}
          data-testid="chem-counts"
          size="small"
          rowKey="id"
          loading={counts.loading}
          dataSource={counts.data?.items ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: m('chemicals.stock.at'), render: (_, r) => when(r.at, lang) },
            { title: m('chemicals.page.store'), dataIndex: 'store' },
            { title: m('chemicals.page.substance'), render: (_, r) => `${r.name} (${r.cas})` },
            { title: m('chemicals.count.book'), dataIndex: 'book', align: 'right' },
            { title: m('chemicals.count.counted'), dataIndex: 'counted', align: 'right' },
            { title: m('chemicals.count.difference'), align: 'right', render: (_, r) => <Tag color={r.difference === 0 ? 'green' : 'orange'}>{r.difference}</Tag> },
            { title: m('chemicals.count.adjusted'), render: (_, r) => (r.adjusted ? m('chemicals.db.yes') : m('chemicals.db.no')) },
            { title: m('chemicals.stock.by'), dataIndex: 'by' },
          ]}
        />
      </Card>
    </Space>
  );
}

/** The movements (WarehouseSearch): who, when, batch, quantity. */
function MovementTable() {
  const { lang, m } = useMsg();
  const [page, setPage] = useState(1);
  const list = useLoad(useCallback((signal: AbortSignal) => api(warehouseSearchCall, { page, pageSize: 20 }, { signal }), [page]));
  return (
    <Table<MovementRow>
      data-testid="chem-movements"
      size="small"
      rowKey="id"
      loading={list.loading}
      dataSource={list.data?.items ?? []}
      scroll={{ x: 'max-content' }}
      pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
        { title: m('chemicals.stock.at'), render: (_, r) => when(r.at, lang) },
        { title: m('chemicals.stock.kind'), render: (_, r) => <Tag color={r.delta > 0 ? 'blue' : 'orange'}>{m(`chemicals.stock.kind.${r.kind}`)}</Tag> },
        { title: m('chemicals.page.store'), dataIndex: 'store' },
        { title: m('chemicals.page.substance'), render: (_, r) => `${lang === 'en' ? r.nameEn : r.name} (${r.cas})` },
        { title: m('chemicals.page.quantity'), dataIndex: 'delta', align: 'right' },
        { title: m('chemicals.page.batch'), dataIndex: 'batch' },
        { title: m('chemicals.stock.by'), dataIndex: 'by' },
      ]}
    />
  );
}

interface MoveForm {
  storeId?: number;
  cas?: string;
  quantity?: number;
  batch?: string;
}

/** /ChemicalsManagement/ChemicalStorageManagement/OutOfTheWarehouse: stock in and out; a refused stock-in shows why, naming both substances. */
export function MovementPage() {
  const { lang, m } = useMsg();
  const [form] = Form.useForm<MoveForm>();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);
  const stores = useLoad(useCallback((signal: AbortSignal) => api(calls.list, recordListInput.parse({ page: 1, pageSize: 200 }), { signal }), []));
  const substances = useLoad(useCallback((signal: AbortSignal) => api(substanceOptionsCall, {}, { signal }), []));
  const inventory = useLoad(useCallback((signal: AbortSignal) => api(inventoryCall, {}, { signal }), []));

  const submit = async (kind: 'in' | 'out') => {
    const v = await form.validateFields();
    const input = { storeId: v.storeId!, cas: v.cas!, quantity: v.quantity!, batch: v.batch || undefined };
    setBusy(true);
    try {
      if (kind === 'in') {
        const r = await api(stockInCall, input, { silent: true });
        const warn = r.warnings.map((w) => m('chemicals.page.warning', { a: w.a.name, b: w.b.name })).join('; ');
        setResult({ ok: true, text: [m('chemicals.page.done'), warn, ...r.notices].filter(Boolean).join(' ') });
      } else {
        await api(stockOutCall, input, { silent: true });
        setResult({ ok: true, text: m('chemicals.page.done') });
      }
      inventory.reload();
      setTick((t) => t + 1);
    } catch (err) {
      setResult({ ok: false, text: errorText(err, lang) });
    } finally {
      setBusy(false);
    }
  };

  /** The filled-in stock-in template: every row booked, or none with the bad row named. */
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const r = await postFile<{ saved: number }>(importStockFileCall.path, file);
      setResult({ ok: true, text: m('chemicals.import.done', { saved: r.saved }) });
      inventory.reload();
      setTick((t) => t + 1);
    } catch (err) {
      setResult({ ok: false, text: errorText(err, lang) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card title={m('chemicals.page.movement')} size="small">
        <Form form={form} layout="vertical" style={{ maxWidth: 560 }} data-testid="chemicals-move-form">
          <Form.Item name="storeId" label={m('chemicals.page.store')} rules={[{ required: true }]}>
            <Select
              data-testid="chemicals-store"
              showSearch
              optionFilterProp="label"
              options={(stores.data?.items ?? []).map((s) => ({ value: s.id, label: `${typeof s.code === 'string' ? s.code : ''} ${typeof s.name === 'string' ? s.name : s.title}` }))}
            />
          </Form.Item>
          <Form.Item name="cas" label={m('chemicals.page.substance')} rules={[{ required: true }]}>
            <Select
              data-testid="chemicals-substance"
              showSearch
              optionFilterProp="label"
              options={(substances.data ?? []).map((s) => ({ value: s.cas, label: `${lang === 'en' ? s.nameEn : s.name} (${s.cas})` }))}
            />
          </Form.Item>
          <Form.Item name="quantity" label={m('chemicals.page.quantity')} rules={[{ required: true }]}>
            <InputNumber data-testid="chemicals-quantity" min={0.001} step={0.5} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="batch" label={m('chemicals.page.batch')}>
            <Input maxLength={60} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" loading={busy} onClick={() => void submit('in')} data-testid="chemicals-stock-in">
              {m('chemicals.page.stockIn')}
            </Button>
            <Button loading={busy} onClick={() => void submit('out')} data-testid="chemicals-stock-out">
              {m('chemicals.page.stockOut')}
            </Button>
            <Button type="link" onClick={() => void downloadPost(importTemplateCall.path, { kind: 'stock' }, lang === 'en' ? 'stock-import-template.xlsx' : '危化品入库导入模板.xlsx')}>
              {m('chemicals.import.template')}
            </Button>
            <Upload
              accept=".xlsx"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button loading={busy} data-testid="chemicals-import-stock">
                {m('chemicals.import.upload')}
              </Button>
            </Upload>
          </Space>
        </Form>
        {result && (
          <Alert style={{ marginTop: 12 }} type={result.ok ? 'success' : 'error'} showIcon message={result.text} data-testid="chemicals-result" />
        )}
      </Card>
      <Card title={m('chemicals.page.inventory')} size="small">
        <InventoryTable rows={inventory.data ?? []} loading={inventory.loading} />
      </Card>
      <Card title={m('chemicals.stock.movements')} size="small">
        <MovementTable key={tick} />
      </Card>
    </Space>
  );
}
