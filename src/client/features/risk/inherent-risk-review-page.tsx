import { Card, Space, Table, Tabs, Tag } from 'antd';
import { useCallback, type HTMLAttributes } from 'react';
import { riskLevelInfo, type RiskLevel } from '../../../shared/domain/risk-evaluation';
import { reviewUnitLevel, type UnitReviewFinding } from '../../../shared/domain/risk-zones';
import { renderMessage, type MessageCode } from '../../../shared/messages/catalog';
import { recordContracts } from '../../../shared/records/contracts';
import { inherentRiskSearch, riskDetail, type UnitLevelItem } from '../../../shared/risk/analysis-contracts';
import { evaluationRecordSearch, type EvaluationRecordItem } from '../../../shared/risk/band-contracts';
import { riskPointLedger } from '../../../shared/risk/ledger';
import { api } from '../../app/api';
import { useLang, type Lang } from '../../app/i18n';
import { LevelTag } from '../../ui/risk-level';
import { useLoad } from '../../ui/use-load';

const findingColour: Record<UnitReviewFinding, string> = {
  ok: 'green',
  notSet: 'default',
  noResidual: 'gold',
  evaluatedAbove: 'orange',
  evaluatedAboveInherent: 'red',
  residualAboveInherent: 'red',
};

function Findings({ lang, item }: { lang: Lang; item: UnitLevelItem }) {
  const level = (l: RiskLevel | null) => (l === null ? '' : lang === 'en' ? riskLevelInfo[l].en : riskLevelInfo[l].zh);
  return (
    <Space size={[4, 4]} wrap>
      {reviewUnitLevel(item.inherent, item.residual, item.evaluated).map((f) => (
        <Tag key={f} color={findingColour[f]} data-finding={f}>
          {renderMessage(lang, `risk.review.${f}` as MessageCode, { level: level(item.evaluated) })}
        </Tag>
      ))}
    </Space>
  );
}

const pointCalls = recordContracts(riskPointLedger);

/** What each evaluated record is called: a risk event with its unit, a risk point with its unit. */
async function targetNames(entity: 'Analysis' | 'RiskPoint', signal: AbortSignal): Promise<Map<number, string>> {
  if (entity === 'Analysis') {
    const { units } = await api(riskDetail, {}, { signal });
    return new Map(units.flatMap((u) => u.events.map((e) => [e.id, `${u.name} · ${e.name}`] as const)));
  }
  const { items } = await api(pointCalls.list, { page: 1, pageSize: 1000 }, { signal });
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return new Map(items.map((p) => [p.id, `${text(p.unit)} · ${text(p.name)}`] as const));
}

/** The evaluations made of one ledger's records, newest first, with the bands each was made with. */
function Evaluations({ lang, entity }: { lang: Lang; entity: 'Analysis' | 'RiskPoint' }) {
  const { data, loading } = useLoad(
    useCallback(
      async (signal: AbortSignal) => {
        const [list, names] = await Promise.all([api(evaluationRecordSearch, { entity, pageSize: 200 }, { signal }), targetNames(entity, signal)]);
        return { ...list, names };
      },
      [entity],
    ),
  );
  return (
    <Table<EvaluationRecordItem>
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={data?.items ?? []}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 640 }}
      columns={[
        { title: renderMessage(lang, 'risk.review.target'), key: 'target', render: (_v, e) => data?.names.get(e.targetId) ?? `#${e.targetId}` },
        { title: renderMessage(lang, 'risk.map.method'), dataIndex: 'method', key: 'method' },
        {
          title: renderMessage(lang, 'risk.review.factors'),
          key: 'factors',
          render: (_v, e) =>
            Object.entries(e.factors)
              .map(([k, v]) => `${k}=${v ?? '—'}`)
              .join(' · '),
        },
        { title: renderMessage(lang, 'risk.map.score'), dataIndex: 'score', key: 'score', render: (v: number | null) => v ?? '—' },
        { title: renderMessage(lang, 'risk.map.level'), key: 'level', render: (_v, e) => <LevelTag lang={lang} level={e.level} /> },
        { title: renderMessage(lang, 'risk.review.by'), dataIndex: 'by', key: 'by' },
        { title: renderMessage(lang, 'risk.review.at'), key: 'at', render: (_v, e) => new Date(e.at).toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN') },
      ]}
    />
  );
}

/**
 * /InherentRisk/InherentRiskReview: the review of inherent and residual
 * evaluations (issue 21 §3): each unit's inherent, residual and evaluated
 * level with what needs a second look (`reviewUnitLevel`, DOMAIN.md §2), and
 * the evaluations made of risk events and risk points with their bands.
 */
export function InherentRiskReviewPage() {
  const lang = useLang();
  const { data, loading } = useLoad(useCallback((signal: AbortSignal) => api(inherentRiskSearch, {}, { signal }), []));
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="inherent-risk-review">
      <Card size="small">
        <Table<UnitLevelItem>
          size="small"
          rowKey="unitId"
          loading={loading}
          dataSource={data?.items ?? []}
          pagination={false}
          scroll={{ x: 720 }}
          onRow={(u) => ({ 'data-testid': `review-${u.unitId}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { title: renderMessage(lang, 'risk.analysis.unit'), dataIndex: 'name', key: 'name' },
            { title: renderMessage(lang, 'risk.unitLevel.inherent'), key: 'inherent', render: (_v, u) => <LevelTag lang={lang} level={u.inherent} /> },
            { title: renderMessage(lang, 'risk.unitLevel.residual'), key: 'residual', render: (_v, u) => <LevelTag lang={lang} level={u.residual} /> },
            { title: renderMessage(lang, 'risk.unitLevel.evaluated'), key: 'evaluated', render: (_v, u) => <LevelTag lang={lang} level={u.evaluated} /> },
            { title: renderMessage(lang, 'risk.review.status'), key: 'status', render: (_v, u) => <Findings lang={lang} item={u} /> },
            { title: renderMessage(lang, 'risk.unitLevel.note'), dataIndex: 'note', key: 'note' },
          ]}
        />
      </Card>
      <Card size="small" title={renderMessage(lang, 'risk.review.history')}>
        <Tabs
          items={[
            { key: 'Analysis', label: renderMessage(lang, 'risk.analysis.events'), children: <Evaluations lang={lang} entity="Analysis" /> },
            { key: 'RiskPoint', label: renderMessage(lang, 'risk.map.points'), children: <Evaluations lang={lang} entity="RiskPoint" /> },
          ]}
        />
      </Card>
    </Space>
  );
}
