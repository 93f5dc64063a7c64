import { Form, Modal, message, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { useLang } from '../app/i18n';
import { isValidationError, showIssues, showSaveError } from './form-rules';

export interface FormModalProps<V> {
  open: boolean;
  title: ReactNode;
  okText: ReactNode;
  initialValues?: Partial<V>;
  /** Form field names, for putting a server error's `controls` and a schema's issues on the right field. */
  fields: readonly (keyof V & string)[];
  /** Contract field name → form field name, where they differ. */
  fieldNames?: Record<string, string>;
  /**
   * Saves the values. Issues it returns (the contract's schema over the
   * payload, checked before sending) are shown on their fields and the
   * dialog stays open; a rejection with an ApiError is shown on the form.
   */
  onSubmit: (values: V) => Promise<void | readonly z.core.$ZodIssue[]>;
  onClose: () => void;
  onValuesChange?: (changed: Partial<V>, form: FormInstance<V>) => void;
  width?: number;
  okTestId?: string;
  formTestId?: string;
  children: ReactNode;
}

/**
 * A dialog with one antd form. Give it a new `key` each time it opens: every
 * opening then gets a fresh form instance with its own initial values (a
 * reused instance merges its leftover values over them), and the closing
 * animation of the previous one cannot wipe them.
 */
export function FormModal<V extends object>({
  open,
  title,
  okText,
  initialValues,
  fields,
  fieldNames = {},
  onSubmit,
  onClose,
  onValuesChange,
  width,
  okTestId,
  formTestId,
  children,
}: FormModalProps<V>) {
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
      const issues = await onSubmit(values);
      if (issues?.length) {
        const named = issues.map((i) => ({ ...i, path: [fieldNames[String(i.path[0])] ?? String(i.path[0]), ...i.path.slice(1)] }));
        showIssues(form, named, fields, lang);
        return;
      }
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
    <Modal
      open={open}
      title={title}
      okText={okText}
      confirmLoading={saving}
      onOk={() => void handleOk()}
      onCancel={onClose}
      width={width}
      okButtonProps={okTestId ? { 'data-testid': okTestId } : undefined}
    >
      {messageHolder}
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        data-testid={formTestId}
        onValuesChange={onValuesChange ? (changed: Partial<V>) => onValuesChange(changed, form) : undefined}
      >
        {children}
      </Form>
    </Modal>
  );
}
