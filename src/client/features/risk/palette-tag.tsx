import { Space, Typography } from 'antd';
import { renderMessage } from '../../../shared/messages/catalog';
import type { RiskLevel } from '../../../shared/domain/risk-evaluation';
import type { Lang } from '../../../shared/time';
import { inkOn, levelName } from '../../ui/risk-level';
import type { Palette } from './use-map-colors';

/** A level as a tag in the plant's palette (/MapColors), its name always in text beside the colour. */
export function PaletteTag({ lang, level, palette }: { lang: Lang; level: RiskLevel | null; palette: Palette }) {
  return (
    <span
      className="risk-level-tag"
      data-level={level ?? ''}
      data-color={palette.color(level)}
      style={{ background: palette.color(level), color: inkOn(level), padding: '0 7px', borderRadius: 4, fontSize: 12, lineHeight: '20px', display: 'inline-block', whiteSpace: 'nowrap' }}
    >
      {levelName(lang, level)}
    </span>
  );
}

/** The four levels in the plant's palette with their names, and the grey of a zone not evaluated. */
export function PaletteLegend({ lang, palette }: { lang: Lang; palette: Palette }) {
  return (
    <Space size={[6, 6]} wrap data-testid="risk-legend">
      <Typography.Text type="secondary">{renderMessage(lang, 'risk.map.legend')}</Typography.Text>
      {([1, 2, 3, 4] as const).map((l) => (
        <PaletteTag key={l} lang={lang} level={l} palette={palette} />
      ))}
      <PaletteTag lang={lang} level={null} palette={palette} />
    </Space>
  );
}
