import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Empty, Grid, Input, Select, Space, Table, Tag, Tooltip, TreeSelect, Typography } from 'antd';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionGetList } from '../../../shared/org/contracts';
import { classList, type TagItem, type TagKind } from '../../../shared/realtime/contracts';
import { Quality } from '../../../shared/contracts/stream';
import { LimitTracker, limitSeverity, type LimitState } from '../../../shared/domain/limits';
import { flattenTree, withDescendants } from '../../../shared/tree';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { ConnectionIndicator } from '../../stream/connection-indicator';
import { useLiveTags, useLiveValue } from '../../stream/live-store';
import { streamClient } from '../../stream/stream-client';
import { realtimeNs } from './locales';
import { Sparkline } from './sparkline';
import {
  classTree,
  classTreeOptions,
  formatValue,
  kindOptions,
  limitColors,
  limitTints,
  loadAllTags,
  qualityName,
  tagLabel,
  valueDecimals,
} from './tag-data';
import { TagTrails, TRAIL_MINUTES } from './tag-trails';
import { openFaceplate } from '../../ui/faceplate-store';
import { regionTreeOptions } from '../../ui/region-options';
import { useFillHeight } from '../../ui/use-fill-height';
import { useFitColumns, type FitColumn } from '../../ui/use-fit-columns';
import { useLoad } from '../../ui/use-load';
import './realtime.css';

/** The live table shows at most this many tags (the stream takes far more; a person reads far fewer). */
const MAX_ROWS = 20_000;
/** Re-filter "beyond limits only" this often; the set moves with the data but must not re-render the table per value. */
const ALARM_FILTER_MS = 2000;

interface Filters {
  kind?: TagKind;
  regionid?: number;
  device?: string;
  classId?: number;
  keyword: string;
  onlyAlarms: boolean;
}

/** Everything a row's live cells need, stable for the page's life. */
interface LiveContext {
  trails: TagTrails;
  tracker: LimitTracker;
  serverNow: () => number;
}

/** Descendant ids of a node in a parent-linked list, the node included. */
function descendantsOf<T>(items: readonly T[], id: number, idOf: (x: T) => number, parentOf: (x: T) => number): Set<number> {
  return new Set(
    withDescendants(
      [id],
      items.map((x) => [idOf(x), parentOf(x)] as const),
    ),
  );
}

const ValueCell = memo(function ValueCell({ tag, ctx }: { tag: TagItem; ctx: LiveContext }) {
  const value = useLiveValue(tag.id);
  if (!value) {
    return <span className="pw-rt-muted">—</span>;
  }
  const state = value.q === Quality.bad ? undefined : ctx.tracker.get(tag.id);
  const color = state && state !== 'normal' ? limitColors[state] : undefined;
  return (
    <span
      key={value.t}
      className={`pw-rt-value pw-rt-flash ${value.q === Quality.bad ? 'pw-rt-bad' : ''}`}
      style={{ color }}
      data-testid="rt-value"
      data-tag={tag.id}
      data-t={value.t}
    >
      {formatValue(value.v, valueDecimals(tag))}
    </span>
  );
});

const QualityCell = memo(function QualityCell({ tag }: { tag: TagItem }) {
  const { t } = useTranslation(realtimeNs);
  const value = useLiveValue(tag.id);
  if (!value) {
    return <span className="pw-rt-muted">{t('quality.none')}</span>;
  }
  const name = qualityName(value.q);
  return <Tag color={name === 'good' ? 'success' : name === 'uncertain' ? 'warning' : 'default'}>{t(`quality.${name}`)}</Tag>;
});

const LimitCell = memo(function LimitCell({ tag, ctx }: { tag: TagItem; ctx: LiveContext }) {
  const { t } = useTranslation(realtimeNs);
  const value = useLiveValue(tag.id);
  const state = value && value.q !== Quality.bad ? ctx.tracker.get(tag.id) : undefined;
  if (!state) {
    return <span className="pw-rt-muted">{t('limit.unknown')}</span>;
  }
  return (
    <span
      className="pw-rt-limit"
      style={{ color: limitColors[state], background: limitTints[state], borderColor: limitColors[state] }}
      data-testid="rt-limit"
      data-state={state}
    >
      {t(`limit.${state}`)}
    </span>
  );
});

