import { Alert, Button, Card, Col, Empty, Input, InputNumber, Row, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  examSummaryCall,
  exposureFactorsCall,
  touchListCall,
  type ExposureFactor,
  type SummaryRow,
  type TouchItem,
} from '../../../shared/occupational-health/contracts-more';
import { examTypeOptions, hazardOptions } from '../../../shared/occupational-health/ledger';
import { gasDetectorLedger, hazardAssessmentLedger, hazardIdentificationLedger } from '../../../shared/occupational-health/ledger-more';
import { OHM } from '../../../shared/occupational-health/manifest';
import { healthFormPages, healthMorePages } from '../../../shared/occupational-health/pages-more';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { LedgerPage } from '../../ui/records/ledger-page';
import { RecordForm } from '../../ui/records/record-form';
import { useLedger } from '../../ui/records/use-ledger';
import { usePickers } from '../../ui/records/use-pickers';
import { useLoad } from '../../ui/use-load';
import { optionLabel, useHealthMsg } from './use-health-msg';

const childOf = (pathname: string) => pathname.split('/').filter(Boolean).at(-1);
const day = (ms: number | null) => (ms ? formatDate(ms, 'YYYY-MM-DD') : '—');
const routeLabel = hazardIdentificationLedger.fields.find((f) => f.key === 'route')?.options ?? [];
const gradeLabel = hazardAssessmentLedger.fields.find((f) => f.key === 'grade')?.options ?? [];

/** The plain ledger pages of `healthMorePages` (the route names the ledger); identification leads to its add/re-test page. */
export function HealthMoreLedgerPage() {
  const { m } = useHealthMsg();
  const child = childOf(useLocation().pathname);
  const entity = healthMorePages.find((p) => p.child === child)?.entity ?? '';
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {child === 'hazardFactorManagement' && (
        <Link to={`${OHM}/riskFactorsAddEditpage`}>
          <Button type="primary" data-testid="oh-identify">
            {m('health.more.identify')}
          </Button>
        </Link>
      )}
      <LedgerPage entity={entity} />
    </Space>
  );
}

/** riskFactorsAddEditpage, recordAdd, declarationAdd, fundsAdd: a record of the page's ledger as a page; `?id=` edits (re-test). */
export function HealthFormPage() {
  const { m, label } = useHealthMsg();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const page = healthFormPages.find((p) => p.child === childOf(pathname));
  const id = Number(params.get('id') ?? 0);
  const { def, calls } = useLedger(page?.entity ?? null);
  const pickers = usePickers();
  const load = useCallback(
    (signal: AbortSignal) => (calls && id > 0 ? api(calls.get, { id }, { signal }) : Promise.resolve(null)),
    [calls, id],
  );
  const existing = useLoad(load);
  if (!page) {
    return <Empty />;
  }
  if (!def || !calls || (id > 0 && !existing.data)) {
    return <Spin />;
  }
  const list = `${OHM}/${page.of}`;
  return (
    <Card
      size="small"
      data-testid={`oh-form-${page.child}`}
      title={`${id > 0 ? m('health.more.edit') : m('health.more.add')} · ${label(def.name)}`}
      extra={<Link to={list}>{m('health.more.toList')}</Link>}
    >
      <RecordForm
        def={def}
        calls={calls}
        pickers={pickers}
        record={existing.data?.record}
        onSaved={() => void navigate(list)}
        onCancel={() => void navigate(list)}
      />
    </Card>
  );
}

