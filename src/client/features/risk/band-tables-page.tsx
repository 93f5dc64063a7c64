import { Alert, Button, Card, InputNumber, Select, Space, Table, Tabs, Typography, message } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { defaultFactorTables, evaluationMethodInfo, riskLevels, type RiskBand, type ScoredMethod } from '../../../shared/domain/risk-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import { bandTableSave, lecPage, type BandTableItem } from '../../../shared/risk/band-contracts';
import { api } from '../../app/api';
import { useLang, type Lang } from '../../app/i18n';
import { LevelTag, levelName } from '../../ui/risk-level';
import { useLoad } from '../../ui/use-load';
import { EvaluationCalculator } from './evaluation-calculator';

const methods: ScoredMethod[] = ['LEC', 'LS', 'MES'];

/** One method's band table, edited as rows (from, to, level); saving makes a new version. */
function BandEditor({ lang, item, onSaved }: { lang: Lang; item: BandTableItem; onSaved: () => void }) {
  const [rows, setRows] = useState<RiskBand[]>(item.bands);
  const [saving, setSaving] = useState(false);
  useEffect(() => setRows(item.bands), [item]);
  const set = (i: number, patch: Partial<RiskBand>) => setRows((prev) => prev.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const save = async () => {
    setSaving(true);
    try {
      await api(bandTableSave, { method: item.method, bands: rows.map(({ min, max, level }) => ({ min, max, level })) });
      void message.success(renderMessage(lang, 'risk.bands.saved'));
      onSaved();
    } catch {
      // The API client has shown the refusal, naming the band.
    } finally {
      setSaving(false);
    }
  };
  const factors = defaultFactorTables[item.method];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid={`bands-${item.method}`}>
      <Typography.Text type="secondary">
        {item.id === null
          ? renderMessage(lang, 'risk.bands.default')
          : renderMessage(lang, 'risk.bands.version', { id: item.id, by: item.updatedBy ?? '', time: new Date(item.updated ?? 0).toLocaleString() })}
      </Typography.Text>
      <Table<RiskBand & { key: number }>
        size="small"
        pagination={false}
        scroll={{ x: 480 }}
        dataSource={rows.map((r, key) => ({ ...r, key }))}
        columns={[
          {
            title: renderMessage(lang, 'risk.bands.min'),
            dataIndex: 'min',
            render: (v: number, _r, i) => <InputNumber value={v} onChange={(n) => set(i, { min: n ?? 0 })} data-testid={`band-${i}-min`} />,
          },
          {
            title: renderMessage(lang, 'risk.bands.max'),
            dataIndex: 'max',
            render: (v: number | null, _r, i) => (
              <InputNumber value={v} placeholder={renderMessage(lang, 'risk.bands.openAbove')} onChange={(n) => set(i, { max: n ?? null })} data-testid={`band-${i}-max`} />
            ),
          },
          {
            title: renderMessage(lang, 'risk.map.level'),
            dataIndex: 'level',
            render: (v: RiskBand['level'], _r, i) => (
              <Select
                value={v}
                style={{ width: 140 }}
                onChange={(l) => set(i, { level: l })}
                options={riskLevels.map((l) => ({ value: l, label: levelName(lang, l) }))}
                data-testid={`band-${i}-level`}
              />
            ),
          },
          { title: '', dataIndex: 'label', render: (_v, r) => (r.label ? (lang === 'en' ? r.label.en || r.label.zh : r.label.zh) : <LevelTag lang={lang} level={r.level} />) },
          { title: '', key: 'del', render: (_v, _r, i) => <Button size="small" danger onClick={() => setRows((p) => p.filter((_, k) => k !== i))}>×</Button> },
        ]}
      />
      <Space wrap>
        <Button onClick={() => setRows((p) => [...p, { min: 0, max: null, level: 4 }])}>{renderMessage(lang, 'risk.bands.addBand')}</Button>
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid={`bands-save-${item.method}`}>
          {renderMessage(lang, 'risk.common.save')}
        </Button>
      </Space>
      <Typography.Title level={5}>{renderMessage(lang, 'risk.bands.factors')}</Typography.Title>
      {evaluationMethodInfo[item.method].factors.map((f) => {
        const def = factors[f]!;
        return (
          <div key={f}>
            <Typography.Text strong>
              {f} · {lang === 'en' ? def.en : def.zh}
            </Typography.Text>
            <div>{def.options.map((o) => `${o.value} ${lang === 'en' ? o.en : o.zh}`).join('；')}</div>
          </div>
        );
      })}
    </Space>
  );
}

/**
 * /LsRisk: the plant's band tables for LEC, LS and MES (severity and factor
 * values beside them), through `UAPI/LSRisk/LECPage`; a saved table is used
 * by every new evaluation, older evaluations keep theirs.
 */
export function BandTablesPage() {
  const lang = useLang();
  const { data, reload } = useLoad(useCallback((signal: AbortSignal) => api(lecPage, {}, { signal }), []));
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="ls-risk-page">
      <Card size="small">
        {!data ? (
          <Alert type="info" message="…" />
        ) : (
          <Tabs
            items={methods.map((m) => {
              const item = data.items.find((i) => i.method === m);
              return {
                key: m,
                label: renderMessage(lang, 'risk.bands.title', { method: m }),
                children: item ? <BandEditor lang={lang} item={item} onSaved={reload} /> : null,
              };
            })}
          />
        )}
      </Card>
      <EvaluationCalculator />
    </Space>
  );
}
