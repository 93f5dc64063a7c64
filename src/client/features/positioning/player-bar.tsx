import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { Button, Segmented, Slider, type SliderSingleProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/time';
import { positioningNs } from './locales';
import { PLAY_SPEEDS, type Playback } from './playback';

/** Play / pause, speed ×1 ×4 ×16 ×64 and a time slider over [min, max]; `marks` put ticks on it (alarms). */
export function PlayerBar({
  player,
  min,
  max,
  marks,
  testIdPrefix,
  children,
}: {
  player: Playback;
  min: number;
  max: number;
  marks?: SliderSingleProps['marks'];
  testIdPrefix: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(positioningNs);
  return (
    <div className="pos-player" data-testid={`${testIdPrefix}-player`}>
      <Button
        type="primary"
        shape="circle"
        icon={player.playing ? <PauseOutlined /> : <CaretRightOutlined />}
        onClick={player.playing ? player.pause : player.play}
        aria-label={player.playing ? t('pause') : t('play')}
        data-testid={`${testIdPrefix}-play`}
      />
      <Segmented size="small" value={player.speed} onChange={(v) => player.setSpeed(v)} options={PLAY_SPEEDS.map((s) => ({ value: s, label: `×${s}` }))} aria-label={t('speed')} />
      <Slider
        className="pos-timeline"
        min={min}
        max={max}
        value={player.time}
        onChange={player.seek}
        marks={marks}
        included={!marks}
        tooltip={{ formatter: (v) => (v ? formatDate(v, 'HH:mm:ss') : '') }}
      />
      {children}
    </div>
  );
}
