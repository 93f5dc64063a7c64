import { Alert, Descriptions, Empty, List, Space, Typography } from 'antd';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { evaluationMethodInfo, isRiskLevel } from '../../../shared/domain/risk-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import { zoneRiskDetail } from '../../../shared/risk/contracts';
import type { RiskZoneItem } from '../../../shared/risk/items';
import { formatDate } from '../../../shared/time';
import { LevelTag, levelHex, levelName } from '../../ui/risk-level';
import { api } from '../../app/api';
import type { Lang } from '../../../shared/time';
import { useLoad } from '../../ui/use-load';
import { ZoneOverride } from './zone-override';

/** The four levels with their colours and names. */
export function Legend({ lang }: { lang: Lang }) {
  return (
    <Space size={[6, 6]} wrap data-testid="risk-legend">
      <Typography.Text type="secondary">{renderMessage(lang, 'risk.map.legend')}</Typography.Text>
      {([1, 2, 3, 4] as const).map((l) => (
        <LevelTag key={l} lang={lang} level={l} />
      ))}
      <LevelTag lang={lang} level={null} />
    </Space>
  );
}

/** The live causes of a zone, each with its rule and a link to where it is shown. */
export function Causes({ lang, zone }: { lang: Lang; zone: RiskZoneItem }) {
  if (zone.causes.length === 0) {
    return <Typography.Text type="secondary">{renderMessage(lang, 'risk.map.noCauses')}</Typography.Text>;
  }
  return (
    <List
      size="small"
      dataSource={zone.causes}
      renderItem={(c) => (
        <List.Item data-testid={`risk-cause-${c.id}`}>
          <Space direction="vertical" size={0}>
            <Space size={6} wrap>
              <LevelTag lang={lang} level={c.effectLevel} />
              {c.href ? <Link to={c.href}>{lang === 'en' ? c.labelEn : c.label}</Link> : <span>{lang === 'en' ? c.labelEn : c.label}</span>}
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {c.ruleName ? (lang === 'en' ? c.ruleName.en : c.ruleName.zh) : c.ruleId} ·{' '}
              {c.until !== null
                ? renderMessage(lang, 'risk.map.until', { time: formatDate(c.until, 'HH:mm:ss') })
                : renderMessage(lang, 'risk.map.since', { time: formatDate(c.start, 'HH:mm:ss') })}
            </Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

/** Why a zone has its colour: its levels, its live causes and its risk points with their measures. */
export function ZoneWhy({ lang, zone, name }: { lang: Lang; zone: RiskZoneItem; name: string }) {
  const { regionid, t } = zone;
  // Points change with the zone: reload when its state is newer.
  const { data } = useLoad(useCallback((signal: AbortSignal) => api(zoneRiskDetail, { regionid, t } as { regionid: number }, { signal }), [regionid, t]));
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="risk-zone-why">
      <Space size={12} wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {name}
        </Typography.Title>
        <Link to={`/riskFourColorMap/history?zone=${regionid}`} data-testid="risk-zone-history-link">
          {renderMessage(lang, 'risk.history.open')}
        </Link>
      </Space>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={renderMessage(lang, 'risk.map.live')}>
          <span data-testid="risk-why-live" data-level={zone.live}>
            <LevelTag lang={lang} level={zone.live} />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={renderMessage(lang, 'risk.map.residual')}>
          <LevelTag lang={lang} level={zone.residual} />
        </Descriptions.Item>
        <Descriptions.Item label={renderMessage(lang, 'risk.map.inherent')}>
          <LevelTag lang={lang} level={zone.inherent} />
        </Descriptions.Item>
      </Descriptions>
      <ZoneOverride lang={lang} zone={zone} />
      <Typography.Text strong>{renderMessage(lang, 'risk.map.causes')}</Typography.Text>
      <Causes lang={lang} zone={zone} />
      <Typography.Text strong>{renderMessage(lang, 'risk.map.points')}</Typography.Text>
      {data && data.points.length === 0 && <Empty description={renderMessage(lang, 'risk.map.noPoints')} />}
      {data?.points.map((p) => (
        <div key={p.id} data-testid={`risk-point-${p.id}`} style={{ borderLeft: `4px solid ${levelHex(p.residual)}`, paddingLeft: 8 }}>
          <Space size={6} wrap>
            <Typography.Text strong>{p.name}</Typography.Text>
            <LevelTag lang={lang} level={p.residual} />
          </Space>
          <div style={{ fontSize: 12 }}>
            {p.unit} · {isMethod(p.method) ? (lang === 'en' ? evaluationMethodInfo[p.method].en : evaluationMethodInfo[p.method].zh) : p.method}
            {p.score !== null && ` · ${renderMessage(lang, 'risk.map.score')} ${p.score}`}
            {isRiskLevel(p.inherent) && ` · ${renderMessage(lang, 'risk.map.inherent')} ${levelName(lang, p.inherent)}`}
          </div>
          {p.measures && (
            <div style={{ fontSize: 12 }}>
              {renderMessage(lang, 'risk.map.measures')}: {p.measures}
            </div>
          )}
          {p.problem && <Alert type="warning" showIcon style={{ marginTop: 4 }} message={lang === 'en' ? p.problemEn : p.problem} />}
        </div>
      ))}
    </Space>
  );
}

const isMethod = (m: string): m is keyof typeof evaluationMethodInfo => m in evaluationMethodInfo;
