import { CheckOutlined, PauseCircleOutlined, PlayCircleOutlined, ReloadOutlined, SoundOutlined, MutedOutlined, StopOutlined, ToolOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Select, Space, Table, Tag, Tooltip, TreeSelect, Typography } from 'antd';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmListScopeGet, type AlarmListScope } from '../../../shared/alarms/notify-contracts';
import type { AlarmItem, AlarmType } from '../../../shared/alarms/contracts';
import { alarmStates } from '../../../shared/domain/alarm-state';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { pick, useLang, type Lang } from '../../app/i18n';
import { openFaceplate } from '../../ui/faceplate-store';
import { useRegions } from '../../ui/region-options';
import { useFillHeight } from '../../ui/use-fill-height';
import { useLoad } from '../../ui/use-load';
import { acknowledge, AckDialog, OutOfServiceDialog, returnToService, ShelveDialog, unshelve, useAlarmRights } from './alarm-actions';
import { PlantModeDialog } from './plant-mode-dialog';
import { reloadAlarms, TONE_INTERVALS_S, useAlarmFeed, useAlarmStore } from './alarm-store';
import { useFitColumns, type FitColumn } from '../../ui/use-fit-columns';
import { alarmsNs, sourceNameOf } from './locales';
import { priorityColors } from '../../ui/alarm-priority';
import { controlSystemNs } from './control-system-locales';
import { useControlSystems } from './use-control-systems';
import './alarms.css';

interface Filters {
  priority: number[];
  state?: AlarmItem['state'];
  regionid?: number;
  /** A control system's id. */
  controlSystem?: number;
  keyword: string;
}

/** A name the raising module put in the alarm's detail (`dept`, `dept_en`), in the reader's language. */
export function detailText(a: AlarmItem, key: string, lang: Lang): string {
  const zh = a.detail?.[key];
  const en = a.detail?.[`${key}_en`];
  const text = pick(lang, typeof zh === 'string' ? zh : '', typeof en === 'string' ? en : '');
  return text || '—';
}

/** The checkbox column of the live table. */
const SELECTION_WIDTH = 36;
const fmt = (v: number | null, unit: string) => (v === null ? '—' : `${Number(v.toFixed(3))}${unit ? ` ${unit}` : ''}`);

/**
 * `/alarmData/realTimeAlarm`: the open alarms the user may see, live. Priority
 * colours, unacknowledged rows blink, filters, multi-select acknowledge,
 * shelve and unshelve, sound on or muted. The list is the store fed by
 * `UAPI/Alarm/RealTimeList` and topic `alarm` (alarm-store.ts).
 *
 * `scope` narrows the same list for the seed's other alarm pages
 * (`UAPI/Alarm/ListScope`): the user's own regions, or major hazard sources.
 * With `types` it lists those types only, with the person's department (the
 * positioning alarm pages, /IllegaEntryAlarm …).
 */
