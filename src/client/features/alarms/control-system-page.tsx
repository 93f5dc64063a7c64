import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Form, Grid, Input, Popconfirm, Select, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  controlSystemDelete,
  controlSystemList,
  controlSystemSave,
  controlSystemTypes,
  type ControlSystemItem,
  type ControlSystemType,
} from '../../../shared/alarms/control-system-contracts';
import { formatDate } from '../../../shared/time';
import { api, errorText } from '../../app/api';
import { feedback, notify } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { FormModal } from '../../ui/form-modal';
import { useRegions } from '../../ui/region-options';
import { useLoad } from '../../ui/use-load';
import { controlSystemNs } from './control-system-locales';
import './alarms.css';

/** How often the live link figures are re-read. */
const REFRESH_MS = 10_000;

type LinkState = 'ok' | 'down' | 'none';

/** Down while any tag has an open comm alarm or nothing came in the last minute after it had sent. */
function linkState(l: ControlSystemItem['link']): LinkState {
  if (l.lastSampleAt === null) {
    return 'none';
  }
  return l.commAlarms > 0 || l.samplesLastMinute === 0 ? 'down' : 'ok';
}
const linkBadge: Record<LinkState, 'success' | 'error' | 'default'> = { ok: 'success', down: 'error', none: 'default' };

interface FormValues {
  name: string;
  type: ControlSystemType;
  ingestKey: string;
  mqttTopic: string;
  /** One pattern per line. */
  tagPatterns: string;
  regionids: number[];
}

/**
 * `/alarmAduit/controlSystemSettings`: the control systems that feed alarms
 * (issue 9 part 5), each with the tags it owns and its live link (last
 * sample, samples in the last minute, open comm alarms), refreshed every 10 s.
 */
