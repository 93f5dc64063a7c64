import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Empty, Radio, Select, Space, Switch, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { HISTORY_MAX_RANGE_MS, HISTORY_MAX_TAGS, history, type TagItem } from '../../../shared/realtime/contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { streamClient } from '../../stream/stream-client';
import { TrendChart, type TrendSeries } from '../../ui/trend-chart';
import { downloadText, toCsv, type CsvCell } from './csv';
import { realtimeNs } from './locales';
import { formatValue, loadAllTags, tagLabel, valueDecimals } from './tag-data';
import { useLoad } from '../../ui/use-load';
import './realtime.css';

type HistoryResult = z.output<typeof history.output>;

const quickRanges = {
  m15: 15 * 60_000,
  h1: 3600_000,
  h8: 8 * 3600_000,
  h24: 24 * 3600_000,
  d7: 7 * 86_400_000,
  d30: 30 * 86_400_000,
} as const;
type QuickRange = keyof typeof quickRanges;
type RangeMode = QuickRange | 'custom';
const DEFAULT_RANGE: QuickRange = 'h1';
/** Buckets asked for: about one per two pixels of a wide chart. */
const POINTS = 720;
/** A followed (relative) range refreshes at this pace, bounded by the bucket length. */
const FOLLOW_MIN_MS = 10_000;
const FOLLOW_MAX_MS = 5 * 60_000;

const isQuick = (v: string | null): v is QuickRange => v !== null && v in quickRanges;

/** "30 s", "5 min", "2 h". */
function formatBucket(ms: number, lang: 'zh' | 'en'): string {
  if (ms < 60_000) {
    return lang === 'zh' ? `${Math.round(ms / 1000)} 秒` : `${Math.round(ms / 1000)} s`;
  }
  if (ms < 3600_000) {
    return lang === 'zh' ? `${+(ms / 60_000).toFixed(1)} 分钟` : `${+(ms / 60_000).toFixed(1)} min`;
  }
  return lang === 'zh' ? `${+(ms / 3600_000).toFixed(1)} 小时` : `${+(ms / 3600_000).toFixed(1)} h`;
}

interface Query {
  tags: string[];
  from: number;
  to: number;
}