const TrendCell = memo(function TrendCell({ tag, ctx }: { tag: TagItem; ctx: LiveContext }) {
  const value = useLiveValue(tag.id);
  const state = value && value.q !== Quality.bad ? ctx.tracker.get(tag.id) : undefined;
  const color = state && state !== 'normal' ? limitColors[state] : '#1677ff';
  const guides = useMemo(() => [tag.h, tag.l], [tag.h, tag.l]);
  return <Sparkline tag={tag.id} trails={ctx.trails} serverNow={ctx.serverNow} color={color} guides={guides} />;
});

const TimeCell = memo(function TimeCell({ tag }: { tag: TagItem }) {
  const value = useLiveValue(tag.id);
  if (!value) {
    return <span className="pw-rt-muted">—</span>;
  }
  const today = formatDate(Date.now(), 'YYYY-MM-DD') === formatDate(value.t, 'YYYY-MM-DD');
  return <span className="pw-rt-time">{formatDate(value.t, today ? 'HH:mm:ss' : 'MM-DD HH:mm:ss')}</span>;
});

/** "N beyond limits", recounted once a second from the tracker (not per value). */
function AlarmCount({ ids, tracker }: { ids: readonly string[]; tracker: LimitTracker }) {
  const { t } = useTranslation(realtimeNs);
  const [count, setCount] = useState(0);
  useEffect(() => {
    const recount = () => {
      let n = 0;
      for (const id of ids) {
        const s = tracker.get(id);
        if (s && limitSeverity(s) > 0) {
          n++;
        }
      }
      setCount(n);
    };
    recount();
    const timer = window.setInterval(recount, 1000);
    return () => window.clearInterval(timer);
  }, [ids, tracker]);
  return count > 0 ? <Tag color="error">{t('details.alarmCount', { count })}</Tag> : null;
}