/** occupationalHazard: each hazardous position with the factors identified there, the latest grades and the people who touch them. */
export function TouchListPage() {
  const { m, lang } = useHealthMsg();
  const [name, setName] = useState('');
  const q = useLoad(useCallback((signal: AbortSignal) => api(touchListCall, name ? { name } : {}, { signal }), [name]));
  return (
    <Card
      size="small"
      title={m('health.page.stat.positions')}
      extra={<Input.Search allowClear placeholder={m('health.more.search')} onSearch={setName} style={{ maxWidth: 220 }} />}
    >
      <Table<TouchItem>
        data-testid="oh-touch"
        size="small"
        rowKey="positionId"
        loading={q.loading}
        dataSource={q.data?.items ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: m('health.page.position'), dataIndex: 'position' },
          { title: m('health.page.hazards'), render: (_, r) => r.hazards.map((h) => optionLabel(hazardOptions, h, lang)).join('、') },
          {
            title: m('health.more.factors'),
            render: (_, r) =>
              r.factors.length === 0 ? (
                m('health.more.none')
              ) : (
                <Space direction="vertical" size={2}>
                  {r.factors.map((f) => (
                    <span key={f.id}>
                      <Link to={`${OHM}/riskFactorsAddEditpage?id=${f.id}`}>{f.factor}</Link>
                      {f.source ? ` · ${f.source}` : ''} · {optionLabel(routeLabel, f.route, lang)}
                      {f.hours !== null ? ` · ${f.hours} ${m('health.more.hours')}` : ''}
                      {f.retestDate ? ` · ${m('health.more.retest')} ${day(f.retestDate)}` : ''}
                    </span>
                  ))}
                </Space>
              ),
          },
          {
            title: m('health.more.grades'),
            render: (_, r) => (
              <Space size={4} wrap>
                {r.grades.map((g) => (
                  <Tag key={g.hazard} color={g.grade === '0' ? 'green' : g.grade === 'I' ? 'gold' : 'red'}>
                    {optionLabel(hazardOptions, g.hazard, lang)} {optionLabel(gradeLabel, g.grade, lang)}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: m('health.more.people'),
            render: (_, r) => (
              <Space size={4} wrap>
                {r.people.map((p) => (
                  <Link key={p.archiveId} to={`${OHM}/personalFile?id=${p.archiveId}`}>
                    {p.name}
                  </Link>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** medicalSummary: one year's exams by type and conclusion, and who is due now. */
export function MedicalSummaryPage() {
  const { m, lang } = useHealthMsg();
  const [year, setYear] = useState<number | undefined>();
  const q = useLoad(useCallback((signal: AbortSignal) => api(examSummaryCall, year ? { year } : {}, { signal }), [year]));
  const d = q.data;
  const cols = ['actual', 'normal', 'recheck', 'suspected', 'contraindication', 'other'] as const;
  const titleOf = (c: (typeof cols)[number]) => (c === 'actual' ? m('health.more.actual') : m(`health.examResult.${c}`));
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card
        size="small"
        title={m('health.more.dueNow')}
        extra={d && <Typography.Text type="secondary">{m('health.more.reminderDays', { days: d.reminderDays })}</Typography.Text>}
      >
        <Row gutter={[12, 12]}>
          {(['overdue', 'neverExamined', 'dueSoon', 'ok'] as const).map((k) => (
            <Col key={k} xs={12} md={6}>
              <Link to={`${OHM}/medicalPlan`}>
                <Statistic
                  title={m(`health.page.due.${k}`)}
                  value={d?.due[k] ?? 0}
                  valueStyle={k === 'overdue' && (d?.due[k] ?? 0) > 0 ? { color: '#cf1322' } : undefined}
                />
              </Link>
            </Col>
          ))}
        </Row>
      </Card>
      <Card
        size="small"
        title={m('health.page.exams')}
        extra={
          <Space>
            {m('health.more.year')}
            <InputNumber min={2000} max={2100} value={d?.year} onChange={(v) => setYear(v ?? undefined)} data-testid="oh-summary-year" />
          </Space>
        }
      >
        <Table<SummaryRow>
          data-testid="oh-summary"
          size="small"
          rowKey="examType"
          loading={q.loading}
          pagination={false}
          dataSource={d ? [...d.rows, d.total] : []}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: m('health.more.examType'),
              render: (_, r) => (r.examType === 'all' ? <b>{m('health.more.total')}</b> : optionLabel(examTypeOptions, r.examType, lang)),
            },
            ...cols.map((c) => ({ title: titleOf(c), dataIndex: c, align: 'right' as const })),
          ]}
        />
      </Card>
    </Space>
  );
}

/** exposureFactors: the catalogue's substances with GBZ 2.1 limits and the ppm conversion, and the noise limit of GBZ 2.2. */
export function ExposureFactorsPage() {
  const { m, lang } = useHealthMsg();
  const q = useLoad(useCallback((signal: AbortSignal) => api(exposureFactorsCall, {}, { signal }), []));
  const d = q.data;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={m('health.page.hazards')}>
        {d && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={m('health.more.noise', { lex: d.noise.lex8h, peak: d.noise.peak })}
          />
        )}
        <Table<ExposureFactor>
          data-testid="oh-exposure-factors"
          size="small"
          rowKey="cas"
          loading={q.loading}
          dataSource={d?.items ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: m('health.page.substance'), render: (_, r) => (lang === 'en' ? r.nameEn : r.name) },
            { title: m('health.more.cas'), dataIndex: 'cas' },
            { title: 'MAC', dataIndex: 'mac', align: 'right' },
            { title: 'PC-TWA', dataIndex: 'pcTwa', align: 'right' },
            { title: 'PC-STEL', dataIndex: 'pcStel', align: 'right' },
            { title: m('health.more.molarMass'), dataIndex: 'molarMass', align: 'right' },
            { title: m('health.more.mgPerPpm'), dataIndex: 'mgPerPpm', align: 'right' },
            { title: m('health.more.factor'), dataIndex: 'factor' },
            { title: m('health.more.cycle'), dataIndex: 'cycleMonths', align: 'right' },
          ]}
        />
      </Card>
      {/* Which substance each gas detector measures: a person's shift exposure reads these bindings. */}
      <Card size="small" title={m('health.more.detectors')} data-testid="oh-detector-bindings">
        <Typography.Paragraph type="secondary">{m('health.more.detectorsHelp')}</Typography.Paragraph>
        <LedgerPage entity={gasDetectorLedger.entity} />
      </Card>
    </Space>
  );
}
