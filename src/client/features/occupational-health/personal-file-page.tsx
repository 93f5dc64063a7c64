import { Alert, Card, DatePicker, Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { personalDataCall, type SubstanceExposure } from '../../../shared/occupational-health/contracts';
import type { NoiseExposure } from '../../../shared/occupational-health/contracts-more';
import { hazardAssessmentLedger, profileCardLedger } from '../../../shared/occupational-health/ledger-more';
import { recordContracts } from '../../../shared/records/contracts';
import { examResultOptions, examTargetOptions, examTypeOptions, hazardOptions, personalArchiveLedger } from '../../../shared/occupational-health/ledger';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { LedgerPage } from '../../ui/records/ledger-page';
import { useLoad } from '../../ui/use-load';
import { DueTable } from './occupational-health-page';
import { optionLabel, useHealthMsg } from './use-health-msg';

/** personalFileSearch: the files (ledger) and each person's exam status with a link to their file. */
export function PersonalFileSearchPage() {
  const { m } = useHealthMsg();
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card title={m('health.page.dueList')} size="small">
        <DueTable onlyDue={false} />
      </Card>
      <Card title={m('health.page.files')} size="small">
        <LedgerPage entity={personalArchiveLedger.entity} />
      </Card>
    </Space>
  );
}

function ExposureCard({ e, actionPercent }: { e: SubstanceExposure; actionPercent: number }) {
  const { m, lang } = useHealthMsg();
  const c = e.comparison;
  return (
    <Card
      size="small"
      data-testid={`oh-exposure-${e.cas}`}
      title={
        <Space wrap>
          <span>{lang === 'en' ? e.nameEn : e.name}</span>
          <span data-testid="oh-exposure-twa">TWA {e.twa} mg/m³</span>
          {e.pcTwa !== null && <Typography.Text type="secondary">PC-TWA {e.pcTwa}</Typography.Text>}
          {c?.exceeded ? (
            <Tag color="red">{m('health.page.exceeded')}</Tag>
          ) : e.flagged ? (
            <Tag color="gold" data-testid="oh-exposure-flagged">
              {m('health.page.flagged')} ({actionPercent}%)
            </Tag>
          ) : (
            <Tag color="green">{m('health.page.ok')}</Tag>
          )}
        </Space>
      }
    >
      <Table
        size="small"
        rowKey="zone"
        pagination={false}
        dataSource={e.byZone}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: m('health.page.zone'), dataIndex: 'zone' },
          { title: m('health.page.minutes'), dataIndex: 'minutes', align: 'right' },
          { title: m('health.page.estimated'), dataIndex: 'minutesEstimated', align: 'right' },
          { title: m('health.page.peak'), dataIndex: 'peak', align: 'right' },
        ]}
      />
      {e.notes.length > 0 && (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          data-testid="oh-exposure-notes"
          message={e.notes.map((n) => m(n.code, n.params)).join(lang === 'en' ? '; ' : '；')}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid="oh-exposure-method">
        <b>{m('health.page.method')}: </b>
        {e.method.map((n) => m(n.code, n.params)).join(lang === 'en' ? '; ' : '；')}
      </Typography.Paragraph>
    </Card>
  );
}

const gradeOptions = hazardAssessmentLedger.fields.find((f) => f.key === 'grade')?.options ?? [];
const sectionsCall = recordContracts(profileCardLedger).list;
const defaultSections = ['exposure', 'noise', 'exams'];

/** The file's sections in the order and visibility of profileCardConfigurationPage (all, in the default order, when none is set). */
function useSections(): string[] {
  const q = useLoad(useCallback((signal: AbortSignal) => api(sectionsCall, { page: 1, pageSize: 50 }, { signal }), []));
  const rows = q.data?.items ?? [];
  if (rows.length === 0) {
    return defaultSections;
  }
  const order = (k: string) => {
    const r = rows.find((x) => x.section === k);
    return r ? Number(r.sort) : 1000 + defaultSections.indexOf(k);
  };
  return defaultSections.filter((k) => rows.find((x) => x.section === k)?.visible !== 'no').sort((a, b) => order(a) - order(b));
}

