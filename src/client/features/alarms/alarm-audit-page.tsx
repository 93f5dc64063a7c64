import { Button, Card, Col, DatePicker, Empty, InputNumber, Progress, Row, Statistic, Table, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { alarmAuditKpi } from '../../../shared/alarms/contracts';
import { FLOOD_END_BELOW, FLOOD_THRESHOLD, KPI_INTERVAL_MS } from '../../../shared/domain/alarm-kpi';
import { formatDate, formatDuration } from '../../../shared/time';
import { api } from '../../app/api';
import { useLoad } from '../../ui/use-load';
import { useLang } from '../../app/i18n';
import { auditDetailPath } from './alarm-audit-links';
import { alarmsNs, sourceNameOf } from './locales';
import './alarms.css';

const HISTORY = '/alarmData/historyAlarm';

/**
 * `/alarmAduit/alarmAduit` (the seed's spelling): how healthy the alarm
 * system is over a window, by EEMUA 191 / ISA-18.2 — rate per 10 minutes per
 * operator position, floods (sliding 10 minutes, from above 10 to below 5),
 * priority distribution against 80/15/5, stale and chattering alarms, the
 * top 10. The total leads to the history; each alarm to its audit detail.
 */
export function AlarmAuditPage() {
  const { t } = useTranslation(alarmsNs);
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A window in the address (?from=&to=, as the detail page links back) or the last 24 hours.
  const [draft, setDraft] = useState<{ range: [Dayjs, Dayjs]; positions: number }>(() => {
    const from = Number(params.get('from'));
    const to = Number(params.get('to'));
    return { range: from > 0 && to > from ? [dayjs(from), dayjs(to)] : [dayjs().subtract(24, 'hour'), dayjs()], positions: 1 };
  });
  const [query, setQuery] = useState(draft);
  const load = useCallback(
    (signal: AbortSignal) => api(alarmAuditKpi, { from: query.range[0].valueOf(), to: query.range[1].valueOf(), operatorPositions: query.positions }, { signal }),
    [query],
  );
  const { data: k, loading } = useLoad(load);
  const drill = () => {
    const q = new URLSearchParams({ from: String(query.range[0].valueOf()), to: String(query.range[1].valueOf()) });
    void navigate(`${HISTORY}?${q.toString()}`);
  };
  const detail = (alarmKey: string) => void navigate(auditDetailPath(alarmKey, query.range[0].valueOf(), query.range[1].valueOf()));
  const alarmRow = (r: { alarmKey: string }) =>
    ({ onClick: () => detail(r.alarmKey), style: { cursor: 'pointer' }, 'data-testid': `audit-alarm-${r.alarmKey}` }) as React.HTMLAttributes<HTMLElement>;
  const maxInterval = Math.max(1, ...(k?.intervals ?? [0]));
  /** A bar is red when its interval overlaps a flood episode. */
  const inFlood = (i: number) => {
    const start = (k?.from ?? 0) + i * KPI_INTERVAL_MS;
    return (k?.floodEpisodes ?? []).some((e) => e.from < start + KPI_INTERVAL_MS && e.to > start);
  };

  return (
    <div className="pw-alarm-audit" data-testid="alarm-audit-page">
      <Card size="small">
        <div className="pw-alarm-toolbar">
          <DatePicker.RangePicker
            showTime
            allowClear={false}
            value={draft.range}
            onChange={(r) => r?.[0] && r[1] && setDraft((d) => ({ ...d, range: [r[0]!, r[1]!] }))}
          />
          <span>
            {t('kpi.positions')}{' '}
            <InputNumber min={1} max={50} value={draft.positions} onChange={(v) => setDraft((d) => ({ ...d, positions: v ?? 1 }))} style={{ width: 72 }} />
          </span>
          <Button type="primary" onClick={() => setQuery(draft)}>
            {t('action.search')}
          </Button>
        </div>
      </Card>
      {!k ? (
        <Card loading={loading} />
      ) : (
        <>
          <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('kpi.total')} value={k.total} />
                <Typography.Link onClick={() => drill()}>{t('kpi.showAlarms')}</Typography.Link>
                {k.outOfService > 0 && (
                  <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="kpi-out-of-service">
                    {t('kpi.outOfService', { n: k.outOfService })}
                  </Typography.Text>
                )}
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('kpi.avg')} value={k.avgPer10Min} precision={2} data-testid="kpi-avg" />
                <Typography.Text type="secondary">{t('kpi.avgTarget')}</Typography.Text>
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('kpi.peak')} value={k.peakPer10Min} precision={2} />
                <Typography.Text type="secondary">{k.peakAt ? formatDate(k.peakAt, 'MM-DD HH:mm') : '—'}</Typography.Text>
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('kpi.flood')} value={k.floodTimePct} suffix="%" />
                <Typography.Text type="secondary">{t('kpi.floodEpisodes', { n: k.floodEpisodes.length, threshold: FLOOD_THRESHOLD, end: FLOOD_END_BELOW })}</Typography.Text>
              </Card>
            </Col>
          </Row>
          <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
            <Col xs={24} lg={14}>
              <Card size="small" title={t('kpi.rateChart', { minutes: KPI_INTERVAL_MS / 60_000 })}>
                <div className="pw-kpi-bars" role="img" aria-label={t('kpi.rateChart', { minutes: KPI_INTERVAL_MS / 60_000 })}>
                  {k.intervals.map((c, i) => (
                    <Tooltip key={i} title={`${formatDate(k.from + i * KPI_INTERVAL_MS, 'MM-DD HH:mm')}: ${c}`}>
                      <div
                        className={`pw-kpi-bar ${inFlood(i) ? 'pw-kpi-bar-flood' : ''}`}
                        style={{ height: `${(c / maxInterval) * 100}%` }}
                      />
                    </Tooltip>
                  ))}
                </div>
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <Card size="small" title={t('kpi.priority')}>
                {(
                  [
                    ['low', k.priority.lowPct, 80],
                    ['medium', k.priority.mediumPct, 15],
                    ['high', k.priority.highPct, 5],
                  ] as const
                ).map(([name, value, target]) => (
                  <div key={name} className="pw-kpi-priority">
                    <span>{t(`kpi.${name}`)}</span>
                    <Progress percent={value} size="small" status={name === 'low' ? (value < target ? 'exception' : 'normal') : value > target ? 'exception' : 'normal'} />
                    <Typography.Text type="secondary">{t('kpi.target', { target })}</Typography.Text>
                  </div>
                ))}
                <Typography.Text type="secondary">
                  {t('kpi.shelvedNow', { n: k.shelvedNow })} · {t('kpi.staleCount', { n: k.stale.length })}
                </Typography.Text>
              </Card>
            </Col>
          </Row>
          {k.floodEpisodes.length > 0 && (
            <Card size="small" title={t('kpi.floods')} style={{ marginTop: 12 }}>
              <Table
                size="small"
                rowKey="from"
                pagination={false}
                dataSource={k.floodEpisodes.slice(0, 50)}
                scroll={{ x: 'max-content' }}
                data-testid="kpi-floods"
                columns={[
                  { title: t('kpi.floodFrom'), dataIndex: 'from', render: (v: number) => formatDate(v, 'MM-DD HH:mm:ss') },
                  {
                    title: t('kpi.floodTo'),
                    dataIndex: 'to',
                    render: (v: number, e) => (e.ongoing ? t('kpi.floodOngoing') : formatDate(v, 'MM-DD HH:mm:ss')),
                  },
                  { title: t('kpi.floodLength'), key: 'length', render: (_: unknown, e) => formatDuration(e.to - e.from, lang) },
                  { title: t('kpi.floodPeak'), dataIndex: 'peak' },
                  { title: t('kpi.floodAlarms'), dataIndex: 'alarms' },
                ]}
              />
            </Card>
          )}
          <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('kpi.top10', { share: k.top10SharePct })}>
                <Table
                  size="small"
                  rowKey="alarmKey"
                  pagination={false}
                  dataSource={k.top10}
                  locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
                  onRow={alarmRow}
                  columns={[
                    { title: t('col.source'), dataIndex: 'sourceName', ellipsis: true, render: (_: string, r) => sourceNameOf(r, lang) },
                    { title: t('kpi.alarm'), dataIndex: 'alarmKey', render: (key: string) => t(`type.${key.startsWith('tag:') ? key.split(':')[2] : 'external'}`) },
                    { title: t('kpi.count'), dataIndex: 'count', width: 80 },
                    { title: '%', dataIndex: 'sharePct', width: 70 },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('kpi.chattering')}>
                <Table
                  size="small"
                  rowKey="alarmKey"
                  pagination={false}
                  dataSource={k.chattering.slice(0, 20)}
                  locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
                  onRow={alarmRow}
                  columns={[
                    { title: t('col.source'), dataIndex: 'sourceName', ellipsis: true, render: (_: string, r) => sourceNameOf(r, lang) },
                    { title: t('kpi.count'), dataIndex: 'activations', width: 80 },
                  ]}
                />
              </Card>
              <Card size="small" title={t('kpi.stale')} style={{ marginTop: 12 }}>
                <Table
                  size="small"
                  rowKey={(r) => `${r.alarmKey}@${r.activatedAt}`}
                  pagination={false}
                  dataSource={k.stale.slice(0, 20)}
                  locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
                  onRow={alarmRow}
                  columns={[
                    { title: t('col.source'), dataIndex: 'sourceName', ellipsis: true, render: (_: string, r) => sourceNameOf(r, lang) },
                    { title: t('col.activatedAt'), dataIndex: 'activatedAt', render: (v: number) => formatDate(v, 'MM-DD HH:mm') },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
