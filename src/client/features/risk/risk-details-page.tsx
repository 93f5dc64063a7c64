import { Card, Collapse, Empty, Input, List, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { controlTiers, type ControlTier } from '../../../shared/domain/risk-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import { riskDetail, type DetailUnit } from '../../../shared/risk/analysis-contracts';
import { api } from '../../app/api';
import { useLang, type Lang } from '../../app/i18n';
import { LevelTag } from '../../ui/risk-level';
import { useLoad } from '../../ui/use-load';

const tierName = (lang: Lang, t: string) => (t in controlTiers ? controlTiers[t as ControlTier][lang === 'en' ? 'en' : 'zh'] : t);

/** The events of one unit, each with its measures: layers two and three. */
export function UnitEvents({ lang, unit }: { lang: Lang; unit: DetailUnit }) {
  if (unit.events.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={renderMessage(lang, 'risk.analysis.noEvents')} />;
  }
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      {unit.events.map((e) => (
        <Card key={e.id} size="small" data-testid={`risk-event-${e.id}`} title={<Space wrap><LevelTag lang={lang} level={e.level} /><span>{e.name}</span></Space>}>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            <b>{renderMessage(lang, 'risk.analysis.hazard')}：</b>
            {e.hazard}
            {e.accidentType && (
              <>
                {' · '}
                <b>{renderMessage(lang, 'risk.analysis.accident')}：</b>
                {e.accidentType}
              </>
            )}
          </Typography.Paragraph>
          {(e.cause || e.consequence) && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
              {e.cause && `${renderMessage(lang, 'risk.analysis.cause')}：${e.cause} `}
              {e.consequence && `${renderMessage(lang, 'risk.analysis.consequence')}：${e.consequence}`}
            </Typography.Paragraph>
          )}
          <List
            size="small"
            header={<b>{renderMessage(lang, 'risk.analysis.measures')}</b>}
            locale={{ emptyText: renderMessage(lang, 'risk.analysis.noMeasures') }}
            dataSource={e.measures}
            renderItem={(m) => (
              <List.Item data-testid={`risk-measure-${m.id}`}>
                <Space direction="vertical" size={0}>
                  <Space wrap>
                    <span>{m.content}</span>
                    {m.measureType && <Tag>{m.measureType}</Tag>}
                    {m.tier && <Tag color="blue">{tierName(lang, m.tier)}</Tag>}
                  </Space>
                  {(m.checkContent || m.cycle !== null) && (
                    <Typography.Text type="secondary">
                      {m.checkContent && `${renderMessage(lang, 'risk.analysis.checkContent')}：${m.checkContent} `}
                      {m.cycle !== null && `${renderMessage(lang, 'risk.analysis.cycle')}：${m.cycle} ${m.cycleUnit}`}
                    </Typography.Text>
                  )}
                </Space>
              </List.Item>
            )}
          />
        </Card>
      ))}
    </Space>
  );
}

/**
 * /RiskDetails: the three layers of dual prevention's risk side, unit → risk
 * events (with their newest evaluation) → control measures, for the units of
 * the caller's regions (`UAPI/RiskControl/PerformanceWebGetDetail`).
 */
export function RiskDetailsPage() {
  const lang = useLang();
  const [name, setName] = useState('');
  const { data } = useLoad(useCallback((signal: AbortSignal) => api(riskDetail, { name: name || undefined }, { signal }), [name]));
  const units = data?.units ?? [];
  return (
    <Card size="small" data-testid="risk-details-page">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Input.Search allowClear placeholder={renderMessage(lang, 'risk.analysis.search')} onSearch={setName} style={{ maxWidth: 360 }} data-testid="risk-details-search" />
        {data && units.length === 0 ? (
          <Empty description={renderMessage(lang, 'risk.analysis.noUnits')} />
        ) : (
          <Collapse
            defaultActiveKey={units.length === 1 ? [String(units[0].id)] : []}
            items={units.map((u) => ({
              key: String(u.id),
              label: (
                <Space wrap data-testid={`risk-unit-${u.id}`}>
                  <LevelTag lang={lang} level={u.level} />
                  <b>{u.name}</b>
                  {u.object && <Typography.Text type="secondary">{u.object}</Typography.Text>}
                  <Typography.Text type="secondary">
                    {renderMessage(lang, 'risk.analysis.events')} {u.events.length}
                  </Typography.Text>
                </Space>
              ),
              children: <UnitEvents lang={lang} unit={u} />,
            }))}
          />
        )}
      </Space>
    </Card>
  );
}
