import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Card, DatePicker, Empty, Form, Input, Result, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { auditLogList } from '../../../shared/org/contracts';
import { isJsonObject } from '../../../shared/text';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { orgNs } from './locales';
import { useHasPermission } from './use-can-manage';
import { useLoad } from '../../ui/use-load';
import { readableDetail, registerAuditLabels } from '../../shell/audit-labels';

registerAuditLabels(orgNs);

type AuditRow = z.output<typeof auditLogList.output>['items'][number];

interface Filters {
  loginname?: string;
  entity?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

interface Query {
  page: number;
  pageSize: number;
  loginname?: string;
  entity?: string;
  from?: number;
  to?: number;
}

/** Detail is stored as JSON text; pretty-print it when it is an object, else show it as is. */
function prettyDetail(detail: string): string {
  if (!isJsonObject(detail)) {
    return detail;
  }
  return JSON.stringify(JSON.parse(detail), null, 2);
}

const hasDetail = (detail: string) => detail.trim() !== '' && detail.trim() !== '{}' && detail.trim() !== '[]';

/** Entities the server audits (table names), offered as suggestions; any other text is allowed. */
const knownEntities = ['dept', 'post', 'region', 'role', 'users', 'session'] as const;

const actionColor = (action: string): string => {
  if (/delete|remove|disable|fail|reuse|revoke/i.test(action)) {
    return 'red';
  }
  if (/create|add|enable/i.test(action)) {
    return 'green';
  }
  if (/login|logout|logoff|sign/i.test(action)) {
    return 'purple';
  }
  return 'blue';
};

/** /system/auditLog: who changed what and when. */
export function AuditLogPage() {
  const { t } = useTranslation(orgNs);
  const allowed = useHasPermission('audit:read');
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<Query>({ page: 1, pageSize: 20 });

  const load = useCallback(
    (signal: AbortSignal) => (allowed ? api(auditLogList, query, { signal }) : Promise.resolve({ items: [], total: 0 })),
    [allowed, query],
  );
  const log = useLoad(load);

  const handleSearch = (f: Filters) => {
    const [from, to] = f.range ?? [];
    setQuery((q) => ({
      page: 1,
      pageSize: q.pageSize,
      loginname: f.loginname?.trim() || undefined,
      entity: f.entity?.trim() || undefined,
      from: from ? from.startOf('day').valueOf() : undefined,
      to: to ? to.endOf('day').valueOf() : undefined,
    }));
  };

  const handleReset = () => {
    form.resetFields();
    setQuery((q) => ({ page: 1, pageSize: q.pageSize }));
  };

  if (!allowed) {
    return <Result status="403" title={t('audit.forbidden')} />;
  }

  const columns: ColumnsType<AuditRow> = [
    { title: t('audit.at'), dataIndex: 'at', key: 'at', width: 180, render: (at: number) => formatDate(at) },
    { title: t('audit.loginname'), dataIndex: 'loginname', key: 'loginname', width: 140 },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      key: 'action',
      width: 160,
      render: (a: string) => (
        <Tag color={actionColor(a)} title={a}>
          {t(`audit.actions.${a}`, { defaultValue: a })}
        </Tag>
      ),
    },
    {
      title: t('audit.entity'),
      dataIndex: 'entity',
      key: 'entity',
      width: 150,
      render: (e: string) => {
        const label = t(`audit.entities.${e}`, { defaultValue: '' });
        return label ? (
          <span>
            {label}
            <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
              {e}
            </Typography.Text>
          </span>
        ) : (
          e
        );
      },
    },
    { title: t('audit.entityId'), dataIndex: 'entity_id', key: 'entity_id', width: 120 },
    {
      title: t('audit.detail'),
      dataIndex: 'detail',
      key: 'detail',
      ellipsis: true,
      render: (d: string) =>
        hasDetail(d) ? <Typography.Text type="secondary">{readableDetail(d, (k) => t(`audit.detailKeys.${k}`, { defaultValue: k }))}</Typography.Text> : '—',
    },
  ];

  const presets: { label: string; value: [Dayjs, Dayjs] }[] = [
    { label: t('audit.today'), value: [dayjs().startOf('day'), dayjs().endOf('day')] },
    { label: t('audit.last7'), value: [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] },
    { label: t('audit.last30'), value: [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')] },
  ];

  const filtered = Boolean(query.loginname || query.entity || query.from || query.to);

  return (
    <Card
      size="small"
      title={t('audit.title')}
      extra={
        <Tooltip title={t('common.refresh')}>
          <Button size="small" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={log.reload} />
        </Tooltip>
      }
    >
      <Form form={form} layout="inline" onFinish={handleSearch} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="loginname" label={t('audit.loginname')}>
          <Input allowClear maxLength={64} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="entity" label={t('audit.entity')}>
          <AutoComplete
            allowClear
            style={{ width: 180 }}
            placeholder={t('audit.entityPlaceholder')}
            options={knownEntities.map((e) => ({ value: e, label: `${e} · ${t(`audit.entities.${e}`)}` }))}
            filterOption={(input, option) =>
              String(option?.label ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
          />
        </Form.Item>
        <Form.Item name="range" label={t('audit.range')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} presets={presets} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('common.search')}
            </Button>
            <Button onClick={handleReset}>{t('common.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<AuditRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={log.data?.items ?? []}
        loading={log.loading}
        scroll={{ x: 1000 }}
        expandable={{
          rowExpandable: (r) => hasDetail(r.detail),
          expandedRowRender: (r) => (
            <pre style={{ margin: 0, maxHeight: 360, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {prettyDetail(r.detail)}
            </pre>
          ),
        }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('common.noMatch') : t('audit.empty')} />,
        }}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: log.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, pageSize) => setQuery((q) => ({ ...q, page: pageSize === q.pageSize ? page : 1, pageSize })),
        }}
      />
    </Card>
  );
}
