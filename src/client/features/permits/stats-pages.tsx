import { Alert, Card, DatePicker, Empty, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { permitTypeCodes, type PermitType } from '../../../shared/domain/gb30871-input';
import { permitStatuses, permitStepCodes } from '../../../shared/permits/items';
import {
  permitAnalyseApproved,
  permitAnalyseDepartment,
  permitAnalyseRegion,
  type permitStatsInput,
  type PermitApprovedStats,
  type PermitStatsRow,
} from '../../../shared/permits/stats-contracts';
import { api } from '../../app/api';
import { useLang, type Lang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';
import { m, statusColor } from './permit-labels';

type StatsInput = z.input<typeof permitStatsInput>;

/** The period and type the three analyses are filtered by: the last 30 days by default. */
function useFilter() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(30, 'day').startOf('day'), dayjs().endOf('day')]);
  const [type, setType] = useState<PermitType | undefined>(undefined);
  const input: StatsInput = { from: range[0].valueOf(), to: range[1].valueOf() + 1, ...(type ? { type } : {}) };
  return { range, setRange, type, setType, input };
}

function FilterBar({ f, lang }: { f: ReturnType<typeof useFilter>; lang: Lang }) {
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <span>{m(lang, 'permits.stats.period')}</span>
      <DatePicker.RangePicker
        value={f.range}
        allowClear={false}
        onChange={(v) => v && v[0] && v[1] && f.setRange([v[0].startOf('day'), v[1].endOf('day')])}
        data-testid="stats-range"
      />
      <Select<PermitType | ''>
        style={{ minWidth: 150 }}
        value={f.type ?? ''}
        onChange={(v) => f.setType(v === '' ? undefined : v)}
        options={[{ value: '', label: m(lang, 'permits.stats.allTypes') }, ...permitTypeCodes.map((c) => ({ value: c, label: m(lang, `permits.type.${c}`) }))]}
        data-testid="stats-type"
      />
    </Space>
  );
}

/** Counts as small tags in the order of `codes` (`二级 3`). */
function Counts({ counts, codes, label, color }: { counts: Record<string, number>; codes: readonly string[]; label: (c: string) => string; color?: (c: string) => string }) {
  return (
    <Space size={[4, 4]} wrap>
      {codes
        .filter((c) => counts[c])
        .map((c) => (
          <Tag key={c} color={color?.(c)} style={{ marginInlineEnd: 0 }}>
            {label(c)} {counts[c]}
          </Tag>
        ))}
    </Space>
  );
}

function CountsTable({ kind }: { kind: 'region' | 'department' }) {
  const lang = useLang();
  const f = useFilter();
  const key = JSON.stringify(f.input);
  const loaded = useLoad(
    useCallback((signal: AbortSignal) => api(kind === 'region' ? permitAnalyseRegion : permitAnalyseDepartment, JSON.parse(key) as StatsInput, { signal }), [key, kind]),
  );
  const nameOf = (r: PermitStatsRow) => (r.id === 0 ? m(lang, 'permits.stats.none') : (lang === 'en' && r.nameEn) || r.name);
  const columns: ColumnsType<PermitStatsRow> = [
    { title: m(lang, kind === 'region' ? 'permits.stats.regionCol' : 'permits.stats.deptCol'), key: 'name', render: (_v, r) => nameOf(r), fixed: 'left', width: 120 },
    { title: m(lang, 'permits.stats.total'), dataIndex: 'total', key: 'total', width: 70, align: 'right' },
    {
      title: m(lang, 'permits.stats.byType'),
      key: 'type',
      render: (_v, r) => <Counts counts={r.byType} codes={permitTypeCodes} label={(c) => m(lang, `permits.type.${c}`)} />,
    },
    {
      title: m(lang, 'permits.stats.byGrade'),
      key: 'grade',
      render: (_v, r) => <Counts counts={r.byGrade} codes={['special', '1', '2']} label={(c) => m(lang, `permits.grade.${c}`)} color={() => 'orange'} />,
    },
    {
      title: m(lang, 'permits.stats.byStatus'),
      key: 'status',
      render: (_v, r) => (
        <Counts counts={r.byStatus} codes={permitStatuses} label={(c) => m(lang, `permits.status.${c}`)} color={(c) => statusColor[c as keyof typeof statusColor]} />
      ),
    },
  ];
  return (
    <Card title={m(lang, kind === 'region' ? 'permits.stats.region' : 'permits.stats.department')} data-testid={`permit-stats-${kind}`}>
      <FilterBar f={f} lang={lang} />
      <Table<PermitStatsRow>
        rowKey="id"
        size="small"
        loading={loaded.loading}
        columns={columns}
        dataSource={loaded.data?.items ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={m(lang, 'permits.stats.empty')} /> }}
        summary={() =>
          loaded.data && loaded.data.items.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{m(lang, 'permits.stats.total')}</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <span data-testid="stats-total">{loaded.data.total}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} colSpan={3} />
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}

