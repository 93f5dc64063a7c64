import { Alert, Card, Col, Row, Select, Space, Statistic, Switch, Table, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  measurementQueryCall,
  resultSearchCall,
  showUserListCall,
  statisticsCall,
  type AbnormalItem,
  type DueItem,
  type MeasurementResult,
} from '../../../shared/occupational-health/contracts';
import {
  examPlanLedger,
  examRecordLedger,
  examResultOptions,
  examTargetOptions,
  examTypeOptions,
  harmfulFactorLedger,
  hazardOptions,
  hazardousPositionLedger,
  measurementLedger,
  safeguardLedger,
  warningSignLedger,
} from '../../../shared/occupational-health/ledger';
import { healthLedgerPages, healthPages, OHM } from '../../../shared/occupational-health/manifest';
import { healthMorePages } from '../../../shared/occupational-health/pages-more';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { LedgerPage } from '../../ui/records/ledger-page';
import { useLoad } from '../../ui/use-load';
import { optionLabel, useHealthMsg } from './use-health-msg';

const dueColor: Record<DueItem['status'], string> = {
  overdue: 'red',
  neverExamined: 'volcano',
  dueSoon: 'gold',
  ok: 'green',
  unknownCycle: 'default',
  notRequired: 'default',
};

/** occupationalHealthHomePage: counts of the area and the way into each page. */
export function HealthHomePage() {
  const { m, lang } = useHealthMsg();
  const stats = useLoad(useCallback((signal: AbortSignal) => api(statisticsCall, {}, { signal }), []));
  const s = stats.data;
  const cards: { key: keyof NonNullable<typeof s>; code: string; href: string; warn?: boolean }[] = [
    { key: 'files', code: 'health.page.stat.files', href: 'personalFileSearch' },
    { key: 'positions', code: 'health.page.stat.positions', href: 'hazardousPositions' },
    { key: 'overdue', code: 'health.page.stat.overdue', href: 'medicalPlan', warn: true },
    { key: 'dueSoon', code: 'health.page.stat.dueSoon', href: 'medicalPlan' },
    { key: 'abnormal', code: 'health.page.stat.abnormal', href: 'physicalAbnormalities', warn: true },
    { key: 'measurements', code: 'health.page.stat.measurements', href: 'jobHazard' },
    { key: 'measurementsExceeded', code: 'health.page.stat.exceeded', href: 'jobHazard', warn: true },
  ];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="oh-home">
      <Row gutter={[12, 12]}>
        {cards.map((c) => (
          <Col key={c.key} xs={12} sm={8} md={6} xl={3}>
            <Link to={`${OHM}/${c.href}`} style={{ display: 'block', height: '100%' }}>
              <Card size="small" loading={stats.loading && !s} hoverable style={{ height: '100%' }}>
                <Statistic
                  title={m(c.code)}
                  value={s?.[c.key] ?? 0}
                  valueStyle={c.warn && (s?.[c.key] ?? 0) > 0 ? { color: '#cf1322' } : undefined}
                  data-testid={`oh-stat-${c.key}`}
                />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <Card size="small">
        <Space wrap>
          {[...healthPages, ...healthLedgerPages, ...healthMorePages]
            .filter((p) => p.child !== 'occupationalHealthHomePage')
            .map((p) => (
              <Link key={p.child} to={`${OHM}/${p.child}`}>
                <Tag style={{ padding: '4px 10px', fontSize: 14 }}>{lang === 'en' ? p.name_en : p.name}</Tag>
              </Link>
            ))}
        </Space>
      </Card>
    </Space>
  );
}

export const HarmfulFactorPage = () => <LedgerPage entity={harmfulFactorLedger.entity} />;
export const HazardousPositionPage = () => <LedgerPage entity={hazardousPositionLedger.entity} />;
export const SafeguardPage = () => <LedgerPage entity={safeguardLedger.entity} />;
export const WarningSignPage = () => <LedgerPage entity={warningSignLedger.entity} />;
export const ExamRecordPage = () => <LedgerPage entity={examRecordLedger.entity} />;

/** The plain ledgers of seed 3's children (`healthLedgerPages`): the route names the ledger. */
export function HealthLedgerPage() {
  const { pathname } = useLocation();
  const child = pathname.split('/').filter(Boolean).at(-1);
  const entity = healthLedgerPages.find((p) => p.child === child)?.entity ?? '';
  return <LedgerPage entity={entity} />;
}

function limitTags(r: MeasurementResult, m: (code: string, p?: Record<string, string | number>) => string) {
  return (
    <Space size={4} wrap>
      {r.comparisons.map((c) => (
        <Tag key={c.limit} color={c.exceeded ? 'red' : c.atActionLevel ? 'gold' : 'green'} data-testid={`oh-limit-${c.limit}`}>
          {c.limit} {c.value} / {c.limitValue} ·{' '}
          {c.exceeded ? m('health.page.exceeded') : c.atActionLevel ? m('health.page.action') : m('health.page.ok')}
        </Tag>
      ))}
    </Space>
  );
}

/** jobHazard: workplace measurements, the TWA computed from the timed samples and each result against each limit; entry on the ledger below. */
export function MeasurementPage() {
  const { m, lang } = useHealthMsg();
  const q = useLoad(useCallback((signal: AbortSignal) => api(measurementQueryCall, {}, { signal }), []));
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card title={m('health.page.results')} size="small" extra={<a onClick={q.reload}>↻</a>}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={m('health.page.method.measurement', { percent: q.data?.actionPercent ?? 50 })}
        />
        <Table<MeasurementResult>
          data-testid="oh-measurements"
          size="small"
          rowKey="id"
          loading={q.loading}
          dataSource={q.data?.items ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: m('health.page.samplePoint'), dataIndex: 'samplePoint' },
            { title: m('health.page.substance'), render: (_, r) => `${lang === 'en' ? r.nameEn : r.name} (${r.cas})` },
            { title: m('health.page.date'), render: (_, r) => (r.date ? formatDate(r.date, 'YYYY-MM-DD') : '') },
            { title: m('health.page.twa'), dataIndex: 'twa', align: 'right' },
            { title: m('health.page.stel'), dataIndex: 'stel', align: 'right' },
            { title: m('health.page.peak'), dataIndex: 'peak', align: 'right' },
            { title: m('health.page.result'), render: (_, r) => limitTags(r, m) },
          ]}
        />
      </Card>
      <Card title={m('health.page.entry')} size="small">
        <LedgerPage entity={measurementLedger.entity} />
      </Card>
    </Space>
  );
}

