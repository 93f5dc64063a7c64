import { CopyOutlined, LinkOutlined, PlusOutlined, QrcodeOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Popover,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  message,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PUBLIC_LINK_DEFAULT_DAYS,
  PUBLIC_LINK_MAX_DAYS,
  publicLinkCreate,
  publicLinkList,
  publicLinkRevoke,
  type PublicLinkItem,
  type PublicLinkStatus,
} from '../../../shared/documents/contracts';
import { definitionList, linkOptions } from '../../../shared/records/contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';
import { documentsNs } from './locales';

const STATUS_COLOR: Record<PublicLinkStatus, string> = { active: 'green', expired: 'default', revoked: 'red' };

interface CreateForm {
  kind: 'record' | 'view';
  entity: string;
  id?: number;
  keyword?: string;
  title?: string;
  expiresAt: Dayjs;
}

function QrPopover({ link }: { link: PublicLinkItem }) {
  const { t } = useTranslation(documentsNs);
  return (
    <Popover
      trigger="click"
      content={
        <Space direction="vertical" align="center">
          <img src={link.qr} alt={link.title} width={200} height={200} data-testid={`link-qr-img-${link.id}`} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('links.scan')}
          </Typography.Text>
        </Space>
      }
    >
      <Button type="link" size="small" icon={<QrcodeOutlined />} data-testid={`link-qr-${link.id}`}>
        {t('links.qr')}
      </Button>
    </Popover>
  );
}

/** A ledger's records to choose from, by their title field. */
function RecordSelect({
  entity,
  titleField,
  value,
  onChange,
}: {
  entity: string;
  titleField: string;
  value?: number;
  onChange?: (v: number) => void;
}) {
  const lang = useLang();
  const load = useCallback((signal: AbortSignal) => api(linkOptions, { entity, label: titleField }, { signal }), [entity, titleField]);
  const options = useLoad(load);
  return (
    <Select
      showSearch
      optionFilterProp="label"
      value={value}
      onChange={onChange}
      loading={options.loading}
      options={(options.data ?? []).map((o) => ({ value: o.id, label: pick(lang, o.zh, o.en) || `#${o.id}` }))}
      data-testid="link-record"
    />
  );
}

