import { Alert, Button, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { categoryCodes } from '../../../shared/domain/gb18218-tables';
import { gradeCalculate, type GradeResultItem } from '../../../shared/major-hazard/contracts';
import { dangerSourceLedger, unitKinds } from '../../../shared/major-hazard/ledgers';
import { renderMessage } from '../../../shared/messages/catalog';
import { recordContracts } from '../../../shared/records/contracts';
import { api, ApiError } from '../../app/api';
import type { Lang } from '../../app/i18n';
import { GradeTag } from './grade-tag';

const unitCalls = recordContracts(dangerSourceLedger);

interface SubstanceRow {
  name?: string;
  cas?: string;
  categories?: string[];
  q?: number | null;
}
interface UnitValues {
  name: string;
  code?: string;
  kind: string;
  population: number | null;
  substances: SubstanceRow[];
}

const PREVIEW_MS = 400;

function bodyOf(v: Partial<UnitValues>) {
  return {
    population: v.population ?? 0,
    substances: (v.substances ?? []).map((s) => ({
      ...(s?.name?.trim() ? { name: s.name.trim() } : {}),
      ...(s?.cas?.trim() ? { cas: s.cas.trim() } : {}),
      ...(s?.categories?.length ? { categories: s.categories } : {}),
      q: s?.q ?? 0,
    })),
  };
}

/**
 * Registers a major hazard unit with its substances (a row each: name or CAS,
 * categories where Table 1 does not name it, design maximum q) and shows its
 * identification as it is typed (`GradeCalculate`); saving goes through the
 * record engine (the DangerSource ledger), which identifies it again.
 */
export function UnitFormModal({ open, lang, onClose, onSaved }: { open: boolean; lang: Lang; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<UnitValues>();
  const [preview, setPreview] = useState<GradeResultItem | null>(null);
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const handleValuesChange = (_changed: unknown, all: Partial<UnitValues>) => {
    if (timer.current) {
      clearTimeout(timer.current);
    }
    timer.current = setTimeout(() => {
      const body = bodyOf(all);
      if (body.substances.length === 0) {
        setPreview(null);
        return;
      }
      api(gradeCalculate, body, { silent: true }).then(
        (r) => {
          setPreview(r);
          setProblem('');
        },
        (err: unknown) => {
          setPreview(null);
          setProblem(err instanceof ApiError ? err.message : '');
        },
      );
    }, PREVIEW_MS);
  };

  const handleOk = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await api(unitCalls.save, {
        name: v.name,
        code: v.code ?? '',
        kind: v.kind,
        population: v.population ?? 0,
        substances: bodyOf(v).substances,
        remark: '',
      });
      form.resetFields();
      setPreview(null);
      onSaved();
    } catch {
      // The API client has shown why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={renderMessage(lang, 'majorHazard.registerUnit')}
      onCancel={onClose}
      onOk={() => void handleOk()}
      confirmLoading={saving}
      width={760}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'mh-unit-save' }}
    >
      <Form<UnitValues>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'storage', population: 0, substances: [{}] }}
        onValuesChange={handleValuesChange}
        data-testid="mh-unit-form"
      >
        <Space wrap style={{ width: '100%' }} size={12}>
          <Form.Item
            name="name"
            label={dangerSourceLedger.fields[0].label[lang] || dangerSourceLedger.fields[0].label.zh}
            rules={[{ required: true }]}
          >
            <Input data-testid="mh-field-name" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="kind" label={renderMessage(lang, 'majorHazard.kind')} rules={[{ required: true }]}>
            <Select
              style={{ width: 140 }}
              options={unitKinds.map((k) => ({ value: k.value, label: lang === 'en' ? k.label.en : k.label.zh }))}
            />
          </Form.Item>
          <Form.Item name="population" label={renderMessage(lang, 'majorHazard.populationLabel')} rules={[{ required: true }]}>
            <InputNumber data-testid="mh-field-population" min={0} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.List name="substances">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} wrap align="start" data-testid={`mh-substance-${i}`}>
                  <Form.Item name={[f.name, 'name']} label={i === 0 ? renderMessage(lang, 'majorHazard.col.substance') : undefined}>
                    <Input data-testid={`mh-substance-name-${i}`} style={{ width: 150 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'cas']} label={i === 0 ? 'CAS' : undefined}>
                    <Input style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'categories']} label={i === 0 ? renderMessage(lang, 'majorHazard.categories') : undefined}>
                    <Select mode="multiple" style={{ width: 160 }} options={categoryCodes.map((c) => ({ value: c, label: c }))} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'q']}
                    label={i === 0 ? renderMessage(lang, 'majorHazard.col.q') : undefined}
                    rules={[{ required: true }]}
                  >
                    <InputNumber data-testid={`mh-substance-q-${i}`} min={0} style={{ width: 110 }} />
                  </Form.Item>
                  <Button onClick={() => remove(f.name)} disabled={fields.length <= 1} style={{ marginTop: i === 0 ? 30 : 0 }}>
                    −
                  </Button>
                </Space>
              ))}
              <Button onClick={() => add({})} data-testid="mh-substance-add">
                + {renderMessage(lang, 'majorHazard.addSubstance')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
      <div style={{ marginTop: 12 }} data-testid="mh-preview">
        {preview ? (
          <Descriptions size="small" column={{ xs: 2, sm: 4 }}>
            <Descriptions.Item label="S">{Number(preview.S.toPrecision(6))}</Descriptions.Item>
            <Descriptions.Item label="R">{preview.R === null ? '—' : Number(preview.R.toPrecision(6))}</Descriptions.Item>
            <Descriptions.Item label="α">{preview.alpha ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={renderMessage(lang, 'majorHazard.gradeLabel')}>
              <GradeTag grade={preview.grade} isMajor={preview.isMajor} lang={lang} testId="mh-preview-grade" />
            </Descriptions.Item>
          </Descriptions>
        ) : problem ? (
          <Alert type="warning" showIcon message={problem} />
        ) : (
          <Typography.Text type="secondary">{renderMessage(lang, 'majorHazard.previewHint')}</Typography.Text>
        )}
      </div>
    </Modal>
  );
}
