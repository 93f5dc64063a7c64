import { Button, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Table, Tabs, TreeSelect } from 'antd';
import { useCallback, useState } from 'react';
import type { MessageCode } from '../../../shared/messages/catalog';
import { renderMessage } from '../../../shared/messages/catalog';
import { tagList } from '../../../shared/realtime/contracts';
import {
  riskEarlyWarningConfig,
  riskEarlyWarningConfigDel,
  riskEarlyWarningConfigList,
  riskEarlyWarningVariableAdd,
  riskEarlyWarningVariableDel,
  riskEarlyWarningVariableEdit,
  riskEarlyWarningVariableSearch,
  type WarningConfigItem,
  type WarningVariableItem,
} from '../../../shared/risk-warning/contracts';
import { warningVariableKinds, type WarningLevelValue, type WarningVariableKind } from '../../../shared/risk-warning/items';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { FormModal } from '../../ui/form-modal';
import { useRegions } from '../../ui/region-options';
import { useLoad } from '../../ui/use-load';
import { valueText, WarningLevelTag } from './warning-parts';

const LEVELS: WarningLevelValue[] = [1, 2, 3, 4];

interface VariableValues {
  code: string;
  name: string;
  kind: WarningVariableKind;
  tag?: string;
  regionid?: number;
}

interface RangeValues {
  min?: number | null;
  max?: number | null;
  level: WarningLevelValue;
  instruction?: string;
}

interface WarningValues {
  name: string;
  formula: string;
  regionid?: number;
  instructions?: string;
  intervalMinutes: number;
  onChange: boolean;
  enabled: boolean;
  ranges: RangeValues[];
}

/** A new warning's ranges: four bands of a 0–100 style score, edited before saving. */
const DEFAULT_RANGES: RangeValues[] = [
  { min: 80, max: null, level: 1 },
  { min: 60, max: 80, level: 2 },
  { min: 40, max: 60, level: 3 },
  { min: 20, max: 40, level: 4 },
];

const orNull = (v: number | null | undefined) => (v === undefined || v === null ? null : v);

/**
 * /RiskControll/RiskEarlyWarningConfig: the variables formulas read (a tag's
 * value or a count of another module), and the warnings with their formula,
 * ranges → level, instructions and schedule. The server parses each formula
 * and puts its refusal on the field.
 */
