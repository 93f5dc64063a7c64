import { Button, Card, Form, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { defaultFactorTables, evaluationMethodInfo, type EvaluationResult, type ScoredMethod } from '../../../shared/domain/risk-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import { evaluationCalculate } from '../../../shared/risk/contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { LevelTag, levelName } from '../../ui/risk-level';

/** LEC / LS / MES with the plant's bands, through `UAPI/RiskControl/EvaluationCalculate` (the server's refusals name the field). */
export function EvaluationCalculator() {
  const lang = useLang();
  const [method, setMethod] = useState<ScoredMethod>('LEC');
  const [factors, setFactors] = useState<Record<string, number | undefined>>({});
  const [result, setResult] = useState<EvaluationResult | null>(null);
  const used = evaluationMethodInfo[method].factors;
  const calculate = async () => {
    setResult(null);
    const input = Object.fromEntries(used.map((f) => [f, factors[f] ?? null]));
    setResult(await api(evaluationCalculate, { method, ...input }));
  };
  return (
    <Card size="small" title={renderMessage(lang, 'risk.eval.title')} data-testid="risk-calculator">
      <Form layout="inline" style={{ rowGap: 8 }}>
        <Form.Item label={renderMessage(lang, 'risk.map.method')}>
          <Select<ScoredMethod>
            style={{ width: 200 }}
            value={method}
            data-testid="calc-method"
            onChange={(m) => {
              setMethod(m);
              setFactors({});
              setResult(null);
            }}
            options={(['LEC', 'LS', 'MES'] as const).map((m) => ({ value: m, label: lang === 'en' ? evaluationMethodInfo[m].en : evaluationMethodInfo[m].zh }))}
          />
        </Form.Item>
        {used.map((f) => {
          const def = defaultFactorTables[method][f]!;
          return (
            <Form.Item key={`${method}-${f}`} label={f}>
              <Select<number>
                style={{ width: 220 }}
                data-testid={`calc-${f}`}
                value={factors[f]}
                onChange={(v) => setFactors((prev) => ({ ...prev, [f]: v }))}
                options={def.options.map((o) => ({ value: o.value, label: `${o.value} ${lang === 'en' ? o.en : o.zh}` }))}
              />
            </Form.Item>
          );
        })}
        <Form.Item>
          <Button type="primary" onClick={() => void calculate().catch(() => undefined)} data-testid="calc-go">
            {renderMessage(lang, 'risk.eval.calculate')}
          </Button>
        </Form.Item>
      </Form>
      {result && (
        <Space style={{ marginTop: 8 }} data-testid="calc-result" data-level={result.level}>
          <LevelTag lang={lang} level={result.level} />
          <Typography.Text>{renderMessage(lang, 'risk.eval.result', { score: result.score ?? '—', level: levelName(lang, result.level) })}</Typography.Text>
        </Space>
      )}
    </Card>
  );
}
