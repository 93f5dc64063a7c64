import { Alert, Button, Card, Col, Descriptions, Empty, Row, Space, Statistic } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { renderMessage } from '../../../shared/messages/catalog';
import { riskEarlyWarningCalculation, riskEarlyWarningShow } from '../../../shared/risk-warning/contracts';
import type { RiskWarningStateItem } from '../../../shared/risk-warning/items';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { useTopic } from '../../stream/use-topic';
import { useLoad } from '../../ui/use-load';
import { errorText, valueText, WarningLevelTag } from './warning-parts';

/**
 * /RiskControll/RiskEarlyWarningShow: each warning's current value and level
 * with the inputs it was calculated from; `RiskEarlyWarningShow` once, then
 * every calculation on topic `risk.warnings` (an item older than the one held
 * is dropped).
 */
export function RiskEarlyWarningShowPage() {
  const lang = useLang();
  const T = (code: Parameters<typeof renderMessage>[1], params?: Record<string, string | number>) => renderMessage(lang, code, params);
  const [states, setStates] = useState<ReadonlyMap<number, RiskWarningStateItem>>(new Map());
  const [busy, setBusy] = useState(false);
  const canManage = useSession((s) => s.user?.permissions.includes('riskWarning:manage') ?? false);
  const merge = useCallback((items: readonly RiskWarningStateItem[]) => {
    setStates((prev) => {
      const next = new Map(prev);
      for (const s of items) {
        const held = next.get(s.id);
        if (!held || held.t <= s.t) {
          next.set(s.id, s);
        }
      }
      return next;
    });
  }, []);
  const { data, loading } = useLoad(useCallback((signal: AbortSignal) => api(riskEarlyWarningShow, {}, { signal }), []));
  useEffect(() => {
    if (data) {
      setStates(new Map(data.items.map((s) => [s.id, s])));
    }
  }, [data]);
  useTopic('risk.warnings', merge);
  const shown = useMemo(() => {
    const visible = new Set((data?.items ?? []).map((s) => s.id));
    return [...states.values()].filter((s) => visible.has(s.id)).sort((a, b) => (a.level ?? 9) - (b.level ?? 9) || a.id - b.id);
  }, [states, data]);

  const handleCalculate = async () => {
    setBusy(true);
    try {
      const r = await api(riskEarlyWarningCalculation, {});
      merge(r.items);
      notify(T('riskWarning.ui.calculated', { n: r.total }));
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="warning-show-page">
      {canManage && (
        <Space wrap>
          <Button type="primary" loading={busy} onClick={() => void handleCalculate()} data-testid="warning-calculate">
            {T('riskWarning.ui.calculate')}
          </Button>
        </Space>
      )}
      {!loading && shown.length === 0 && <Empty description={T('riskWarning.ui.noWarnings')} />}
      <Row gutter={[12, 12]}>
        {shown.map((s) => (
          <Col key={s.id} xs={24} md={12} xl={8}>
            <Card size="small" title={s.name} extra={<WarningLevelTag lang={lang} level={s.level} />} data-testid="warning-card" data-name={s.name} data-level={s.level ?? ''}>
              <Space direction="vertical" size={8} style={{ width: '100%' }}>
                <Statistic title={T('riskWarning.ui.value')} value={valueText(s.value)} />
                <div style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{s.formula}</div>
                <Descriptions size="small" column={1} bordered title={T('riskWarning.ui.inputs')} contentStyle={{ whiteSpace: 'nowrap', width: 1 }}>
                  {s.inputs.map((i) => (
                    <Descriptions.Item key={i.code} label={`${i.code}（${i.name}）`}>
                      {valueText(i.value)}
                    </Descriptions.Item>
                  ))}
                </Descriptions>
                {s.error && <Alert type="error" showIcon message={T('riskWarning.ui.error', { reason: errorText(lang, s.error, s.errorParams) })} />}
                {s.instruction && <Alert type={s.level !== null && s.level <= 2 ? 'warning' : 'info'} showIcon message={s.instruction} />}
                <span style={{ color: '#888', fontSize: 12 }}>{formatDate(s.t)}</span>
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
    </Space>
  );
}
