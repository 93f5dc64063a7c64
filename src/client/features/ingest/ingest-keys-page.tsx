import { KeyOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ingestKeyCreate, ingestKeyList, ingestKeyRevoke, type IngestKeyItem } from '../../../shared/contracts/stream';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLoad } from '../../ui/use-load';
import { ingestNs } from './locales';

/** /system/ingestKeys: administrators create and revoke the keys gateways use for HTTP ingest. */
export function IngestKeysPage() {
  const { t } = useTranslation(ingestNs);
  const load = useCallback((signal: AbortSignal) => api(ingestKeyList, {}, { signal }), []);
  const keys = useLoad(load);
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [form] = Form.useForm<{ name: string }>();

  const handleCreate = async () => {
    const { name } = await form.validateFields();
    setSaving(true);
    try {
      const created = await api(ingestKeyCreate, { name });
      setCreating(false);
      form.resetFields();
      setSecret(created.key);
      keys.reload();
    } finally {
      setSaving(false);
    }
  };

  const handleRevoke = async (id: number) => {
    await api(ingestKeyRevoke, { id });
    void message.success(t('revokedOk'));
    keys.reload();
  };

  const columns: ColumnsType<IngestKeyItem> = [
    { title: t('name'), dataIndex: 'name', key: 'name' },
    { title: t('prefix'), dataIndex: 'prefix', key: 'prefix', render: (p: string) => <Typography.Text code>{p}…</Typography.Text> },
    { title: t('createdAt'), dataIndex: 'created_at', key: 'created_at', render: (at: number) => formatDate(at) },
    { title: t('createdBy'), dataIndex: 'created_by', key: 'created_by' },
    {
      title: t('status'),
      key: 'status',
      render: (_: unknown, k) =>
        k.revoked_at === null ? <Tag color="green">{t('active')}</Tag> : <Tag>{t('revoked', { at: formatDate(k.revoked_at) })}</Tag>,
    },
    {
      title: t('actions'),
      key: 'actions',
      render: (_: unknown, k) =>
        k.revoked_at === null ? (
          <Popconfirm title={t('confirmRevoke', { name: k.name })} onConfirm={() => handleRevoke(k.id)}>
            <Button type="link" danger data-testid={`ingest-revoke-${k.id}`}>
              {t('revoke')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Card
      title={
        <Space>
          <KeyOutlined />
          {t('title')}
        </Space>
      }
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={keys.reload}>
            {t('refresh')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="ingest-add">
            {t('add')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Table<IngestKeyItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={keys.data?.items ?? []}
        loading={keys.loading}
        pagination={false}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
      />
      <Modal open={creating} title={t('add')} onOk={() => void handleCreate()} confirmLoading={saving} onCancel={() => setCreating(false)} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 64 }]}>
            <Input placeholder={t('namePlaceholder')} data-testid="ingest-name" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={secret !== null}
        title={t('created')}
        closable={false}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={() => setSecret(null)}>
            {t('close')}
          </Button>
        }
      >
        <Alert type="warning" showIcon message={t('secretOnce')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: secret ?? '', tooltips: [t('copy'), t('copied')] }} code data-testid="ingest-secret">
          {secret}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
