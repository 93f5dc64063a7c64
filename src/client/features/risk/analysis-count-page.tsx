import { Card, Col, Row, Statistic, Table } from 'antd';
import { useCallback } from 'react';
import { riskLevels } from '../../../shared/domain/risk-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import { analysisCount } from '../../../shared/risk/analysis-contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { levelHex, levelName } from '../../ui/risk-level';
import { useLoad } from '../../ui/use-load';

const keys = ['1', '2', '3', '4', '0'] as const;

/** /RiskManagement/AnalysisCount: risk events by level (from their newest evaluation) and by unit. */
export function AnalysisCountPage() {
  const lang = useLang();
  const { data, loading } = useLoad(useCallback((signal: AbortSignal) => api(analysisCount, {}, { signal }), []));
  const name = (k: string) => (k === '0' ? renderMessage(lang, 'risk.map.notEvaluated') : levelName(lang, riskLevels[Number(k) - 1]));
  return (
    <Card size="small" data-testid="analysis-count-page">
      <Row gutter={[12, 12]}>
        <Col xs={12} sm={8} md={4}>
          <Statistic title={renderMessage(lang, 'risk.analysis.total')} value={data?.total ?? 0} />
        </Col>
        {keys.map((k) => (
          <Col key={k} xs={12} sm={8} md={4}>
            <Statistic
              title={name(k)}
              value={data?.byLevel[k] ?? 0}
              valueStyle={{ color: k === '0' ? undefined : levelHex(riskLevels[Number(k) - 1]) }}
              data-testid={`count-level-${k}`}
            />
          </Col>
        ))}
      </Row>
      <Table
        style={{ marginTop: 12 }}
        size="small"
        rowKey="unitId"
        loading={loading}
        scroll={{ x: 560 }}
        pagination={false}
        dataSource={data?.byUnit ?? []}
        columns={[
          { title: renderMessage(lang, 'risk.analysis.unit'), dataIndex: 'name' },
          ...keys.map((k) => ({ title: name(k), key: k, render: (_: unknown, r: { byLevel: Record<string, number> }) => r.byLevel[k] ?? 0 })),
          { title: renderMessage(lang, 'risk.analysis.total'), dataIndex: 'total' },
        ]}
      />
    </Card>
  );
}
