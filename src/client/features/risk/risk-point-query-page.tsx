import { Card, Descriptions, Drawer, Empty, Input, List, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { recordContracts, seedCallContracts } from '../../../shared/records/contracts';
import { zoneRiskDetail } from '../../../shared/risk/contracts';
import { riskPointLedger } from '../../../shared/risk/ledger';
import { renderMessage } from '../../../shared/messages/catalog';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { LevelTag } from '../../ui/risk-level';
import { useLoad } from '../../ui/use-load';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The seed's `UAPI/RiskControl/RiskPointQuery`: the RiskPoint ledger's list under its seed name. */
const riskPointQuery = seedCallContracts(riskPointLedger, recordContracts(riskPointLedger)).find((s) => s.seed.name === 'RiskPointQuery')!
  .contract as ReturnType<typeof recordContracts>['list'];

/** A point's card: what can go wrong where, its level (from the zone's evaluation) and its measures. */
function PointCard({ regionid, id }: { regionid: number; id: number }) {
  const lang = useLang();
  const { data } = useLoad(useCallback((signal: AbortSignal) => api(zoneRiskDetail, { regionid }, { signal }), [regionid]));
  const point = data?.points.find((p) => p.id === id);
  if (!point) {
    return null;
  }
  return (
    <Descriptions column={1} size="small" bordered data-testid="risk-point-card">
      <Descriptions.Item label={renderMessage(lang, 'risk.map.points')}>{point.name}</Descriptions.Item>
      <Descriptions.Item label={renderMessage(lang, 'risk.analysis.unit')}>{point.unit}</Descriptions.Item>
      <Descriptions.Item label={renderMessage(lang, 'risk.map.residual')}>
        <LevelTag lang={lang} level={point.residual} />
      </Descriptions.Item>
      <Descriptions.Item label={renderMessage(lang, 'risk.map.inherent')}>
        <LevelTag lang={lang} level={point.inherent} />
      </Descriptions.Item>
      <Descriptions.Item label={renderMessage(lang, 'risk.map.method')}>
        {point.method} {point.score ?? ''}
      </Descriptions.Item>
      <Descriptions.Item label={renderMessage(lang, 'risk.map.measures')}>{point.measures}</Descriptions.Item>
      {point.problem && <Descriptions.Item label="!">{lang === 'en' ? point.problemEn : point.problem}</Descriptions.Item>}
    </Descriptions>
  );
}

/** /Gateway/RiskPointQuery (also /RiskPointQuery): search the risk points of the caller's zones and open a point's card. */
export function RiskPointQueryPage() {
  const lang = useLang();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<{ id: number; regionid: number } | null>(null);
  const { data, loading } = useLoad(useCallback((signal: AbortSignal) => api(riskPointQuery, { keyword, page: 1, pageSize: 100 }, { signal }), [keyword]));
  const items = useMemo(() => data?.items ?? [], [data]);
  return (
    <Card size="small" data-testid="risk-point-query-page">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Input.Search allowClear placeholder={renderMessage(lang, 'risk.pointQuery.search')} onSearch={setKeyword} style={{ maxWidth: 360 }} data-testid="risk-point-search" />
        {!loading && items.length === 0 ? (
          <Empty />
        ) : (
          <List
            size="small"
            loading={loading}
            dataSource={items}
            renderItem={(p) => (
              <List.Item
                style={{ cursor: 'pointer' }}
                onClick={() => setOpen({ id: p.id, regionid: Number(p.region) })}
                data-testid={`risk-point-${p.id}`}
              >
                <Space wrap>
                  <b>{p.title}</b>
                  <Typography.Text type="secondary">{text(p.unit)}</Typography.Text>
                  <Typography.Text type="secondary">{text(p.hazard)}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Space>
      <Drawer open={open !== null} onClose={() => setOpen(null)} width="min(440px, 100vw)" title={renderMessage(lang, 'risk.pointQuery.card')} destroyOnHidden>
        {open && <PointCard regionid={open.regionid} id={open.id} />}
      </Drawer>
    </Card>
  );
}
