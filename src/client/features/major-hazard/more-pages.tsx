import { Alert, Button, Card, DatePicker, InputNumber, Space, Table, Tag, Typography, message } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { gradingMethod, gradingMethodSave, type GradingMethodView } from '../../../shared/major-hazard/method-contracts';
import { responsibleStatistics } from '../../../shared/major-hazard/more-contracts';
import { responsibleRoles } from '../../../shared/major-hazard/ledgers';
import { renderMessage } from '../../../shared/messages/catalog';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { LedgerPage } from '../../ui/records/ledger-page';
import { useLoad } from '../../ui/use-load';

/** /majorHazard88/baseInfo: the enterprise information ledger. */
export function BaseInfoPage() {
  return <LedgerPage entity="MajorHazardEnterprise" />;
}

/** /dangerSourceManagement/dangerCardConfig: the templates of the three cards. */
export function DangerCardTemplatePage() {
  return <LedgerPage entity="DangerCardTemplate" />;
}

/** /dangerSourceManagement/chemicalProcessRecord: the key-supervised hazardous chemical processes of each unit. */
export function ChemicalProcessRecordPage() {
  return <LedgerPage entity="ChemicalProcessRecord" />;
}

/** /dangerSourceManagement/dangerCardConfigNew: the cards, one per source, post and template. */
export function DangerCardConfigPage() {
  return <LedgerPage entity="DangerCard" />;
}

type T = (code: string, params?: Record<string, string | number>) => string;