/** The people due a periodic exam, from their files, positions and exams (GBZ 188-2014). */
export function DueTable({ onlyDue }: { onlyDue: boolean }) {
  const { m, lang } = useHealthMsg();
  const due = useLoad(useCallback((signal: AbortSignal) => api(showUserListCall, { onlyDue }, { signal }), [onlyDue]));
  return (
    <Table<DueItem>
      data-testid="oh-due"
      size="small"
      rowKey="archiveId"
      loading={due.loading}
      dataSource={due.data?.items ?? []}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: m('health.page.person'), render: (_, r) => <Link to={`${OHM}/personalFile?id=${r.archiveId}`}>{r.personName}</Link> },
        { title: m('health.page.position'), dataIndex: 'position' },
        { title: m('health.page.hazards'), render: (_, r) => r.hazards.map((h) => optionLabel(hazardOptions, h, lang)).join('、') },
        { title: m('health.page.lastExam'), dataIndex: 'lastExamDate' },
        { title: m('health.page.dueDate'), dataIndex: 'dueDate' },
        {
          title: m('health.page.status'),
          render: (_, r) => (
            <Tag color={dueColor[r.status]} title={m(r.message.code, r.message.params)}>
              {m(`health.page.due.${r.status}`)}
            </Tag>
          ),
        },
      ]}
    />
  );
}

/** medicalPlan: who is due (computed) and the plans (ledger). */
export function MedicalPlanPage() {
  const { m } = useHealthMsg();
  const [onlyDue, setOnlyDue] = useState(true);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card
        title={m('health.page.dueList')}
        size="small"
        extra={
          <Space>
            {m('health.page.onlyDue')}
            <Switch checked={onlyDue} onChange={setOnlyDue} data-testid="oh-only-due" />
          </Space>
        }
      >
        <DueTable onlyDue={onlyDue} />
      </Card>
      <Card title={m('health.page.plans')} size="small">
        <LedgerPage entity={examPlanLedger.entity} />
      </Card>
    </Space>
  );
}

/** physicalAbnormalities: exam results other than normal. */
export function AbnormalitiesPage() {
  const { m, lang } = useHealthMsg();
  const [result, setResult] = useState<AbnormalItem['result'] | undefined>();
  const rows = useLoad(
    useCallback((signal: AbortSignal) => api(resultSearchCall, { result: result as 'recheck' | undefined }, { signal }), [result]),
  );
  return (
    <Card
      title={m('health.page.stat.abnormal')}
      size="small"
      extra={
        <Select
          allowClear
          placeholder={m('health.page.all')}
          style={{ minWidth: 160 }}
          value={result}
          onChange={setResult}
          options={examResultOptions
            .filter((o) => o.value !== 'normal')
            .map((o) => ({ value: o.value, label: optionLabel(examResultOptions, o.value, lang) }))}
        />
      }
    >
      <Table<AbnormalItem>
        data-testid="oh-abnormal"
        size="small"
        rowKey="id"
        loading={rows.loading}
        dataSource={rows.data?.items ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: m('health.page.person'), dataIndex: 'personName' },
          { title: m('health.page.examType'), render: (_, r) => optionLabel(examTypeOptions, r.examType, lang) },
          { title: m('health.page.date'), render: (_, r) => (r.date ? formatDate(r.date, 'YYYY-MM-DD') : '') },
          {
            title: m('health.page.conclusion'),
            render: (_, r) => (
              <Tag color={r.result === 'contraindication' || r.result === 'suspected' ? 'red' : 'gold'}>
                {optionLabel(examResultOptions, r.result, lang)}
              </Tag>
            ),
          },
          { title: m('health.page.hazards'), render: (_, r) => r.hazards.map((h) => optionLabel(examTargetOptions, h, lang)).join('、') },
          { title: m('health.page.institution'), dataIndex: 'institution' },
          { title: m('health.page.remark'), dataIndex: 'remark' },
        ]}
      />
    </Card>
  );
}
