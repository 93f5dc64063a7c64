import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { alarmHistoryExport, alarmHistoryList, type AlarmItem, type AlarmType } from '../../../shared/alarms/contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { downloadPost } from '../../ui/file-transfer';
import { useLoad } from '../../ui/use-load';
import { feedback } from '../../app/feedback';
import { errorText } from '../../app/api';
import { useLang } from '../../app/i18n';
import { alarmsNs, sourceNameOf } from './locales';
import { priorityColors } from '../../ui/alarm-priority';
import './alarms.css';

interface Query {
  range: [Dayjs, Dayjs];
  source: string;
  priority: number[];
  pageIndex: number;
  pageSize: number;
}

const fmt = (v: number | null, unit: string) => (v === null ? '—' : `${Number(v.toFixed(3))}${unit ? ` ${unit}` : ''}`);

/** `/alarmData/historyAlarm`: occurrences by activation time, tag and priority, newest first, paged on the server; with `types`, of those types only. */
export function HistoryAlarmPage({ types }: { types?: readonly AlarmType[] } = {}) {
  const { t } = useTranslation(alarmsNs);
  const lang = useLang();
  const [params] = useSearchParams();
  // The audit page drills down here with ?from=&to=&source=.
  const [draft, setDraft] = useState<Query>(() => {
    const from = Number(params.get('from'));
    const to = Number(params.get('to'));
    return {
      range: from > 0 && to > from ? [dayjs(from), dayjs(to)] : [dayjs().subtract(24, 'hour'), dayjs()],
      source: params.get('source') ?? '',
      priority: [],
      pageIndex: 1,
      pageSize: 50,
    };
  });
  const [query, setQuery] = useState(draft);
  const filterOf = (q: Query) => ({
    from: q.range[0].valueOf(),
    to: q.range[1].valueOf(),
    source: q.source.trim() || undefined,
    priority: q.priority.length ? q.priority : undefined,
  });
  const load = useCallback(
    (signal: AbortSignal) =>
      api(
        alarmHistoryList,
        {
          from: query.range[0].valueOf(),
          to: query.range[1].valueOf(),
          source: query.source.trim() || undefined,
          priority: query.priority.length ? query.priority : undefined,
          types: types ? [...types] : undefined,
          pageIndex: query.pageIndex,
          pageSize: query.pageSize,
        },
        { signal },
      ),
    [query, types],
  );
  const [exporting, setExporting] = useState(false);
  const handleExport = () => {
    setExporting(true);
    downloadPost(alarmHistoryExport.path, filterOf(query), `${t('history.fileName')}.xlsx`)
      .catch((err: unknown) => void feedback.message.error(errorText(err, lang)))
      .finally(() => setExporting(false));
  };
  const result = useLoad(load);
  const columns: ColumnsType<AlarmItem> = [
    { title: t('col.priority'), dataIndex: 'priority', width: 76, render: (p: number) => <Tag color={priorityColors[p]}>{t(`priority.${p}`)}</Tag> },
    { title: t('col.activatedAt'), dataIndex: 'activatedAt', width: 168, render: (v: number) => formatDate(v) },
    { title: t('col.source'), dataIndex: 'sourceName', width: 200, ellipsis: true, render: (_: string, a) => sourceNameOf(a, lang) },
    { title: t('col.type'), dataIndex: 'type', width: 100, render: (ty: AlarmItem['type']) => t(`type.${ty}`) },
    { title: t('col.value'), dataIndex: 'value', width: 110, render: (v: number | null, a) => fmt(v, a.unit) },
    { title: t('col.peak'), dataIndex: 'peak', width: 110, render: (v: number | null, a) => fmt(v, a.unit) },
    { title: t('col.state'), dataIndex: 'state', width: 130, render: (s: AlarmItem['state']) => t(`state.${s}`) },
    { title: t('col.acked'), dataIndex: 'ackedBy', width: 170, render: (by: string | null, a) => (by ? `${by} ${a.ackedAt ? formatDate(a.ackedAt, 'MM-DD HH:mm') : ''}` : '—') },
    { title: t('col.comment'), dataIndex: 'ackComment', width: 160, ellipsis: true, render: (c: string | null) => c ?? '—' },
    { title: t('col.returnedAt'), dataIndex: 'returnedAt', width: 168, render: (v: number | null) => (v ? formatDate(v) : '—') },
    { title: t('col.closedAt'), dataIndex: 'closedAt', width: 168, render: (v: number | null) => (v ? formatDate(v) : '—') },
  ];
  return (
    <Card size="small" data-testid="history-alarm-page" variant={types ? 'borderless' : undefined}>
      <div className="pw-alarm-toolbar">
        <DatePicker.RangePicker
          showTime
          value={draft.range}
          onChange={(r) => r?.[0] && r[1] && setDraft((d) => ({ ...d, range: [r[0]!, r[1]!] }))}
          allowClear={false}
        />
        <Input allowClear placeholder={t('history.source')} value={draft.source} onChange={(e) => setDraft((d) => ({ ...d, source: e.target.value }))} style={{ width: 180 }} />
        <Select
          mode="multiple"
          allowClear
          placeholder={t('filter.priority')}
          value={draft.priority}
          onChange={(priority: number[]) => setDraft((d) => ({ ...d, priority }))}
          options={[1, 2, 3, 4].map((p) => ({ value: p, label: t(`priority.${p}`) }))}
        />
        <Button type="primary" onClick={() => setQuery({ ...draft, pageIndex: 1 })}>
          {t('action.search')}
        </Button>
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={handleExport} data-testid="history-export">
          {t('history.export')}
        </Button>
      </div>
      <Table<AlarmItem>
        size="small"
        rowKey="id"
        loading={result.loading}
        dataSource={result.data?.list ?? []}
        columns={columns}
        scroll={{ x: 1500 }}
        pagination={{
          current: query.pageIndex,
          pageSize: query.pageSize,
          total: result.data?.total ?? 0,
          showTotal: (total) => t('total', { total }),
          onChange: (pageIndex, pageSize) => setQuery((q) => ({ ...q, pageIndex, pageSize })),
        }}
      />
    </Card>
  );
}
