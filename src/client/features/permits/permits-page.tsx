import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Modal, Segmented, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { hotGradeCodes, permitTypeCodes, type HotGrade, type PermitType } from '../../../shared/domain/gb30871-input';
import { permitApply, permitList, permitSignerOptions, workingBillCheck, type WorkingBillCheckOutput } from '../../../shared/permits/contracts';
import type { PermitItem } from '../../../shared/permits/items';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { feedback } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { navigateTo } from '../../app/navigation';
import { useTopic } from '../../stream/use-topic';
import { useLoad } from '../../ui/use-load';
import { m, statusColor, typeLabel } from './permit-labels';
import { SignaturePad } from './signature-pad';

const DETAIL = '/SafetyWorkPermit/WorkingBillDetail';
/** The synthesis unit of the demo plant: where a new permit's zone starts (the map picks it later). */
const DEFAULT_ZONE = { lng: 118.80169, lat: 32.25577 };

interface ApplyValues {
  type: PermitType;
  grade?: HotGrade;
  content: string;
  location: string;
  time: [Dayjs, Dayjs];
  workers: string[];
  guardianTag?: string;
  radiusM: number;
  /** Blind plate: one blind, one action, on a line. */
  blindId?: string;
  blindAction?: 'insert' | 'remove';
  line?: string;
  signers: Record<string, number | undefined>;
}

const signerSteps = (type: PermitType) => ['jsa', ...(type === 'hot' || type === 'confined' ? ['gas'] : []), 'measures', 'briefing', 'guardian', 'leader', 'unit', ...(type === 'hot' ? ['safetyDept'] : []), 'approver', ...(type === 'hot' ? ['shiftCheck'] : []), 'acceptance'];

function ApplyModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (p: PermitItem) => void }) {
  const lang = useLang();
  const [form] = Form.useForm<ApplyValues>();
  const [signature, setSignature] = useState<string | null>(null);
  const [check, setCheck] = useState<WorkingBillCheckOutput | null>(null);
  const [busy, setBusy] = useState(false);
  const type = Form.useWatch('type', form) ?? 'hot';
  const users = useLoad(useCallback((signal: AbortSignal) => api(permitSignerOptions, {}, { signal }), []));
  const options = (users.data?.items ?? []).map((u) => ({ value: u.userid, label: `${u.username} (${u.loginname})` }));

  const handleValues = (_: unknown, v: Partial<ApplyValues>) => {
    if (!v.type || !v.time?.[0] || !v.time[1]) {
      return;
    }
    api(workingBillCheck, { type: v.type, ...(v.type === 'hot' ? { grade: v.grade ?? '2' } : {}), start: v.time[0].valueOf(), end: v.time[1].valueOf(), gas: [{ t: v.time[0].valueOf(), reading: 0 }] }, { silent: true }).then(
      (r) => setCheck({ ...r, violations: r.violations.filter((x) => x.field !== 'gas') }),
      () => setCheck(null),
    );
  };

  const handleOk = async () => {
    const v = await form.validateFields();
    if (!signature) {
      feedback.message.error(m(lang, 'permits.signFirst'));
      return;
    }
    setBusy(true);
    try {
      const signers = Object.fromEntries(Object.entries(v.signers).filter(([, id]) => id !== undefined)) as Record<string, number>;
      const p = await api(permitApply, {
        type: v.type,
        ...(v.type === 'hot' ? { grade: v.grade } : {}),
        content: v.content,
        location: v.location,
        ...DEFAULT_ZONE,
        radiusM: v.radiusM,
        start: v.time[0].valueOf(),
        end: v.time[1].valueOf(),
        workers: v.workers,
        ...(v.guardianTag ? { guardianTag: v.guardianTag } : {}),
        ...(v.type === 'blind' && v.blindId ? { blinds: [{ id: v.blindId, action: v.blindAction ?? 'insert' }] } : {}),
        ...(v.type === 'blind' && v.line ? { line: v.line } : {}),
        signers: signers as never,
        signature,
      });
      // Conflicts that only warn (another blind job on the same line) are shown; the permit is applied for.
      p.warnings?.forEach((w) => void feedback.message.warning(w.message));
      onDone(p);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={m(lang, 'permits.ui.apply')} onCancel={onClose} onOk={() => void handleOk()} confirmLoading={busy} width={720} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        onValuesChange={handleValues}
        initialValues={{ type: 'hot', grade: '2', radiusM: 30, workers: [], time: [dayjs().add(10, 'minute'), dayjs().add(4, 'hour')] }}
        data-testid="permit-apply-form"
      >
        <Space wrap>
          <Form.Item name="type" label={m(lang, 'permits.ui.type')} rules={[{ required: true }]}>
            <Select style={{ width: 180 }} options={permitTypeCodes.map((t) => ({ value: t, label: m(lang, `permits.type.${t}`) }))} />
          </Form.Item>
          {type === 'hot' && (
            <Form.Item name="grade" label={m(lang, 'permits.ui.grade')} rules={[{ required: true }]}>
              <Select style={{ width: 120 }} options={hotGradeCodes.map((g) => ({ value: g, label: m(lang, `permits.grade.${g}`) }))} />
            </Form.Item>
          )}
        </Space>
        {type === 'blind' && (
          <Space wrap>
            <Form.Item name="blindId" label={m(lang, 'permits.ui.blindId')} rules={[{ required: true }]}>
              <Input style={{ width: 160 }} maxLength={64} />
            </Form.Item>
            <Form.Item name="blindAction" label={m(lang, 'permits.ui.blindAction')} initialValue="insert">
              <Select
                style={{ width: 120 }}
                options={(['insert', 'remove'] as const).map((a) => ({ value: a, label: m(lang, `permits.ui.blind.${a}`) }))}
              />
            </Form.Item>
            <Form.Item name="line" label={m(lang, 'permits.ui.line')}>
              <Input style={{ width: 160 }} maxLength={100} data-testid="permit-apply-line" />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="content" label={m(lang, 'permits.ui.content')} rules={[{ required: true }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item name="location" label={m(lang, 'permits.ui.location')} rules={[{ required: true }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="time" label={m(lang, 'permits.ui.time')} rules={[{ required: true }]}>
          <DatePicker.RangePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        {check && !check.ok && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={check.violations.map((x) => m(lang, x.code)).join('；')} data-testid="permit-apply-check" />}
        {check?.effectiveGrade && <Alert type="info" style={{ marginBottom: 12 }} message={`${m(lang, 'permits.ui.effectiveGrade')}: ${m(lang, `permits.grade.${check.effectiveGrade}`)}`} />}
        <Form.Item name="workers" label={m(lang, 'permits.ui.workers')} rules={[{ required: true }]}>
          <Select mode="tags" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="guardianTag" label={m(lang, 'permits.ui.guardianTag')}>
            <Input style={{ width: 200 }} maxLength={64} />
          </Form.Item>
          <Form.Item name="radiusM" label="m">
            <InputNumber min={5} max={500} />
          </Form.Item>
        </Space>
        <Card size="small" title={m(lang, 'permits.ui.signers')} style={{ marginBottom: 12 }}>
          <Space wrap>
            {signerSteps(type).map((step) => (
              <Form.Item key={step} name={['signers', step]} label={m(lang, `permits.step.${step}`)} rules={[{ required: true }]}>
                <Select style={{ width: 200 }} options={options} showSearch optionFilterProp="label" />
              </Form.Item>
            ))}
          </Space>
        </Card>
        <Form.Item label={m(lang, 'permits.ui.signature')} required>
          <SignaturePad onChange={setSignature} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /SafetyWorkPermit/WorkingBillSafety: the permits, those waiting for my signature first, and the application. */
export function PermitsPage() {
  const lang = useLang();
  const [mine, setMine] = useState(false);
  const [page, setPage] = useState(1);
  const [applying, setApplying] = useState(false);
  const list = useLoad(useCallback((signal: AbortSignal) => api(permitList, { page, pageSize: 20, mine }, { signal }), [page, mine]));
  useTopic('permits.live', () => list.reload());

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        <Segmented
          value={mine ? 'mine' : 'all'}
          onChange={(v) => {
            setMine(v === 'mine');
            setPage(1);
          }}
          options={[
            { value: 'all', label: m(lang, 'permits.ui.all') },
            { value: 'mine', label: m(lang, 'permits.ui.mine') },
          ]}
        />
        <Button type="primary" onClick={() => setApplying(true)} data-testid="permit-apply">
          {m(lang, 'permits.ui.apply')}
        </Button>
      </Space>
      <Table<PermitItem>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, total: list.data?.total ?? 0, pageSize: 20, onChange: setPage }}
        onRow={(r) => ({ onClick: () => navigateTo(`${DETAIL}?id=${r.id}`), style: { cursor: 'pointer' }, 'data-testid': `permit-row-${r.id}` }) as never}
        columns={[
          { title: m(lang, 'permits.ui.number'), dataIndex: 'number' },
          { title: m(lang, 'permits.ui.type'), render: (_, r) => typeLabel(lang, r) },
          { title: m(lang, 'permits.ui.status'), render: (_, r) => <Tag color={statusColor[r.status]}>{m(lang, `permits.status.${r.status}`)}</Tag> },
          { title: m(lang, 'permits.ui.waitingFor'), render: (_, r) => (r.currentStep ? `${m(lang, `permits.step.${r.currentStep}`)} · ${r.currentSignerName ?? ''}` : '') },
          { title: m(lang, 'permits.ui.content'), dataIndex: 'content', ellipsis: true },
          { title: m(lang, 'permits.ui.location'), dataIndex: 'location' },
          { title: m(lang, 'permits.ui.time'), render: (_, r) => `${formatDate(r.start, 'MM-DD HH:mm')} – ${formatDate(r.end, 'MM-DD HH:mm')}` },
        ]}
      />
      <ApplyModal
        open={applying}
        onClose={() => setApplying(false)}
        onDone={(p) => {
          setApplying(false);
          navigateTo(`${DETAIL}?id=${p.id}`);
        }}
      />
    </Space>
  );
}
