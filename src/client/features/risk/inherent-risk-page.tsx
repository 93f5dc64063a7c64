import { Button, Card, Input, Select, Table, message } from 'antd';
import { useCallback, useState } from 'react';
import { riskLevels, type RiskLevel } from '../../../shared/domain/risk-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import { inherentRiskSave, inherentRiskSearch, type UnitLevelItem } from '../../../shared/risk/analysis-contracts';
import { api } from '../../app/api';
import { useLang, type Lang } from '../../app/i18n';
import { LevelTag, levelName } from '../../ui/risk-level';
import { useLoad } from '../../ui/use-load';
import './risk.css';

/** Which levels a page edits: both (InherentRiskSearch), the inherent one (InitialRiskConfig) or the residual one (ResidualRiskConfig). */
type Edits = 'both' | 'inherent' | 'residual';

/** One unit's row: inherent and residual chosen, saved; the server refuses a residual above the inherent level on `residual`. */
function UnitRow({ lang, item, edits, onSaved }: { lang: Lang; item: UnitLevelItem; edits: Edits; onSaved: () => void }) {
  const [inherent, setInherent] = useState<RiskLevel | null>(item.inherent);
  const [residual, setResidual] = useState<RiskLevel | null>(item.residual);
  const [note, setNote] = useState(item.note);
  const levelSelect = (value: RiskLevel | null, onChange: (v: RiskLevel | null) => void, id: string) => (
    <Select<RiskLevel | null>
      style={{ width: 130 }}
      allowClear
      placeholder={renderMessage(lang, 'risk.unitLevel.notSet')}
      value={value}
      onChange={(v) => onChange(v ?? null)}
      options={riskLevels.map((l) => ({ value: l, label: levelName(lang, l) }))}
      data-testid={id}
    />
  );
  const save = async () => {
    if (inherent === null) {
      return;
    }
    await api(inherentRiskSave, { unitId: item.unitId, inherent, residual, note });
    void message.success(renderMessage(lang, 'risk.unitLevel.saved'));
    onSaved();
  };
  return (
    <div className="risk-unit-level-row" data-testid={`unit-level-${item.unitId}`}>
      <b style={{ minWidth: 120 }}>{item.name}</b>
      <span>
        {renderMessage(lang, 'risk.unitLevel.evaluated')} <LevelTag lang={lang} level={item.evaluated} />
      </span>
      <span>
        {renderMessage(lang, 'risk.unitLevel.inherent')}{' '}
        {edits === 'residual' ? <LevelTag lang={lang} level={inherent} /> : levelSelect(inherent, setInherent, `inherent-${item.unitId}`)}
      </span>
      <span>
        {renderMessage(lang, 'risk.unitLevel.residual')}{' '}
        {edits === 'inherent' ? <LevelTag lang={lang} level={residual} /> : levelSelect(residual, setResidual, `residual-${item.unitId}`)}
      </span>
      <Input style={{ width: 200 }} value={note} maxLength={500} placeholder={renderMessage(lang, 'risk.unitLevel.note')} onChange={(e) => setNote(e.target.value)} />
      <Button type="primary" size="small" disabled={inherent === null} onClick={() => void save().catch(() => undefined)} data-testid={`unit-level-save-${item.unitId}`}>
        {renderMessage(lang, 'risk.common.save')}
      </Button>
    </div>
  );
}

/**
 * /InherentRisk/InherentRiskSearch (also RegionRiskSearch): each evaluation
 * unit's inherent risk (before measures) and residual risk (after), beside
 * the level its evaluations give; the residual is never above the inherent.
 * InitialRiskConfig and ResidualRiskConfig are the same rows editing one of
 * the two (a residual above the inherent level is refused there too, with the reason).
 */
export function InherentRiskPage({ edits = 'both' }: { edits?: Edits }) {
  const lang = useLang();
  const { data, loading, reload } = useLoad(useCallback((signal: AbortSignal) => api(inherentRiskSearch, {}, { signal }), []));
  return (
    <Card size="small" data-testid="inherent-risk-page">
      <Table<UnitLevelItem>
        size="small"
        rowKey="unitId"
        loading={loading}
        showHeader={false}
        pagination={false}
        dataSource={data?.items ?? []}
        columns={[{ key: 'row', render: (_v, item) => <UnitRow key={`${item.unitId}-${item.updated ?? 0}`} lang={lang} item={item} edits={edits} onSaved={reload} /> }]}
      />
    </Card>
  );
}

/** /InherentRisk/InitialRiskConfig: each unit's inherent level (before measures). */
export const InitialRiskConfigPage = () => <InherentRiskPage edits="inherent" />;

/** /InherentRisk/ResidualRiskConfig: each unit's residual level (after measures), never above its inherent level. */
export const ResidualRiskConfigPage = () => <InherentRiskPage edits="residual" />;
