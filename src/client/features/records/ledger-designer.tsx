import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Modal, Select, Space, message } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { definitionSave } from '../../../shared/records/contracts';
import {
  fieldTypes,
  OPTION_TYPES,
  TABLE_COLUMN_TYPES,
  type LinkRef,
  type RecordDefinition,
  type RecordDefinitionInput,
} from '../../../shared/records/definition';
import { fieldTypeInfo, UNAVAILABLE_TYPES } from '../../../shared/records/field-catalogue';
import { workflowOfSteps } from '../../../shared/records/flow-library';
import { flowBusinessRelationAdd, flowLibrarySearch } from '../../../shared/records/flow-library-contracts';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { isValidationError, showSaveError } from '../../ui/form-rules';
import { useLoad } from '../../ui/use-load';
import { recordsNs } from '../../ui/records/ledger-locales';
import type { Pickers } from '../../ui/records/use-pickers';

/** A column of a table field: its own key, type, label, options and whether a cell must be filled. */
interface DesignColumn {
  key: string;
  type: number;
  labelZh: string;
  labelEn?: string;
  required?: boolean;
  options?: string;
}
interface DesignField {
  /** Table (type 12): its columns. */
  columns?: DesignColumn[];
  key: string;
  type: number;
  labelZh: string;
  labelEn?: string;
  required?: boolean;
  unique?: boolean;
  options?: string;
  /** A data-dictionary code the enumeration takes its choices from, in place of `options`. */
  dictionary?: string;
  /** Link (type 100): the entity of the ledger whose record the field holds. */
  ref?: string;
}
interface Design {
  entity: string;
  area: string;
  nameZh: string;
  nameEn?: string;
  fields: DesignField[];
  steps?: { approver: number }[];
  /** A flow of the library to follow instead of the one-approver steps (bound once the ledger is saved). */
  flowId?: number;
  roles?: string[];
}

const ROLES = ['admin', 'supervisor', 'operator', 'inspector', 'contractor'];

/** A link to a ledger names its records by its title field (or first text field), and by `<that>_en` in English when the ledger has one. */
export function linkRefTo(target: RecordDefinition): LinkRef | undefined {
  const label = target.titleField ?? target.fields.find((f) => f.type === fieldTypes.text)?.key;
  if (!label) {
    return undefined;
  }
  const en = `${label}_en`;
  return { entity: target.entity, label, ...(target.fields.some((f) => f.key === en) ? { labelEn: en } : {}) };
}

/** The definition a design describes: fields, isolation by its first department and region fields, and an approval chain. `ledgers`: the ledgers a link field may name. */
export function definitionOf(d: Design, ledgers: RecordDefinition[] = []): RecordDefinitionInput {
  const refOfDesign = (entity: string | undefined) => {
    const target = ledgers.find((l) => l.entity === entity);
    const ref = target ? linkRefTo(target) : undefined;
    return ref ? { ref } : {};
  };
  const optionsOf = (text: string | undefined) =>
    (text ?? '')
      .split(/[;；]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => ({ value: s, label: { zh: s, en: s } }));
  const fields = d.fields.map((f) => ({
    key: f.key,
    type: f.type as RecordDefinitionInput['fields'][number]['type'],
    label: { zh: f.labelZh, en: f.labelEn ?? '' },
    required: Boolean(f.required),
    unique: Boolean(f.unique),
    ...(OPTION_TYPES.includes(f.type) ? (f.dictionary ? { dictionary: f.dictionary } : { options: optionsOf(f.options) }) : {}),
    ...(f.type === fieldTypes.link ? refOfDesign(f.ref) : {}),
    ...(f.type === fieldTypes.table
      ? {
          columns: (f.columns ?? []).map((c) => ({
            key: c.key,
            type: c.type as RecordDefinitionInput['fields'][number]['type'],
            label: { zh: c.labelZh, en: c.labelEn ?? '' },
            required: Boolean(c.required),
            ...(OPTION_TYPES.includes(c.type) ? { options: optionsOf(c.options) } : {}),
          })),
        }
      : {}),
  }));
  // A library flow gives the ledger its workflow when it is bound (FlowBusinessRelationAdd), not here.
  const steps = d.flowId ? [] : (d.steps ?? []);
  const dept = d.fields.find((f) => f.type === fieldTypes.dept)?.key;
  const region = d.fields.find((f) => f.type === fieldTypes.region)?.key;
  return {
    area: d.area,
    entity: d.entity,
    name: { zh: d.nameZh, en: d.nameEn ?? '' },
    fields,
    list: { columns: fields.slice(0, 6).map((f) => f.key), filters: [] },
    isolation: { ...(dept ? { dept } : {}), ...(region ? { region } : {}) },
    menu: { parent: '/low-code-platform', roles: d.roles ?? [], sort: 100 },
    // One-approver steps in order, as the flow library builds them (approve to the next, reject from any).
    ...(steps.length
      ? {
          workflow: workflowOfSteps(
            steps.map((s, i) => ({
              label: { zh: `待第${i + 1}步审批`, en: `Approval step ${i + 1}` },
              approvers: { userids: [s.approver], roles: [], mode: 'any' as const },
            })),
          ),
        }
      : {}),
  };
}

