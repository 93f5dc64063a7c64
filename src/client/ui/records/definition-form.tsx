import { Col, Form, Row, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { renderMessage } from '../../../shared/messages/catalog';
import type { FieldDef } from '../../../shared/records/definition';
import { fieldSchema, writableFields, type Dictionaries } from '../../../shared/records/validator';
import { pick, useLang } from '../../app/i18n';
import { zodRule } from '../form-rules';
import { FieldInput } from './field-input';
import { noPickers, type Pickers } from './use-pickers';

export type FormValues = Record<string, unknown>;

/** No choices: for a form whose department, region and person fields all have their own inputs. */

interface FieldsProps {
  fields: readonly FieldDef[];
  /** Choices of department, region and person fields (`usePickers`). */
  pickers?: Pickers;
  /** Data-dictionary enumerations; the pickers' by default. */
  dictionaries?: Dictionaries;
  fileNames?: Record<number, string>;
  /** Inputs a page supplies itself (a tree of classes); such a field keeps only its required rule here, the page's schema checks the rest. */
  inputs?: Partial<Record<string, ReactNode>>;
  /** Fields shown but not editable (the id of an existing tag). */
  disabled?: readonly string[];
  /** A hint under a field. */
  extra?: Partial<Record<string, ReactNode>>;
  /** Fields side by side on a wide screen; always one column on a phone. */
  columns?: 1 | 2 | 3 | 4;
  /** Width of some fields on a wide screen, in 24ths (four limits in one row). */
  spans?: Partial<Record<string, number>>;
}

interface FormProps extends FieldsProps {
  /**
   * The caller's form. Create it in a component that mounts once per record
   * (keyed by it): antd merges a reused form's leftover values over new
   * initial values, which is how the old tag page showed a cancelled new
   * tag's defaults when a real tag was edited next.
   */
  form: FormInstance<FormValues>;
  initialValues: FormValues;
  testId?: string;
  children?: ReactNode;
}

/**
 * The form items of a definition's fields with the server's own rules per
 * field (the shared validator), in the user's language, for inside any antd
 * form. Cross-field rules and errors the server names in `controls` are put
 * on fields by the caller (`showIssues`, `showSaveError` in ui/form-rules).
 */
export function DefinitionFields({ fields, pickers = noPickers, dictionaries = pickers.dictionaries, fileNames, inputs = {}, disabled = [], extra = {}, columns = 1, spans = {} }: FieldsProps) {
  const lang = useLang();
  const span = 24 / columns;
  return (
    <Row gutter={16}>
      {writableFields(fields).map((f) => {
          const own = inputs[f.key];
          return (
            <Col key={f.key} xs={24} sm={spans[f.key] ?? span}>
              <Form.Item
                name={f.key}
                label={pick(lang, f.label.zh, f.label.en)}
                required={f.required}
                extra={extra[f.key]}
                rules={[{ required: f.required, message: renderMessage(lang, 'validation.required') }, ...(own ? [] : [zodRule(fieldSchema(f, dictionaries), lang)])]}
              >
                {own ?? <FieldInput field={f} lang={lang} pickers={pickers} fileNames={fileNames} disabled={disabled.includes(f.key)} dictionaries={dictionaries} />}
              </Form.Item>
            </Col>
          );
        })}
    </Row>
  );
}

/** A whole antd form of a definition's fields; `children` go below them (the buttons). */
export function DefinitionForm({ form, initialValues, testId, children, ...fields }: FormProps) {
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} data-testid={testId} requiredMark>
      <DefinitionFields {...fields} />
      {children}
    </Form>
  );
}