export function ControlSystemPage() {
  const { t } = useTranslation(controlSystemNs);
  const lang = useLang();
  const canEdit = useSession((s) => s.user?.permissions.includes('alarm:admin') ?? false);
  const regions = useRegions();
  // On a phone the table keeps name, tags and link in one column, without sideways scrolling.
  const narrow = !Grid.useBreakpoint().md;
  const [editing, setEditing] = useState<ControlSystemItem | 'new' | null>(null);
  const [opened, setOpened] = useState(0);
  const load = useCallback((signal: AbortSignal) => api(controlSystemList, {}, { signal }), []);
  const result = useLoad(load);
  const { reload } = result;
  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  const handleDelete = async (r: ControlSystemItem) => {
    try {
      await api(controlSystemDelete, { id: r.id }, { silent: true });
      notify(t('deleted'));
      reload();
    } catch (err) {
      void feedback.message.error(errorText(err, lang));
    }
  };
  const open = (item: ControlSystemItem | 'new') => {
    setOpened((n) => n + 1);
    setEditing(item);
  };

  const linkCell = (r: ControlSystemItem) => {
    const s = linkState(r.link);
    return (
      <Space direction="vertical" size={0} data-testid={`cs-link-${r.id}`}>
        <Badge status={linkBadge[s]} text={t(s === 'ok' ? 'linkOk' : s === 'down' ? 'linkDown' : 'linkNone')} />
        {r.link.lastSampleAt !== null && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('lastSample')} {formatDate(r.link.lastSampleAt, 'MM-DD HH:mm:ss')} · {t('perMinute', { n: r.link.samplesLastMinute })}
          </Typography.Text>
        )}
        {r.link.commAlarms > 0 && (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {t('commAlarms', { n: r.link.commAlarms })}
          </Typography.Text>
        )}
      </Space>
    );
  };
  const nameCell = (r: ControlSystemItem) => (
    <Space direction="vertical" size={0}>
      <strong>{r.name}</strong>
      <Tag color={r.type === 'SIS' ? 'red' : r.type === 'GDS' ? 'orange' : 'blue'}>{t(`types.${r.type}`)}</Tag>
    </Space>
  );

  const columns: ColumnsType<ControlSystemItem> = narrow
    ? [
        {
          title: t('name'),
          key: 'all',
          render: (_: unknown, r) => (
            <Space direction="vertical" size={2}>
              {nameCell(r)}
              <span>
                {t('tagCount')}: {r.tagCount}
              </span>
              {linkCell(r)}
            </Space>
          ),
        },
      ]
    : [
        { title: t('name'), dataIndex: 'name', width: 200, render: (_: string, r) => nameCell(r) },
        { title: t('tagCount'), dataIndex: 'tagCount', width: 80, align: 'right' },
        { title: t('link'), key: 'link', width: 210, render: (_: unknown, r) => linkCell(r) },
      ];
  if (!narrow) {
    columns.push(
      {
        title: t('source'),
        key: 'source',
        width: 240,
        render: (_: unknown, r) => (
          <Space direction="vertical" size={0} style={{ fontSize: 12 }}>
            <span>
              {r.tagPatterns.map((p) => (
                <Tag key={p}>{p}</Tag>
              ))}
            </span>
            {r.ingestKey && (
              <span>
                {t('ingestKey')}: {r.ingestKey}
              </span>
            )}
            {r.mqttTopic && (
              <span>
                {t('mqttTopic')}: {r.mqttTopic}
              </span>
            )}
          </Space>
        ),
      },
      {
        title: t('regions'),
        dataIndex: 'regionids',
        width: 200,
        render: (ids: number[]) => ids.map((id) => regions.nameOf.get(id) ?? String(id)).join('、'),
      },
      {
        title: t('updated'),
        dataIndex: 'updatedAt',
        width: 150,
        render: (at: number, r) => `${r.updatedBy} ${formatDate(at, 'MM-DD HH:mm')}`,
      },
    );
  }
  if (canEdit) {
    columns.push({
      title: '',
      key: 'actions',
      width: 90,
      fixed: narrow ? undefined : 'right',
      render: (_: unknown, r) => (
        <Space size={4} direction={narrow ? 'vertical' : 'horizontal'}>
          <Button size="small" icon={<EditOutlined />} aria-label={t('edit')} onClick={() => open(r)} data-testid={`cs-edit-${r.id}`} />
          <Popconfirm title={t('deleteConfirm', { name: r.name })} onConfirm={() => void handleDelete(r)}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} />
          </Popconfirm>
        </Space>
      ),
    });
  }

  const item = editing === 'new' ? null : editing;
  return (
    <Card size="small" data-testid="control-system-page">
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <div className="pw-alarm-toolbar">
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="cs-add">
            {t('add')}
          </Button>
        )}
        <Button icon={<ReloadOutlined />} onClick={reload}>
          {t('refresh')}
        </Button>
      </div>
      <Table<ControlSystemItem>
        size="small"
        rowKey="id"
        loading={result.loading && !result.data}
        dataSource={result.data?.items ?? []}
        columns={columns}
        scroll={narrow ? undefined : { x: 1150 }}
        pagination={false}
        footer={() => t('total', { total: result.data?.total ?? 0 })}
        onRow={(r) => ({ 'data-testid': `cs-row-${r.name}` }) as React.HTMLAttributes<HTMLElement>}
      />
      <FormModal<FormValues>
        key={opened}
        open={editing !== null}
        title={item ? t('edit') : t('add')}
        okText={t('save')}
        okTestId="cs-save"
        width={560}
        fields={['name', 'type', 'ingestKey', 'mqttTopic', 'tagPatterns', 'regionids']}
        initialValues={
          item
            ? {
                name: item.name,
                type: item.type,
                ingestKey: item.ingestKey,
                mqttTopic: item.mqttTopic,
                tagPatterns: item.tagPatterns.join('\n'),
                regionids: item.regionids,
              }
            : { type: 'DCS', ingestKey: '', mqttTopic: '', tagPatterns: '', regionids: [] }
        }
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          const tagPatterns = v.tagPatterns
            .split(/[\n,，]/)
            .map((p) => p.trim())
            .filter((p) => p !== '');
          await api(
            controlSystemSave,
            {
              id: item?.id,
              name: v.name,
              type: v.type,
              ingestKey: v.ingestKey ?? '',
              mqttTopic: v.mqttTopic ?? '',
              tagPatterns,
              regionids: v.regionids,
            },
            { silent: true },
          );
          notify(t('saved'));
          reload();
        }}
      >
        <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
          <Input maxLength={100} data-testid="cs-name" />
        </Form.Item>
        <Form.Item name="type" label={t('type')} rules={[{ required: true }]}>
          <Select options={controlSystemTypes.map((ty) => ({ value: ty, label: t(`types.${ty}`) }))} data-testid="cs-type" />
        </Form.Item>
        <Form.Item name="tagPatterns" label={t('tagPatterns')} extra={t('tagPatternsHint')}>
          <Input.TextArea rows={3} data-testid="cs-patterns" />
        </Form.Item>
        <Form.Item name="ingestKey" label={t('ingestKey')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="mqttTopic" label={t('mqttTopic')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="regionids" label={t('regions')} rules={[{ required: true, message: t('required') }]}>
          <TreeSelect multiple allowClear treeDefaultExpandAll treeData={regions.tree} data-testid="cs-regions" />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