/** An administrator defines a new ledger in the browser: fields, approval steps, the roles whose menu shows it. */
export function LedgerDesigner({
  open,
  pickers,
  ledgers,
  onClose,
  onSaved,
}: {
  open: boolean;
  pickers: Pickers;
  ledgers: RecordDefinition[];
  onClose: () => void;
  onSaved: (entity: string) => void;
}) {
  const { t } = useTranslation(recordsNs);
  const lang = useLang();
  const [form] = Form.useForm<Design>();
  const [saving, setSaving] = useState(false);
  const [msg, holder] = message.useMessage();
  // Every seed type with its number; those whose choices do not exist yet are shown, disabled, with the reason.
  const hasChemicalStores = ledgers.some((l) => l.entity === 'ChemicalStore');
  const typeOptions = Object.entries(fieldTypeInfo).map(([v, l]) => {
    const code = Number(v);
    const off = UNAVAILABLE_TYPES.includes(code) || (code === fieldTypes.chemicalStore && !hasChemicalStores);
    return {
      value: code,
      label: `${v} ${pick(lang, l.zh, l.en)}${off ? ` (${t('typeNote')})` : ''}`,
      disabled: off,
      title: l.note ? pick(lang, l.note.zh, l.note.en) : undefined,
    };
  });
  const columnTypeOptions = typeOptions.filter((o) => TABLE_COLUMN_TYPES.includes(o.value));

  // The library's flows, for those who may bind them (system configuration); others design steps by hand.
  const flows = useLoad(
    useCallback((signal: AbortSignal) => (open ? api(flowLibrarySearch, { keyword: '' }, { signal, silent: true }) : Promise.resolve(undefined)), [open]),
  );
  const flowOptions = (flows.data?.items ?? []).map((f) => ({ value: f.id, label: `${pick(lang, f.name.zh, f.name.en)}（${f.steps.map((s) => pick(lang, s.label.zh, s.label.en)).join(' → ')}）` }));

  const handleSave = async () => {
    try {
      const d = await form.validateFields();
      setSaving(true);
      const saved = await api(definitionSave, { definition: definitionOf(d, ledgers) }, { silent: true });
      if (d.flowId) {
        await api(flowBusinessRelationAdd, { entity: saved.entity, flowId: d.flowId });
      }
      onSaved(saved.entity);
    } catch (err) {
      if (!isValidationError(err)) {
        showSaveError(err, {
          form,
          fields: ['entity', 'area'],
          fieldNames: { 'definition.entity': 'entity', 'definition.area': 'area' },
          message: msg,
          lang,
        });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('newLedger')}
      onCancel={onClose}
      onOk={() => void handleSave()}
      confirmLoading={saving}
      width={900}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'ledger-save' }}
    >
      {holder}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ area: 'LowCode', fields: [{ key: 'title', type: 4, labelZh: '名称', required: true }], steps: [], roles: ROLES }}
      >
        <Space wrap>
          <Form.Item name="nameZh" label={t('nameZh')} rules={[{ required: true, whitespace: true }]}>
            <Input data-testid="ledger-name" />
          </Form.Item>
          <Form.Item name="nameEn" label={t('nameEn')}>
            <Input />
          </Form.Item>
          <Form.Item name="entity" label={t('entity')} rules={[{ required: true, pattern: /^[A-Z][A-Za-z0-9]{0,39}$/ }]}>
            <Input data-testid="ledger-entity" placeholder="VisitorLog" />
          </Form.Item>
          <Form.Item name="area" label={t('area')} rules={[{ required: true, pattern: /^[A-Z][A-Za-z0-9]{0,39}$/ }]}>
            <Input />
          </Form.Item>
        </Space>
        <Form.List name="fields">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <div key={item.key} data-testid={`ledger-field-${item.name}`}>
                  <Space wrap align="baseline">
                    <Form.Item name={[item.name, 'key']} rules={[{ required: true, pattern: /^[a-z][a-zA-Z0-9_]{0,39}$/ }]}>
                      <Input placeholder={t('fieldKey')} style={{ width: 110 }} data-testid="field-key" />
                    </Form.Item>
                    <Form.Item name={[item.name, 'type']} rules={[{ required: true }]}>
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        options={typeOptions}
                        style={{ width: 140 }}
                        data-testid="field-type"
                      />
                    </Form.Item>
                    <Form.Item name={[item.name, 'labelZh']} rules={[{ required: true, whitespace: true }]}>
                      <Input placeholder={t('labelZh')} style={{ width: 110 }} data-testid="field-label" />
                    </Form.Item>
                    <Form.Item name={[item.name, 'labelEn']}>
                      <Input placeholder={t('labelEn')} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'options']}>
                      <Input placeholder={t('options')} style={{ width: 150 }} data-testid="field-options" />
                    </Form.Item>
                    <Form.Item name={[item.name, 'dictionary']}>
                      <Select
                        allowClear
                        placeholder={t('dictionary')}
                        style={{ width: 130 }}
                        options={Object.keys(pickers.dictionaries).map((code) => ({ value: code, label: code }))}
                        data-testid="field-dictionary"
                      />
                    </Form.Item>
                    <Form.Item noStyle shouldUpdate={(a: Design, b: Design) => a.fields[item.name]?.type !== b.fields[item.name]?.type}>
                      {({ getFieldValue }) =>
                        getFieldValue(['fields', item.name, 'type']) === fieldTypes.link && (
                          <Form.Item name={[item.name, 'ref']} rules={[{ required: true }]}>
                            <Select
                              showSearch={{ optionFilterProp: 'label' }}
                              placeholder={t('linkLedger')}
                              style={{ width: 150 }}
                              options={ledgers
                                .filter((l) => linkRefTo(l))
                                .map((l) => ({ value: l.entity, label: pick(lang, l.name.zh, l.name.en) }))}
                              data-testid="field-ref"
                            />
                          </Form.Item>
                        )
                      }
                    </Form.Item>
                    <Form.Item name={[item.name, 'required']} valuePropName="checked">
                      <Checkbox>{t('required')}</Checkbox>
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(item.name)} />
                  </Space>
                  <Form.Item noStyle shouldUpdate={(a: Design, b: Design) => a.fields[item.name]?.type !== b.fields[item.name]?.type}>
                    {({ getFieldValue }) =>
                      getFieldValue(['fields', item.name, 'type']) === fieldTypes.table && (
                        <div
                          style={{ margin: '0 0 12px 16px', paddingLeft: 12, borderLeft: '2px solid #e6e6e6' }}
                          data-testid={`ledger-columns-${item.name}`}
                        >
                          <div style={{ color: '#888' }}>{t('columnsOf')}</div>
                          <Form.List name={[item.name, 'columns']}>
                            {(cols, colOps) => (
                              <>
                                {cols.map((col) => (
                                  <Space key={col.key} wrap align="baseline" data-testid={`ledger-column-${item.name}-${col.name}`}>
                                    <Form.Item name={[col.name, 'key']} rules={[{ required: true, pattern: /^[a-z][a-zA-Z0-9_]{0,39}$/ }]}>
                                      <Input placeholder={t('fieldKey')} style={{ width: 100 }} data-testid="column-key" />
                                    </Form.Item>
                                    <Form.Item name={[col.name, 'type']} rules={[{ required: true }]}>
                                      <Select
                                        showSearch={{ optionFilterProp: 'label' }}
                                        options={columnTypeOptions}
                                        style={{ width: 130 }}
                                        data-testid="column-type"
                                      />
                                    </Form.Item>
                                    <Form.Item name={[col.name, 'labelZh']} rules={[{ required: true, whitespace: true }]}>
                                      <Input placeholder={t('labelZh')} style={{ width: 100 }} data-testid="column-label" />
                                    </Form.Item>
                                    <Form.Item name={[col.name, 'labelEn']}>
                                      <Input placeholder={t('labelEn')} style={{ width: 100 }} />
                                    </Form.Item>
                                    <Form.Item name={[col.name, 'options']}>
                                      <Input placeholder={t('options')} style={{ width: 130 }} data-testid="column-options" />
                                    </Form.Item>
                                    <Form.Item name={[col.name, 'required']} valuePropName="checked">
                                      <Checkbox>{t('required')}</Checkbox>
                                    </Form.Item>
                                    <MinusCircleOutlined onClick={() => colOps.remove(col.name)} />
                                  </Space>
                                ))}
                                <div>
                                  <Button
                                    size="small"
                                    type="dashed"
                                    icon={<PlusOutlined />}
                                    onClick={() => colOps.add({ type: fieldTypes.text })}
                                    data-testid={`ledger-add-column-${item.name}`}
                                  >
                                    {t('addColumn')}
                                  </Button>
                                </div>
                              </>
                            )}
                          </Form.List>
                        </div>
                      )
                    }
                  </Form.Item>
                </div>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ type: 4 })} data-testid="ledger-add-field">
                {t('addField')}
              </Button>
            </>
          )}
        </Form.List>
        <h4 style={{ marginTop: 16 }}>{t('steps')}</h4>
        {flowOptions.length > 0 && (
          <Form.Item name="flowId" label={t('flowFromLibrary')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={flowOptions} placeholder={t('flowFromLibraryHint')} data-testid="ledger-flow" />
          </Form.Item>
        )}
        <Form.Item noStyle shouldUpdate={(a: Design, b: Design) => a.flowId !== b.flowId}>
          {({ getFieldValue }) =>
            getFieldValue('flowId') ? null : (
        <Form.List name="steps">
          {(items, { add, remove }) => (
            <>
              {items.map((item, i) => (
                <Space key={item.key} align="baseline">
                  <span>{i + 1}.</span>
                  <Form.Item name={[item.name, 'approver']} rules={[{ required: true }]}>
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      placeholder={t('approver')}
                      style={{ width: 220 }}
                      data-testid={`ledger-step-${i}`}
                      options={pickers.users.map((u) => ({
                        value: u.userid,
                        label: u.loginname ? `${u.username} (${u.loginname})` : u.username,
                      }))}
                    />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(item.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()} data-testid="ledger-add-step">
                {t('addStep')}
              </Button>
            </>
          )}
        </Form.List>
            )
          }
        </Form.Item>
        <Form.Item name="roles" label={t('menuRoles')} style={{ marginTop: 16 }}>
          <Checkbox.Group options={ROLES} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
