import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Col, DatePicker, Descriptions, Empty, Row, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { auditActionName } from '../../../shared/audit-actions';
import { alarmAuditDetail, type AlarmAuditAction, type AlarmItem } from '../../../shared/alarms/contracts';
import { occurrenceDurations } from '../../../shared/domain/alarm-kpi';
import { formatDate, formatDuration } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { priorityColors } from '../../ui/alarm-priority';
import { useLoad } from '../../ui/use-load';
import { AUDIT_PAGE, auditDetailPath } from './alarm-audit-links';
import { alarmsNs, sourceNameOf } from './locales';
import './alarms.css';

type Occurrence = AlarmItem & { openedIn: AlarmItem['state'] | null };

const fmt = (v: number | null, unit: string) => (v === null ? '—' : `${Number(v.toFixed(3))}${unit ? ` ${unit}` : ''}`);

/**
 * `/alarmAduit/alarmAduitDetail?alarmKey=&from=&to=` (seed 3's spelling),
 * reached from the alarm audit by clicking an alarm: one alarm (tag and
 * condition) over a window — each activation with how long it was active and
 * waited for acknowledgement, and every operator action on it (acknowledge,
 * shelve, unshelve, out of service) with who and when, from the audit log.
 */
export function AlarmAuditDetailPage() {
  const { t } = useTranslation(alarmsNs);
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const alarmKey = params.get('alarmKey') ?? '';
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const from = Number(params.get('from'));
    const to = Number(params.get('to'));
    return from > 0 && to > from ? [dayjs(from), dayjs(to)] : [dayjs().subtract(24, 'hour'), dayjs()];
  });
  const [query, setQuery] = useState(range);
  const load = useCallback(
    async (signal: AbortSignal) => (alarmKey ? api(alarmAuditDetail, { alarmKey, from: query[0].valueOf(), to: query[1].valueOf() }, { signal }) : null),
    [alarmKey, query],
  );
  const { data, loading } = useLoad(load);
  const latest = data?.occurrences.at(-1);
  const now = data?.serverTime ?? Date.now();
  const dur = (ms: number | null) => (ms === null ? '—' : formatDuration(ms, lang));

  const occurrenceColumns: ColumnsType<Occurrence> = [
    { title: t('col.activatedAt'), dataIndex: 'activatedAt', width: 168, render: (v: number) => formatDate(v) },
    { title: t('col.returnedAt'), dataIndex: 'returnedAt', width: 168, render: (v: number | null) => (v ? formatDate(v) : t('detail.stillActive')) },
    { title: t('detail.activeFor'), key: 'active', width: 110, render: (_: unknown, o) => dur(occurrenceDurations(o, now).activeMs) },
    { title: t('detail.ackAfter'), key: 'ack', width: 110, render: (_: unknown, o) => dur(occurrenceDurations(o, now).ackMs) },
    { title: t('col.acked'), dataIndex: 'ackedBy', width: 170, render: (by: string | null, o) => (by ? `${by} ${o.ackedAt ? formatDate(o.ackedAt, 'MM-DD HH:mm:ss') : ''}` : '—') },
    { title: t('col.comment'), dataIndex: 'ackComment', width: 140, ellipsis: true, render: (c: string | null) => c ?? '—' },
    { title: t('col.peak'), dataIndex: 'peak', width: 100, render: (v: number | null, o) => fmt(v, o.unit) },
    {
      title: t('col.state'),
      dataIndex: 'state',
      width: 150,
      render: (s: AlarmItem['state'], o) => (
        <>
          {t(`state.${s}`)}
          {o.openedIn === 'outOfService' ? (
            <Tag color="default" style={{ marginInlineStart: 6 }}>
              {t('detail.openedOutOfService')}
            </Tag>
          ) : null}
        </>
      ),
    },
  ];
  const actionColumns: ColumnsType<AlarmAuditAction> = [
    { title: t('detail.at'), dataIndex: 'at', width: 168, render: (v: number) => formatDate(v) },
    { title: t('detail.action'), dataIndex: 'action', width: 130, render: (a: string) => auditActionName(a, lang) },
    { title: t('detail.who'), dataIndex: 'loginname', width: 110 },
    {
      title: t('detail.what'),
      key: 'what',
      render: (_: unknown, a) =>
        [
          a.minutes !== null ? t('detail.shelf', { minutes: a.minutes, kind: t(`shelve.${a.kind === 'oneShot' ? 'oneShot' : 'timed'}`) }) : null,
          a.reason,
          a.comment,
          a.occurrenceId === null ? t('detail.onAlarm') : null,
        ]
          .filter(Boolean)
          .join(' · ') || '—',
    },
  ];

  return (
    <div className="pw-alarm-audit" data-testid="alarm-audit-detail-page">
      <Card size="small">
        <div className="pw-alarm-toolbar">
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(`${AUDIT_PAGE}?from=${query[0].valueOf()}&to=${query[1].valueOf()}`)}>
            {t('detail.back')}
          </Button>
          <DatePicker.RangePicker showTime allowClear={false} value={range} onChange={(r) => r?.[0] && r[1] && setRange([r[0], r[1]])} />
          <Button
            type="primary"
            onClick={() => {
              setQuery(range);
              void navigate(auditDetailPath(alarmKey, range[0].valueOf(), range[1].valueOf()), { replace: true });
            }}
          >
            {t('action.search')}
          </Button>
        </div>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginTop: 8 }}>
          <Descriptions.Item label={t('col.source')}>
            <span data-testid="audit-detail-source">{latest ? sourceNameOf(latest, lang) : alarmKey || '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('col.type')}>{latest ? t(`type.${latest.type}`) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('col.priority')}>{latest ? <Tag color={priorityColors[latest.priority]}>{t(`priority.${latest.priority}`)}</Tag> : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.key')}>
            <Typography.Text type="secondary">{alarmKey}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('col.limit')}>{latest ? fmt(latest.limit, latest.unit) : '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      {!data ? (
        <Card loading={loading} style={{ marginTop: 12 }}>
          {!loading && <Empty />}
        </Card>
      ) : (
        <>
          <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('detail.activations')} value={data.summary.activations} data-testid="audit-detail-activations" />
                {data.summary.outOfService > 0 && <Typography.Text type="secondary">{t('detail.outOfServiceCount', { n: data.summary.outOfService })}</Typography.Text>}
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('detail.timeActive')} value={dur(data.summary.activeMs)} />
                <Typography.Text type="secondary">{t('detail.ofWindow', { pct: data.summary.activePct })}</Typography.Text>
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('detail.longest')} value={dur(data.summary.longestActiveMs)} />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('detail.meanAck')} value={dur(data.summary.meanAckMs)} />
                <Typography.Text type="secondary">{t('detail.acknowledged', { n: data.summary.acknowledged, longest: dur(data.summary.longestAckMs) })}</Typography.Text>
              </Card>
            </Col>
          </Row>
          <Card size="small" title={t('detail.occurrences')} style={{ marginTop: 12 }}>
            <Table<Occurrence>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={data.occurrences}
              columns={occurrenceColumns}
              scroll={{ x: 'max-content' }}
              onRow={(o) => ({ 'data-testid': `audit-detail-occurrence-${o.id}` }) as React.HTMLAttributes<HTMLElement>}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            />
          </Card>
          <Card size="small" title={t('detail.actions')} style={{ marginTop: 12 }}>
            <Table<AlarmAuditAction>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={data.actions}
              columns={actionColumns}
              scroll={{ x: 'max-content' }}
              onRow={(a) => ({ 'data-testid': `audit-detail-action-${a.action}` }) as React.HTMLAttributes<HTMLElement>}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            />
          </Card>
        </>
      )}
    </div>
  );
}