export function RealTimeAlarmPage({ scope = 'all', types }: { scope?: AlarmListScope; types?: readonly AlarmType[] } = {}) {
  const { t } = useTranslation(alarmsNs);
  const lang = useLang();
  useAlarmFeed();
  const byId = useAlarmStore((s) => s.byId);
  const sorted = useAlarmStore((s) => s.sorted);
  const loaded = useAlarmStore((s) => s.loaded);
  const muted = useAlarmStore((s) => s.muted);
  const setMuted = useAlarmStore((s) => s.setMuted);
  const toneIntervalS = useAlarmStore((s) => s.toneIntervalS);
  const setToneIntervalS = useAlarmStore((s) => s.setToneIntervalS);
  const rights = useAlarmRights();
  const [filters, setFilters] = useState<Filters>({ priority: [], keyword: '' });
  const keyword = useDeferredValue(filters.keyword.trim().toLowerCase());
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'ack' | 'shelve' | 'oos' | 'mode' | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(tableRef, 48);

  const regions = useRegions();
  const { t: tcs } = useTranslation(controlSystemNs);
  const controlSystems = useControlSystems();
  const regionName = regions.nameOf;
  const regionTree = regions.tree;
  const loadScope = useCallback(
    async (signal: AbortSignal) => {
      if (scope === 'all') {
        return null;
      }
      const s = await api(alarmListScopeGet, { scope }, { signal });
      return { regions: s.regionids && new Set(s.regionids), sources: s.sources && new Set(s.sources) };
    },
    [scope],
  );
  const scoped = useLoad(loadScope);
  const inScope = useCallback(
    (a: AlarmItem) => {
      const s = scoped.data;
      if (scope === 'all') {
        return true;
      }
      if (!s) {
        return false; // until the scope is known nothing is shown rather than too much
      }
      return (!s.regions || (a.regionid !== null && s.regions.has(a.regionid))) && (!s.sources || s.sources.has(a.source));
    },
    [scope, scoped.data],
  );
  const regionWithChildren = useMemo(() => {
    if (filters.regionid === undefined) {
      return null;
    }
    const set = new Set([filters.regionid]);
    const all = regions.list;
    let grew = true;
    while (grew) {
      grew = false;
      for (const r of all) {
        if (set.has(r.regionparentid) && !set.has(r.regionid)) {
          set.add(r.regionid);
          grew = true;
        }
      }
    }
    return set;
  }, [filters.regionid, regions.list]);

  // The store keeps the alarms in list order: a change filters them again and never sorts.
  const rows = useMemo(() => {
    return sorted.filter(
      (a) =>
        inScope(a) &&
        (!types || types.includes(a.type)) &&
        (filters.priority.length === 0 || filters.priority.includes(a.priority)) &&
        (!filters.state || a.state === filters.state) &&
        (!regionWithChildren || (a.regionid !== null && regionWithChildren.has(a.regionid))) &&
        (filters.controlSystem === undefined || controlSystems.systemOf(a) === filters.controlSystem) &&
        (!keyword || a.source.toLowerCase().includes(keyword) || a.sourceName.toLowerCase().includes(keyword) || a.sourceNameEn.toLowerCase().includes(keyword)),
    );
  }, [sorted, inScope, types, filters.priority, filters.state, filters.controlSystem, controlSystems, regionWithChildren, keyword]);

  // Selections of alarms that closed meanwhile drop out.
  const selectedOpen = useMemo(() => selected.filter((id) => byId.has(id)), [selected, byId]);
  const selectedItems = selectedOpen.map((id) => byId.get(id)!);
  const canUnshelve = selectedItems.some((a) => a.state === 'shelved');

  const ackOne = async (id: number) => {
    try {
      notify(t('ack.done', { n: await acknowledge([id]) }));
    } catch {
      // api() showed the refusal.
    }
  };

  // Least widths that fit a 1,440 px screen beside the menu (peak, region and acknowledger in view); wider screens share the rest by `grow`.
  const columns: FitColumn<AlarmItem>[] = [
    {
      title: t('col.priority'),
      dataIndex: 'priority',
      width: 64,
      grow: 0,
      render: (p: number) => (
        <Tag color={priorityColors[p]} style={{ marginInlineEnd: 0 }}>
          {t(`priority.${p}`)}
        </Tag>
      ),
    },
    {
      title: t('col.state'),
      dataIndex: 'state',
      width: 104,
      grow: 0.5,
      ellipsis: true,
      render: (s: AlarmItem['state'], a) => (
        <span data-testid={`alarm-state-${a.id}`}>
          {t(`state.${s}`)}
          {s === 'shelved' && a.shelvedUntil ? <Typography.Text type="secondary"> · {formatDate(a.shelvedUntil, 'HH:mm')}</Typography.Text> : null}
        </span>
      ),
    },
    {
      title: t('col.activatedAt'),
      dataIndex: 'activatedAt',
      width: 120,
      grow: 0.5,
      render: (v: number) => (
        <Tooltip title={formatDate(v)}>
          <span>{formatDate(v, 'MM-DD HH:mm:ss')}</span>
        </Tooltip>
      ),
    },
    {
      title: t('col.source'),
      dataIndex: 'sourceName',
      width: 136,
      grow: 3,
      ellipsis: true,
      render: (_: string, a) => (
        <Tooltip title={a.source}>
          <Typography.Link onClick={() => openFaceplate(a.source)} data-testid={`alarm-source-${a.id}`}>
            {sourceNameOf(a, lang)}
          </Typography.Link>
        </Tooltip>
      ),
    },
    ...(types
      ? []
      : [{ title: tcs('column'), key: 'controlSystem', width: 84, grow: 1, ellipsis: true, render: (_: unknown, a: AlarmItem) => controlSystems.nameOf(controlSystems.systemOf(a)) ?? '—' }]),
    { title: t('col.type'), dataIndex: 'type', width: 76, grow: 0.5, ellipsis: true, render: (ty: AlarmItem['type']) => t(`type.${ty}`) },
    { title: t('col.value'), dataIndex: 'value', width: 80, grow: 0.5, ellipsis: true, render: (v: number | null, a) => fmt(v, a.unit) },
    { title: t('col.limit'), dataIndex: 'limit', width: 70, grow: 0.5, ellipsis: true, render: (v: number | null, a) => fmt(v, a.unit) },
    { title: t('col.peak'), dataIndex: 'peak', width: 80, grow: 0.5, ellipsis: true, render: (v: number | null, a) => <span data-testid={`alarm-peak-${a.id}`}>{fmt(v, a.unit)}</span> },
    { title: t('col.region'), dataIndex: 'regionid', width: 84, grow: 1, ellipsis: true, render: (r: number | null) => (r === null ? '—' : (regionName.get(r) ?? r)) },
    ...(types ? [{ title: t('col.dept'), key: 'dept', width: 92, grow: 1, ellipsis: true, render: (_: unknown, a: AlarmItem) => detailText(a, 'dept', lang) }] : []),
    {
      title: t('col.acked'),
      dataIndex: 'ackedBy',
      width: 124,
      grow: 1,
      ellipsis: true,
      render: (by: string | null, a) => (by ? `${by} ${a.ackedAt ? formatDate(a.ackedAt, 'HH:mm:ss') : ''}` : '—'),
    },
    {
      title: '',
      key: 'actions',
      width: 84,
      grow: 0,
      fixed: 'right',
      render: (_: unknown, a) =>
        rights.ack && (a.state === 'unack' || a.state === 'rtnUnack') ? (
          <Button size="small" type="primary" icon={<CheckOutlined />} onClick={() => void ackOne(a.id)} data-testid={`ack-${a.id}`}>
            {t('action.ack')}
          </Button>
        ) : null,
    },
  ];
  const selectable = rights.ack || rights.shelve || rights.admin;
  const fitted = useFitColumns(tableRef, columns, selectable ? SELECTION_WIDTH : 0);

  const closeDialog = (done: boolean) => {
    setDialog(null);
    if (done) {
      setSelected([]);
    }
  };

  return (
    <Card size="small" className="pw-alarm-page" data-testid="real-time-alarm-page" data-scope={scope} variant={types ? 'borderless' : undefined}>
      <div className="pw-alarm-toolbar">
        <Select
          mode="multiple"
          allowClear
          placeholder={t('filter.priority')}
          value={filters.priority}
          onChange={(priority: number[]) => setFilters((f) => ({ ...f, priority }))}
          options={[1, 2, 3, 4].map((p) => ({ value: p, label: t(`priority.${p}`) }))}
          data-testid="filter-priority"
        />
        <Select
          allowClear
          placeholder={t('filter.state')}
          value={filters.state}
          onChange={(state?: AlarmItem['state']) => setFilters((f) => ({ ...f, state }))}
          options={alarmStates.filter((s) => s !== 'normal').map((s) => ({ value: s, label: t(`state.${s}`) }))}
        />
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          placeholder={t('filter.region')}
          value={filters.regionid}
          onChange={(regionid?: number) => setFilters((f) => ({ ...f, regionid }))}
          treeData={regionTree}
          style={{ minWidth: 160 }}
        />
        {!types && (
          <Select
            allowClear
            placeholder={tcs('column')}
            value={filters.controlSystem}
            onChange={(controlSystem?: number) => setFilters((f) => ({ ...f, controlSystem }))}
            options={controlSystems.systems.map((c) => ({ value: c.id, label: c.name }))}
            style={{ minWidth: 150 }}
            data-testid="filter-control-system"
          />
        )}
        <Input.Search
          allowClear
          placeholder={t('filter.keyword')}
          value={filters.keyword}
          onChange={(e) => setFilters((f) => ({ ...f, keyword: e.target.value }))}
          style={{ width: 200 }}
        />
        <Space wrap>
          {rights.ack && (
            <Button type="primary" icon={<CheckOutlined />} disabled={selectedOpen.length === 0} onClick={() => setDialog('ack')} data-testid="ack-selected">
              {t('action.ackSelected', { n: selectedOpen.length })}
            </Button>
          )}
          {rights.shelve && (
            <Button icon={<PauseCircleOutlined />} disabled={selectedOpen.length === 0} onClick={() => setDialog('shelve')} data-testid="shelve-selected">
              {t('action.shelve')}
            </Button>
          )}
          {rights.shelve && (
            <Button
              icon={<PlayCircleOutlined />}
              disabled={!canUnshelve}
              onClick={() =>
                void unshelve(selectedItems.filter((a) => a.state === 'shelved').map((a) => a.id))
                  .then((n) => {
                    notify(t('shelve.undone', { n }));
                    setSelected([]);
                  })
                  .catch(() => undefined)
              }
              data-testid="unshelve-selected"
            >
              {t('action.unshelve')}
            </Button>
          )}
          {rights.admin && (
            <Button icon={<StopOutlined />} disabled={selectedOpen.length === 0} onClick={() => setDialog('oos')} data-testid="oos-selected">
              {t('oos.remove')}
            </Button>
          )}
          {rights.admin && (
            <Button
              icon={<UndoOutlined />}
              disabled={!selectedItems.some((a) => a.state === 'outOfService')}
              onClick={() =>
                void returnToService({ ids: selectedItems.filter((a) => a.state === 'outOfService').map((a) => a.id) })
                  .then((n) => {
                    notify(t('oos.restored', { n }));
                    setSelected([]);
                  })
                  .catch(() => undefined)
              }
              data-testid="rts-selected"
            >
              {t('oos.restore')}
            </Button>
          )}
          {rights.admin && (
            <Button icon={<ToolOutlined />} onClick={() => setDialog('mode')} data-testid="plant-mode">
              {t('mode.button')}
            </Button>
          )}
          <Button icon={muted ? <MutedOutlined /> : <SoundOutlined />} onClick={() => setMuted(!muted)} data-testid="alarm-mute">
            {muted ? t('action.unmute') : t('action.mute')}
          </Button>
          <Select
            aria-label={t('sound.interval')}
            title={t('sound.interval')}
            value={toneIntervalS}
            onChange={setToneIntervalS}
            disabled={muted}
            // The choices, and the browser's own interval when it is none of them.
            options={[...new Set<number>([...TONE_INTERVALS_S, toneIntervalS])].sort((a, b) => a - b).map((n) => ({ value: n, label: t('sound.everyN', { n }) }))}
            style={{ minWidth: 110 }}
            data-testid="alarm-tone-interval"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void reloadAlarms()}>
            {t('action.refresh')}
          </Button>
        </Space>
        <Typography.Text type="secondary" style={{ marginInlineStart: 'auto' }} data-testid="alarm-total">
          {t('total', { total: rows.length })}
        </Typography.Text>
      </div>
      <div ref={tableRef}>
        <Table<AlarmItem>
          virtual
          size="small"
          rowKey="id"
          dataSource={rows}
          columns={fitted.columns}
          loading={!loaded || (scope !== 'all' && scoped.loading)}
          pagination={false}
          scroll={{ x: fitted.scrollX, y: height }}
          rowSelection={selectable ? { columnWidth: SELECTION_WIDTH, selectedRowKeys: selectedOpen, onChange: (keys) => setSelected(keys as number[]) } : undefined}
          rowClassName={(a) => (a.state === 'unack' || a.state === 'rtnUnack' ? 'pw-alarm-row-unack' : a.state === 'shelved' || a.state === 'suppressed' || a.state === 'outOfService' ? 'pw-alarm-row-shelved' : '')}
          onRow={(a) => ({ 'data-testid': `alarm-row-${a.alarmKey}` }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: <Empty description={t('empty')} /> }}
        />
      </div>
      <AckDialog ids={selectedOpen} open={dialog === 'ack'} onClose={closeDialog} />
      <ShelveDialog ids={selectedOpen} open={dialog === 'shelve'} onClose={closeDialog} />
      <OutOfServiceDialog target={{ ids: selectedOpen }} open={dialog === 'oos'} onClose={closeDialog} />
      {rights.admin && <PlantModeDialog open={dialog === 'mode'} onClose={() => setDialog(null)} regionTree={regionTree} regionName={regionName} />}
    </Card>
  );
}
