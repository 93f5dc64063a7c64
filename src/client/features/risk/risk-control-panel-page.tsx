import { Card, Col, Empty, Row, Space, Statistic, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { riskLevels } from '../../../shared/domain/risk-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import type { MenuItem } from '../../../shared/org/contracts';
import { riskMapShared } from '../../../shared/risk-map/manifest';
import { inherentRiskSearch } from '../../../shared/risk/analysis-contracts';
import { riskShared } from '../../../shared/risk/manifest';
import { escalationRuleList } from '../../../shared/risk/rule-contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { LevelTag } from '../../ui/risk-level';
import { useLoad } from '../../ui/use-load';
import { useRegionShapes } from '../../ui/region-shapes';
import { Causes } from './zone-parts';
import { useRiskZones } from '../../ui/use-risk-zones';

export const PANEL_HREF = '/RiskControll';
const areaHrefs = new Set([...(riskShared.menus ?? []), ...(riskMapShared.menus ?? [])].map((m) => m.href).filter((h) => h !== PANEL_HREF));

/**
 * The risk area's pages and every page of the /RiskControll family (other
 * modules' too, e.g. the evaluation board) in the caller's menu, in menu
 * order: only pages that work have menu entries.
 */
function useAreaEntries(): MenuItem[] {
  const menus = useSession((s) => s.menus);
  return useMemo(() => {
    const out: MenuItem[] = [];
    const walk = (items: MenuItem[]) =>
      items.forEach((m) => {
        if ((areaHrefs.has(m.href) || m.href.startsWith(`${PANEL_HREF}/`)) && !out.some((o) => o.href === m.href)) {
          out.push(m);
        }
        walk(m.childs);
      });
    walk(menus);
    return out;
  }, [menus]);
}

/**
 * /RiskControll: the risk area's control panel (issue 21 §1): its figures
 * (zones by live level, zones raised now with their causes, risk points,
 * evaluation units, rules enabled) live from topic `risk`, and an entry to
 * each of the area's pages the caller's menu holds.
 */
export function RiskControlPanelPage() {
  const lang = useLang();
  const { zones, loaded } = useRiskZones();
  const units = useLoad(useCallback((signal: AbortSignal) => api(inherentRiskSearch, {}, { signal }), []));
  const rules = useLoad(useCallback((signal: AbortSignal) => api(escalationRuleList, {}, { signal }), []));
  const entries = useAreaEntries();
  const shapes = useRegionShapes();
  const name = (id: number) => {
    const f = (shapes ?? []).find((s) => s.id === id);
    return f ? (lang === 'en' ? f.properties.regionname_en || f.properties.regionname : f.properties.regionname) : String(id);
  };
  const all = [...zones.values()];
  const raised = all.filter((z) => z.live < z.baseline).sort((a, b) => a.live - b.live || a.regionid - b.regionid);
  const figures = [
    { key: 'zones', code: 'risk.panel.zones', value: all.length, loading: !loaded },
    { key: 'raised', code: 'risk.panel.raised', value: raised.length, loading: !loaded, warn: raised.length > 0 },
    { key: 'points', code: 'risk.panel.points', value: all.reduce((n, z) => n + z.points, 0), loading: !loaded },
    { key: 'units', code: 'risk.panel.units', value: units.data?.items.length ?? 0, loading: units.loading && !units.data },
    { key: 'rules', code: 'risk.panel.rules', value: rules.data?.items.filter((r) => r.enabled).length ?? 0, loading: rules.loading && !rules.data },
  ] as const;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="risk-control-panel">
      <Row gutter={[12, 12]}>
        {figures.map((f) => (
          <Col key={f.key} xs={12} md={8} xl={4}>
            <Card size="small" data-testid={`risk-figure-${f.key}`}>
              <Statistic
                title={renderMessage(lang, f.code)}
                loading={f.loading}
                value={f.value}
                valueStyle={'warn' in f && f.warn ? { color: '#cf1322' } : undefined}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={10}>
          <Card size="small" title={renderMessage(lang, 'risk.panel.byLevel')} style={{ height: '100%' }}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {riskLevels.map((l) => {
                const n = all.filter((z) => z.live === l).length;
                return (
                  <div key={l} style={{ display: 'flex', alignItems: 'center', gap: 8 }} data-testid={`risk-level-count-${l}`}>
                    <span style={{ flex: '0 0 auto', minWidth: lang === 'en' ? 128 : 72 }}>
                      <LevelTag lang={lang} level={l} />
                    </span>
                    <div style={{ flex: 1, background: '#f0f0f0', borderRadius: 3, height: 10 }}>
                      <div style={{ width: `${all.length ? (n / all.length) * 100 : 0}%`, background: '#8c8c8c', height: 10, borderRadius: 3 }} />
                    </div>
                    <b style={{ width: 32, textAlign: 'right' }}>{n}</b>
                  </div>
                );
              })}
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={renderMessage(lang, 'risk.panel.raisedList')} style={{ height: '100%' }} data-testid="risk-raised">
            {raised.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={renderMessage(lang, 'risk.panel.noneRaised')} />
            ) : (
              <Space direction="vertical" style={{ width: '100%' }}>
                {raised.slice(0, 8).map((z) => (
                  <div key={z.regionid}>
                    <Space wrap>
                      <b>{name(z.regionid)}</b>
                      <LevelTag lang={lang} level={z.live} />
                    </Space>
                    <Causes lang={lang} zone={z} />
                  </div>
                ))}
              </Space>
            )}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={renderMessage(lang, 'risk.panel.entries')}>
        <Row gutter={[8, 8]} data-testid="risk-entries">
          {entries.map((m) => (
            <Col key={m.href} xs={12} md={8} xl={6}>
              <Link to={m.href} data-testid={`risk-entry-${m.href}`}>
                <Typography.Text>{lang === 'en' ? m.name_en || m.name : m.name}</Typography.Text>
              </Link>
            </Col>
          ))}
        </Row>
      </Card>
    </Space>
  );
}