/** `/SafetyWorkPermitNew/AnalyseRegionForSafe`: permits per region by type, grade and status. */
export function PermitRegionStatsPage() {
  return <CountsTable kind="region" />;
}

/** `/SafetyWorkPermitNew/AnalyseDepartmentForSafe`: permits per applicant's department by type, grade and status. */
export function PermitDepartmentStatsPage() {
  return <CountsTable kind="department" />;
}

type Durations = { count: number; avgMin: number; p50Min: number; maxMin: number };

function durationColumns<T extends Durations>(lang: Lang, first: ColumnsType<T>[number]): ColumnsType<T> {
  return [
    first,
    { title: m(lang, 'permits.stats.count'), dataIndex: 'count', key: 'count', align: 'right', width: 70 },
    { title: m(lang, 'permits.stats.avg'), dataIndex: 'avgMin', key: 'avg', align: 'right', width: 100 },
    { title: m(lang, 'permits.stats.p50'), dataIndex: 'p50Min', key: 'p50', align: 'right', width: 110 },
    { title: m(lang, 'permits.stats.max'), dataIndex: 'maxMin', key: 'max', align: 'right', width: 100 },
  ];
}

/** `/SafetyWorkPermitNew/AnalyseApprovedForSafe`: how long approvals take, per type, per statutory step and per signer. */
export function PermitApprovedStatsPage() {
  const lang = useLang();
  const f = useFilter();
  const key = JSON.stringify(f.input);
  const loaded = useLoad(useCallback((signal: AbortSignal) => api(permitAnalyseApproved, JSON.parse(key) as StatsInput, { signal }), [key]));
  const d: PermitApprovedStats | undefined = loaded.data;
  const table = <T extends Durations>(testid: string, title: string, rowKey: keyof T & string, rows: T[], first: ColumnsType<T>[number]) => (
    <div data-testid={testid}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Table<T> rowKey={rowKey} size="small" loading={loaded.loading} columns={durationColumns(lang, first)} dataSource={rows} pagination={false} scroll={{ x: 'max-content' }} />
    </div>
  );
  return (
    <Card title={m(lang, 'permits.stats.approved')} data-testid="permit-stats-approved">
      <FilterBar f={f} lang={lang} />
      {d && d.waiting.count > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={m(lang, 'permits.stats.waiting', { count: d.waiting.count, max: d.waiting.maxMin })} />
      )}
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {table('stats-by-type', m(lang, 'permits.stats.typeTitle'), 'type', d?.byType ?? [], {
          title: m(lang, 'permits.ui.type'),
          key: 'type',
          render: (_v, r) => m(lang, `permits.type.${r.type}`),
        })}
        {table('stats-by-step', m(lang, 'permits.stats.stepTitle'), 'code', (d?.bySteps ?? []).filter((s) => permitStepCodes.includes(s.code)), {
          title: m(lang, 'permits.ui.steps'),
          key: 'code',
          render: (_v, r) => m(lang, `permits.step.${r.code}`),
        })}
        {table('stats-by-signer', m(lang, 'permits.stats.signerTitle'), 'userid', d?.bySigner ?? [], {
          title: m(lang, 'permits.stats.signer'),
          key: 'name',
          dataIndex: 'name',
        })}
      </Space>
    </Card>
  );
}

/** `/SafetyWorkPermit`: permits by type (from the region statistics summed over the caller's regions), with a bar each. */
export function PermitTypeStatsPage() {
  const lang = useLang();
  const f = useFilter();
  const key = JSON.stringify(f.input);
  const loaded = useLoad(useCallback((signal: AbortSignal) => api(permitAnalyseRegion, JSON.parse(key) as StatsInput, { signal }), [key]));
  const totals = new Map<string, number>();
  for (const r of loaded.data?.items ?? []) {
    for (const [t, n] of Object.entries(r.byType)) {
      totals.set(t, (totals.get(t) ?? 0) + n);
    }
  }
  const rows = permitTypeCodes.map((type) => ({ type, count: totals.get(type) ?? 0 }));
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <Card title={m(lang, 'permits.typeStats.title')} data-testid="permit-stats-type">
      <FilterBar f={f} lang={lang} />
      <Table
        rowKey="type"
        size="small"
        loading={loaded.loading}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: m(lang, 'permits.ui.type'), key: 'type', render: (_v, r) => m(lang, `permits.type.${r.type}`), width: 140 },
          { title: m(lang, 'permits.stats.count'), dataIndex: 'count', key: 'count', align: 'right', width: 80 },
          {
            title: '',
            key: 'bar',
            render: (_v, r) => <div style={{ height: 8, width: `${(r.count / max) * 100}%`, minWidth: r.count > 0 ? 4 : 0, background: '#1677ff', borderRadius: 4 }} />,
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{m(lang, 'permits.stats.total')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {loaded.data?.total ?? 0}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} />
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}
