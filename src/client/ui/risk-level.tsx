import { riskColours, riskLevelInfo, type RiskLevel } from '../../shared/domain/risk-evaluation';
import { renderMessage } from '../../shared/messages/catalog';
import type { Lang } from '../../shared/time';

/** Fill colour of a level; an unevaluated zone is grey. */
export const levelHex = (level: RiskLevel | null) => (level === null ? '#bfbfbf' : riskColours[riskLevelInfo[level].colour].hex);
/** A level's name in the reader's language. */
export const levelName = (lang: Lang, level: RiskLevel | null) =>
  level === null ? renderMessage(lang, 'risk.map.notEvaluated') : lang === 'en' ? riskLevelInfo[level].en : riskLevelInfo[level].zh;
/** Text that reads on the level's colour (black on yellow and orange). */
export const inkOn = (level: RiskLevel | null) => (level === 1 || level === 4 ? '#fff' : '#000');

/** A level as a coloured tag with its name in text (the colour is never the only sign). */
export function LevelTag({ lang, level }: { lang: Lang; level: RiskLevel | null }) {
  return (
    <span
      className="risk-level-tag"
      data-level={level ?? ''}
      style={{ background: levelHex(level), color: inkOn(level), padding: '0 7px', borderRadius: 4, fontSize: 12, lineHeight: '20px', display: 'inline-block', whiteSpace: 'nowrap' }}
    >
      {levelName(lang, level)}
    </span>
  );
}
