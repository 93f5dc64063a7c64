import { CheckOutlined, PauseCircleOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmEscalations } from '../../../shared/alarms/notify-contracts';
import { alarmHistoryList, type AlarmItem } from '../../../shared/alarms/contracts';
import { history, tagList } from '../../../shared/realtime/contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { pick, useLang } from '../../app/i18n';
import { useTagValue } from '../../stream/live-store';
import { useFaceplateStore } from '../../ui/faceplate-store';
import { TrendChart, type TrendSeries } from '../../ui/trend-chart';
import { useLoad } from '../../ui/use-load';
import { acknowledge, ShelveDialog, useAlarmRights } from './alarm-actions';
import { useAlarmFeed, useAlarmStore } from './alarm-store';
import { alarmsNs } from './locales';
import { priorityColors } from '../../ui/alarm-priority';
import { notifyNs } from './notify-locales';

const HOUR = 3600_000;
const fmt = (v: number | null | undefined, unit = '') => (v === null || v === undefined ? '—' : `${Number(v.toFixed(3))}${unit ? ` ${unit}` : ''}`);

/**
 * The faceplate of a tag (issue 9 part 6), opened from any view through
 * `openFaceplate(tagId)`: live value and quality, limits, the last hour's
 * trend, its open alarms with acknowledge and shelve at hand, and its alarms
 * of the last day. Mounted once by the shell.
 */
export function Faceplate() {
  const tagId = useFaceplateStore((s) => s.tagId);
  const close = useFaceplateStore((s) => s.close);
  const { t } = useTranslation(notifyNs);
  return (
    <Drawer open={tagId !== null} onClose={close} title={t('faceplate.title')} width="min(560px, 100vw)" destroyOnHidden data-testid="faceplate">
      {tagId !== null && <FaceplateBody tagId={tagId} />}
    </Drawer>
  );
}

