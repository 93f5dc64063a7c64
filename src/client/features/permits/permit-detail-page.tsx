import { Alert, Button, Card, Descriptions, Empty, Form, Input, InputNumber, Modal, Select, Space, Steps, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  finishResults,
  permitComplete,
  permitDetailCall,
  permitGasAdd,
  permitPdf,
  permitReject,
  permitResume,
  permitSign,
  permitStart,
  permitVoid,
  type GasSampleItem,
  type PermitDetail,
} from '../../../shared/permits/contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { feedback } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { navigateTo } from '../../app/navigation';
import { useSession } from '../../app/session-store';
import { useTopic } from '../../stream/use-topic';
import { authorised, envelopeOf, save } from '../../ui/file-transfer';
import { useLoad } from '../../ui/use-load';
import { m, reasonText, statusColor, typeLabel } from './permit-labels';
import { PermitFormModal } from './permit-form';
import { SignaturePad } from './signature-pad';

/** Asks for the reason of a rejection or a voiding, then runs it. */
function ReasonButton({ label, testId, danger, onReason }: { label: string; testId: string; danger?: boolean; onReason: (reason: string) => Promise<void> }) {
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const handleOk = async () => {
    setBusy(true);
    try {
      await onReason(reason);
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button danger={danger} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
      <Modal
        open={open}
        title={label}
        onCancel={() => setOpen(false)}
        onOk={() => void handleOk()}
        okButtonProps={{ disabled: reason.trim() === '', 'data-testid': `${testId}-ok` }}
        confirmLoading={busy}
        okText={label}
        cancelText={m(lang, 'permits.ui.cancel')}
        destroyOnHidden
      >
        <Input.TextArea rows={3} maxLength={500} placeholder={m(lang, 'permits.ui.reason')} value={reason} onChange={(e) => setReason(e.target.value)} data-testid={`${testId}-reason`} />
      </Modal>
    </>
  );
}

/** The signature box of the step waiting for me, or of the guardian's resumption. */
function SignBox({ title, button, testId, onSign }: { title: string; button: string; testId: string; onSign: (png: string) => Promise<void> }) {
  const lang = useLang();
  const [png, setPng] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const handleSign = async () => {
    if (!png) {
      feedback.message.error(m(lang, 'permits.signFirst'));
      return;
    }
    setBusy(true);
    try {
      await onSign(png);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={title} data-testid={`${testId}-box`}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <SignaturePad onChange={setPng} testId={`${testId}-pad`} />
        <Button type="primary" loading={busy} onClick={() => void handleSign()} data-testid={testId}>
          {button}
        </Button>
      </Space>
    </Card>
  );
}

function GasCard({ d, onChanged }: { d: PermitDetail; onChanged: (next: PermitDetail) => void }) {
  const lang = useLang();
  const [form] = Form.useForm<{ lel?: number; reading?: number; o2?: number }>();
  const open = ['signing', 'approved', 'active', 'suspended'].includes(d.permit.status);
  const handleAdd = async () => {
    const v = form.getFieldsValue();
    onChanged(await api(permitGasAdd, { id: d.permit.id, ...(v.lel ? { lel: v.lel } : {}), ...(v.reading !== undefined && v.reading !== null ? { reading: v.reading } : {}), ...(v.o2 ? { o2: v.o2 } : {}) }));
    form.resetFields();
  };
  return (
    <Card size="small" title={m(lang, 'permits.ui.gas')}>
      <Table<GasSampleItem>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={d.gas}
        data-testid="permit-gas"
        columns={[
          { title: m(lang, 'permits.ui.sampleTime'), render: (_, g) => formatDate(g.t, 'MM-DD HH:mm:ss') },
          { title: m(lang, 'permits.ui.lel'), dataIndex: 'lel' },
          { title: m(lang, 'permits.ui.reading'), render: (_, g) => (g.reading === null ? '' : `${g.reading} ${g.unit ?? '%vol'}`) },
          { title: m(lang, 'permits.ui.o2'), dataIndex: 'o2' },
          { title: m(lang, 'permits.ui.analyst'), dataIndex: 'analyst' },
        ]}
      />
      {open && (
        <Form form={form} layout="inline" style={{ marginTop: 8, rowGap: 8 }} initialValues={{ lel: 5 }}>
          <Form.Item name="lel" label={m(lang, 'permits.ui.lel')}>
            <InputNumber min={0.1} max={100} step={0.1} data-testid="gas-lel" />
          </Form.Item>
          <Form.Item name="reading" label={m(lang, 'permits.ui.reading')}>
            <InputNumber min={0} step={0.01} data-testid="gas-reading" />
          </Form.Item>
          <Form.Item name="o2" label={m(lang, 'permits.ui.o2')}>
            <InputNumber min={0} max={100} step={0.1} data-testid="gas-o2" />
          </Form.Item>
          <Button onClick={() => void handleAdd()} data-testid="gas-add">
            {m(lang, 'permits.ui.addGas')}
          </Button>
        </Form>
      )}
    </Card>
  );
}

/** /SafetyWorkPermit/WorkingBillDetail?id=: a permit, its statutory steps and signatures, its gas analysis and what may happen next. */
export function PermitDetailPage() {
  const lang = useLang();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const me = useSession((s) => s.user?.userid ?? 0);
  const admin = useSession((s) => s.user?.roles?.includes('admin') ?? false);
  const [editing, setEditing] = useState(false);
  const [override, setOverride] = useState<PermitDetail | null>(null);
  const [finish, setFinish] = useState<(typeof finishResults)[number]>('done');
  const loaded = useLoad(
    useCallback(
      async (signal: AbortSignal) => {
        const d = await api(permitDetailCall, { id }, { signal });
        setOverride(null);
        return d;
      },
      [id],
    ),
  );
  useTopic('permits.live', (items) => {
    if (items.some((i) => i.id === id)) {
      loaded.reload();
    }
  });
  const d = override ?? loaded.data;
  if (!d) {
    return loaded.loading ? null : <Empty />;
  }
  const p = d.permit;
  const done = (next: PermitDetail) => {
    setOverride(next);
    feedback.message.success(m(lang, 'permits.ui.done'));
  };
  const current = d.steps.findIndex((s) => s.code === p.currentStep && s.signedAt === null);
  const handlePdf = async () => {
    const res = await authorised(`${permitPdf.path}?id=${id}`, { method: 'GET' });
    if (!res.ok) {
      await envelopeOf(res);
    }
    save(await res.blob(), `${p.number}.pdf`);
  };
  const mineToEdit = p.applicantId === me && (p.status === 'draft' || p.status === 'rejected');
  const canVoid = (p.applicantId === me || admin) && ['draft', 'rejected', 'signing', 'approved'].includes(p.status);
  const canReject = p.status === 'signing' && p.currentSignerId === me;
  const canStart = p.status === 'approved';
  const canComplete = p.status === 'active' || p.status === 'suspended';

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="permit-detail" data-status={p.status}>
      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={m(lang, 'permits.ui.number')}>{p.number}</Descriptions.Item>
          <Descriptions.Item label={m(lang, 'permits.ui.type')}>{typeLabel(lang, p)}</Descriptions.Item>
          <Descriptions.Item label={m(lang, 'permits.ui.status')}>
            <Tag color={statusColor[p.status]} data-testid="permit-status">
              {m(lang, `permits.status.${p.status}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={m(lang, 'permits.ui.content')}>{p.content}</Descriptions.Item>
          <Descriptions.Item label={m(lang, 'permits.ui.location')}>{p.location}</Descriptions.Item>
          <Descriptions.Item label={m(lang, 'permits.ui.time')}>{`${formatDate(p.start, 'MM-DD HH:mm')} – ${formatDate(p.end, 'MM-DD HH:mm')}`}</Descriptions.Item>
          <Descriptions.Item label={m(lang, 'permits.ui.applicant')}>{p.applicantName}</Descriptions.Item>
          <Descriptions.Item label={m(lang, 'permits.step.guardian')}>{p.guardianName}</Descriptions.Item>
          <Descriptions.Item label={m(lang, 'permits.ui.workers')}>
            {p.workers.map((w) => {
              const special = p.specialWorkers.find((s) => s.name === w);
              return (
                <Tag key={w} color={special ? 'blue' : undefined}>
                  {special ? `${w} · ${m(lang, `permits.role.${special.role}`)}` : w}
                </Tag>
              );
            })}
          </Descriptions.Item>
          <Descriptions.Item label="JSA">
            <Space wrap size={4} data-testid="permit-jsas">
              {d.jsas.length === 0
                ? '—'
                : d.jsas.map((j) => (
                    <Tag key={j.id} color={j.status === 4 ? 'green' : 'blue'} style={{ cursor: 'pointer' }} onClick={() => navigateTo(`/JSA/JSADetail?id=${j.id}`)}>
                      {j.number} · {j.title}
                    </Tag>
                  ))}
            </Space>
          </Descriptions.Item>
        </Descriptions>
        <Button size="small" onClick={() => void handlePdf()} data-testid="permit-pdf">
          A4 PDF
        </Button>
        {(p.status === 'rejected' || p.status === 'voided') && p.statusReason && (
          <Alert
            type={p.status === 'rejected' ? 'warning' : 'info'}
            showIcon
            style={{ marginTop: 8 }}
            message={m(lang, p.status === 'rejected' ? 'permits.ui.rejectedBecause' : 'permits.ui.voidedBecause', { reason: p.statusReason })}
            data-testid="permit-status-reason"
          />
        )}
        {p.status === 'suspended' && p.suspendReason && (
          <Alert type="error" showIcon message={m(lang, 'permits.ui.suspended', { reason: reasonText(lang, p.suspendReason) })} data-testid="permit-suspended" />
        )}
      </Card>

      <Alert
        type={d.check.ok ? 'success' : 'warning'}
        showIcon
        data-testid="permit-check"
        message={d.check.ok ? m(lang, 'permits.ui.checkOk') : `${m(lang, 'permits.ui.checkNow')}: ${d.check.violations.map((v) => m(lang, v.code)).join('；')}`}
      />

      {(mineToEdit || canVoid || canReject) && (
        <Space wrap>
          {mineToEdit && (
            <Button type="primary" onClick={() => setEditing(true)} data-testid="permit-edit">
              {m(lang, 'permits.ui.edit')}
            </Button>
          )}
          {canReject && <ReasonButton label={m(lang, 'permits.ui.reject')} testId="permit-reject" danger onReason={async (reason) => done(await api(permitReject, { id, reason }))} />}
          {canVoid && <ReasonButton label={m(lang, 'permits.ui.void')} testId="permit-void" danger onReason={async (reason) => done(await api(permitVoid, { id, reason }))} />}
        </Space>
      )}
      {editing && (
        <PermitFormModal
          open
          editing={d}
          onClose={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            loaded.reload();
            feedback.message.success(m(lang, 'permits.ui.done'));
          }}
        />
      )}

      {p.currentSignerId === me && p.currentStep && (
        <SignBox
          title={m(lang, 'permits.ui.yourTurn', { step: m(lang, `permits.step.${p.currentStep}`) })}
          button={m(lang, 'permits.ui.sign')}
          testId="permit-sign"
          onSign={async (png) => done(await api(permitSign, { id, step: p.currentStep!, signature: png }))}
        />
      )}
      {p.status === 'suspended' && p.guardianName && d.steps.some((s) => s.code === 'guardian' && s.signerId === me) && (
        <SignBox title={m(lang, 'permits.ui.resumeWork')} button={m(lang, 'permits.ui.resumeWork')} testId="permit-resume" onSign={async (png) => done(await api(permitResume, { id, signature: png }))} />
      )}
      {(canStart || canComplete) && (
        <Space wrap>
          {canStart && (
            <Button type="primary" data-testid="permit-start" onClick={() => void api(permitStart, { id }).then(done)}>
              {m(lang, 'permits.ui.startWork')}
            </Button>
          )}
          {canComplete && (
            <>
              <Select value={finish} onChange={setFinish} style={{ width: 200 }} options={finishResults.map((r) => ({ value: r, label: m(lang, `permits.finish.${r}`) }))} />
              <Button data-testid="permit-complete" onClick={() => void api(permitComplete, { id, result: finish }).then(done)}>
                {m(lang, 'permits.ui.complete')}
              </Button>
            </>
          )}
        </Space>
      )}

      <Card size="small" title={m(lang, 'permits.ui.steps')}>
        <Steps
          direction="vertical"
          size="small"
          current={current < 0 ? d.steps.length : current}
          data-testid="permit-steps"
          items={d.steps.map((s) => ({
            title: m(lang, `permits.step.${s.code}`),
            status: s.signedAt !== null ? 'finish' : s.code === p.currentStep ? 'process' : 'wait',
            description: (
              <Space wrap size={8} data-testid={`step-${s.code}`} data-signed={s.signedAt !== null ? '1' : '0'}>
                <span>{s.signerName}</span>
                {s.signedAt !== null && <span>{formatDate(s.signedAt, 'MM-DD HH:mm:ss')}</span>}
                {s.signature && <img src={s.signature} alt={m(lang, 'permits.ui.signature')} style={{ height: 32, border: '1px solid #eee', background: '#fff' }} />}
              </Space>
            ),
          }))}
        />
      </Card>

      <GasCard d={d} onChanged={setOverride} />

      <Card size="small" title={m(lang, 'permits.ui.history')}>
        <Space direction="vertical" size={2}>
          {d.events.map((e, i) => (
            <span key={i}>
              {formatDate(e.at, 'MM-DD HH:mm:ss')} · {e.by} · {e.action}
            </span>
          ))}
        </Space>
      </Card>
    </Space>
  );
}