function NoiseCard({ n }: { n: NoiseExposure | null }) {
  const { m, lang } = useHealthMsg();
  return (
    <Card size="small" title={m('health.noise.title')} data-testid="oh-noise">
      {!n ? (
        <Alert type="info" showIcon message={m('health.noise.none')} />
      ) : (
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          <Space wrap>
            <span data-testid="oh-noise-lex">L_EX,8h {n.lex8h ?? '—'} dB(A)</span>
            <Typography.Text type="secondary">
              {m('health.page.result')}: {n.limit} dB(A)
            </Typography.Text>
            {n.lex8h !== null && (
              <Tag color={n.exceeded ? 'red' : n.atActionLevel ? 'gold' : 'green'} data-testid="oh-noise-grade">
                {n.exceeded ? m('health.page.exceeded') : n.atActionLevel ? m('health.page.action') : m('health.page.ok')}
                {n.grade ? ` · ${m('health.noise.grade')} ${optionLabel(gradeOptions, n.grade, lang)}` : ''}
              </Tag>
            )}
          </Space>
          <Table
            size="small"
            rowKey="zone"
            pagination={false}
            dataSource={n.byZone}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: m('health.page.zone'), dataIndex: 'zone' },
              { title: m('health.page.minutes'), dataIndex: 'minutes', align: 'right' },
              { title: m('health.page.estimated'), dataIndex: 'minutesEstimated', align: 'right' },
              { title: m('health.noise.laeq'), dataIndex: 'laeq', align: 'right' },
            ]}
          />
          {n.minutesEstimated < n.minutesTotal && <Alert type="warning" showIcon message={m('health.noise.notEstimated', n.notEstimated)} />}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            <b>{m('health.page.method')}: </b>
            {m('health.noise.method')}
          </Typography.Paragraph>
        </Space>
      )}
    </Card>
  );
}

/** personalFile?id=: one person's file: position and hazards, exams and when the next is due, and the shift exposure estimated from positioning and the zones' gas detectors. */
export function PersonalFilePage() {
  const { m, lang } = useHealthMsg();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const from = params.get('from') ? Number(params.get('from')) : undefined;
  const to = params.get('to') ? Number(params.get('to')) : undefined;
  const data = useLoad(
    useCallback(
      (signal: AbortSignal) => (id > 0 ? api(personalDataCall, { id, from, to }, { signal }) : Promise.resolve(null)),
      [id, from, to],
    ),
  );
  const order = useSections();
  if (!(id > 0)) {
    return <Empty description={m('health.page.noFile')} />;
  }
  const d = data.data;
  const sections: Record<string, ReactNode> = {
    exposure: (
      <Card key="exposure" size="small" title={m('health.page.exposure')}>
        {d &&
          (d.exposures.length === 0 ? (
            <Alert type="info" showIcon message={m('health.page.noExposure')} data-testid="oh-exposure-none" />
          ) : (
            <Space direction="vertical" size={8} style={{ width: '100%' }}>
              {d.exposures.map((e) => (
                <ExposureCard key={e.cas} e={e} actionPercent={d.actionPercent} />
              ))}
            </Space>
          ))}
      </Card>
    ),
    noise: d ? <NoiseCard key="noise" n={d.noise} /> : null,
    exams: (
      <Card key="exams" size="small" title={m('health.page.exams')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={d?.exams ?? []}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: m('health.page.date'), render: (_, r) => (r.date ? formatDate(r.date, 'YYYY-MM-DD') : '') },
            { title: m('health.page.examType'), render: (_, r) => optionLabel(examTypeOptions, r.examType, lang) },
            { title: m('health.page.conclusion'), render: (_, r) => optionLabel(examResultOptions, r.result, lang) },
            { title: m('health.page.hazards'), render: (_, r) => r.hazards.map((h) => optionLabel(examTargetOptions, h, lang)).join('、') },
          ]}
        />
      </Card>
    ),
  };
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="oh-file">
      <Card size="small" loading={data.loading && !d} title={d?.personName}>
        {d && (
          <Space direction="vertical" size={8} style={{ width: '100%' }}>
            <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
              <Descriptions.Item label={m('health.page.person')}>{d.personName}</Descriptions.Item>
              <Descriptions.Item label={m('health.page.card')}>{d.card ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={m('health.page.position')}>{d.position ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={m('health.page.hazards')}>
                {d.hazards.map((h) => optionLabel(hazardOptions, h, lang)).join('、') || '—'}
              </Descriptions.Item>
              {d.due && (
                <Descriptions.Item label={m('health.page.dueDate')} span={4}>
                  <span data-testid="oh-file-due">{m(d.due.message.code, d.due.message.params)}</span>
                </Descriptions.Item>
              )}
            </Descriptions>
            <Typography.Text type="secondary">{m('health.page.shift')}</Typography.Text>
            <DatePicker.RangePicker
              data-testid="oh-shift"
              style={{ maxWidth: '100%' }}
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              allowClear={false}
              value={[dayjs(d.shift.from), dayjs(d.shift.to)]}
              onChange={(v) => {
                if (v?.[0] && v[1]) {
                  setParams({ id: String(id), from: String(v[0].valueOf()), to: String(v[1].valueOf()) });
                }
              }}
            />
          </Space>
        )}
      </Card>
      {order.map((k) => sections[k])}
    </Space>
  );
}