/** /realTimeData/history: trends of chosen tags over a range, with min/max bands, zoom, limits and CSV export. */
export function RealTimeDataHistoryPage() {
  const { t } = useTranslation(realtimeNs);
  const lang = useLang();
  const [params, setParams] = useSearchParams();

  // The URL holds the choice (tags, range), so a link or a reload shows the same chart.
  const selected = useMemo(() => (params.get('tags') ?? '').split(',').filter(Boolean).slice(0, HISTORY_MAX_TAGS), [params]);
  const rangeParam = params.get('range');
  const mode: RangeMode = rangeParam === 'custom' ? 'custom' : isQuick(rangeParam) ? rangeParam : DEFAULT_RANGE;
  const customFrom = Number(params.get('from')) || null;
  const customTo = Number(params.get('to')) || null;
  const [follow, setFollow] = useState(true);

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') {
              next.delete(k);
            } else {
              next.set(k, v);
            }
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const loadTags = useCallback((signal: AbortSignal) => loadAllTags({}, signal), []);
  const tags = useLoad(loadTags);
  const byId = useMemo(() => new Map((tags.data?.items ?? []).map((tag) => [tag.id, tag])), [tags.data]);
  const options = useMemo(
    () =>
      (tags.data?.items ?? []).map((tag) => ({
        value: tag.id,
        label: `${tagLabel(tag, lang)} · ${tag.id}`,
        search: `${tag.id} ${tag.name} ${tag.name_en} ${tag.device}`.toLowerCase(),
      })),
    [tags.data, lang],
  );

  const rangeOf = useCallback((): { from: number; to: number } | null => {
    if (mode === 'custom') {
      return customFrom && customTo && customTo > customFrom ? { from: customFrom, to: customTo } : null;
    }
    const to = Date.now();
    return { from: to - quickRanges[mode], to };
  }, [mode, customFrom, customTo]);

  const [query, setQuery] = useState<Query | null>(null);
  const refresh = useCallback(() => {
    const range = rangeOf();
    setQuery(selected.length > 0 && range ? { tags: selected, ...range } : null);
  }, [rangeOf, selected]);
  useEffect(refresh, [refresh]);

  const [result, setResult] = useState<{ query: Query; data: HistoryResult } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!query) {
      setResult(null);
      return;
    }
    const controller = new AbortController();
    setBusy(true);
    api(history, { tags: query.tags, from: query.from, to: query.to, points: POINTS }, { signal: controller.signal }).then(
      (data) => {
        if (!controller.signal.aborted) {
          setResult({ query, data });
          setBusy(false);
        }
      },
      () => {
        if (!controller.signal.aborted) {
          setBusy(false);
        }
      },
    );
    return () => controller.abort();
  }, [query]);

  // A relative range follows the present; a gap in the live stream refills at once.
  const bucketMs = result?.data.bucketMs ?? 0;
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);
  useEffect(() => {
    if (mode === 'custom' || !follow || selected.length === 0) {
      return;
    }
    const every = Math.min(FOLLOW_MAX_MS, Math.max(FOLLOW_MIN_MS, bucketMs));
    const timer = window.setInterval(() => refreshRef.current(), every);
    const sub = streamClient().resync$.subscribe(() => refreshRef.current());
    return () => {
      window.clearInterval(timer);
      sub.unsubscribe();
    };
  }, [mode, follow, selected.length, bucketMs]);

  const series: TrendSeries[] = useMemo(() => {
    if (!result) {
      return [];
    }
    const names = new Map<string, number>();
    for (const item of result.data.items) {
      const tag = byId.get(item.tag);
      const name = tag ? tagLabel(tag, lang) : item.tag;
      names.set(name, (names.get(name) ?? 0) + 1);
    }
    return result.data.items.map((item) => {
      const tag: TagItem | undefined = byId.get(item.tag);
      const label = tag ? tagLabel(tag, lang) : item.tag;
      return {
        id: item.tag,
        name: (names.get(label) ?? 0) > 1 ? `${label} (${item.tag})` : label,
        unit: tag?.unit ?? '',
        points: item.buckets,
        limits: tag ? { ll: tag.ll, l: tag.l, h: tag.h, hh: tag.hh } : undefined,
      };
    });
  }, [result, byId, lang]);
  const points = series.reduce((n, s) => n + s.points.length, 0);
  const labels = useMemo(() => ({ avg: t('history.avg'), min: t('history.min'), max: t('history.max'), empty: t('history.noData') }), [t]);

  const handleExport = () => {
    if (!result) {
      return;
    }
    const rows: CsvCell[][] = [
      [
        `${t('field.time')}`,
        t('field.id'),
        t('field.name'),
        t('field.unit'),
        t('history.avg'),
        t('history.min'),
        t('history.max'),
        t('history.count'),
      ],
    ];
    for (const item of result.data.items) {
      const tag = byId.get(item.tag);
      for (const b of item.buckets) {
        // Values rounded to the tag's display precision (no 14.245000000000001; issue 11).
        const round = (v: number) => (tag ? Number(formatValue(v, valueDecimals(tag))) : v);
        rows.push([formatDate(b.t), item.tag, tag ? tagLabel(tag, lang) : '', tag?.unit ?? '', round(b.avg), round(b.min), round(b.max), b.n]);
      }
    }
    downloadText(`history-${formatDate(Date.now(), 'YYYYMMDD-HHmmss')}.csv`, toCsv(rows));
  };

  const handleTags = (ids: string[]) => update({ tags: ids.slice(0, HISTORY_MAX_TAGS).join(',') || null });

  const handleRange = (value: RangeMode) => {
    if (value === 'custom') {
      const to = Date.now();
      update({
        range: 'custom',
        from: String(customFrom ?? to - quickRanges[mode === 'custom' ? DEFAULT_RANGE : mode]),
        to: String(customTo ?? to),
      });
    } else {
      update({ range: value === DEFAULT_RANGE ? null : value, from: null, to: null });
    }
  };

  const handleCustom = (value: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = value ?? [];
    if (from && to) {
      update({ range: 'custom', from: String(from.valueOf()), to: String(to.valueOf()) });
    }
  };

  const shown = result?.query;
  return (
    <Card
      size="small"
      title={t('history.title')}
      extra={
        <Space size={8}>
          {mode !== 'custom' && (
            <Space size={4}>
              <Switch size="small" checked={follow} onChange={setFollow} />
              <Typography.Text type="secondary">{t('history.follow')}</Typography.Text>
            </Space>
          )}
          <Tooltip title={t('common.refresh')}>
            <Button
              size="small"
              icon={<ReloadOutlined />}
              aria-label={t('common.refresh')}
              onClick={refresh}
              disabled={selected.length === 0}
            />
          </Tooltip>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={handleExport}
            disabled={!result || points === 0}
            data-testid="history-export"
          >
            {t('history.exportCsv')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <div className="pw-history-controls">
          <Select
            mode="multiple"
            allowClear
            showSearch
            className="pw-history-tags"
            maxTagTextLength={18}
            placeholder={t('history.tagsPlaceholder', { max: HISTORY_MAX_TAGS })}
            options={options}
            value={selected}
            onChange={handleTags}
            loading={tags.loading}
            maxCount={HISTORY_MAX_TAGS}
            filterOption={(input, option) => (option?.search ?? '').includes(input.trim().toLowerCase())}
            maxTagCount="responsive"
            data-testid="history-tags"
          />
          <Radio.Group
            className="pw-history-ranges"
            optionType="button"
            buttonStyle="solid"
            size="middle"
            value={mode}
            onChange={(e) => handleRange(e.target.value as RangeMode)}
            options={[...(Object.keys(quickRanges) as QuickRange[]), 'custom' as const].map((k) => ({
              value: k,
              label: t(`history.quick.${k}`),
            }))}
          />
          {mode === 'custom' && (
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              value={customFrom && customTo ? [dayjs(customFrom), dayjs(customTo)] : null}
              onChange={handleCustom}
              disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
              status={customFrom && customTo && customTo - customFrom > HISTORY_MAX_RANGE_MS ? 'error' : undefined}
            />
          )}
        </div>
        {selected.length === 0 ? (
          <Empty style={{ padding: '80px 0' }} description={t('history.empty')} />
        ) : (
          <>
            <TrendChart
              series={series}
              bucketMs={bucketMs}
              from={shown?.from ?? 0}
              to={shown?.to ?? 0}
              loading={busy}
              labels={labels}
              height={460}
            />
            {shown && (
              <Typography.Text className="pw-rt-chart-meta" data-testid="history-meta">
                {formatDate(shown.from, 'YYYY-MM-DD HH:mm')} – {formatDate(shown.to, 'YYYY-MM-DD HH:mm')}
                {bucketMs > 0 && ` · ${t('history.bucket', { bucket: formatBucket(bucketMs, lang) })}`} · {t('history.points', { points })}
              </Typography.Text>
            )}
          </>
        )}
      </Space>
    </Card>
  );
}