/** /realTimeData/detailsView: every visible tag with its live value, limit state and last minutes. */
export function RealTimeDataDetailsPage() {
  const { t } = useTranslation(realtimeNs);
  const lang = useLang();
  const [filters, setFilters] = useState<Filters>({ keyword: '', onlyAlarms: false });
  const keyword = useDeferredValue(filters.keyword.trim().toLowerCase());
  const tableBox = useRef<HTMLDivElement>(null);
  const height = useFillHeight(tableBox, 60);

  const loadTags = useCallback((signal: AbortSignal) => loadAllTags({ enabled: 1 }, signal, MAX_ROWS), []);
  const loadRegions = useCallback((signal: AbortSignal) => api(regionGetList, { isallregionid: 0 }, { signal }), []);
  const loadClasses = useCallback((signal: AbortSignal) => api(classList, {}, { signal }), []);
  const tags = useLoad(loadTags);
  const regions = useLoad(loadRegions);
  const classes = useLoad(loadClasses);

  const ctx = useMemo<LiveContext>(() => {
    const client = streamClient();
    const serverNow = () => client.serverNow();
    return { trails: new TagTrails(serverNow), tracker: new LimitTracker(), serverNow };
  }, []);
  useEffect(() => () => ctx.trails.dispose(), [ctx]);

  const all = useMemo(() => tags.data?.items ?? [], [tags.data]);
  const byId = useMemo(() => new Map(all.map((tag) => [tag.id, tag])), [all]);

  const regionSet = useMemo(
    () =>
      filters.regionid === undefined
        ? null
        : descendantsOf(
            regions.data ?? [],
            filters.regionid,
            (r) => r.regionid,
            (r) => r.regionparentid,
          ),
    [filters.regionid, regions.data],
  );
  const classSet = useMemo(
    () =>
      filters.classId === undefined
        ? null
        : descendantsOf(
            classes.data ?? [],
            filters.classId,
            (c) => c.id,
            (c) => c.parentid,
          ),
    [filters.classId, classes.data],
  );

  const filtered = useMemo(
    () =>
      all.filter(
        (tag) =>
          (filters.kind === undefined || tag.kind === filters.kind) &&
          (filters.device === undefined || tag.device === filters.device) &&
          (regionSet === null || (tag.regionid !== null && regionSet.has(tag.regionid))) &&
          (classSet === null || tag.classids.some((c) => classSet.has(c))) &&
          (keyword === '' ||
            tag.id.toLowerCase().includes(keyword) ||
            tag.name.toLowerCase().includes(keyword) ||
            tag.name_en.toLowerCase().includes(keyword)),
      ),
    [all, filters.kind, filters.device, regionSet, classSet, keyword],
  );
  const ids = useMemo(() => filtered.map((tag) => tag.id), [filtered]);

  // The whole filtered set is subscribed (the server coalesces per tick); rows read their own values.
  useLiveTags(ids);
  useEffect(() => {
    if (ids.length === 0) {
      return;
    }
    const sub = streamClient()
      .tags$(ids)
      .subscribe((updates) => {
        ctx.trails.push(updates);
        for (const u of updates) {
          const tag = byId.get(u.tag);
          if (tag && u.q !== Quality.bad) {
            ctx.tracker.update(u.tag, u.v, tag);
          }
        }
      });
    return () => sub.unsubscribe();
  }, [ids, byId, ctx]);
  // Limits may have changed with a reload: start the states afresh.
  useEffect(() => ctx.tracker.clear(), [all, ctx]);
  useEffect(() => {
    const sub = streamClient().resync$.subscribe(() => ctx.trails.invalidate());
    return () => sub.unsubscribe();
  }, [ctx]);

  // "Beyond limits only" follows the data every few seconds, not per value.
  const [alarmTick, setAlarmTick] = useState(0);
  useEffect(() => {
    if (!filters.onlyAlarms) {
      return;
    }
    const timer = window.setInterval(() => setAlarmTick((n) => n + 1), ALARM_FILTER_MS);
    return () => window.clearInterval(timer);
  }, [filters.onlyAlarms]);
  const rows = useMemo(() => {
    if (!filters.onlyAlarms) {
      return filtered;
    }
    void alarmTick;
    const severity = (tag: TagItem) => {
      const s: LimitState | undefined = ctx.tracker.get(tag.id);
      return s ? limitSeverity(s) : 0;
    };
    return filtered.filter((tag) => severity(tag) > 0).sort((a, b) => severity(b) - severity(a));
  }, [filtered, filters.onlyAlarms, alarmTick, ctx]);

  const deviceOptions = useMemo(
    () =>
      [...new Set(all.map((tag) => tag.device).filter(Boolean))].sort((a, b) => a.localeCompare(b)).map((d) => ({ value: d, label: d })),
    [all],
  );
  const regionOptions = useMemo(() => regionTreeOptions(regions.data ?? [], lang), [regions.data, lang]);
  const classOptions = useMemo(() => classTreeOptions(classes.data ?? [], lang), [classes.data, lang]);
  const classCount = useMemo(() => flattenTree(classTree(classes.data ?? [])).length, [classes.data]);

  // On a phone only the name, the value and its limit state, so the list fits without scrolling sideways.
  const narrow = !Grid.useBreakpoint().md;
  const columns: FitColumn<TagItem>[] = useMemo(() => {
    const all: FitColumn<TagItem>[] = [
      {
        title: t('field.id'),
        dataIndex: 'id',
        key: 'id',
        width: 210,
        ellipsis: true,
        sorter: (a, b) => a.id.localeCompare(b.id),
        render: (id: string) => <Typography.Text className="pw-rt-id">{id}</Typography.Text>,
      },
      {
        title: t('field.name'),
        key: 'name',
        width: narrow ? 140 : 200,
        grow: 2,
        ellipsis: true,
        sorter: (a, b) => tagLabel(a, lang).localeCompare(tagLabel(b, lang)),
        render: (_, tag) => (
          <Tooltip title={tag.regionname ? `${tag.regionname} · ${tag.device}` : tag.device}>
            <Typography.Link onClick={() => openFaceplate(tag.id)} data-testid={`rt-faceplate-${tag.id}`}>
              {tagLabel(tag, lang)}
            </Typography.Link>
          </Tooltip>
        ),
      },
      {
        title: t('field.value'),
        key: 'value',
        width: narrow ? 96 : 110,
        grow: 0.5,
        align: 'right',
        // Without the unit column on a phone, the unit follows the value.
        render: (_, tag) =>
          narrow ? (
            <>
              <ValueCell tag={tag} ctx={ctx} /> <span className="pw-rt-muted">{tag.unit}</span>
            </>
          ) : (
            <ValueCell tag={tag} ctx={ctx} />
          ),
      },
      { title: t('field.unit'), dataIndex: 'unit', key: 'unit', width: 70, grow: 0, render: (u: string) => u || '—' },
      { title: t('field.quality'), key: 'quality', width: 86, grow: 0, render: (_, tag) => <QualityCell tag={tag} /> },
      { title: t('field.limitState'), key: 'limit', width: narrow ? 72 : 96, grow: 0.5, render: (_, tag) => <LimitCell tag={tag} ctx={ctx} /> },
      {
        title: t('field.trend', { minutes: TRAIL_MINUTES }),
        key: 'trend',
        width: 150,
        grow: 0,
        render: (_, tag) => <TrendCell tag={tag} ctx={ctx} />,
      },
      { title: t('field.time'), key: 'time', width: 120, grow: 0.5, render: (_, tag) => <TimeCell tag={tag} /> },
      { title: t('field.kind'), dataIndex: 'kind', key: 'kind', width: 110, grow: 0.5, ellipsis: true, render: (k: TagKind) => t(`kind.${k}`) },
      { title: t('field.region'), dataIndex: 'regionname', key: 'region', width: 140, ellipsis: true, render: (r: string) => r || '—' },
    ];
    return narrow ? all.filter((c) => c.key === 'name' || c.key === 'value' || c.key === 'limit') : all;
  }, [t, lang, ctx, narrow]);
  const fitted = useFitColumns(tableBox, columns, 0);

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  const truncated = (tags.data?.total ?? 0) > all.length;

  return (
    <Card
      size="small"
      className="pw-rt-card"
      title={
        <Space size={12}>
          <span>{t('details.title')}</span>
          <ConnectionIndicator compact />
        </Space>
      }
      extra={
        <Space size={8}>
          <Typography.Text type="secondary" data-testid="rt-count">
            {t('details.count', { count: rows.length })}
          </Typography.Text>
          <AlarmCount ids={ids} tracker={ctx.tracker} />
          <Tooltip title={t('common.refresh')}>
            <Button size="small" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={tags.reload} />
          </Tooltip>
        </Space>
      }
    >
      <Space wrap size={[8, 8]} style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          style={{ width: 220 }}
          placeholder={t('details.keywordPlaceholder')}
          value={filters.keyword}
          onChange={(e) => set('keyword', e.target.value)}
          data-testid="rt-filter-keyword"
        />
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          style={{ width: 190 }}
          placeholder={t('details.filterRegion')}
          treeData={regionOptions}
          value={filters.regionid}
          onChange={(v: number | undefined) => set('regionid', v)}
          treeDefaultExpandAll
          popupMatchSelectWidth={false}
        />
        <Select
          allowClear
          showSearch
          style={{ width: 160 }}
          placeholder={t('details.filterDevice')}
          options={deviceOptions}
          value={filters.device}
          onChange={(v: string | undefined) => set('device', v)}
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('details.filterKind')}
          options={kindOptions(t)}
          value={filters.kind}
          onChange={(v: TagKind | undefined) => set('kind', v)}
          data-testid="rt-filter-kind"
        />
        {classCount > 0 && (
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            style={{ width: 190 }}
            placeholder={t('details.filterClass')}
            treeData={classOptions}
            value={filters.classId}
            onChange={(v: number | undefined) => set('classId', v)}
            treeDefaultExpandAll
            popupMatchSelectWidth={false}
          />
        )}
        <Checkbox checked={filters.onlyAlarms} onChange={(e) => set('onlyAlarms', e.target.checked)}>
          {t('details.onlyAlarms')}
        </Checkbox>
      </Space>
      {truncated && (
        <Typography.Paragraph type="warning" style={{ marginBottom: 8 }}>
          {t('details.truncated', { count: all.length })}
        </Typography.Paragraph>
      )}
      <div ref={tableBox} className="pw-rt-live-table" data-testid="rt-details-table">
        <Table<TagItem>
          virtual
          size="small"
          rowKey="id"
          columns={fitted.columns}
          dataSource={rows}
          loading={tags.loading && !tags.data}
          pagination={false}
          scroll={{ x: fitted.scrollX, y: height }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('details.empty')} /> }}
        />
      </div>
    </Card>
  );
}
