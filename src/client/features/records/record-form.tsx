import { Button, Form, Space, message } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordContracts, RecordItem } from '../../../shared/contracts/records';
import { fieldSchema } from '../../../shared/records/validator';
import type { RecordDefinition } from '../../../shared/records/definition';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { isValidationError, showSaveError, zodRule } from '../../ui/form-rules';
import { FieldInput } from './field-input';
import { recordsNs } from './locales';
import type { Pickers } from './use-ledger';

interface Props {
  def: RecordDefinition;
  calls: RecordContracts;
  pickers: Pickers;
  /** The record being edited; absent for a new one. */
  record?: RecordItem;
  fileNames?: Record<number, string>;
  onSaved: (r: RecordItem) => void;
  onCancel: () => void;
}

/**
 * The antd form of a ledger, built from its definition, with the server's own
 * rules per field (the shared validator); errors the server names in
 * `controls` (unique values, scope, conflict) land on their fields.
 */
export function RecordForm({ def, calls, pickers, record, fileNames, onSaved, onCancel }: Props) {
  const { t } = useTranslation(recordsNs);
  const lang = useLang();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const [msg, holder] = message.useMessage();
  const fields = def.fields.filter((f) => !f.readOnly);
  // A new form starts empty every time: it never inherits another record's values (issue 7, the tag page defect).
  const initial = useMemo(() => (record ? Object.fromEntries(fields.map((f) => [f.key, record[f.key] ?? undefined])) : {}), [record, fields]);

  const handleSave = async () => {
    try {
      const values = await form.validateFields();
      setSaving(true);
      const saved = await api(calls.save, { ...values, ...(record ? { id: record.id, version: record.version } : {}) }, { silent: true });
      void msg.success(t('saved'));
      onSaved(saved);
    } catch (err) {
      if (!isValidationError(err)) {
        showSaveError(err, { form, fields: [...fields.map((f) => f.key)], message: msg, lang });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} data-testid="record-form" key={record ? `${record.id}-${record.version}` : 'new'}>
      {holder}
      {fields.map((f) => (
        <Form.Item
          key={f.key}
          name={f.key}
          label={pick(lang, f.label.zh, f.label.en)}
          required={f.required}
          rules={[{ required: f.required, message: t('required') }, zodRule(fieldSchema(f), lang)]}
        >
          <FieldInput field={f} lang={lang} pickers={pickers} fileNames={fileNames} />
        </Form.Item>
      ))}
      <Space>
        <Button type="primary" loading={saving} onClick={() => void handleSave()} data-testid="record-save">
          {t('save')}
        </Button>
        <Button onClick={onCancel}>{t('cancel')}</Button>
      </Space>
    </Form>
  );
}
