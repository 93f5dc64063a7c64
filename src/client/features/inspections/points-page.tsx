import { Alert, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import QRCode from 'qrcode';
import { useCallback, useEffect, useState } from 'react';
import { checkItemTypes, type CheckItem } from '../../../shared/domain/inspection-tasks';
import { nfcBind, pointDelete, pointList, pointSave, type PointItem } from '../../../shared/inspections/contracts';
import { dataIsolationRegion } from '../../../shared/org/contracts';
import { api, errorText } from '../../app/api';
import { useLoad } from '../../ui/use-load';
import { useMsg } from './use-msg';

/** Check items as the form edits them: one per line, `label|type|options or min~max|abnormal options`. */
export function itemsToText(items: CheckItem[]): string {
  return items
    .map((i) => [i.label, i.type, i.type === 'value' ? `${i.min ?? ''}~${i.max ?? ''}${i.unit ? ` ${i.unit}` : ''}` : i.options.join(','), i.abnormal.join(',')].join('|'))
    .join('\n');
}

export function textToItems(text: string): CheckItem[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line, k) => {
      const [label, rawType = 'text', a = '', b = ''] = line.split('|').map((s) => s.trim());
      const type = (checkItemTypes as readonly string[]).includes(rawType) ? (rawType as CheckItem['type']) : 'text';
      const [range, unit = ''] = a.split(/\s+/);
      const [lo, hi] = range.split('~');
      const num = (s: string | undefined) => (s !== undefined && s.trim() !== '' && Number.isFinite(Number(s)) ? Number(s) : null);
      return {
        key: `i${k + 1}`,
        label,
        type,
        options: type === 'enum' ? a.split(',').map((s) => s.trim()).filter(Boolean) : [],
        abnormal: type === 'enum' ? b.split(',').map((s) => s.trim()).filter(Boolean) : [],
        min: type === 'value' ? num(lo) : null,
        max: type === 'value' ? num(hi) : null,
        unit: type === 'value' ? unit : '',
        required: type !== 'text' && type !== 'photo',
      };
    });
}

function useRegionOptions() {
  const { lang } = useMsg();
  const regions = useLoad(useCallback((signal: AbortSignal) => api(dataIsolationRegion, {}, { signal }), []));
  const names = new Map((regions.data ?? []).map((r) => [r.regionid, lang === 'en' ? r.regionname_en || r.regionname : r.regionname]));
  return { options: [...names].map(([value, label]) => ({ value, label })), names };
}

