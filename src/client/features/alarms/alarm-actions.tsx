import { Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmRemoveFromService, alarmReturnToService, type AlarmRef } from '../../../shared/alarms/settings-contracts';
import { alarmAcknowledge, alarmShelve, alarmUnshelve, MAX_SHELVE_MINUTES } from '../../../shared/alarms/contracts';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { submitForm } from '../../ui/form-rules';
import { alarmsNs } from './locales';

/** What the user may do with alarms (the server checks again). */
export function useAlarmRights(): { ack: boolean; shelve: boolean; admin: boolean } {
  const perms = useSession((s) => s.user?.permissions);
  return { ack: perms?.includes('alarm:ack') ?? false, shelve: perms?.includes('alarm:shelve') ?? false, admin: perms?.includes('alarm:admin') ?? false };
}

/** Acknowledges at once (one tap on a phone, one click at the big screen); the server answers which it acknowledged. */
export async function acknowledge(ids: number[], comment?: string): Promise<number> {
  const { acknowledged } = await api(alarmAcknowledge, { ids, comment });
  return acknowledged.length;
}

export async function unshelve(ids: number[]): Promise<number> {
  const { unshelved } = await api(alarmUnshelve, { ids });
  return unshelved.length;
}

/** Open occurrences (the live list) or tags' alarms (the setting ledger): out of service is kept on the alarm either way. */
export interface ServiceTarget {
  ids?: number[];
  alarms?: AlarmRef[];
}

/** Returns alarms to service; answers how many alarms and occurrences it returned. */
export async function returnToService(target: ServiceTarget): Promise<number> {
  const { returned, alarms } = await api(alarmReturnToService, target);
  return Math.max(returned.length, alarms.length);
}

/** Removing alarms from service: a required reason (ISA-18.2 §11.9), permission alarm:admin. */
export function OutOfServiceDialog({ target, open, onClose }: { target: ServiceTarget; open: boolean; onClose: (done: boolean) => void }) {
  const { t } = useTranslation(alarmsNs);
  const lang = useLang();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const submit = () =>
    submitForm(form, { fields: ['reason'], lang, setSaving }, async (values) => {
      const { removed, alarms } = await api(alarmRemoveFromService, { ...target, reason: values.reason }, { silent: true });
      notify(t('oos.done', { n: Math.max(removed.length, alarms.length) }));
      form.resetFields();
      onClose(true);
    });
  return (
    <Modal open={open} title={t('oos.title')} okText={t('oos.remove')} confirmLoading={saving} onOk={() => void submit()} onCancel={() => onClose(false)} destroyOnHidden data-testid="oos-dialog">
      <Form form={form} layout="vertical" initialValues={{ reason: '' }}>
        <Form.Item name="reason" label={t('oos.reason')} rules={[{ required: true, whitespace: true, message: t('oos.reasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={500} data-testid="oos-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const DURATIONS = [1, 5, 15, 30, 60, 120, 240, MAX_SHELVE_MINUTES];

interface ShelveValues {
  minutes: number;
  kind: 'timed' | 'oneShot';
  reason: string;
}

/** The shelve dialog: duration up to the maximum, kind, and a required reason. */
export function ShelveDialog({ ids, open, onClose }: { ids: number[]; open: boolean; onClose: (done: boolean) => void }) {
  const { t } = useTranslation(alarmsNs);
  const lang = useLang();
  const [form] = Form.useForm<ShelveValues>();
  const [saving, setSaving] = useState(false);
  const submit = () =>
    submitForm(form, { fields: ['minutes', 'kind', 'reason'], lang, setSaving }, async (values) => {
      const { shelved } = await api(alarmShelve, { ids, ...values }, { silent: true });
      notify(t('shelve.done', { n: shelved.length }));
      form.resetFields();
      onClose(true);
    });
  return (
    <Modal
      open={open}
      title={t('shelve.title')}
      okText={t('action.shelve')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
      data-testid="shelve-dialog"
    >
      <Form form={form} layout="vertical" initialValues={{ minutes: 30, kind: 'timed', reason: '' }}>
        <Form.Item name="minutes" label={t('shelve.minutes')} rules={[{ required: true }]}>
          <Select
            data-testid="shelve-minutes"
            options={DURATIONS.map((m) => ({ value: m, label: m < 60 ? t('shelve.minutesOption', { n: m }) : t('shelve.hoursOption', { n: m / 60 }) }))}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('shelve.kind')}>
          <Radio.Group
            options={[
              { value: 'timed', label: t('shelve.timed') },
              { value: 'oneShot', label: t('shelve.oneShot') },
            ]}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('shelve.reason')} rules={[{ required: true, whitespace: true, message: t('shelve.reasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={500} data-testid="shelve-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The acknowledge dialog with an optional comment, for acknowledging a selection. */
export function AckDialog({ ids, open, onClose }: { ids: number[]; open: boolean; onClose: (done: boolean) => void }) {
  const { t } = useTranslation(alarmsNs);
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    try {
      const n = await acknowledge(ids, comment.trim() || undefined);
      notify(t('ack.done', { n }));
      setComment('');
      onClose(true);
    } catch {
      // api() has shown the refusal in the user's language.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={t('ack.title')} okText={t('action.ack')} confirmLoading={saving} onOk={() => void submit()} onCancel={() => onClose(false)} destroyOnHidden>
      <Input.TextArea rows={3} maxLength={500} placeholder={t('ack.comment')} value={comment} onChange={(e) => setComment(e.target.value)} data-testid="ack-comment" />
    </Modal>
  );
}
