import { Button, Card, Form, Input, InputNumber, Popconfirm, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { renderMessage, type MessageCode } from '../../../shared/messages/catalog';
import { regionResponsibleRoles, roleList } from '../../../shared/org/contracts';
import { ledgerUserOptions } from '../../../shared/records/contracts';
import type { FlowLibraryDoc } from '../../../shared/records/flow-library';
import {
  flowBusinessCodes,
  flowBusinessRelationAdd,
  flowBusinessRelationDelete,
  flowLibraryAdd,
  flowLibraryDel,
  flowLibraryEdit,
  flowLibrarySearch,
  type FlowLibraryItem,
} from '../../../shared/records/flow-library-contracts';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { pick, useLang, type Lang } from '../../app/i18n';
import { FormModal } from '../../ui/form-modal';
import { useLoad } from '../../ui/use-load';

interface StepValues {
  labelZh: string;
  labelEn?: string;
  userids?: number[];
  roles?: string[];
  regionRole?: (typeof regionResponsibleRoles)[number];
  deptRole?: string;
  field?: string;
  mode: 'any' | 'all';
  limitHours?: number;
  escalateTo?: string;
}
interface FlowValues {
  nameZh: string;
  nameEn?: string;
  steps: StepValues[];
}

const hasApprover = (s: StepValues | undefined) => Boolean(s && (s.userids?.length || s.roles?.length || s.regionRole || s.deptRole || s.field));

const docOf = (v: FlowValues): FlowLibraryDoc => ({
  name: { zh: v.nameZh, en: v.nameEn ?? '' },
  steps: v.steps.map((s) => ({
    label: { zh: s.labelZh, en: s.labelEn ?? '' },
    approvers: {
      userids: s.userids ?? [],
      roles: s.roles ?? [],
      mode: s.mode,
      ...(s.regionRole ? { regionRole: s.regionRole } : {}),
      ...(s.deptRole ? { deptRole: s.deptRole } : {}),
      ...(s.field ? { field: s.field } : {}),
      ...(s.limitHours ? { limitHours: s.limitHours } : {}),
      ...(s.escalateTo ? { escalateTo: s.escalateTo } : {}),
    },
  })),
});

const valuesOf = (f: FlowLibraryItem): FlowValues => ({
  nameZh: f.name.zh,
  nameEn: f.name.en,
  steps: f.steps.map((s) => ({
    labelZh: s.label.zh,
    labelEn: s.label.en,
    userids: s.approvers.userids,
    roles: s.approvers.roles,
    regionRole: s.approvers.regionRole,
    deptRole: s.approvers.deptRole,
    field: s.approvers.field,
    mode: s.approvers.mode,
    limitHours: s.approvers.limitHours,
    escalateTo: s.approvers.escalateTo,
  })),
});

/**
 * /low-code-platform/flow-library (issue 18 item 2, seed `SearchFlowLibraryList`):
 * approval flows kept once — steps in order, each with its approvers (people,
 * roles, the region's responsible person, a department role, a person field),
 * any one or all of them, a time limit and who it escalates to — and the
 * ledgers bound to each (`FlowBusinessRelation`). Editing a flow changes every
 * bound ledger; the server refuses a change that would strand a record.
 */
export function FlowLibraryPage() {
  const lang = useLang();
  const T = (code: MessageCode, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const [editing, setEditing] = useState<{ key: number; flow: FlowLibraryItem | null } | null>(null);
  const [binding, setBinding] = useState<{ flowId: number; entity?: string } | null>(null);
  const flows = useLoad(useCallback((signal: AbortSignal) => api(flowLibrarySearch, {}, { signal }), []));
  const business = useLoad(useCallback((signal: AbortSignal) => api(flowBusinessCodes, {}, { signal }), []));
  const reload = () => {
    flows.reload();
    business.reload();
  };
  const bindable = (business.data?.items ?? []).filter((b) => !b.builtin);

  const handleDelete = async (f: FlowLibraryItem) => {
    try {
      await api(flowLibraryDel, { id: f.id });
    } finally {
      reload();
    }
  };
  const handleUnbind = async (entity: string) => {
    try {
      await api(flowBusinessRelationDelete, { entity });
    } finally {
      reload();
    }
  };
  const handleBind = async () => {
    if (!binding?.entity) {
      return;
    }
    try {
      await api(flowBusinessRelationAdd, { entity: binding.entity, flowId: binding.flowId });
      notify(T('records.flowLib.bound'));
      setBinding(null);
    } finally {
      reload();
    }
  };

  const stepsText = (f: FlowLibraryItem) => f.steps.map((s) => pick(lang, s.label.zh, s.label.en)).join(' → ');
  return (
    <Card
      size="small"
      data-testid="flow-library-page"
      extra={
        <Button type="primary" onClick={() => setEditing({ key: Date.now(), flow: null })} data-testid="flow-add">
          {T('records.flowLib.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {T('records.flowLib.builtinNote')}
      </Typography.Paragraph>
      <Table<FlowLibraryItem>
        size="small"
        rowKey="id"
        data-testid="flow-list"
        loading={flows.loading}
        dataSource={flows.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        columns={[
          { title: T('records.flowLib.name'), key: 'name', render: (_v, f) => <strong>{pick(lang, f.name.zh, f.name.en)}</strong> },
          { title: T('records.flowLib.steps'), key: 'steps', render: (_v, f) => <span data-testid={`flow-steps-${f.id}`}>{stepsText(f)}</span> },
          {
            title: T('records.flowLib.ledgers'),
            key: 'ledgers',
            render: (_v, f) => (
              <Space wrap size={4}>
                {f.ledgers.map((l) => (
                  <Tag key={l.entity} data-testid={`flow-ledger-${f.id}-${l.entity}`}>
                    {pick(lang, l.name.zh, l.name.en)}
                    <Popconfirm title={T('records.flowLib.unbindConfirm')} onConfirm={() => handleUnbind(l.entity)}>
                      <Button type="link" size="small" data-testid={`flow-unbind-${l.entity}`}>
                        {T('records.flowLib.unbind')}
                      </Button>
                    </Popconfirm>
                  </Tag>
                ))}
                {binding?.flowId === f.id ? (
                  <Space.Compact>
                    <Select
                      style={{ minWidth: 180 }}
                      showSearch
                      optionFilterProp="label"
                      value={binding.entity}
                      onChange={(entity: string) => setBinding({ flowId: f.id, entity })}
                      options={bindable.filter((b) => b.flowId !== f.id).map((b) => ({ value: b.entity, label: pick(lang, b.name.zh, b.name.en) }))}
                      data-testid={`flow-bind-select-${f.id}`}
                    />
                    <Button type="primary" disabled={!binding.entity} onClick={handleBind} data-testid={`flow-bind-ok-${f.id}`}>
                      {T('records.flowLib.bind')}
                    </Button>
                  </Space.Compact>
                ) : (
                  <Button size="small" onClick={() => setBinding({ flowId: f.id })} data-testid={`flow-bind-${f.id}`}>
                    {T('records.flowLib.bind')}
                  </Button>
                )}
              </Space>
            ),
          },
          { title: T('records.flow.actions'), key: 'actions', render: (_v, f) => (
            <Space size={4}>
              <Button size="small" onClick={() => setEditing({ key: Date.now(), flow: f })} data-testid={`flow-edit-${f.id}`}>
                {T('records.flowLib.edit')}
              </Button>
              <Popconfirm title={T('records.flowLib.deleteConfirm')} onConfirm={() => handleDelete(f)}>
                <Button size="small" danger data-testid={`flow-delete-${f.id}`}>
                  {T('records.flowLib.delete')}
                </Button>
              </Popconfirm>
            </Space>
          ) },
        ]}
      />
      {editing && <FlowDialog key={editing.key} lang={lang} flow={editing.flow} onClose={() => setEditing(null)} onSaved={reload} />}
    </Card>
  );
}

function FlowDialog({ lang, flow, onClose, onSaved }: { lang: Lang; flow: FlowLibraryItem | null; onClose: () => void; onSaved: () => void }) {
  const T = (code: MessageCode, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const users = useLoad(useCallback((signal: AbortSignal) => api(ledgerUserOptions, {}, { signal }), []));
  const roles = useLoad(useCallback((signal: AbortSignal) => api(roleList, {}, { signal }), []));
  const userOptions = (users.data ?? []).map((u) => ({ value: u.userid, label: u.loginname ? `${u.username} (${u.loginname})` : u.username }));
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.rolecode, label: pick(lang, r.rolename, r.rolename_en) }));
  const regionRoleOptions = regionResponsibleRoles.map((r) => ({ value: r, label: T(`records.flowLib.regionRole.${r}`) }));
  const required = { required: true, message: T('validation.required') };
  return (
    <FormModal<FlowValues>
      open
      width={760}
      title={T(flow ? 'records.flowLib.edit' : 'records.flowLib.add')}
      okText={T('records.flowLib.save')}
      initialValues={flow ? valuesOf(flow) : { steps: [{ labelZh: '', mode: 'any' }] }}
      fields={['nameZh', 'nameEn', 'steps']}
      fieldNames={{ name: 'nameZh', 'name.zh': 'nameZh', 'name.en': 'nameEn' }}
      onSubmit={async (v) => {
        const doc = docOf(v);
        await (flow ? api(flowLibraryEdit, { ...doc, id: flow.id, version: flow.version }, { silent: true }) : api(flowLibraryAdd, doc, { silent: true }));
        notify(T('records.flowLib.saved'));
        onSaved();
      }}
      onClose={onClose}
      okTestId="flow-save"
      formTestId="flow-form"
    >
      <Space wrap style={{ width: '100%' }} styles={{ item: { flex: '1 1 240px' } }}>
        <Form.Item name="nameZh" label={T('records.flowLib.name')} rules={[required, { max: 100 }]}>
          <Input maxLength={100} data-testid="flow-name" />
        </Form.Item>
        <Form.Item name="nameEn" label={T('records.flowLib.nameEn')} rules={[{ max: 100 }]}>
          <Input maxLength={100} data-testid="flow-name-en" />
        </Form.Item>
      </Space>
      <Form.List name="steps">
        {(items, { add, remove }) => (
          <>
            {items.map((item, i) => (
              <Card
                key={item.key}
                size="small"
                style={{ marginBottom: 8 }}
                title={T('records.flowLib.step', { n: i + 1 })}
                data-testid={`flow-step-${i}`}
                extra={
                  items.length > 1 && (
                    <Button type="link" danger size="small" onClick={() => remove(item.name)} data-testid={`flow-step-remove-${i}`}>
                      {T('records.flowLib.delete')}
                    </Button>
                  )
                }
              >
                <Space wrap style={{ width: '100%' }} styles={{ item: { flex: '1 1 220px' } }}>
                  <Form.Item name={[item.name, 'labelZh']} label={T('records.flowLib.stepLabel')} rules={[required, { max: 100 }]}>
                    <Input maxLength={100} data-testid={`flow-step-label-${i}`} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'mode']} label={T('records.flowLib.mode')}>
                    <Radio.Group
                      optionType="button"
                      options={[
                        { value: 'any', label: T('records.flowLib.mode.any') },
                        { value: 'all', label: T('records.flowLib.mode.all') },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[item.name, 'roles']}
                    label={T('records.flowLib.roles')}
                    dependencies={(['userids', 'regionRole', 'deptRole', 'field'] as const).map((k) => ['steps', item.name, k])}
                    // Someone must be able to approve the step: the same rule as the server's (records.flowLib.noApprover).
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: () =>
                          hasApprover(getFieldValue(['steps', item.name]) as StepValues | undefined) ? Promise.resolve() : Promise.reject(new Error(T('records.flowLib.noApprover'))),
                      }),
                    ]}
                  >
                    <Select mode="multiple" allowClear optionFilterProp="label" loading={roles.loading} options={roleOptions} data-testid={`flow-step-roles-${i}`} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'userids']} label={T('records.flowLib.users')}>
                    <Select mode="multiple" allowClear showSearch optionFilterProp="label" loading={users.loading} options={userOptions} data-testid={`flow-step-users-${i}`} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'regionRole']} label={T('records.flowLib.regionRole')}>
                    <Select allowClear options={regionRoleOptions} data-testid={`flow-step-region-role-${i}`} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'deptRole']} label={T('records.flowLib.deptRole')}>
                    <Select allowClear optionFilterProp="label" options={roleOptions} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'field']} label={T('records.flowLib.field')} rules={[{ pattern: /^[a-z][a-zA-Z0-9_]{0,39}$/, message: T('validation.badFormat') }]}>
                    <Input maxLength={40} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'limitHours']} label={T('records.flowLib.limitHours')}>
                    <InputNumber min={1} max={8760} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'escalateTo']} label={T('records.flowLib.escalateTo')}>
                    <Select allowClear optionFilterProp="label" options={roleOptions} />
                  </Form.Item>
                </Space>
              </Card>
            ))}
            {items.length < 5 && (
              <Button type="dashed" block onClick={() => add({ labelZh: '', mode: 'any' })} data-testid="flow-step-add">
                {T('records.flowLib.addStep')}
              </Button>
            )}
          </>
        )}
      </Form.List>
    </FormModal>
  );
}
