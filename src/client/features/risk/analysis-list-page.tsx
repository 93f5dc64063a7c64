import { Button, Card, Form, Select, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { defaultFactorTables, evaluationMethodInfo, riskLevels, type EvaluationMethod } from '../../../shared/domain/risk-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import { riskDetail } from '../../../shared/risk/analysis-contracts';
import { evaluationRecordAdd, type EvaluationRecordItem } from '../../../shared/risk/band-contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { LedgerPage } from '../../ui/records/ledger-page';
import { LevelTag, levelName } from '../../ui/risk-level';
import { useLoad } from '../../ui/use-load';

/** Evaluates a risk event with the plant's current bands (`EvaluationRecordAdd`); the evaluation keeps those bands. */
function EvaluatePanel() {
  const lang = useLang();
  const { data, reload } = useLoad(useCallback((signal: AbortSignal) => api(riskDetail, {}, { signal }), []));
  const [target, setTarget] = useState<number | undefined>();
  const [method, setMethod] = useState<EvaluationMethod>('LEC');
  const [factors, setFactors] = useState<Record<string, number | undefined>>({});
  const [result, setResult] = useState<EvaluationRecordItem | null>(null);
  const used = evaluationMethodInfo[method].factors;
  const evaluate = async () => {
    if (target === undefined) {
      return;
    }
    setResult(null);
    const input = method === 'direct' ? { level: factors.level ?? null } : Object.fromEntries(used.map((f) => [f, factors[f] ?? null]));
    setResult(await api(evaluationRecordAdd, { entity: 'Analysis', targetId: target, method, ...input }));
    reload();
  };
  const options = (data?.units ?? []).map((u) => ({
    label: u.name,
    options: u.events.map((e) => ({ value: e.id, label: `${e.name}${e.level ? ` · ${levelName(lang, e.level)}` : ''}` })),
  }));
  return (
    <Card size="small" title={renderMessage(lang, 'risk.analysis.evaluate')} data-testid="risk-evaluate">
      <Form layout="inline" style={{ rowGap: 8 }}>
        <Form.Item label={renderMessage(lang, 'risk.analysis.events')}>
          <Select<number>
            style={{ width: 260, maxWidth: '80vw' }}
            showSearch
            optionFilterProp="label"
            placeholder={renderMessage(lang, 'risk.analysis.chooseEvent')}
            value={target}
            onChange={setTarget}
            options={options}
            data-testid="evaluate-target"
          />
        </Form.Item>
        <Form.Item label={renderMessage(lang, 'risk.map.method')}>
          <Select<EvaluationMethod>
            style={{ width: 200 }}
            value={method}
            onChange={(m) => {
              setMethod(m);
              setFactors({});
            }}
            options={(['LEC', 'LS', 'MES', 'direct'] as const).map((m) => ({ value: m, label: lang === 'en' ? evaluationMethodInfo[m].en : evaluationMethodInfo[m].zh }))}
            data-testid="evaluate-method"
          />
        </Form.Item>
        {method === 'direct' ? (
          <Form.Item label={renderMessage(lang, 'risk.map.level')}>
            <Select<number> style={{ width: 160 }} value={factors.level} onChange={(v) => setFactors({ level: v })} options={riskLevels.map((l) => ({ value: l, label: levelName(lang, l) }))} />
          </Form.Item>
        ) : (
          used.map((f) => (
            <Form.Item key={`${method}-${f}`} label={f}>
              <Select<number>
                style={{ width: 200 }}
                value={factors[f]}
                onChange={(v) => setFactors((prev) => ({ ...prev, [f]: v }))}
                options={defaultFactorTables[method][f]!.options.map((o) => ({ value: o.value, label: `${o.value} ${lang === 'en' ? o.en : o.zh}` }))}
                data-testid={`evaluate-${f}`}
              />
            </Form.Item>
          ))
        )}
        <Form.Item>
          <Button type="primary" disabled={target === undefined} onClick={() => void evaluate().catch(() => undefined)} data-testid="evaluate-go">
            {renderMessage(lang, 'risk.analysis.evaluate')}
          </Button>
        </Form.Item>
      </Form>
      {result && (
        <Space style={{ marginTop: 8 }} data-testid="evaluate-result" data-level={result.level}>
          <LevelTag lang={lang} level={result.level} />
          <Typography.Text>{renderMessage(lang, 'risk.analysis.evaluated', { score: result.score ?? '—', level: levelName(lang, result.level) })}</Typography.Text>
        </Space>
      )}
    </Card>
  );
}

/** /RiskManagement/AnalysisList and /riskControllanalysisList: the risk events (ledger Analysis) with the evaluation panel above them. */
export function AnalysisListPage() {
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <EvaluatePanel />
      <LedgerPage entity="Analysis" />
    </Space>
  );
}
