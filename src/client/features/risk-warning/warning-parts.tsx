import type { MessageCode } from '../../../shared/messages/catalog';
import { renderMessage } from '../../../shared/messages/catalog';
import type { WarningInputItem, WarningLevelValue } from '../../../shared/risk-warning/items';
import type { Lang } from '../../../shared/time';
import { inkOn, levelHex } from '../../ui/risk-level';

/** A warning level as a coloured tag with its name in text (the four risk colours: 1 red … 4 blue). */
export function WarningLevelTag({ lang, level }: { lang: Lang; level: WarningLevelValue | null }) {
  return (
    <span
      data-testid="warning-level"
      data-level={level ?? ''}
      style={{ background: levelHex(level), color: inkOn(level), padding: '0 7px', borderRadius: 4, fontSize: 12, lineHeight: '20px', display: 'inline-block', whiteSpace: 'nowrap' }}
    >
      {renderMessage(lang, level === null ? 'riskWarning.noLevel' : (`riskWarning.level.${level}` as MessageCode))}
    </span>
  );
}

/** A number as the board shows it: up to three decimals, or a dash. */
export const valueText = (v: number | null) => (v === null ? '—' : String(Math.round(v * 1000) / 1000));

/** The inputs of a calculation in one line: `name = value`. */
export const inputsText = (inputs: readonly WarningInputItem[]) => inputs.map((i) => `${i.code} = ${valueText(i.value)}`).join('；');

/** Why a calculation has no value, in the reader's language. */
export const errorText = (lang: Lang, code: string | null, params?: Record<string, string | number> | null) => (code ? renderMessage(lang, code, params ?? undefined) : '');
