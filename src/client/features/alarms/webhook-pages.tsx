import { ApiOutlined, ArrowLeftOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Empty, Form, Input, Popconfirm, Select, Space, Switch, Table, Tag, Transfer, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  webhookAddOrEdit,
  webhookBindTheUser,
  webhookDelete,
  webhookLogList,
  webhookTemplates,
  deliveryStatuses,
  type DeliveryItem,
  type WebhookItem,
} from '../../../shared/alarms/notify-contracts';
import { alarmTypes } from '../../../shared/alarms/contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { feedback, notify } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { isValidationError, showSaveError } from '../../ui/form-rules';
import { useRegions } from '../../ui/region-options';
import { useLoad } from '../../ui/use-load';
import { alarmsNs } from './locales';
import { useUsers, useWebhooks } from './notify-data';
import { notifyNs } from './notify-locales';

const HOME = '/PlaceholderWebHook/PlaceholderWebHookHome';

/** Rule lists shown as tags: empty means any. */
function RuleTags({ values, any }: { values: string[]; any: string }) {
  return values.length === 0 ? <Typography.Text type="secondary">{any}</Typography.Text> : <>{values.map((v) => <Tag key={v}>{v}</Tag>)}</>;
}

/** /PlaceholderWebHook/PlaceholderWebHookHome: the webhooks, their rules and bound users. */
export function PlaceholderWebHookHomePage() {
  const { t } = useTranslation(notifyNs);
  const { t: ta } = useTranslation(alarmsNs);
  const navigate = useNavigate();
  const hooks = useWebhooks();
  const regions = useRegions();

  const handleDelete = async (w: WebhookItem) => {
    try {
      await api(webhookDelete, { id: w.id });
      notify(t('webhook.deleted'));
      hooks.reload();
    } catch {
      // api() showed why.
    }
  };

  const columns: ColumnsType<WebhookItem> = [
    { title: t('webhook.name'), dataIndex: 'name', width: 160 },
    { title: t('webhook.template'), dataIndex: 'template', width: 150, render: (v: WebhookItem['template']) => t(`webhook.templates.${v}`) },
    { title: t('webhook.url'), dataIndex: 'url', ellipsis: true },
    {
      title: t('webhook.rules'),
      key: 'rules',
      width: 280,
      render: (_: unknown, w) => (
        <Space direction="vertical" size={2}>
          <span>
            {t('webhook.priorities')}: <RuleTags values={w.priorities.map((p) => ta(`priority.${p}`))} any={t('webhook.any')} />
          </span>
          <span>
            {t('webhook.regions')}: <RuleTags values={w.regionids.map((r) => regions.nameOf.get(r) ?? String(r))} any={t('webhook.any')} />
          </span>
          <span>
            {t('webhook.types')}: <RuleTags values={w.types.map((ty) => ta(`type.${ty}`))} any={t('webhook.any')} />
          </span>
        </Space>
      ),
    },
    { title: t('webhook.users'), dataIndex: 'userids', width: 90, render: (u: number[]) => u.length },
    { title: t('webhook.status'), dataIndex: 'enabled', width: 80, render: (on: boolean) => (on ? <Tag color="green">{t('webhook.on')}</Tag> : <Tag>{t('webhook.off')}</Tag>) },
    { title: t('webhook.updated'), dataIndex: 'updatedAt', width: 170, render: (v: number, w) => `${formatDate(v, 'YYYY-MM-DD HH:mm')} ${w.updatedBy}` },
    {
      title: t('webhook.actions'),
      key: 'actions',
      width: 250,
      fixed: 'right',
      render: (_: unknown, w) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => navigate(`/PlaceholderWebHook/AddOrEditWebHook?id=${w.id}`)} data-testid={`webhook-edit-${w.id}`}>
            {t('webhook.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`/PlaceholderWebHook/BindTheUser?id=${w.id}`)}>
            {t('webhook.bind')}
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`/PlaceholderWebHook/PlaceholderWebHookLog?webhookId=${w.id}`)}>
            {t('webhook.log')}
          </Button>
          <Popconfirm title={t('webhook.confirmDelete', { name: w.name })} onConfirm={() => void handleDelete(w)}>
            <Button type="link" size="small" danger>
              {t('webhook.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={
        <Space>
          <ApiOutlined />
          {t('webhook.title')}
        </Space>
      }
      extra={
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={hooks.reload} aria-label="reload" />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/PlaceholderWebHook/AddOrEditWebHook')} data-testid="webhook-add">
            {t('webhook.add')}
          </Button>
        </Space>
      }
      data-testid="webhook-home"
    >
      <Typography.Paragraph type="secondary">{t('webhook.intro')}</Typography.Paragraph>
      <Table<WebhookItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={hooks.data?.items ?? []}
        loading={hooks.loading}
        pagination={false}
        scroll={{ x: 1300 }}
        locale={{ emptyText: <Empty description={t('webhook.empty')} /> }}
      />
    </Card>
  );
}

interface WebhookForm {
  name: string;
  url: string;
  template: WebhookItem['template'];
  lang: 'zh' | 'en';
  secret?: string;
  removeSecret?: boolean;
  enabled: boolean;
  priorities: number[];
  regionids: number[];
  types: WebhookItem['types'];
}

/** /PlaceholderWebHook/AddOrEditWebHook[?id=]: a webhook's address, template, secret and rule. */
export function AddOrEditWebHookPage() {
  const { t } = useTranslation(notifyNs);
  const { t: ta } = useTranslation(alarmsNs);
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const hooks = useWebhooks();
  const current = hooks.data?.items.find((w) => w.id === id);
  const regions = useRegions();
  const [form] = Form.useForm<WebhookForm>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (current) {
      form.setFieldsValue({ ...current, secret: '' });
    }
  }, [current, form]);

  const handleSave = async () => {
    let v: WebhookForm;
    try {
      v = await form.validateFields();
    } catch (err) {
      if (isValidationError(err)) {
        return;
      }
      throw err;
    }
    setSaving(true);
    try {
      const secret = v.removeSecret ? '' : v.secret ? v.secret : id === undefined ? '' : undefined;
      await api(
        webhookAddOrEdit,
        { id, name: v.name, url: v.url, template: v.template, lang: v.lang, secret, enabled: v.enabled, priorities: v.priorities, regionids: v.regionids, types: v.types },
        { silent: true },
      );
      notify(t('webhook.saved'));
      void navigate(HOME);
    } catch (err) {
      showSaveError(err, { form, fields: ['name', 'url', 'template', 'secret', 'priorities', 'regionids', 'types'], message: feedback.message, lang });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      size="small"
      title={id ? t('webhook.edit') : t('webhook.add')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(HOME)}>
          {t('webhook.back')}
        </Button>
      }
      data-testid="webhook-form"
    >
      <Form<WebhookForm>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ template: 'json', lang: 'zh', enabled: true, priorities: [], regionids: [], types: [] }}
      >
        <Form.Item name="name" label={t('webhook.name')} rules={[{ required: true, whitespace: true, message: t('webhook.nameRequired') }, { max: 64 }]}>
          <Input data-testid="webhook-name" />
        </Form.Item>
        <Form.Item name="url" label={t('webhook.url')} rules={[{ required: true, whitespace: true, message: t('webhook.urlRequired') }]}>
          <Input placeholder="https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…" data-testid="webhook-url" />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="template" label={t('webhook.template')}>
            <Select style={{ width: 220 }} options={webhookTemplates.map((v) => ({ value: v, label: t(`webhook.templates.${v}`) }))} data-testid="webhook-template" />
          </Form.Item>
          <Form.Item name="lang" label={t('webhook.lang')}>
            <Select style={{ width: 120 }} options={(['zh', 'en'] as const).map((v) => ({ value: v, label: t(`webhook.langs.${v}`) }))} />
          </Form.Item>
          <Form.Item name="enabled" label={t('webhook.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="secret" label={t('webhook.secret')} extra={t('webhook.secretHelp')}>
          <Input.Password autoComplete="new-password" placeholder={current?.hasSecret ? t('webhook.secretKeep') : ''} />
        </Form.Item>
        {current?.hasSecret && (
          <Form.Item name="removeSecret" valuePropName="checked">
            <Checkbox>{t('webhook.removeSecret')}</Checkbox>
          </Form.Item>
        )}
        <Typography.Title level={5}>{t('webhook.rules')}</Typography.Title>
        <Form.Item name="priorities" label={t('webhook.priorities')}>
          <Select mode="multiple" allowClear placeholder={t('webhook.any')} options={[1, 2, 3, 4].map((p) => ({ value: p, label: ta(`priority.${p}`) }))} />
        </Form.Item>
        <Form.Item name="regionids" label={t('webhook.regions')}>
          <TreeSelect multiple allowClear treeDefaultExpandAll placeholder={t('webhook.any')} treeData={regions.tree} data-testid="webhook-regions" />
        </Form.Item>
        <Form.Item name="types" label={t('webhook.types')}>
          <Select mode="multiple" allowClear placeholder={t('webhook.any')} options={alarmTypes.map((ty) => ({ value: ty, label: ta(`type.${ty}`) }))} />
        </Form.Item>
        <Button type="primary" loading={saving} onClick={() => void handleSave()} data-testid="webhook-save">
          {t('webhook.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** /PlaceholderWebHook/BindTheUser?id=: the users a webhook @-mentions (and whose regions bound it without a region rule). */
export function BindTheUserPage() {
  const { t } = useTranslation(notifyNs);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const hooks = useWebhooks();
  const current = hooks.data?.items.find((w) => w.id === id);
  const users = useUsers();
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  const keys = chosen ?? current?.userids ?? [];

  const handleSave = async () => {
    setSaving(true);
    try {
      await api(webhookBindTheUser, { id, userids: keys });
      notify(t('webhook.saved'));
      void navigate(HOME);
    } catch {
      // api() showed why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      size="small"
      title={`${t('webhook.bind')}${current ? ` · ${current.name}` : ''}`}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(HOME)}>
          {t('webhook.back')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('webhook.usersHelp')}</Typography.Paragraph>
      <Select
        style={{ width: 260, marginBottom: 12 }}
        placeholder={t('log.webhook')}
        value={current?.id}
        onChange={(v: number) => {
          setChosen(null);
          setParams({ id: String(v) });
        }}
        options={(hooks.data?.items ?? []).map((w) => ({ value: w.id, label: w.name }))}
        data-testid="bind-webhook"
      />
      <Transfer
        dataSource={users.options}
        targetKeys={keys}
        onChange={(next) => setChosen(next.map(Number))}
        render={(u) => u.title}
        showSearch
        listStyle={{ width: 'min(320px, 42vw)', height: 360 }}
      />
      <Button type="primary" style={{ marginTop: 16 }} loading={saving} disabled={!current} onClick={() => void handleSave()}>
        {t('webhook.save')}
      </Button>
    </Card>
  );
}

/** /PlaceholderWebHook/PlaceholderWebHookLog[?webhookId=]: every delivery with its tries (status, error, duration). */
export function PlaceholderWebHookLogPage() {
  const { t } = useTranslation(notifyNs);
  const [params] = useSearchParams();
  const [webhookId, setWebhookId] = useState<number | undefined>(Number(params.get('webhookId')) || undefined);
  const [status, setStatus] = useState<DeliveryItem['status'] | undefined>();
  const [page, setPage] = useState(1);
  const hooks = useWebhooks();
  const load = useCallback((signal: AbortSignal) => api(webhookLogList, { webhookId, status, pageIndex: page, pageSize: 20 }, { signal }), [webhookId, status, page]);
  const log = useLoad(load);

  const columns: ColumnsType<DeliveryItem> = [
    { title: t('log.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: number) => formatDate(v) },
    { title: t('log.webhook'), dataIndex: 'webhookName', width: 140 },
    { title: t('log.alarm'), dataIndex: 'occurrenceId', width: 100 },
    { title: t('log.event'), key: 'event', width: 150, render: (_: unknown, d) => t(`log.events.${d.event}`, { level: d.level }) },
    {
      title: t('log.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: DeliveryItem['status']) => <Tag color={s === 'sent' ? 'green' : s === 'failed' ? 'red' : 'gold'}>{t(`log.statuses.${s}`)}</Tag>,
    },
    { title: t('log.attempts'), dataIndex: 'attempts', width: 90 },
    { title: t('log.nextAt'), key: 'nextAt', width: 170, render: (_: unknown, d) => (d.status === 'pending' ? formatDate(d.nextAt) : '—') },
  ];

  return (
    <Card size="small" title={t('log.title')} data-testid="webhook-log">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('log.webhook')}
          value={webhookId}
          onChange={(v?: number) => {
            setWebhookId(v);
            setPage(1);
          }}
          options={(hooks.data?.items ?? []).map((w) => ({ value: w.id, label: w.name }))}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('log.status')}
          value={status}
          onChange={(v?: DeliveryItem['status']) => {
            setStatus(v);
            setPage(1);
          }}
          options={deliveryStatuses.map((s) => ({ value: s, label: t(`log.statuses.${s}`) }))}
        />
        <Button icon={<ReloadOutlined />} onClick={log.reload} aria-label="reload" />
      </Space>
      <Table<DeliveryItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={log.data?.items ?? []}
        loading={log.loading}
        scroll={{ x: 920 }}
        pagination={{ current: page, pageSize: 20, total: log.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        expandable={{
          expandedRowRender: (d) => (
            <Table
              rowKey="at"
              size="small"
              pagination={false}
              dataSource={d.tries}
              columns={[
                { title: t('log.tryAt'), dataIndex: 'at', width: 170, render: (v: number) => formatDate(v) },
                { title: t('log.code'), dataIndex: 'statusCode', width: 100, render: (c: number | null, r) => <Tag color={r.ok ? 'green' : 'red'}>{c ?? '—'}</Tag> },
                { title: t('log.duration'), dataIndex: 'durationMs', width: 110 },
                { title: t('log.error'), dataIndex: 'error', ellipsis: true },
              ]}
            />
          ),
        }}
        locale={{ emptyText: <Empty description={t('log.empty')} /> }}
      />
    </Card>
  );
}
