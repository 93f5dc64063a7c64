import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { certificateKinds } from '../../../shared/certificates/ledger';
import { hotGradeCodes, permitTypeCodes, type HotGrade, type PermitType } from '../../../shared/domain/gb30871-input';
import { specialRoles, type SpecialRole } from '../../../shared/domain/permit-lifecycle';
import { permitApply, permitSaveDraft, permitSignerOptions, permitWorkerOptions, workingBillCheck, type PermitDetail, type WorkingBillCheckOutput } from '../../../shared/permits/contracts';
import type { PermitItem } from '../../../shared/permits/items';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { feedback } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { showSaveError } from '../../ui/form-rules';
import { useLoad } from '../../ui/use-load';
import { m } from './permit-labels';
import { SignaturePad } from './signature-pad';

/** The synthesis unit of the demo plant: where a new permit's zone starts (the map picks it later). */
const DEFAULT_ZONE = { lng: 118.80169, lat: 32.25577 };
/** Fields a refusal may name that the form shows. */
const FORM_FIELDS = ['type', 'grade', 'content', 'location', 'time', 'workers', 'guardianTag', 'radiusM', 'blindId', 'line'];
const FIELD_NAMES: Record<string, string> = { start: 'time', end: 'time', blinds: 'blindId' };

interface ApplyValues {
  type: PermitType;
  grade?: HotGrade;
  content: string;
  location: string;
  time: [Dayjs, Dayjs];
  workers: string[];
  /** The special job of each worker named for one (needs a valid certificate). */
  roles?: Record<string, SpecialRole | undefined>;
  guardianTag?: string;
  radiusM: number;
  /** Blind plate: one blind, one action, on a line. */
  blindId?: string;
  blindAction?: 'insert' | 'remove';
  line?: string;
  signers: Record<string, number | undefined>;
}

const signerSteps = (type: PermitType) => ['jsa', ...(type === 'hot' || type === 'confined' ? ['gas'] : []), 'measures', 'briefing', 'guardian', 'leader', 'unit', ...(type === 'hot' ? ['safetyDept'] : []), 'approver', ...(type === 'hot' ? ['shiftCheck'] : []), 'acceptance'];

function valuesOf(d: PermitDetail): Partial<ApplyValues> {
  const p = d.permit;
  const blind = d.form?.blinds?.[0];
  return {
    type: p.type,
    ...(p.grade ? { grade: p.grade } : {}),
    content: p.content,
    location: p.location,
    time: [dayjs(p.start), dayjs(p.end)],
    workers: p.workers,
    roles: Object.fromEntries(p.specialWorkers.map((w) => [w.name, w.role])),
    radiusM: p.radiusM,
    ...(p.guardianTag ? { guardianTag: p.guardianTag } : {}),
    ...(blind ? { blindId: blind.id, blindAction: blind.action } : {}),
    ...(d.form?.line ? { line: d.form.line } : {}),
    signers: d.form?.signers ?? {},
  };
}

/**
 * The permit form: a new application, or the applicant's draft or rejected
 * permit (`editing`) edited. Saved as a draft (no signature) or applied with
 * the applicant's signature; a refusal is shown on the field it names (a
 * worker without a valid certificate on the workers).
 */