/** /Document/PublicLinks: the public read-only links, with their QR codes; create, copy, revoke. */
export function PublicLinksPage() {
  const { t } = useTranslation(documentsNs);
  const lang = useLang();
  const [status, setStatus] = useState<PublicLinkStatus | 'all'>('active');
  const [page, setPage] = useState(1);
  const load = useCallback(
    (signal: AbortSignal) => api(publicLinkList, { page, pageSize: 20, ...(status === 'all' ? {} : { status }) }, { signal }),
    [page, status],
  );
  const links = useLoad(load);
  const defs = useLoad(useCallback((signal: AbortSignal) => api(definitionList, {}, { signal }), []));
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<CreateForm>();
  const kind = Form.useWatch('kind', form);
  const entity = Form.useWatch('entity', form);
  const def = defs.data?.items.find((d) => d.entity === entity)?.definition;
  const titleField = def ? (def.titleField ?? def.fields.find((f) => f.type === 4)?.key ?? def.fields[0].key) : '';

  const handleCreate = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const target = v.kind === 'record' ? { entity: v.entity, id: v.id } : { entity: v.entity, keyword: v.keyword ?? '' };
      await api(publicLinkCreate, { kind: v.kind, target, title: v.title ?? '', expiresAt: v.expiresAt.endOf('day').valueOf() });
      void message.success(t('links.created'));
      setCreating(false);
      setStatus('active');
      links.reload();
    } finally {
      setSaving(false);
    }
  };

  const handleRevoke = async (id: number) => {
    await api(publicLinkRevoke, { id });
    void message.success(t('links.revoked'));
    links.reload();
  };

  const handleCopy = (url: string) => {
    void navigator.clipboard?.writeText(url).then(() => message.success(t('links.copied')));
  };

  const columns: ColumnsType<PublicLinkItem> = [
    { title: t('links.title'), dataIndex: 'title', key: 'title', ellipsis: true },
    {
      title: t('links.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: 100,
      render: (k: string) => t(`links.kinds.${k}`, { defaultValue: k }),
    },
    {
      title: t('links.status'),
      dataIndex: 'status',
      key: 'status',
      width: 90,
      render: (s: PublicLinkStatus) => <Tag color={STATUS_COLOR[s]}>{t(`links.statuses.${s}`)}</Tag>,
    },
    {
      title: t('links.expiresAt'),
      dataIndex: 'expiresAt',
      key: 'expiresAt',
      width: 150,
      render: (at: number) => formatDate(at, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('links.opens'),
      key: 'opens',
      width: 150,
      render: (_: unknown, l) => (l.lastOpenedAt === null ? l.opens : `${l.opens} · ${formatDate(l.lastOpenedAt, 'MM-DD HH:mm')}`),
    },
    {
      title: t('links.createdBy'),
      key: 'createdBy',
      width: 160,
      render: (_: unknown, l) => `${l.createdBy} · ${formatDate(l.createdAt, 'YYYY-MM-DD')}`,
    },
    {
      title: t('links.actions'),
      key: 'actions',
      width: 260,
      render: (_: unknown, l) => (
        <Space size={0} wrap>
          <QrPopover link={l} />
          <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => handleCopy(l.url)}>
            {t('links.copy')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<LinkOutlined />}
            href={l.path}
            target="_blank"
            rel="noreferrer"
            data-testid={`link-open-${l.id}`}
          >
            {t('links.open')}
          </Button>
          {l.status === 'active' ? (
            <Popconfirm title={t('links.confirmRevoke', { title: l.title })} onConfirm={() => handleRevoke(l.id)}>
              <Button type="link" size="small" danger data-testid={`link-revoke-${l.id}`}>
                {t('links.revoke')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card
      extra={
        <Space wrap>
          <Radio.Group
            size="small"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as PublicLinkStatus | 'all');
              setPage(1);
            }}
            optionType="button"
            options={[
              { value: 'active', label: t('links.statuses.active') },
              { value: 'expired', label: t('links.statuses.expired') },
              { value: 'revoked', label: t('links.statuses.revoked') },
              { value: 'all', label: t('links.all') },
            ]}
          />
          <Button icon={<ReloadOutlined />} onClick={links.reload} aria-label={t('links.refresh')} />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              form.setFieldsValue({ kind: 'record', expiresAt: dayjs().add(PUBLIC_LINK_DEFAULT_DAYS, 'day') });
              setCreating(true);
            }}
            data-testid="link-add"
          >
            {t('links.add')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('links.intro')}</Typography.Paragraph>
      <Table<PublicLinkItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={links.data?.items ?? []}
        loading={links.loading}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 20, total: links.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        locale={{ emptyText: <Empty description={t('links.empty')} /> }}
      />
      <Modal
        open={creating}
        title={t('links.add')}
        onOk={() => void handleCreate()}
        confirmLoading={saving}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="kind" label={t('links.kind')} rules={[{ required: true }]}>
            <Radio.Group
              options={[
                { value: 'record', label: t('links.kinds.record') },
                { value: 'view', label: t('links.kinds.view') },
              ]}
            />
          </Form.Item>
          <Form.Item name="entity" label={t('links.ledger')} rules={[{ required: true, message: t('links.required') }]}>
            <Select
              showSearch
              optionFilterProp="label"
              data-testid="link-ledger"
              options={(defs.data?.items ?? []).map((d) => ({
                value: d.entity,
                label: pick(lang, d.definition.name.zh, d.definition.name.en),
              }))}
            />
          </Form.Item>
          {kind === 'record' && entity ? (
            <Form.Item name="id" label={t('links.record')} rules={[{ required: true, message: t('links.required') }]}>
              <RecordSelect entity={entity} titleField={titleField} />
            </Form.Item>
          ) : null}
          {kind === 'view' ? (
            <Form.Item name="keyword" label={t('links.keyword')}>
              <Input maxLength={100} />
            </Form.Item>
          ) : null}
          <Form.Item name="title" label={t('links.customTitle')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="expiresAt" label={t('links.expiresAt')} rules={[{ required: true }]}>
            <DatePicker
              style={{ width: '100%' }}
              disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(PUBLIC_LINK_MAX_DAYS, 'day'))}
              data-testid="link-expires"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