export function RiskEarlyWarningConfigPage() {
  const lang = useLang();
  const T = (code: MessageCode, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const regions = useRegions();
  const variables = useLoad(useCallback((signal: AbortSignal) => api(riskEarlyWarningVariableSearch, { page: 1, pageSize: 1000 }, { signal }), []));
  const warnings = useLoad(useCallback((signal: AbortSignal) => api(riskEarlyWarningConfigList, {}, { signal }), []));
  const tags = useLoad(useCallback((signal: AbortSignal) => api(tagList, { page: 1, pageSize: 1000 }, { signal }), []));
  const [editVar, setEditVar] = useState<{ key: number; item: WarningVariableItem | null } | null>(null);
  const [editWarning, setEditWarning] = useState<{ key: number; item: WarningConfigItem | null } | null>(null);
  const [kind, setKind] = useState<WarningVariableKind>('tag');

  const regionName = (id: number | null) => (id === null ? T('riskWarning.ui.allRegions') : (regions.nameOf.get(id) ?? String(id)));
  const remove = async (run: () => Promise<unknown>, after: () => void) => {
    try {
      await run();
      notify(T('riskWarning.ui.deleted'));
      after();
    } catch {
      // The API client has shown why.
    }
  };
  const codes = (variables.data?.items ?? []).map((v) => v.code).join('、');

  const variablesTab = (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Button
        type="primary"
        data-testid="variable-add"
        onClick={() => {
          setKind('tag');
          setEditVar({ key: Date.now(), item: null });
        }}
      >
        {T('riskWarning.ui.add')}
      </Button>
      <Table<WarningVariableItem>
        rowKey="id"
        size="small"
        loading={variables.loading}
        dataSource={variables.data?.items ?? []}
        pagination={false}
        scroll={{ x: 800 }}
        columns={[
          { key: 'code', title: T('riskWarning.ui.code'), dataIndex: 'code', width: 160 },
          { key: 'name', title: T('riskWarning.ui.name'), dataIndex: 'name' },
          { key: 'kind', title: T('riskWarning.ui.kind'), width: 150, render: (_, v) => T(`riskWarning.kind.${v.kind}` as MessageCode) },
          { key: 'source', title: `${T('riskWarning.ui.tag')} / ${T('riskWarning.ui.region')}`, width: 200, render: (_, v) => (v.kind === 'tag' ? v.tag : regionName(v.regionid)) },
          { key: 'current', title: T('riskWarning.ui.current'), width: 100, render: (_, v) => (v.kind === 'tag' ? valueText(v.current) : '') },
          {
            key: 'ops',
            title: '',
            width: 130,
            render: (_, v) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setKind(v.kind);
                    setEditVar({ key: Date.now(), item: v });
                  }}
                >
                  {T('riskWarning.ui.edit')}
                </Button>
                <Popconfirm title={T('riskWarning.ui.confirmDelete')} onConfirm={() => void remove(() => api(riskEarlyWarningVariableDel, { id: v.id }), variables.reload)}>
                  <Button type="link" size="small" danger>
                    {T('riskWarning.ui.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );

  const warningsTab = (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Button type="primary" data-testid="warning-add" onClick={() => setEditWarning({ key: Date.now(), item: null })}>
        {T('riskWarning.ui.add')}
      </Button>
      <Table<WarningConfigItem>
        rowKey="id"
        size="small"
        loading={warnings.loading}
        dataSource={warnings.data?.items ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          { key: 'name', title: T('riskWarning.ui.name'), dataIndex: 'name', width: 180 },
          { key: 'formula', title: T('riskWarning.ui.formula'), width: 240, render: (_, w) => <code style={{ wordBreak: 'break-all' }}>{w.formula}</code> },
          {
            key: 'ranges',
            title: T('riskWarning.ui.ranges'),
            width: 260,
            render: (_, w) => (
              <Space direction="vertical" size={2}>
                {[...w.ranges]
                  .sort((a, b) => a.level - b.level)
                  .map((r) => (
                    <span key={r.id}>
                      <WarningLevelTag lang={lang} level={r.level} /> {r.min ?? '−∞'} ≤ x {'<'} {r.max ?? '∞'}
                    </span>
                  ))}
              </Space>
            ),
          },
          { key: 'region', title: T('riskWarning.ui.region'), width: 120, render: (_, w) => regionName(w.regionid) },
          { key: 'interval', title: T('riskWarning.ui.interval'), width: 120, render: (_, w) => w.intervalMinutes },
          { key: 'enabled', title: T('riskWarning.ui.enabled'), width: 80, render: (_, w) => <Switch size="small" checked={w.enabled} disabled /> },
          {
            key: 'ops',
            title: '',
            width: 130,
            render: (_, w) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditWarning({ key: Date.now(), item: w })}>
                  {T('riskWarning.ui.edit')}
                </Button>
                <Popconfirm title={T('riskWarning.ui.confirmDelete')} onConfirm={() => void remove(() => api(riskEarlyWarningConfigDel, { id: w.id }), warnings.reload)}>
                  <Button type="link" size="small" danger>
                    {T('riskWarning.ui.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );

  return (
    <div data-testid="warning-config-page">
      <Tabs
        items={[
          { key: 'warnings', label: T('riskWarning.ui.warnings'), children: warningsTab },
          { key: 'variables', label: T('riskWarning.ui.variables'), children: variablesTab },
        ]}
      />
      {editVar && (
        <FormModal<VariableValues>
          key={editVar.key}
          open
          title={T('riskWarning.ui.variables')}
          okText={T('riskWarning.ui.save')}
          initialValues={
            editVar.item
              ? { code: editVar.item.code, name: editVar.item.name, kind: editVar.item.kind, tag: editVar.item.tag ?? undefined, regionid: editVar.item.regionid ?? undefined }
              : { kind: 'tag' }
          }
          fields={['code', 'name', 'kind', 'tag', 'regionid']}
          onValuesChange={(changed) => changed.kind && setKind(changed.kind)}
          onSubmit={async (v) => {
            const body = { code: v.code, name: v.name, kind: v.kind, tag: v.kind === 'tag' ? (v.tag ?? null) : null, regionid: v.regionid ?? null };
            await (editVar.item ? api(riskEarlyWarningVariableEdit, { ...body, id: editVar.item.id }, { silent: true }) : api(riskEarlyWarningVariableAdd, body, { silent: true }));
            notify(T('riskWarning.ui.saved'));
            variables.reload();
          }}
          onClose={() => setEditVar(null)}
          okTestId="variable-save"
        >
          <Form.Item name="code" label={T('riskWarning.ui.code')} rules={[{ required: true, max: 40 }]}>
            <Input data-testid="variable-code" />
          </Form.Item>
          <Form.Item name="name" label={T('riskWarning.ui.name')} rules={[{ required: true, max: 60 }]}>
            <Input data-testid="variable-name" />
          </Form.Item>
          <Form.Item name="kind" label={T('riskWarning.ui.kind')} rules={[{ required: true }]}>
            <Select options={warningVariableKinds.map((k) => ({ value: k, label: T(`riskWarning.kind.${k}` as MessageCode) }))} data-testid="variable-kind" />
          </Form.Item>
          {kind === 'tag' ? (
            <Form.Item name="tag" label={T('riskWarning.ui.tag')} rules={[{ required: true }]}>
              <Select showSearch optionFilterProp="label" options={(tags.data?.items ?? []).map((t) => ({ value: t.id, label: `${t.id} ${lang === 'en' && t.name_en ? t.name_en : t.name}` }))} data-testid="variable-tag" />
            </Form.Item>
          ) : (
            <Form.Item name="regionid" label={T('riskWarning.ui.region')}>
              <TreeSelect allowClear treeData={regions.tree} placeholder={T('riskWarning.ui.allRegions')} />
            </Form.Item>
          )}
        </FormModal>
      )}
      {editWarning && (
        <FormModal<WarningValues>
          key={editWarning.key}
          open
          width={760}
          title={T('riskWarning.ui.warnings')}
          okText={T('riskWarning.ui.save')}
          initialValues={
            editWarning.item
              ? {
                  name: editWarning.item.name,
                  formula: editWarning.item.formula,
                  regionid: editWarning.item.regionid ?? undefined,
                  instructions: editWarning.item.instructions,
                  intervalMinutes: editWarning.item.intervalMinutes,
                  onChange: editWarning.item.onChange,
                  enabled: editWarning.item.enabled,
                  ranges: editWarning.item.ranges.map((r) => ({ min: r.min, max: r.max, level: r.level, instruction: r.instruction })),
                }
              : { intervalMinutes: 5, onChange: true, enabled: true, ranges: DEFAULT_RANGES }
          }
          fields={['name', 'formula', 'regionid', 'instructions', 'intervalMinutes', 'onChange', 'enabled', 'ranges']}
          onSubmit={async (v) => {
            await api(
              riskEarlyWarningConfig,
              {
                id: editWarning.item?.id,
                name: v.name,
                formula: v.formula,
                regionid: v.regionid ?? null,
                instructions: v.instructions ?? '',
                intervalMinutes: v.intervalMinutes,
                onChange: v.onChange,
                enabled: v.enabled,
                ranges: (v.ranges ?? []).map((r) => ({ min: orNull(r.min), max: orNull(r.max), level: r.level, instruction: r.instruction ?? '' })),
              },
              { silent: true },
            );
            notify(T('riskWarning.ui.saved'));
            warnings.reload();
          }}
          onClose={() => setEditWarning(null)}
          okTestId="warning-save"
          formTestId="warning-form"
        >
          <Form.Item name="name" label={T('riskWarning.ui.name')} rules={[{ required: true, max: 60 }]}>
            <Input data-testid="warning-name" />
          </Form.Item>
          <Form.Item name="formula" label={T('riskWarning.ui.formula')} extra={T('riskWarning.ui.formulaHelp', { names: codes || '—' })} rules={[{ required: true, max: 500 }]}>
            <Input.TextArea rows={2} data-testid="warning-formula" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Space wrap size={16}>
            <Form.Item name="regionid" label={T('riskWarning.ui.region')}>
              <TreeSelect allowClear treeData={regions.tree} placeholder={T('riskWarning.ui.allRegions')} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="intervalMinutes" label={T('riskWarning.ui.interval')} rules={[{ required: true }]}>
              <InputNumber min={0} max={1440} precision={0} />
            </Form.Item>
            <Form.Item name="onChange" label={T('riskWarning.ui.onChange')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="enabled" label={T('riskWarning.ui.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item name="instructions" label={T('riskWarning.ui.instructions')} rules={[{ max: 1000 }]}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <div style={{ fontWeight: 500, marginBottom: 8 }}>{T('riskWarning.ui.ranges')}</div>
          <Form.List name="ranges">
            {(fields, { add, remove: removeRange }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} wrap align="start" size={8} data-testid="warning-range">
                    <Form.Item name={[f.name, 'min']} label={T('riskWarning.ui.min')}>
                      <InputNumber placeholder={T('riskWarning.ui.open')} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'max']} label={T('riskWarning.ui.max')}>
                      <InputNumber placeholder={T('riskWarning.ui.open')} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'level']} label={T('riskWarning.ui.level')} rules={[{ required: true }]}>
                      <Select style={{ width: 130 }} options={LEVELS.map((l) => ({ value: l, label: T(`riskWarning.level.${l}` as MessageCode) }))} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'instruction']} label={T('riskWarning.ui.rangeInstruction')}>
                      <Input style={{ width: 200 }} maxLength={500} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => removeRange(f.name)} style={{ marginTop: 30 }}>
                      {T('riskWarning.ui.delete')}
                    </Button>
                  </Space>
                ))}
                <Button type="dashed" onClick={() => add({ level: 4 })} block>
                  {T('riskWarning.ui.add')}
                </Button>
              </>
            )}
          </Form.List>
        </FormModal>
      )}
    </div>
  );
}
