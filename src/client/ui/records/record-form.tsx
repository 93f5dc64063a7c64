import { Button, Form, Space, message } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordContracts, RecordItem } from '../../../shared/records/contracts';
import type { RecordDefinition } from '../../../shared/records/definition';
import { recordValuesSchema, signedKeys, writableFields } from '../../../shared/records/validator';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { isValidationError, showIssues, showSaveError } from '../form-rules';
import { DefinitionForm, type FormValues } from './definition-form';
import type { Pickers } from './use-pickers';
import { recordsNs } from './ledger-locales';

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
 * A ledger's form: its definition's fields with the server's rules, the
 * cross-field rules before anything is sent, and errors the server names in
 * `controls` (unique values, scope, conflict) on their fields.
 */
export function RecordForm({ def, calls, pickers, record, fileNames, onSaved, onCancel }: Props) {
  const { t } = useTranslation(recordsNs);
  const lang = useLang();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [msg, holder] = message.useMessage();
  const keys = useMemo(() => writableFields(def.fields).map((f) => f.key), [def]);
  // A new form starts empty every time: it never inherits another record's values.
  const initial = useMemo(() => (record ? Object.fromEntries(keys.map((k) => [k, record[k] ?? undefined])) : {}), [record, keys]);
  // What a signature attests is shown but not editable (the server refuses a change with records.signedFieldLocked).
  const locked = useMemo(() => (record ? [...signedKeys(def, record)] : []), [def, record]);

  const handleSave = async () => {
    try {
      const values = await form.validateFields();
      // Each field's own rules ran above; what is left is the cross-field rule (end not before start).
      const checked = recordValuesSchema(def).safeParse(values, { reportInput: true });
      const cross = checked.success ? [] : checked.error.issues.filter((i) => i.message === 'records.notBefore');
      if (cross.length) {
        showIssues(form, cross, keys, lang);
        return;
      }
      setSaving(true);
      const saved = await api(calls.save, { ...values, ...(record ? { id: record.id, version: record.version } : {}) }, { silent: true });
      void msg.success(t('saved'));
      onSaved(saved);
    } catch (err) {
      if (!isValidationError(err)) {
        showSaveError(err, { form, fields: keys, message: msg, lang });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <DefinitionForm key={record ? `${record.id}-${record.version}` : 'new'} fields={def.fields} form={form} initialValues={initial} pickers={pickers} fileNames={fileNames} disabled={locked} testId="record-form">
      {holder}
      <Space>
        <Button type="primary" loading={saving} onClick={() => void handleSave()} data-testid="record-save">
          {t('save')}
        </Button>
        <Button onClick={onCancel}>{t('cancel')}</Button>
      </Space>
    </DefinitionForm>
  );
}
