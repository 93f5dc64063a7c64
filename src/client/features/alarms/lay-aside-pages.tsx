import { PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Empty, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { alarmLayAsideDetails, alarmLayAsideList, type LayAsideEntry } from '../../../shared/alarms/notify-contracts';
import type { AlarmItem } from '../../../shared/alarms/contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { useRegions } from '../../ui/region-options';
import { useLoad } from '../../ui/use-load';
import { unshelve, useAlarmRights } from './alarm-actions';
import { useAlarmFeed, useAlarmStore } from './alarm-store';
import { alarmsNs, sourceNameOf } from './locales';
import { priorityColors } from '../../ui/alarm-priority';
import { notifyNs } from './notify-locales';

/** Ids of the shelved alarms in the live store, as one string: changes exactly when shelving does. */
const shelvedKey = (s: { byId: ReadonlyMap<number, AlarmItem> }) =>
  [...s.byId.values()]
    .filter((a) => a.state === 'shelved')
    .map((a) => `${a.id}:${a.shelvedUntil}`)
    .join(',');

/** `/alarmData/alarmLayAside`: what is shelved now, by whom, why and until when; unshelve with permission. */
export function AlarmLayAsidePage() {
  const { t } = useTranslation(notifyNs);
  const { t: ta } = useTranslation(alarmsNs);
  const lang = useLang();
  const navigate = useNavigate();
  const rights = useAlarmRights();
  const regions = useRegions();
  useAlarmFeed();
  // The live store hears every shelve and unshelve; the ledger call is re-read when they happen.
  const live = useAlarmStore(shelvedKey);
  const load = useCallback((signal: AbortSignal) => api(alarmLayAsideList, {}, { signal }), []);
  const list = useLoad(load);
  const { reload } = list;
  useEffect(() => {
    reload();
  }, [live, reload]);
  const [selected, setSelected] = useState<number[]>([]);

  const handleUnshelve = async (ids: number[]) => {
    try {
      notify(t('layAside.unshelved', { n: await unshelve(ids) }));
      setSelected([]);
    } catch {
      // api() showed why.
    }
    reload();
  };

  const now = list.data?.serverTime ?? Date.now();
  const columns: ColumnsType<AlarmItem> = [
    { title: t('layAside.priority'), dataIndex: 'priority', width: 76, render: (p: number) => <Tag color={priorityColors[p]}>{ta(`priority.${p}`)}</Tag> },
    {
      title: t('layAside.source'),
      dataIndex: 'sourceName',
      width: 240,
      ellipsis: true,
      render: (_: string, a) => (
        <>
          {sourceNameOf(a, lang)}
          {/* A timed shelf belongs to the alarm: it holds after the occurrence closed, for the next activation (DOMAIN.md §3). */}
          {a.closedAt !== null && (
            <Tag style={{ marginInlineStart: 6 }} data-testid={`lay-aside-held-${a.id}`}>
              {t('layAside.held')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('layAside.type'), dataIndex: 'type', width: 90, render: (ty: AlarmItem['type']) => ta(`type.${ty}`) },
    { title: ta('col.region'), dataIndex: 'regionid', width: 110, render: (r: number | null) => (r === null ? '—' : (regions.nameOf.get(r) ?? r)) },
    { title: t('layAside.by'), dataIndex: 'shelvedBy', width: 100 },
    { title: t('layAside.reason'), dataIndex: 'shelveReason', ellipsis: true },
    { title: t('layAside.until'), dataIndex: 'shelvedUntil', width: 168, render: (v: number | null) => (v ? formatDate(v) : '—') },
    {
      title: t('layAside.remaining'),
      key: 'left',
      width: 90,
      render: (_: unknown, a) => (a.shelvedUntil ? t('layAside.minutesLeft', { n: Math.max(0, Math.ceil((a.shelvedUntil - now) / 60_000)) }) : '—'),
    },
    {
      title: '',
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_: unknown, a) =>
        rights.shelve ? (
          <Button size="small" icon={<PlayCircleOutlined />} onClick={() => void handleUnshelve([a.id])} data-testid={`lay-aside-unshelve-${a.id}`}>
            {t('layAside.unshelve')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      size="small"
      title={t('layAside.title')}
      extra={
        <Space wrap>
          {rights.shelve && (
            <Button icon={<PlayCircleOutlined />} disabled={selected.length === 0} onClick={() => void handleUnshelve(selected)}>
              {t('layAside.unshelve')}
            </Button>
          )}
          <Button onClick={() => navigate('/alarmData/alarmLayAsideDetails')}>{t('layAside.details')}</Button>
          <Button icon={<ReloadOutlined />} onClick={reload} aria-label={t('layAside.refresh')} />
        </Space>
      }
      data-testid="lay-aside-page"
    >
      <Table<AlarmItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.loading}
        pagination={false}
        scroll={{ x: 1100 }}
        rowSelection={rights.shelve ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
        onRow={(a) => ({ 'data-testid': `lay-aside-row-${a.alarmKey}` }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: <Empty description={t('layAside.empty')} /> }}
      />
    </Card>
  );
}

/** `/alarmData/alarmLayAsideDetails`: shelve and unshelve history (from the audit log) over a range. */
export function AlarmLayAsideDetailsPage() {
  const { t } = useTranslation(notifyNs);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(7, 'day'), dayjs()]);
  const [page, setPage] = useState(1);
  const load = useCallback(
    (signal: AbortSignal) => api(alarmLayAsideDetails, { from: range[0].valueOf(), to: range[1].valueOf(), pageIndex: page, pageSize: 50 }, { signal }),
    [range, page],
  );
  const result = useLoad(load);
  const columns: ColumnsType<LayAsideEntry> = [
    { title: t('layAside.at'), dataIndex: 'at', width: 168, render: (v: number) => formatDate(v) },
    {
      title: t('layAside.action'),
      dataIndex: 'action',
      width: 130,
      render: (a: string) => <Tag color={a === 'alarm.shelve' ? 'gold' : 'blue'}>{t(`layAside.actions.${a}`, { defaultValue: a })}</Tag>,
    },
    { title: t('layAside.alarmId'), dataIndex: 'alarmId', width: 90 },
    { title: t('layAside.source'), dataIndex: 'source', width: 180, ellipsis: true },
    { title: t('layAside.user'), dataIndex: 'loginname', width: 100 },
    { title: t('layAside.minutes'), dataIndex: 'minutes', width: 100, render: (m: number | null) => m ?? '—' },
    { title: t('layAside.kind'), dataIndex: 'kind', width: 80, render: (k: string) => (k ? t(`layAside.kinds.${k}`, { defaultValue: k }) : '—') },
    { title: t('layAside.reason'), dataIndex: 'reason', ellipsis: true, render: (r: string) => r || '—' },
  ];
  return (
    <Card size="small" title={t('layAside.detailsTitle')} data-testid="lay-aside-details-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text>{t('layAside.range')}</Typography.Text>
        <DatePicker.RangePicker
          showTime
          allowClear={false}
          value={range}
          onChange={(r) => {
            if (r?.[0] && r[1]) {
              setRange([r[0], r[1]]);
              setPage(1);
            }
          }}
        />
        <Button icon={<ReloadOutlined />} onClick={result.reload} aria-label={t('layAside.refresh')} />
      </Space>
      <Table<LayAsideEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={result.data?.items ?? []}
        loading={result.loading}
        scroll={{ x: 1000 }}
        pagination={{ current: page, pageSize: 50, total: result.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        locale={{ emptyText: <Empty description={t('layAside.detailsEmpty')} /> }}
      />
    </Card>
  );
}
