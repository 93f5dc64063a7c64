import { Alert, Button, Card, Checkbox, Descriptions, Empty, Space, Table, Tag, Typography, message } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keyProcesses } from '../../../shared/domain/key-processes';
import { dangerArchive, dangerListConfig, dangerListConfigSave } from '../../../shared/major-hazard/archive-contracts';
import { deviceTypes, responsibleRoles, unitKinds } from '../../../shared/major-hazard/ledgers';
import { processControls } from '../../../shared/major-hazard/ledgers-process';
import { evaluationConclusions } from '../../../shared/major-hazard/ledgers-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import { ledgerUserOptions } from '../../../shared/records/contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';
import { EvaluationStatusTags } from './evaluation-status';
import { GradeTag } from './grade-tag';

type T = (code: string, params?: Record<string, string | number>) => string;
const n6 = (x: number | null | undefined) => (x === null || x === undefined ? '—' : String(Number(x.toPrecision(6))));

/**
 * /dangerSourceManagement/dangerListConfig: which columns the register's list
 * shows and in what order, kept by the server and applied by
 * /dangerSourceManagement/dangerSource.
 */
export function DangerListConfigPage() {
  const lang = useLang();
  const t: T = (code, params) => renderMessage(lang, code, params);
  const { data, reload } = useLoad(useCallback((signal: AbortSignal) => api(dangerListConfig, {}, { signal }), []));
  const [order, setOrder] = useState<{ key: string; shown: boolean }[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) {
      const rest = data.fields.map((f) => f.key).filter((k) => !data.columns.includes(k));
      setOrder([...data.columns.map((key) => ({ key, shown: true })), ...rest.map((key) => ({ key, shown: false }))]);
    }
  }, [data]);
  const labels = useMemo(() => new Map((data?.fields ?? []).map((f) => [f.key, f.label[lang] || f.label.zh])), [data, lang]);
  const move = (i: number, d: -1 | 1) =>
    setOrder((o) => {
      const n = [...o];
      [n[i], n[i + d]] = [n[i + d], n[i]];
      return n;
    });
  const save = async (columns: string[]) => {
    setSaving(true);
    try {
      await api(dangerListConfigSave, { columns });
      void message.success(t('majorHazard.listConfig.saved'));
      reload();
    } finally {
      setSaving(false);
    }
  };
  if (!data) {
    return <Card loading />;
  }
  const shown = order.filter((o) => o.shown).map((o) => o.key);
  return (
    <Card
      size="small"
      title={t('majorHazard.listConfig.title')}
      data-testid="mh-list-config"
      extra={
        <Space>
          <Button onClick={() => void save(data.defaults)}>{t('majorHazard.listConfig.reset')}</Button>
          <Button type="primary" loading={saving} disabled={shown.length === 0} onClick={() => void save(shown)} data-testid="mh-list-config-save">
            {t('majorHazard.listConfig.save')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('majorHazard.listConfig.hint')} />
        {data.updatedAt !== null && (
          <Typography.Text type="secondary">{t('majorHazard.listConfig.updated', { by: data.updatedBy, time: formatDate(data.updatedAt) })}</Typography.Text>
        )}
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={order}
          columns={[
            {
              title: t('majorHazard.listConfig.shown'),
              width: 80,
              render: (_v, r, i) => (
                <Checkbox
                  checked={r.shown}
                  data-testid={`mh-list-config-${r.key}`}
                  onChange={(e) => setOrder((o) => o.map((x, j) => (j === i ? { ...x, shown: e.target.checked } : x)))}
                />
              ),
            },
            { title: t('majorHazard.listConfig.field'), render: (_v, r) => labels.get(r.key) ?? r.key },
            {
              title: t('majorHazard.listConfig.order'),
              render: (_v, _r, i) => (
                <Space size={4}>
                  <Button size="small" disabled={i === 0} onClick={() => move(i, -1)}>
                    {t('majorHazard.listConfig.up')}
                  </Button>
                  <Button size="small" disabled={i === order.length - 1} onClick={() => move(i, 1)}>
                    {t('majorHazard.listConfig.down')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}

/**
 * /dangerSourceManagement/dangerarchives?id=… (hidden, opened from the
 * register's rows): one source's archive — its identification and grade, its
 * devices with their tags, its responsible persons and their checks, and the
 * key-supervised processes run at it.
 */
export function DangerArchivePage() {
  const lang = useLang();
  const t: T = (code, params) => renderMessage(lang, code, params);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const load = useCallback((signal: AbortSignal) => api(dangerArchive, { id }, { signal }), [id]);
  const { data, loading } = useLoad(load);
  const users = useLoad(useCallback((signal: AbortSignal) => api(ledgerUserOptions, {}, { signal, silent: true }), []));
  const names = useMemo(() => new Map((users.data ?? []).map((u) => [u.userid, u.username])), [users.data]);
  if (!data) {
    return loading ? <Card loading /> : <Empty description={t('majorHazard.archive.unknown')} />;
  }
  const s = data.source;
  const r = s.result;
  const label = (opts: readonly { value: string; label: { zh: string; en: string } }[], v: string) => opts.find((o) => o.value === v)?.label[lang] ?? v;
  const person = (userid: number) => names.get(userid) ?? `#${userid}`;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="mh-archive" data-id={s.id}>
      <Card size="small" title={`${t('majorHazard.archive.title')} · ${s.name}`}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={t('majorHazard.report.col.code')}>{s.code || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('majorHazard.kind')}>{label(unitKinds, s.kind)}</Descriptions.Item>
          <Descriptions.Item label={t('majorHazard.populationLabel')}>{s.population}</Descriptions.Item>
          <Descriptions.Item label={t('majorHazard.gradeLabel')}>
            {r ? <GradeTag grade={r.grade} isMajor={r.isMajor} lang={lang} testId="mh-archive-grade" /> : t('majorHazard.notIdentified')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('majorHazard.archive.identification')}>
        {r ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap size={24}>
              <span>S = {n6(r.S)}</span>
              <span>α = {n6(r.alpha)}</span>
              <span data-testid="mh-archive-r">R = {n6(r.R)}</span>
              <Typography.Text type="secondary">{t('majorHazard.computedAt', { time: formatDate(s.computedAt) })}</Typography.Text>
            </Space>
            <Table
              size="small"
              rowKey={(_x, i) => String(i)}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={r.substances}
              columns={[
                { title: t('majorHazard.col.substance'), render: (_v, x) => x.name || x.cas || (x.categories ?? []).join('/') },
                { title: t('majorHazard.col.q'), render: (_v, x) => n6(x.q) },
                { title: t('majorHazard.col.Q'), render: (_v, x) => n6(x.Q) },
                { title: t('majorHazard.col.beta'), render: (_v, x) => n6(x.beta) },
              ]}
            />
          </Space>
        ) : (
          <Alert type="warning" message={t('majorHazard.notIdentified')} />
        )}
      </Card>
      <Card size="small" title={`${t('majorHazard.archive.assessments')} (${data.reports.length})`}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={data.reports}
          data-testid="mh-archive-reports"
          locale={{ emptyText: t('majorHazard.archive.assessmentsNone') }}
          columns={[
            { title: t('majorHazard.archive.reportNo'), dataIndex: 'reportNo' },
            { title: t('majorHazard.archive.organisation'), dataIndex: 'organisation' },
            { title: t('majorHazard.archive.reportDate'), render: (_v, x) => formatDate(x.reportDate, 'YYYY-MM-DD') },
            { title: t('majorHazard.evaluation.conclusion'), render: (_v, x) => label(evaluationConclusions, x.conclusionLevel) },
            {
              title: t('majorHazard.archive.reportStatus'),
              render: (_v, x) =>
                x.current ? <EvaluationStatusTags status={x} lang={lang} testId={`mh-archive-report-${x.id}`} /> : <Tag>{t('majorHazard.evaluation.superseded')}</Tag>,
            },
          ]}
        />
      </Card>
      <Card size="small" title={`${t('majorHazard.archive.devices')} (${data.devices.length})`}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={data.devices}
          data-testid="mh-archive-devices"
          columns={[
            { title: t('majorHazard.reportSetting.col.name'), dataIndex: 'name' },
            { title: t('majorHazard.report.col.code'), dataIndex: 'code' },
            { title: t('majorHazard.archive.deviceType'), render: (_v, d) => label(deviceTypes, d.type) },
            { title: 'm³', render: (_v, d) => n6(d.capacity) },
            { title: t('majorHazard.archive.tags'), render: (_v, d) => d.tags.map((x) => <Tag key={x}>{x}</Tag>) },
          ]}
        />
      </Card>
      <Card size="small" title={t('majorHazard.archive.responsible')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={data.responsible}
          columns={[
            { title: t('majorHazard.check.tier'), render: (_v, x) => label(responsibleRoles, x.role) },
            { title: t('majorHazard.check.person'), render: (_v, x) => person(x.userid) },
            { title: t('majorHazard.check.cycle'), dataIndex: 'cycleDays' },
            { title: t('majorHazard.check.last'), render: (_v, x) => (x.lastCheckAt === null ? t('majorHazard.check.never') : formatDate(x.lastCheckAt)) },
            {
              title: t('majorHazard.check.due'),
              render: (_v, x) => <Tag color={x.overdue ? 'red' : 'green'}>{`${formatDate(x.dueAt, 'YYYY-MM-DD')} ${t(x.overdue ? 'majorHazard.check.overdue' : 'majorHazard.check.onTime')}`}</Tag>,
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('majorHazard.archive.checks')}>
        <Table
          size="small"
          rowKey="id"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          dataSource={data.checks}
          columns={[
            { title: t('majorHazard.archive.checkedAt'), render: (_v, c) => formatDate(c.at) },
            { title: t('majorHazard.check.person'), render: (_v, c) => person(c.userid) },
            { title: t('majorHazard.check.findings'), dataIndex: 'findings' },
          ]}
        />
      </Card>
      <Card size="small" title={t('majorHazard.archive.processes')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={data.processes}
          columns={[
            { title: t('majorHazard.archive.plantUnit'), dataIndex: 'unitName' },
            { title: t('majorHazard.archive.processes'), render: (_v, p) => keyProcesses.find((k) => k.code === p.process)?.name[lang] ?? p.process },
            { title: t('majorHazard.archive.controls'), render: (_v, p) => p.controls.map((c) => <Tag key={c}>{label(processControls, c)}</Tag>) },
          ]}
        />
      </Card>
    </Space>
  );
}
