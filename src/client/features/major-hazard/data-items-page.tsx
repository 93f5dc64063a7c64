import { Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { dataItemList, dataItemStates, type DataItem } from '../../../shared/major-hazard/more-contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';

const STATE_COLOR: Record<DataItem['state'], string> = { ok: 'green', stale: 'orange', bad: 'red', never: 'default', unknown: 'purple' };
const ROLE_MSG: Record<string, string> = {
  level: 'majorHazard.monitor.fill',
  temperature: 'majorHazard.monitor.temperature',
  pressure: 'majorHazard.monitor.pressure',
  gas: 'majorHazard.monitor.gas',
};

/**
 * /realTimeDataCollection/DataItem (grouped by source) and DataItemSearch
 * (one searchable list): the tags each major hazard source reports, with their
 * last value, age, quality, samples over the last hour and collection state.
 */
function DataItems({ grouped }: { grouped: boolean }) {
  const lang = useLang();
  const t = (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<DataItem['state'] | undefined>(undefined);
  const [sourceId, setSourceId] = useState<number | undefined>(undefined);
  const load = useCallback(
    (signal: AbortSignal) => api(dataItemList, { keyword, ...(state ? { state } : {}), ...(sourceId ? { sourceId } : {}) }, { signal }),
    [keyword, state, sourceId],
  );
  const { data } = useLoad(load);
  const allLoad = useCallback((signal: AbortSignal) => api(dataItemList, { keyword: '' }, { signal }), []);
  const { data: all } = useLoad(allLoad);
  const sources = [...new Map((all?.items ?? []).map((x) => [x.sourceId, x.sourceName])).entries()];
  const age = (ms: number | null) =>
    ms === null ? '—' : ms < 60_000 ? t('majorHazard.data.seconds', { n: Math.round(ms / 1000) }) : ms < 3_600_000 ? t('majorHazard.data.minutes', { n: Math.round(ms / 60_000) }) : t('majorHazard.data.hours', { n: Math.round(ms / 3_600_000) });
  const items = data?.items ?? [];
  const columns = [
    ...(grouped ? [] : [{ title: t('majorHazard.check.source'), dataIndex: 'sourceName' }]),
    { title: t('majorHazard.data.device'), render: (_v: unknown, r: DataItem) => `${r.deviceName} (${r.deviceCode})` },
    { title: t('majorHazard.data.role'), render: (_v: unknown, r: DataItem) => t(ROLE_MSG[r.role] ?? r.role) },
    { title: t('majorHazard.data.tag'), dataIndex: 'tag' },
    { title: t('majorHazard.data.name'), dataIndex: 'name' },
    { title: t('majorHazard.data.value'), render: (_v: unknown, r: DataItem) => (r.value === null ? '—' : `${Number(r.value.toPrecision(6))} ${r.unit}`) },
    { title: t('majorHazard.data.age'), render: (_v: unknown, r: DataItem) => age(r.ageMs) },
    { title: t('majorHazard.data.quality'), render: (_v: unknown, r: DataItem) => (r.quality === null ? '—' : t(`majorHazard.data.quality.${r.quality}`)) },
    { title: t('majorHazard.data.samples'), render: (_v: unknown, r: DataItem) => r.samplesLastHour ?? '—' },
    {
      title: t('majorHazard.data.state'),
      render: (_v: unknown, r: DataItem) => (
        <Tag color={STATE_COLOR[r.state]} data-testid={`mh-di-${r.tag}`} data-state={r.state}>
          {t(`majorHazard.data.state.${r.state}`)}
        </Tag>
      ),
    },
  ];
  const table = (rows: DataItem[]) => (
    <Table<DataItem>
      size="small"
      rowKey={(r) => `${r.deviceId}:${r.role}`}
      loading={!data}
      pagination={grouped ? false : { pageSize: 50, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      columns={columns}
    />
  );
  const groups = [...new Map(items.map((x) => [x.sourceId, x.sourceName])).entries()];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="mh-data-items">
      <Space wrap>
        <Input.Search allowClear placeholder={t('majorHazard.data.search')} style={{ width: 260, maxWidth: '100%' }} onSearch={(v) => setKeyword(v.trim())} data-testid="mh-di-search" />
        <Select
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('majorHazard.data.allSources')}
          value={sourceId}
          onChange={(v?: number) => setSourceId(v)}
          options={sources.map(([value, label]) => ({ value, label }))}
        />
        <Select
          allowClear
          style={{ minWidth: 140 }}
          placeholder={t('majorHazard.data.allStates')}
          value={state}
          onChange={(v?: DataItem['state']) => setState(v)}
          options={dataItemStates.map((s) => ({ value: s, label: t(`majorHazard.data.state.${s}`) }))}
        />
        {data ? <Typography.Text type="secondary">{t('majorHazard.data.summary', { n: data.total, ok: items.filter((x) => x.state === 'ok').length })}</Typography.Text> : null}
      </Space>
      {grouped ? (
        groups.length === 0 && data ? (
          <Card size="small">{t('majorHazard.data.noDevices')}</Card>
        ) : (
          groups.map(([id, name]) => (
            <Card key={id} size="small" title={name}>
              {table(items.filter((x) => x.sourceId === id))}
            </Card>
          ))
        )
      ) : (
        table(items)
      )}
    </Space>
  );
}

export function DataItemPage() {
  return <DataItems grouped />;
}

export function DataItemSearchPage() {
  return <DataItems grouped={false} />;
}
