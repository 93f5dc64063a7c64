import { Alert, Card, Col, InputNumber, Row, Segmented, Space, Table } from 'antd';
import { useCallback, useState } from 'react';
import { localParts } from '../../../shared/domain/plant-calendar';
import { hiddenDangerCleanupSummary, type CleanupSummaryPeriod } from '../../../shared/hidden-dangers/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { usePickers } from '../../ui/records/use-pickers';
import { useLoad } from '../../ui/use-load';

type Figures = Pick<CleanupSummaryPeriod, 'found' | 'closed' | 'overdue' | 'major' | 'money'>;

/**
 * /SecurityRiskManagement/TroubleCleanupSummary (issue 24 §1): a year's
 * hidden-danger summary by quarter and for the whole year — found, closed,
 * overdue, 重大, money — and the chosen period by department and by region.
 */
export function CleanupSummaryPage() {
  const lang = useLang();
  const m = (code: string, params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const pickers = usePickers();
  const [year, setYear] = useState(() => localParts(Date.now()).year);
  const [period, setPeriod] = useState('year');
  const load = useCallback((signal: AbortSignal) => api(hiddenDangerCleanupSummary, { year }, { signal }), [year]);
  const { data } = useLoad(load);
  const periodName = (p: string) => (p === 'year' ? m('hiddenDangers.summary.wholeYear') : m('hiddenDangers.summary.quarter', { n: p.slice(1) }));
  const regionName = (k: string) => {
    const r = pickers.regions.find((x) => String(x.regionid) === k);
    return r ? pick(lang, r.regionname, r.regionname_en) : k || m('hiddenDangers.summary.none');
  };
  const deptName = (k: string) => {
    const d = pickers.depts.find((x) => String(x.deptid) === k);
    return d ? pick(lang, d.deptname, d.deptname_en) : k || m('hiddenDangers.summary.none');
  };
  const figureColumns = <T extends Figures>() => [
    { title: m('hiddenDangers.summary.found'), dataIndex: 'found', align: 'right' as const },
    { title: m('hiddenDangers.summary.closed'), dataIndex: 'closed', align: 'right' as const },
    { title: m('hiddenDangers.summary.overdue'), dataIndex: 'overdue', align: 'right' as const },
    { title: m('hiddenDangers.summary.major'), dataIndex: 'major', align: 'right' as const },
    { title: m('hiddenDangers.summary.money'), dataIndex: 'money', align: 'right' as const, render: (v: number) => v.toLocaleString(lang === 'en' ? 'en-US' : 'zh-CN', { maximumFractionDigits: 2 }) },
    {
      title: m('hiddenDangers.summary.closeRate'),
      key: 'rate',
      align: 'right' as const,
      render: (_: unknown, r: T) => (r.found > 0 ? `${Math.round((Math.min(r.closed, r.found) / r.found) * 1000) / 10}%` : '—'),
    },
  ];
  const chosen = data?.periods.find((p) => p.period === period);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="hd-summary">
      <Space wrap>
        <span>{m('hiddenDangers.summary.year')}</span>
        <InputNumber data-testid="hd-summary-year" min={2000} max={2100} precision={0} value={year} onChange={(v) => v !== null && v >= 2000 && v <= 2100 && setYear(v)} />
      </Space>
      <Alert type="info" showIcon message={m('hiddenDangers.summary.hint')} />
      <Card size="small" title={m('hiddenDangers.summary.byPeriod')}>
        <Table
          data-testid="hd-summary-periods"
          rowKey="period"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={data?.periods ?? []}
          columns={[{ title: m('hiddenDangers.summary.period'), dataIndex: 'period', render: (p: string) => <span data-testid={`hd-summary-${p === 'year' ? 'whole' : p}`}>{periodName(p)}</span> }, ...figureColumns<CleanupSummaryPeriod>()]}
          onRow={(r) => ({ onClick: () => setPeriod(r.period), style: { cursor: 'pointer' } })}
        />
      </Card>
      <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Segmented
          data-testid="hd-summary-period"
          value={period}
          onChange={(v) => setPeriod(String(v))}
          options={['Q1', 'Q2', 'Q3', 'Q4', 'year'].map((p) => ({ value: p, label: periodName(p) }))}
        />
      </div>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={m('hiddenDangers.summary.byDept', { period: periodName(period) })}>
            <Table
              data-testid="hd-summary-dept"
              rowKey="key"
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={chosen?.byDept ?? []}
              columns={[{ title: m('hiddenDangers.page.byDept'), dataIndex: 'key', render: deptName }, ...figureColumns<Figures & { key: string }>()]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={m('hiddenDangers.summary.byRegion', { period: periodName(period) })}>
            <Table
              data-testid="hd-summary-region"
              rowKey="key"
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={chosen?.byRegion ?? []}
              columns={[{ title: m('hiddenDangers.page.byRegion'), dataIndex: 'key', render: regionName }, ...figureColumns<Figures & { key: string }>()]}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
