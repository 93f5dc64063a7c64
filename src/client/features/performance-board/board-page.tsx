import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { useCallback } from 'react';
import { renderMessage } from '../../../shared/messages/catalog';
import {
  dangerDeptStatisticsCall,
  dangerInspectionDeptStatisticsCall,
  dangerInspectionStatisticsCall,
  dangerStatisticsCall,
  riskClassificationCall,
  riskControlListCall,
  runningEffectCall,
} from '../../../shared/performance-board/contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';
import { LevelTag, levelHex } from '../../ui/risk-level';

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v}%`);

/** /RiskControll/EvaluationBoard: the seed's performance-board figures, one call each, in the caller's regions. */
export function BoardPage() {
  const lang = useLang();
  const t = (code: Parameters<typeof renderMessage>[1], params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const effect = useLoad(useCallback((signal: AbortSignal) => api(runningEffectCall, {}, { signal }), []));
  const dangers = useLoad(useCallback((signal: AbortSignal) => api(dangerStatisticsCall, {}, { signal }), []));
  const depts = useLoad(useCallback((signal: AbortSignal) => api(dangerDeptStatisticsCall, {}, { signal }), []));
  const classes = useLoad(useCallback((signal: AbortSignal) => api(riskClassificationCall, {}, { signal }), []));
  const zones = useLoad(useCallback((signal: AbortSignal) => api(riskControlListCall, {}, { signal }), []));
  const rounds = useLoad(useCallback((signal: AbortSignal) => api(dangerInspectionStatisticsCall, {}, { signal }), []));
  const roundsByDept = useLoad(useCallback((signal: AbortSignal) => api(dangerInspectionDeptStatisticsCall, {}, { signal }), []));
  const e = effect.data;
  const maxMonth = Math.max(1, ...(dangers.data?.byMonth ?? []).map((m) => Math.max(m.found, m.closed)));
  const totalPoints = (classes.data?.points ?? []).reduce((s, p) => s + p.count, 0);

  const figure = (testid: string, title: string, value: string | number | undefined, suffix?: string) => (
    <Col xs={12} sm={8} lg={6} xxl={3} key={testid}>
      <Card size="small" data-testid={testid} loading={effect.loading && !e}>
        <Statistic title={title} value={value ?? '—'} suffix={suffix} />
      </Card>
    </Col>
  );

  return (
    <div className="performance-board" data-testid="performance-board">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('performance.title')}
      </Typography.Title>
      <Row gutter={[12, 12]}>
        {figure('pb-risk-points', t('performance.riskPoints'), e?.riskPoints, e && e.riskPointsUnevaluated ? ` (${t('performance.unevaluated', { n: e.riskPointsUnevaluated })})` : undefined)}
        {figure('pb-zones-raised', t('performance.zonesRaised'), e ? `${e.zonesRaised} / ${e.zones}` : undefined)}
        {figure('pb-found', t('performance.foundThisMonth'), e?.month.found)}
        {figure('pb-overdue', t('performance.overdue'), e?.all.overdue)}
        {figure('pb-rectify-rate', t('performance.rectifyRate'), pct(e?.all.rectifyRate))}
        {figure('pb-on-time-rate', t('performance.onTimeRate'), pct(e?.all.onTimeRate))}
        {figure('pb-missed-rate', t('performance.missedRate'), pct(rounds.data?.overall.rate))}
        {figure('pb-checks-done', `${t('performance.done')} / ${t('performance.due')}`, rounds.data ? `${rounds.data.overall.done} / ${rounds.data.overall.due}` : undefined)}
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('performance.classification')} data-testid="pb-classification" loading={classes.loading && !classes.data}>
            {(classes.data?.points ?? []).map((p) => (
              <div key={String(p.level)} data-testid={`pb-level-${p.level ?? 'none'}`} data-count={p.count} style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '6px 0' }}>
                <span style={{ width: 96 }}>
                  <LevelTag lang={lang} level={p.level} />
                </span>
                <div style={{ flex: 1, background: '#f0f0f0', height: 14, borderRadius: 3 }}>
                  <div style={{ width: `${totalPoints ? (p.count / totalPoints) * 100 : 0}%`, background: levelHex(p.level), height: 14, borderRadius: 3 }} />
                </div>
                <span style={{ width: 40, textAlign: 'right' }}>{p.count}</span>
              </div>
            ))}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('performance.byMonth')} data-testid="pb-by-month" loading={dangers.loading && !dangers.data}>
            <div style={{ display: 'flex', alignItems: 'flex-end', gap: 4, height: 140, overflowX: 'auto' }} role="img" aria-label={t('performance.byMonth')}>
              {(dangers.data?.byMonth ?? []).map((m) => (
                <div key={m.month} title={`${m.month}: ${t('performance.found')} ${m.found}, ${t('performance.closed')} ${m.closed}`} style={{ flex: '1 0 22px', textAlign: 'center', fontSize: 11 }}>
                  <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'center', gap: 2, height: 110 }}>
                    <div style={{ width: 8, height: `${(m.found / maxMonth) * 100}%`, background: '#fa8c16' }} />
                    <div style={{ width: 8, height: `${(m.closed / maxMonth) * 100}%`, background: '#52c41a' }} />
                  </div>
                  {m.month.slice(5)}
                </div>
              ))}
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <span style={{ color: '#fa8c16' }}>■</span> {t('performance.found')} <span style={{ color: '#52c41a' }}>■</span> {t('performance.closed')}
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('performance.byDept')}>
            <Table
              size="small"
              data-testid="pb-depts"
              rowKey={(r) => String(r.deptid)}
              loading={depts.loading && !depts.data}
              dataSource={depts.data?.items ?? []}
              pagination={false}
              scroll={{ x: 520 }}
              columns={[
                { title: t('performance.dept'), key: 'dept', render: (_v, r) => (r.deptid === null ? t('performance.noDept') : lang === 'en' ? r.deptname_en : r.deptname) },
                { title: t('performance.found'), dataIndex: 'found', key: 'found', width: 80 },
                { title: t('performance.closed'), dataIndex: 'closed', key: 'closed', width: 80 },
                { title: t('performance.overdue'), dataIndex: 'overdue', key: 'overdue', width: 80 },
                { title: t('performance.rectifyRate'), key: 'rate', width: 110, render: (_v, r) => pct(r.rectifyRate) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('performance.zoneList')}>
            <Table
              size="small"
              data-testid="pb-zones"
              rowKey="regionid"
              loading={zones.loading && !zones.data}
              dataSource={zones.data?.items ?? []}
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              scroll={{ x: 520 }}
              columns={[
                { title: t('performance.zone'), key: 'zone', render: (_v, r) => (lang === 'en' ? r.regionname_en : r.regionname) },
                { title: t('performance.live'), key: 'live', render: (_v, r) => <LevelTag lang={lang} level={r.live} /> },
                { title: t('performance.residual'), key: 'residual', render: (_v, r) => <LevelTag lang={lang} level={r.residual} /> },
                { title: t('performance.points'), dataIndex: 'points', key: 'points', width: 80 },
                { title: t('performance.causes'), dataIndex: 'causes', key: 'causes', width: 80 },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('performance.inspectionsByDept')} style={{ marginTop: 12 }}>
        <Table
          size="small"
          data-testid="pb-rounds"
          rowKey={(r) => String(r.key)}
          loading={roundsByDept.loading && !roundsByDept.data}
          dataSource={roundsByDept.data?.items ?? []}
          pagination={false}
          scroll={{ x: 520 }}
          columns={[
            { title: t('performance.dept'), dataIndex: 'name', key: 'name' },
            { title: t('performance.due'), dataIndex: 'due', key: 'due', width: 100 },
            { title: t('performance.done'), dataIndex: 'done', key: 'done', width: 100 },
            { title: t('performance.missedRate'), key: 'rate', width: 140, render: (_v, r) => pct(r.rate) },
          ]}
        />
      </Card>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }} data-testid="pb-method">
        {t('performance.method')}
      </Typography.Paragraph>
    </div>
  );
}
