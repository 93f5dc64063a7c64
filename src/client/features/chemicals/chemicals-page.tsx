import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import { useCallback, useState } from 'react';
import { inventoryCall, stockInCall, stockOutCall, substanceOptionsCall, type InventoryItem } from '../../../shared/chemicals/contracts';
import { chemicalStoreLedger } from '../../../shared/chemicals/ledger';
import { renderMessage } from '../../../shared/messages/catalog';
import { recordContracts, recordListInput } from '../../../shared/records/contracts';
import { api, errorText } from '../../app/api';
import { useLang } from '../../app/i18n';
import { LedgerPage } from '../../ui/records/ledger-page';
import { useLoad } from '../../ui/use-load';

const calls = recordContracts(chemicalStoreLedger);

function useMsg() {
  const lang = useLang();
  return { lang, m: (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params) };
}

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

/** /ChemicalsManagement/ChemicalStorageManagement/ChemicalStorageFacility: stock per store and substance, summed from the movements. */
export function InventoryPage() {
  const { m } = useMsg();
  const rows = useLoad(useCallback((signal: AbortSignal) => api(inventoryCall, {}, { signal }), []));
  return (
    <Card title={m('chemicals.page.inventory')} size="small">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={m('chemicals.page.method')} />
        <InventoryTable rows={rows.data ?? []} loading={rows.loading} />
      </Space>
    </Card>
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
        setResult({ ok: true, text: [m('chemicals.page.done'), warn].filter(Boolean).join(' ') });
      } else {
        await api(stockOutCall, input, { silent: true });
        setResult({ ok: true, text: m('chemicals.page.done') });
      }
      inventory.reload();
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
          </Space>
        </Form>
        {result && (
          <Alert style={{ marginTop: 12 }} type={result.ok ? 'success' : 'error'} showIcon message={result.text} data-testid="chemicals-result" />
        )}
      </Card>
      <Card title={m('chemicals.page.inventory')} size="small">
        <InventoryTable rows={inventory.data ?? []} loading={inventory.loading} />
      </Card>
    </Space>
  );
}