/** /majorHazard88/configPage: the plant's grading method, β of Tables 3–4 and α of Table 5 beside the standard's. */
export function GradingMethodPage() {
  const lang = useLang();
  const t: T = (code, params) => renderMessage(lang, code, params);
  const load = useCallback((signal: AbortSignal) => api(gradingMethod, {}, { signal }), []);
  const { data, reload } = useLoad(load);
  const [draft, setDraft] = useState<GradingMethodView | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(data ?? null), [data]);
  const save = async (body: { table3: { seq: number; beta: number }[]; table4: { code: string; beta: number }[]; table5: { index: number; alpha: number }[] }) => {
    setSaving(true);
    try {
      await api(gradingMethodSave, body as never);
      void message.success(t('majorHazard.method.saved'));
      reload();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  if (!draft) {
    return <Card loading />;
  }
  const changed = (v: number, std: number) => (v !== std ? <Tag color="orange">{std}</Tag> : <Typography.Text type="secondary">{std}</Typography.Text>);
  const num = (value: number, onChange: (v: number) => void, max: number, testid: string) => (
    <InputNumber size="small" min={0.01} max={max} step={0.1} value={value} data-testid={testid} onChange={(v) => onChange(typeof v === 'number' ? v : value)} />
  );
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="mh-method">
      <Alert type="info" showIcon message={t('majorHazard.method.title')} description={t('majorHazard.method.hint')} />
      <Space wrap>
        <Tag color={draft.adjusted > 0 ? 'orange' : 'green'} data-testid="mh-method-adjusted">
          {draft.adjusted > 0 ? t('majorHazard.method.adjusted', { n: draft.adjusted }) : t('majorHazard.method.asStandard')}
        </Tag>
        {draft.updatedAt ? <Typography.Text type="secondary">{t('majorHazard.method.updated', { by: draft.updatedBy, time: formatDate(draft.updatedAt, 'YYYY-MM-DD HH:mm') })}</Typography.Text> : null}
        <Button
          type="primary"
          loading={saving}
          data-testid="mh-method-save"
          onClick={() =>
            void save({
              table3: draft.table3.map((r) => ({ seq: r.seq, beta: r.beta })),
              table4: draft.table4.map((r) => ({ code: r.code, beta: r.beta })),
              table5: draft.table5.map((r) => ({ index: r.index, alpha: r.alpha })),
            })
          }
        >
          {t('majorHazard.method.save')}
        </Button>
        <Button loading={saving} onClick={() => void save({ table3: [], table4: [], table5: [] })}>
          {t('majorHazard.method.reset')}
        </Button>
      </Space>
      <Card size="small" title={t('majorHazard.method.table5')}>
        <Table
          size="small"
          rowKey="index"
          pagination={false}
          dataSource={draft.table5}
          columns={[
            { title: t('majorHazard.method.col.band'), render: (_v, r) => r.label[lang] },
            { title: t('majorHazard.method.standard'), render: (_v, r) => changed(r.alpha, r.standard) },
            {
              title: t('majorHazard.method.value'),
              render: (_v, r) => num(r.alpha, (v) => setDraft({ ...draft, table5: draft.table5.map((x) => (x.index === r.index ? { ...x, alpha: v } : x)) }), 10, `mh-alpha-${r.index}`),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('majorHazard.method.table3')}>
        <Table
          size="small"
          rowKey="seq"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={draft.table3}
          columns={[
            { title: t('majorHazard.method.col.gas'), render: (_v, r) => r.name[lang] },
            { title: t('majorHazard.method.standard'), render: (_v, r) => changed(r.beta, r.standard) },
            {
              title: t('majorHazard.method.value'),
              render: (_v, r) => num(r.beta, (v) => setDraft({ ...draft, table3: draft.table3.map((x) => (x.seq === r.seq ? { ...x, beta: v } : x)) }), 100, `mh-beta3-${r.seq}`),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('majorHazard.method.table4')}>
        <Table
          size="small"
          rowKey="code"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={draft.table4}
          columns={[
            { title: t('majorHazard.method.col.code'), dataIndex: 'code' },
            { title: t('majorHazard.method.col.hazard'), render: (_v, r) => `${r.hazard[lang]} · ${r.description[lang]}` },
            { title: t('majorHazard.method.standard'), render: (_v, r) => changed(r.beta, r.standard) },
            {
              title: t('majorHazard.method.value'),
              render: (_v, r) => num(r.beta, (v) => setDraft({ ...draft, table4: draft.table4.map((x) => (x.code === r.code ? { ...x, beta: v } : x)) }), 100, `mh-beta4-${r.code}`),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

/** /dangerSourceManagement/statistics: responsibility check tasks due, done, late per person, source and tier. */
export function CheckStatisticsPage() {
  const lang = useLang();
  const t: T = (code, params) => renderMessage(lang, code, params);
  const [range, setRange] = useState<[number, number]>(() => [dayjs().subtract(90, 'day').startOf('day').valueOf(), dayjs().endOf('day').valueOf()]);
  const load = useCallback((signal: AbortSignal) => api(responsibleStatistics, { from: range[0], to: range[1] }, { signal }), [range]);
  const { data } = useLoad(load);
  const counts = [
    { title: t('majorHazard.stats.due'), dataIndex: 'due' },
    { title: t('majorHazard.stats.done'), dataIndex: 'done' },
    { title: t('majorHazard.stats.late'), dataIndex: 'late', render: (v: number) => (v > 0 ? <Tag color="orange">{v}</Tag> : v) },
    { title: t('majorHazard.stats.missed'), dataIndex: 'missed', render: (v: number) => (v > 0 ? <Tag color="red">{v}</Tag> : v) },
    { title: t('majorHazard.stats.pending'), dataIndex: 'pending' },
    { title: t('majorHazard.stats.rate'), dataIndex: 'onTimeRate', render: (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`) },
  ];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="mh-stats">
      <Space wrap>
        <Typography.Text>{t('majorHazard.stats.period')}</Typography.Text>
        <DatePicker.RangePicker
          allowClear={false}
          value={[dayjs(range[0]), dayjs(range[1])]}
          onChange={(v) => {
            if (v?.[0] && v[1]) {
              setRange([v[0].startOf('day').valueOf(), v[1].endOf('day').valueOf()]);
            }
          }}
        />
        {data ? (
          <Typography.Text data-testid="mh-stats-total">
            {t('majorHazard.stats.due')} {data.total.due} · {t('majorHazard.stats.done')} {data.total.done} · {t('majorHazard.stats.late')} {data.total.late} ·{' '}
            {t('majorHazard.stats.missed')} {data.total.missed}
          </Typography.Text>
        ) : null}
      </Space>
      <Card size="small" title={t('majorHazard.stats.byPerson')}>
        <Table size="small" rowKey="userid" loading={!data} pagination={false} scroll={{ x: 'max-content' }} dataSource={data?.byPerson ?? []} columns={[{ title: t('majorHazard.check.person'), dataIndex: 'name' }, ...counts]} />
      </Card>
      <Card size="small" title={t('majorHazard.stats.bySource')}>
        <Table size="small" rowKey="sourceId" loading={!data} pagination={false} scroll={{ x: 'max-content' }} dataSource={data?.bySource ?? []} columns={[{ title: t('majorHazard.check.source'), dataIndex: 'sourceName' }, ...counts]} />
      </Card>
      <Card size="small" title={t('majorHazard.stats.byRole')}>
        <Table
          size="small"
          rowKey="role"
          loading={!data}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={data?.byRole ?? []}
          columns={[{ title: t('majorHazard.check.tier'), render: (_v: unknown, r: { role: string }) => responsibleRoles.find((x) => x.value === r.role)?.label[lang] ?? r.role }, ...counts]}
        />
      </Card>
    </Space>
  );
}