const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  [data-testid='insp-labels'], [data-testid='insp-labels'] * { visibility: visible; }
  [data-testid='insp-labels'] { position: absolute; left: 0; top: 0; }
  .no-print { display: none !important; }
}`;

/** A QR label as an image (data URL), drawn in the browser. */
function QrImage({ text, size = 120 }: { text: string; size?: number }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(text, { margin: 1, width: size * 2 }).then((u) => live && setSrc(u));
    return () => {
      live = false;
    };
  }, [text, size]);
  return src ? <img src={src} width={size} height={size} alt={text} /> : null;
}

interface PointForm {
  name: string;
  kind: 'device' | 'place';
  device?: string;
  regionid: number;
  lon: number;
  lat: number;
  radiusM?: number | null;
  qrCode?: string;
  nfcId?: string;
  items?: string;
}

/**
 * /inspection/QrCode: the inspection points (a device or place, its position,
 * QR label, NFC card, check items), with their QR labels printed from here.
 */
export function QrCodePage() {
  const { m } = useMsg();
  const regions = useRegionOptions();
  const points = useLoad(useCallback((signal: AbortSignal) => api(pointList, {}, { signal }), []));
  const [editing, setEditing] = useState<PointItem | 'new' | null>(null);
  const [printing, setPrinting] = useState(false);
  const [form] = Form.useForm<PointForm>();

  const open = (p: PointItem | 'new') => {
    setEditing(p);
    form.resetFields();
    if (p !== 'new') {
      form.setFieldsValue({ ...p, items: itemsToText(p.items) });
    } else {
      form.setFieldsValue({ kind: 'place' });
    }
  };
  const save = async () => {
    const v = await form.validateFields();
    await api(pointSave, {
      id: editing !== 'new' && editing ? editing.id : undefined,
      name: v.name,
      kind: v.kind,
      device: v.device ?? '',
      regionid: v.regionid,
      lon: v.lon,
      lat: v.lat,
      radiusM: v.radiusM ?? null,
      qrCode: v.qrCode ?? '',
      nfcId: v.nfcId ?? '',
      items: textToItems(v.items ?? ''),
    });
    setEditing(null);
    points.reload();
  };

  if (printing) {
    return (
      <div data-testid="insp-labels">
        {/* Only the labels go to the printer, not the shell around them. */}
        <style>{PRINT_CSS}</style>
        <Space className="no-print" style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => window.print()}>
            {m('inspections.page.print')}
          </Button>
          <Button onClick={() => setPrinting(false)}>{m('inspections.page.back')}</Button>
        </Space>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
          {(points.data ?? []).map((p) => (
            <div key={p.id} style={{ border: '1px solid #999', padding: 8, width: 170, textAlign: 'center', breakInside: 'avoid', background: '#fff', color: '#000' }}>
              <QrImage text={p.qrCode} />
              <div style={{ fontWeight: 600 }}>{p.name}</div>
              <div style={{ fontSize: 11 }}>{p.qrCode}</div>
            </div>
          ))}
        </div>
      </div>
    );
  }

  return (
    <Card
      size="small"
      title={m('inspections.page.points')}
      extra={
        <Space wrap>
          <Button onClick={() => setPrinting(true)} data-testid="insp-print">
            {m('inspections.page.print')}
          </Button>
          <Button type="primary" onClick={() => open('new')}>
            {m('inspections.page.add')}
          </Button>
        </Space>
      }
    >
      <Table<PointItem>
        size="small"
        rowKey="id"
        data-testid="insp-points"
        loading={points.loading}
        dataSource={points.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: m('inspections.page.none') }}
        columns={[
          { title: '', key: 'label', render: (_, p) => <QrImage text={p.qrCode} size={56} /> },
          { title: m('inspections.page.name'), dataIndex: 'name' },
          { title: m('inspections.page.kind'), render: (_, p) => m(`inspections.page.kind.${p.kind}`) },
          { title: m('inspections.page.region'), render: (_, p) => regions.names.get(p.regionid) ?? p.regionid },
          { title: m('inspections.page.qrCode'), dataIndex: 'qrCode' },
          { title: m('inspections.page.nfcId'), dataIndex: 'nfcId' },
          { title: m('inspections.page.items'), render: (_, p) => p.items.map((i) => <Tag key={i.key}>{i.label}</Tag>) },
          {
            title: '',
            render: (_, p) => (
              <Space>
                <Button size="small" onClick={() => open(p)}>
                  {m('inspections.page.edit')}
                </Button>
                <Popconfirm title={m('inspections.page.delete')} onConfirm={() => api(pointDelete, { id: p.id }).then(points.reload, () => undefined)}>
                  <Button size="small" danger>
                    {m('inspections.page.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={m(editing === 'new' ? 'inspections.page.add' : 'inspections.page.edit')} onOk={() => void save().catch(() => undefined)} onCancel={() => setEditing(null)} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={m('inspections.page.name')} rules={[{ required: true }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="kind" label={m('inspections.page.kind')}>
            <Select options={['device', 'place'].map((k) => ({ value: k, label: m(`inspections.page.kind.${k}`) }))} />
          </Form.Item>
          <Form.Item name="device" label={m('inspections.page.device')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="regionid" label={m('inspections.page.region')} rules={[{ required: true }]}>
            <Select options={regions.options} showSearch optionFilterProp="label" />
          </Form.Item>
          <Space wrap>
            <Form.Item name="lon" label={m('inspections.page.lon')} rules={[{ required: true }]}>
              <InputNumber step={0.0001} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="lat" label={m('inspections.page.lat')} rules={[{ required: true }]}>
              <InputNumber step={0.0001} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="radiusM" label={m('inspections.page.radius')}>
              <InputNumber min={1} max={1000} style={{ width: 120 }} />
            </Form.Item>
          </Space>
          <Form.Item name="qrCode" label={m('inspections.page.qrCode')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="nfcId" label={m('inspections.page.nfcId')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="items" label={m('inspections.page.items')} extra={m('inspections.page.itemsHint')}>
            <Input.TextArea rows={4} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

/** /systemConfig/NFCBind: binds the NFC card fixed at a point (a reader that types the id, or Web NFC on Android). */
export function NfcBindPage() {
  const { lang, m } = useMsg();
  const points = useLoad(useCallback((signal: AbortSignal) => api(pointList, {}, { signal }), []));
  const [pointId, setPointId] = useState<number | undefined>();
  const [nfcId, setNfcId] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const hasNfc = typeof window !== 'undefined' && 'NDEFReader' in window;

  const bind = async (id: string) => {
    if (pointId === undefined) {
      return;
    }
    try {
      await api(nfcBind, { pointId, nfcId: id }, { silent: true });
      setResult({ ok: true, text: m('inspections.page.saved') });
      points.reload();
    } catch (err) {
      setResult({ ok: false, text: errorText(err, lang) });
    }
  };
  const readNfc = async () => {
    const Reader = (window as unknown as { NDEFReader?: new () => { scan(): Promise<void>; onreading: ((e: { serialNumber: string }) => void) | null } }).NDEFReader;
    if (Reader) {
      const r = new Reader();
      await r.scan();
      r.onreading = (e) => setNfcId(e.serialNumber);
    }
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={m('inspections.page.bind')}>
        <Space direction="vertical" style={{ width: '100%', maxWidth: 480 }}>
          <Select
            data-testid="nfc-point"
            placeholder={m('inspections.page.point')}
            value={pointId}
            onChange={(v: number) => {
              setPointId(v);
              setNfcId((points.data ?? []).find((p) => p.id === v)?.nfcId ?? '');
            }}
            options={(points.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            showSearch
            optionFilterProp="label"
          />
          <Input data-testid="nfc-id" placeholder={m('inspections.page.nfcHint')} value={nfcId} onChange={(e) => setNfcId(e.target.value)} onPressEnter={() => void bind(nfcId)} />
          <Space wrap>
            <Button type="primary" disabled={pointId === undefined} onClick={() => void bind(nfcId)} data-testid="nfc-bind">
              {m('inspections.page.bind')}
            </Button>
            <Button disabled={pointId === undefined} onClick={() => void bind('')}>
              {m('inspections.page.unbind')}
            </Button>
            {hasNfc && <Button onClick={() => void readNfc()}>{m('inspections.page.readNfc')}</Button>}
          </Space>
          {result && <Alert type={result.ok ? 'success' : 'error'} showIcon message={result.text} />}
        </Space>
      </Card>
      <Card size="small" title={m('inspections.page.points')}>
        <Table<PointItem>
          size="small"
          rowKey="id"
          dataSource={points.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: m('inspections.page.name'), dataIndex: 'name' },
            { title: m('inspections.page.nfcId'), dataIndex: 'nfcId' },
            { title: m('inspections.page.qrCode'), dataIndex: 'qrCode' },
          ]}
        />
      </Card>
    </Space>
  );
}
