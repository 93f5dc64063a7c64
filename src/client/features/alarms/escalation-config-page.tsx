import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined, RiseOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { escalationConfigAdd, escalationConfigDelete, escalationConfigList, escalationConfigSort, type EscalationLevel } from '../../../shared/alarms/notify-contracts';
import { api } from '../../app/api';
import { feedback } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { isValidationError, showSaveError } from '../../ui/form-rules';
import { useLoad } from '../../ui/use-load';
import { useUsers, useWebhooks } from './notify-data';
import { notifyNs } from './notify-locales';

interface LevelForm {
  name: string;
  minutes: number;
  webhookIds: number[];
  userids: number[];
}

/**
 * EscalationConfig (seed 1 §7.3: list, add, delete, sort): levels of
 * escalation for alarms nobody acknowledges, first to last.
 */
export function EscalationConfigPage() {
  const { t } = useTranslation(notifyNs);
  const lang = useLang();
  const loadLevels = useCallback((signal: AbortSignal) => api(escalationConfigList, {}, { signal }), []);
  const levels = useLoad(loadLevels);
  const hooks = useWebhooks();
  const users = useUsers();
  const hookName = useMemo(() => new Map((hooks.data?.items ?? []).map((w) => [w.id, w.name])), [hooks.data]);
  const userName = users.nameOf;
  const [editing, setEditing] = useState<EscalationLevel | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<LevelForm>();
  const items = levels.data?.items ?? [];

  const open = (level: EscalationLevel | 'new') => {
    setEditing(level);
    form.setFieldsValue(level === 'new' ? { name: '', minutes: 15, webhookIds: [], userids: [] } : level);
  };

  const handleSave = async () => {
    let v: LevelForm;
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
      await api(escalationConfigAdd, { ...v, id: editing === 'new' || editing === null ? undefined : editing.id }, { silent: true });
      setEditing(null);
      levels.reload();
    } catch (err) {
      showSaveError(err, { form, fields: ['name', 'minutes', 'webhookIds', 'userids'], message: feedback.message, lang });
    } finally {
      setSaving(false);
    }
  };

  const move = async (index: number, by: -1 | 1) => {
    const ids = items.map((l) => l.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    try {
      await api(escalationConfigSort, { ids });
    } finally {
      levels.reload();
    }
  };

  const handleDelete = async (id: number) => {
    try {
      await api(escalationConfigDelete, { id });
    } finally {
      levels.reload();
    }
  };

  const columns: ColumnsType<EscalationLevel> = [
    { title: t('escalation.sort'), dataIndex: 'sort', width: 70 },
    { title: t('escalation.name'), dataIndex: 'name', width: 140 },
    { title: t('escalation.minutes'), dataIndex: 'minutes', width: 130 },
    { title: t('escalation.webhooks'), dataIndex: 'webhookIds', render: (ids: number[]) => ids.map((i) => hookName.get(i) ?? i).join('、') || '—' },
    { title: t('escalation.users'), dataIndex: 'userids', render: (ids: number[]) => ids.map((i) => userName.get(i) ?? i).join('、') || '—' },
    {
      title: t('escalation.actions'),
      key: 'actions',
      width: 250,
      render: (_: unknown, l, i) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => void move(i, -1)} aria-label={t('escalation.up')} />
          <Button type="link" size="small" icon={<ArrowDownOutlined />} disabled={i === items.length - 1} onClick={() => void move(i, 1)} aria-label={t('escalation.down')} />
          <Button type="link" size="small" onClick={() => open(l)}>
            {t('escalation.edit')}
          </Button>
          <Popconfirm title={t('escalation.confirmDelete', { name: l.name })} onConfirm={() => void handleDelete(l.id)}>
            <Button type="link" size="small" danger>
              {t('escalation.delete')}
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
          <RiseOutlined />
          {t('escalation.title')}
        </Space>
      }
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="escalation-add">
          {t('escalation.add')}
        </Button>
      }
      data-testid="escalation-config"
    >
      <Typography.Paragraph type="secondary">{t('escalation.intro')}</Typography.Paragraph>
      <Table<EscalationLevel>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={items}
        loading={levels.loading}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={t('escalation.empty')} /> }}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('escalation.add') : t('escalation.edit')}
        confirmLoading={saving}
        onOk={() => void handleSave()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('escalation.name')} rules={[{ required: true, whitespace: true, message: t('escalation.nameRequired') }, { max: 64 }]}>
            <Input data-testid="escalation-name" />
          </Form.Item>
          <Form.Item name="minutes" label={t('escalation.minutes')} rules={[{ required: true, message: t('escalation.minutesRequired') }]}>
            <InputNumber min={0.1} max={7 * 24 * 60} step={1} style={{ width: 160 }} data-testid="escalation-minutes" />
          </Form.Item>
          <Form.Item name="webhookIds" label={t('escalation.webhooks')}>
            <Select mode="multiple" allowClear options={(hooks.data?.items ?? []).map((w) => ({ value: w.id, label: w.name }))} data-testid="escalation-webhooks" />
          </Form.Item>
          <Form.Item name="userids" label={t('escalation.users')}>
            <Select mode="multiple" allowClear optionFilterProp="label" options={users.options} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