export function PermitFormModal({ open, editing, onClose, onDone }: { open: boolean; editing?: PermitDetail; onClose: () => void; onDone: (p: PermitItem) => void }) {
  const lang = useLang();
  const [form] = Form.useForm<ApplyValues>();
  const [signature, setSignature] = useState<string | null>(null);
  const [check, setCheck] = useState<WorkingBillCheckOutput | null>(null);
  const [busy, setBusy] = useState(false);
  const type = Form.useWatch('type', form) ?? 'hot';
  const users = useLoad(useCallback((signal: AbortSignal) => api(permitSignerOptions, {}, { signal }), []));
  const options = (users.data?.items ?? []).map((u) => ({ value: u.userid, label: `${u.username} (${u.loginname})` }));
  const roster = useLoad(useCallback((signal: AbortSignal) => api(permitWorkerOptions, {}, { signal }), []));
  const workers: string[] = Form.useWatch('workers', form) ?? [];
  const certificatesOf = (name: string) => roster.data?.items.find((o) => o.name === name)?.certificates ?? [];

  const handleValues = (_: unknown, v: Partial<ApplyValues>) => {
    if (!v.type || !v.time?.[0] || !v.time[1]) {
      return;
    }
    api(workingBillCheck, { type: v.type, ...(v.type === 'hot' ? { grade: v.grade ?? '2' } : {}), start: v.time[0].valueOf(), end: v.time[1].valueOf(), gas: [{ t: v.time[0].valueOf(), reading: 0 }] }, { silent: true }).then(
      (r) => setCheck({ ...r, violations: r.violations.filter((x) => x.field !== 'gas') }),
      () => setCheck(null),
    );
  };

  const payload = (v: ApplyValues) => {
    const signers = Object.fromEntries(Object.entries(v.signers ?? {}).filter(([, id]) => id !== undefined && id !== null)) as Record<string, number>;
    const specialWorkers = (v.workers ?? []).flatMap((name) => (v.roles?.[name] ? [{ name, role: v.roles[name] }] : []));
    return {
      ...(editing ? { id: editing.permit.id } : {}),
      type: v.type,
      ...(v.type === 'hot' ? { grade: v.grade } : {}),
      content: v.content,
      location: v.location,
      ...(editing ? { lng: editing.permit.lng, lat: editing.permit.lat } : DEFAULT_ZONE),
      radiusM: v.radiusM,
      start: v.time[0].valueOf(),
      end: v.time[1].valueOf(),
      workers: v.workers ?? [],
      ...(specialWorkers.length ? { specialWorkers } : {}),
      ...(v.guardianTag ? { guardianTag: v.guardianTag } : {}),
      ...(v.type === 'blind' && v.blindId ? { blinds: [{ id: v.blindId, action: v.blindAction ?? 'insert' }] } : {}),
      ...(v.type === 'blind' && v.line ? { line: v.line } : {}),
      signers,
    };
  };

  const run = async (save: () => Promise<PermitItem & { warnings?: { message: string }[] }>) => {
    setBusy(true);
    try {
      const p = await save();
      // Conflicts that only warn (another blind job on the same line) are shown; the permit is applied for.
      p.warnings?.forEach((w) => void feedback.message.warning(w.message));
      onDone(p);
    } catch (err) {
      showSaveError(err, { form, fields: FORM_FIELDS, fieldNames: FIELD_NAMES, message: feedback.message, lang });
    } finally {
      setBusy(false);
    }
  };

  const handleDraft = async () => {
    // A draft needs what places it (type, content, place, time); signers and workers may come later.
    const v = { ...form.getFieldsValue(true), ...(await form.validateFields(['type', 'grade', 'content', 'location', 'time'])) } as ApplyValues;
    await run(() => api(permitSaveDraft, payload(v) as never, { silent: true }));
  };

  const handleOk = async () => {
    const v = await form.validateFields();
    if (!signature) {
      feedback.message.error(m(lang, 'permits.signFirst'));
      return;
    }
    await run(() => api(permitApply, { ...payload(v), signers: payload(v).signers as never, signature }, { silent: true }));
  };

  return (
    <Modal
      open={open}
      title={editing ? `${m(lang, 'permits.ui.edit')} ${editing.permit.number}` : m(lang, 'permits.ui.apply')}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onClose}>{m(lang, 'permits.ui.cancel')}</Button>
          <Button loading={busy} onClick={() => void handleDraft()} data-testid="permit-save-draft">
            {m(lang, 'permits.ui.saveDraft')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void handleOk()} data-testid="permit-submit">
            {m(lang, 'permits.ui.submit')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        onValuesChange={handleValues}
        initialValues={editing ? valuesOf(editing) : { type: 'hot', grade: '2', radiusM: 30, workers: [], time: [dayjs().add(10, 'minute'), dayjs().add(4, 'hour')] }}
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
          <Select
            mode="multiple"
            showSearch
            optionFilterProp="value"
            loading={roster.loading}
            data-testid="permit-apply-workers"
            options={(roster.data?.items ?? []).map((o) => ({ value: o.name, label: o.name }))}
          />
        </Form.Item>
        {workers.length > 0 && (
          <Card size="small" title={m(lang, 'permits.ui.specialWorkers')} style={{ marginBottom: 12 }}>
            {workers.map((name) => {
              const held = certificatesOf(name);
              return (
                <Space key={name} wrap style={{ marginBottom: 4 }} data-testid={`permit-worker-${name}`}>
                  <span style={{ minWidth: 100, display: 'inline-block' }}>{name}</span>
                  <Form.Item name={['roles', name]} noStyle>
                    <Select allowClear style={{ width: 200 }} placeholder={m(lang, 'permits.ui.role')} options={specialRoles.map((r) => ({ value: r, label: m(lang, `permits.role.${r}`) }))} />
                  </Form.Item>
                  {held.length === 0 ? (
                    <Tag>{m(lang, 'permits.ui.noCertificate')}</Tag>
                  ) : (
                    held.map((c) => (
                      <Tag key={`${c.kind}-${c.expiry}`} color={c.expiry + 86_400_000 > Date.now() ? 'green' : 'red'}>
                        {certificateKinds.find((k) => k.value === c.kind)?.label[lang] ?? c.kind} · {formatDate(c.expiry, 'YYYY-MM-DD')}
                      </Tag>
                    ))
                  )}
                </Space>
              );
            })}
          </Card>
        )}
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

