import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POSITIONING_ALARM_TYPES, statisticsCall, statisticsExport, type StatisticsResult } from '../../../shared/positioning/contracts';
import { formatDate, formatDuration } from '../../../shared/time';
import { api, errorText } from '../../app/api';
import { feedback } from '../../app/feedback';
import { pick, useLang } from '../../app/i18n';
import { downloadPost } from '../../ui/file-transfer';
import { useRegionShapes } from '../../ui/region-shapes';
import { positioningNs } from './locales';
import './positioning.css';

/** Cell shade for a head count: the fuller the hour, the deeper the blue. */
function shade(n: number, max: number): string | undefined {
  return n > 0 && max > 0 ? `rgba(22, 119, 255, ${(0.1 + 0.5 * (n / max)).toFixed(2)})` : undefined;
}

/**
 * /StatisticsReport: people per region and hour, time spent per region and
 * positioning alarm counts by type and region (UAPI/Positioning/Statistics).
 */
export function StatisticsView() {
  const { t } = useTranslation(positioningNs);
  const lang = useLang();
  const shapes = useRegionShapes();
  const regionName = useMemo(() => {
    const m = new Map((shapes ?? []).map((f) => [f.id, pick(lang, f.properties.regionname, f.properties.regionname_en)]));
    return (id: number | null) => (id === null ? '—' : id === 0 ? t('outside') : (m.get(id) ?? `#${id}`));
  }, [shapes, lang, t]);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('day'), dayjs()]);
  const [data, setData] = useState<StatisticsResult | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await api(statisticsCall, { from: range[0].valueOf(), to: range[1].valueOf() }));
    } finally {
      setLoading(false);
    }
  }, [range]);
  useEffect(() => {
    void load();
    // The first range loads at once; later ones on the button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const [exporting, setExporting] = useState(false);
  const handleExport = () => {
    setExporting(true);
    downloadPost(statisticsExport.path, { from: range[0].valueOf(), to: range[1].valueOf() }, `${t('statisticsFile')}.xlsx`)
      .catch((err: unknown) => void feedback.message.error(errorText(err, lang)))
      .finally(() => setExporting(false));
  };

  const max = useMemo(() => Math.max(0, ...(data?.regions ?? []).flatMap((r) => r.people)), [data]);
  const alarmRows = useMemo(() => {
    const rows = new Map<number | null, Record<string, number>>();
    for (const a of data?.alarms ?? []) {
      const row = rows.get(a.regionid) ?? {};
      row[a.type] = (row[a.type] ?? 0) + a.count;
      rows.set(a.regionid, row);
    }
    return [...rows].map(([regionid, counts]) => ({ regionid, ...counts, total: Object.values(counts).reduce((s, n) => s + n, 0) }));
  }, [data]);

  return (
    <Card size="small" title={t('statistics')}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:00' }}
            format="YYYY-MM-DD HH:00"
            value={range}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            presets={[
              { label: t('today'), value: () => [dayjs().startOf('day'), dayjs()] },
              { label: '24h', value: () => [dayjs().subtract(1, 'day'), dayjs()] },
              { label: '7d', value: () => [dayjs().subtract(7, 'day'), dayjs()] },
            ]}
          />
          <Button type="primary" icon={<SearchOutlined />} loading={loading} onClick={() => void load()} data-testid="stats-query">
            {t('query')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={handleExport} data-testid="stats-export">
            {t('exportXlsx')}
          </Button>
        </Space>
        <Table
          size="small"
          title={() => <Typography.Text strong>{t('headByHour')}</Typography.Text>}
          rowKey="regionid"
          loading={loading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={data?.regions ?? []}
          data-testid="stats-hours"
          columns={[
            { title: t('region'), dataIndex: 'regionid', fixed: 'left', width: 130, render: (id: number) => regionName(id) },
            ...(data?.hours ?? []).map((h, i) => ({
              title: formatDate(h, data && data.hours.length > 24 ? 'MM-DD HH:00' : 'HH:00'),
              key: String(h),
              width: 64,
              align: 'center' as const,
              onCell: (r: StatisticsResult['regions'][number]) => ({ style: { background: shade(r.people[i], max) } }),
              render: (_: unknown, r: StatisticsResult['regions'][number]) => (r.people[i] || r.vehicles[i] ? `${r.people[i]}${r.vehicles[i] ? ` / ${r.vehicles[i]}` : ''}` : ''),
            })),
          ]}
        />
        <Typography.Text type="secondary">{t('headByHourHint')}</Typography.Text>
        <div className="pos-track-tables">
          <Table
            size="small"
            title={() => <Typography.Text strong>{t('dwell')}</Typography.Text>}
            rowKey="regionid"
            loading={loading}
            pagination={false}
            dataSource={data?.regions ?? []}
            data-testid="stats-dwell"
            columns={[
              { title: t('region'), dataIndex: 'regionid', render: (id: number) => regionName(id) },
              { title: t('duration'), dataIndex: 'dwellMs', render: (ms: number) => formatDuration(ms, lang) },
              { title: t('cards'), dataIndex: 'cards', width: 90 },
            ]}
          />
          <Table
            size="small"
            title={() => <Typography.Text strong>{t('alarmCounts')}</Typography.Text>}
            rowKey={(r) => String(r.regionid)}
            loading={loading}
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={alarmRows}
            data-testid="stats-alarms"
            columns={[
              { title: t('region'), dataIndex: 'regionid', render: (id: number | null) => regionName(id) },
              ...POSITIONING_ALARM_TYPES.map((type) => ({ title: t(`alarmTypes.${type}`), dataIndex: type, align: 'center' as const, render: (n?: number) => n ?? '' })),
              { title: t('total'), dataIndex: 'total', align: 'center' as const },
            ]}
          />
        </div>
      </Space>
    </Card>
  );
}