function FaceplateBody({ tagId }: { tagId: string }) {
  const { t } = useTranslation(notifyNs);
  const { t: ta } = useTranslation(alarmsNs);
  const lang = useLang();
  const rights = useAlarmRights();
  useAlarmFeed();
  const live = useTagValue(tagId);
  const byId = useAlarmStore((s) => s.byId);
  const open = useMemo(() => [...byId.values()].filter((a) => a.source === tagId).sort((a, b) => a.priority - b.priority), [byId, tagId]);
  const [shelving, setShelving] = useState<number[] | null>(null);

  const loadTag = useCallback(
    async (signal: AbortSignal) => (await api(tagList, { keyword: tagId, page: 1, pageSize: 50 }, { signal })).items.find((x) => x.id === tagId) ?? null,
    [tagId],
  );
  const tag = useLoad(loadTag);
  const loadTrend = useCallback(
    (signal: AbortSignal) => {
      const to = Date.now();
      return api(history, { tags: [tagId], from: to - HOUR, to, points: 120 }, { signal }).then((h) => ({ ...h, from: to - HOUR, to }));
    },
    [tagId],
  );
  const trend = useLoad(loadTrend);
  const loadRecent = useCallback(
    (signal: AbortSignal) => {
      const to = Date.now() + 1000;
      return api(alarmHistoryList, { from: to - 24 * HOUR, to, source: tagId, pageIndex: 1, pageSize: 20 }, { signal });
    },
    [tagId],
  );
  const recent = useLoad(loadRecent);
  const openKey = open.map((a) => a.id).join(',');
  const loadEscalations = useCallback(
    async (signal: AbortSignal) => {
      const ids = openKey ? openKey.split(',').map(Number) : [];
      return ids.length ? (await api(alarmEscalations, { ids }, { signal })).items : [];
    },
    [openKey],
  );
  const escalations = useLoad(loadEscalations);

  const meta = tag.data;
  const series: TrendSeries[] = meta
    ? [
        {
          id: tagId,
          name: pick(lang, meta.name, meta.name_en),
          unit: meta.unit,
          points: trend.data?.items[0]?.buckets ?? [],
          limits: { ll: meta.ll, l: meta.l, h: meta.h, hh: meta.hh },
        },
      ]
    : [];

  const handleAck = async (ids: number[]) => {
    try {
      notify(ta('ack.done', { n: await acknowledge(ids) }));
    } catch {
      // api() showed why.
    }
  };

  const alarmLine = (a: AlarmItem) => (
    <Space wrap size={4}>
      <Tag color={priorityColors[a.priority]}>{ta(`priority.${a.priority}`)}</Tag>
      <span>{ta(`type.${a.type}`)}</span>
      <Typography.Text type="secondary">{formatDate(a.activatedAt, 'MM-DD HH:mm:ss')}</Typography.Text>
      <span>{ta(`state.${a.state}`)}</span>
      <Typography.Text type="secondary">{fmt(a.value, a.unit)}</Typography.Text>
      {(escalations.data ?? [])
        .filter((e) => e.alarmId === a.id)
        .map((e) => (
          <Tag key={e.sort} color="volcano" data-testid={`faceplate-escalated-${a.id}`}>
            {t('escalation.escalated', { level: e.levelName })}
          </Tag>
        ))}
    </Space>
  );

  if (!tag.loading && !meta) {
    return <Empty description={t('faceplate.notFound')} />;
  }
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid={`faceplate-${tagId}`}>
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {meta ? pick(lang, meta.name, meta.name_en) : tagId}
        </Typography.Title>
        <Typography.Text type="secondary">
          {tagId}
          {meta?.hazard_source ? ` · ${t('faceplate.hazard')} ${meta.hazard_source}` : ''}
        </Typography.Text>
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('faceplate.value')}>
          <Typography.Text strong style={{ fontSize: 20 }} data-testid="faceplate-value">
            {live ? fmt(live.v, meta?.unit) : t('faceplate.noValue')}
          </Typography.Text>
          {live && (
            <div>
              <Typography.Text type="secondary">{t('faceplate.at', { time: formatDate(live.t, 'HH:mm:ss') })}</Typography.Text>
            </div>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('faceplate.quality')}>
          {live ? <Tag color={live.q === 0 ? 'green' : live.q === 1 ? 'gold' : 'red'}>{t(`faceplate.qualities.${live.q}`)}</Tag> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('faceplate.limits')} span={2}>
          HH {fmt(meta?.hh)} · H {fmt(meta?.h)} · L {fmt(meta?.l)} · LL {fmt(meta?.ll)}
        </Descriptions.Item>
        <Descriptions.Item label={t('faceplate.range')}>{meta ? `${meta.range_lo} – ${meta.range_hi} ${meta.unit}` : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('faceplate.deadband')}>{fmt(meta?.deadband)}</Descriptions.Item>
      </Descriptions>
      <div>
        <Typography.Title level={5}>{t('faceplate.trend')}</Typography.Title>
        <TrendChart
          series={series}
          bucketMs={trend.data?.bucketMs ?? 30_000}
          from={trend.data?.from ?? 0}
          to={trend.data?.to ?? 0}
          loading={trend.loading || tag.loading}
          height={220}
          labels={{ avg: t('faceplate.avg'), min: t('faceplate.min'), max: t('faceplate.max') }}
        />
      </div>
      <div>
        <Typography.Title level={5}>{t('faceplate.open')}</Typography.Title>
        <List
          size="small"
          dataSource={open}
          locale={{ emptyText: t('faceplate.noOpen') }}
          renderItem={(a) => (
            <List.Item
              data-testid={`faceplate-alarm-${a.id}`}
              actions={[
                rights.ack && (a.state === 'unack' || a.state === 'rtnUnack') ? (
                  <Button key="ack" size="small" type="primary" icon={<CheckOutlined />} onClick={() => void handleAck([a.id])} data-testid={`faceplate-ack-${a.id}`}>
                    {ta('action.ack')}
                  </Button>
                ) : null,
                rights.shelve && a.state !== 'shelved' ? (
                  <Button key="shelve" size="small" icon={<PauseCircleOutlined />} onClick={() => setShelving([a.id])}>
                    {ta('action.shelve')}
                  </Button>
                ) : null,
              ].filter(Boolean)}
            >
              {alarmLine(a)}
            </List.Item>
          )}
        />
      </div>
      <div>
        <Typography.Title level={5}>{t('faceplate.recent')}</Typography.Title>
        <List size="small" loading={recent.loading} dataSource={recent.data?.list ?? []} locale={{ emptyText: t('faceplate.noRecent') }} renderItem={(a) => <List.Item>{alarmLine(a)}</List.Item>} />
      </div>
      <ShelveDialog ids={shelving ?? []} open={shelving !== null} onClose={() => setShelving(null)} />
    </Space>
  );
}
