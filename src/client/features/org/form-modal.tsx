import { Form, Modal, message, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/i18n';
import { isValidationError, showSaveError } from '../../ui/form-rules';
import { orgNs } from './locales';

export interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  initialValues?: Partial<V>;
  /** Form field names, for putting a server error's `controls` on the right field. */
  fields: readonly (keyof V & string)[];
  /** Contract field name → form field name, where they differ. */
  fieldNames?: Record<string, string>;
  /** Saves the values; a rejection with an ApiError is shown on the form. */
  onSubmit: (values: V) => Promise<void>;
  onClose: () => void;
  onValuesChange?: (changed: Partial<V>, form: FormInstance<V>) => void;
  width?: number;
  children: ReactNode;
}

/**
 * A dialog with one antd form. Give it a new `key` each time it opens: every
 * opening then gets a fresh form instance with its own initial values, and the
 * closing animation of the previous one cannot wipe them.
 */
export function FormModal<V extends object>({
  open,
  title,
  initialValues,
  fields,
  fieldNames,
  onSubmit,
  onClose,
  onValuesChange,
  width,
  children,
}: FormModalProps<V>) {
  const { t } = useTranslation(orgNs);
  const lang = useLang();
  const [form] = Form.useForm<V>();
  const [messageApi, messageHolder] = message.useMessage();
  const [saving, setSaving] = useState(false);

  const handleOk = async () => {
    if (saving) {
      return;
    }
    try {
      const values = await form.validateFields();
      setSaving(true);
      await onSubmit(values);
      onClose();
    } catch (err) {
      if (!isValidationError(err)) {
        showSaveError(err, { form, fields, fieldNames, message: messageApi, lang });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={title} okText={t('common.save')} confirmLoading={saving} onOk={handleOk} onCancel={onClose} width={width}>
      {messageHolder}
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={onValuesChange ? (changed: Partial<V>) => onValuesChange(changed, form) : undefined}
      >
        {children}
      </Form>
    </Modal>
  );
}
