import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Select, Space, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmHistoryList, type AlarmItem } from '../../../shared/alarms/contracts';
import { REPLAY_MAX_RANGE_MS, replayCall, type ReplayResult } from '../../../shared/positioning/contracts';
import { history, tagList } from '../../../shared/realtime/contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { PlantMap } from '../../ui/plant-map';
import { TrendChart, type TrendSeries } from '../../ui/trend-chart';
import { MarkerLayers } from './marker-layers';
import { positioningNs } from './locales';
import { usePlayback } from './playback';
import { PlayerBar } from './player-bar';
import { activeAt, ReplayFrames } from './replay-frames';
import { cardOfAlarm } from './use-card-alarms';
import { categoryFrom, useRoster } from './use-roster';
import './positioning.css';

const SOURCE_ID = 'replay-positions';
/** One fix per card per this step: 1 h of 5,000 people is 3.6 M fixes at 1 Hz, 720 k at 5 s. */
const STEP_MS = 5000;
const MAX_TAGS = 5;

interface Loaded {
  from: number;
  to: number;
  replay: ReplayResult;
  alarms: AlarmItem[];
  series: TrendSeries[];
  bucketMs: number;
}

/**
 * Whole-plant replay (`/PersonnelPositioning/replay`): everyone's movement over a
 * window of up to 4 h on one timeline, with the alarms of the window as ticks on it
 * (a card is red while its alarm was active) and chosen process values as a chart
 * whose cursor follows the playhead.
 */
export function ReplayView() {
  const { t } = useTranslation(positioningNs);
  const lang = useLang();
  const roster = useRoster(lang);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(1, 'hour'), dayjs()]);
  const [tags, setTags] = useState<string[]>([]);
  const [tagOptions, setTagOptions] = useState<{ value: string; label: string }[]>([]);
  const [loading, setLoading] = useState(false);
  const [data, setData] = useState<Loaded | null>(null);
  const map = useRef<MapLibreMap | null>(null);

  const frames = useMemo(() => (data ? new ReplayFrames(data.replay.items, categoryFrom(roster)) : null), [data, roster]);
  const draw = useCallback(
    (time: number) => {
      const src = map.current?.getSource<GeoJSONSource>(SOURCE_ID);
      if (!src || !frames || !data) {
        return;
      }
      const alarmed = new Set(data.alarms.filter((a) => activeAt(a, time)).map(cardOfAlarm));
      void src.setData(frames.fill(time, alarmed));
    },
    [frames, data],
  );
  const player = usePlayback(data?.from ?? 0, data?.to ?? 0, draw);
  const handleLoad = useCallback(
    (m: MapLibreMap) => {
      map.current = m;
      m.on('styledata', () => draw(player.timeRef.current));
      draw(player.timeRef.current);
    },
    [draw, player.timeRef],
  );

  const handleTagSearch = useCallback((keyword: string) => {
    api(tagList, { keyword, page: 1, pageSize: 20 }, { silent: true }).then(
      (r) => setTagOptions(r.items.map((i) => ({ value: i.id, label: `${pick(lang, i.name, i.name_en)} (${i.id})` }))),
      () => undefined,
    );
  }, [lang]);

  const handleLoadWindow = useCallback(async () => {
    const from = range[0].valueOf();
    const to = range[1].valueOf();
    setLoading(true);
    try {
      const [replay, alarms, trend] = await Promise.all([
        api(replayCall, { from, to, stepMs: STEP_MS }),
        api(alarmHistoryList, { from, to, pageIndex: 1, pageSize: 500 }, { silent: true }).then(
          (r) => r.list,
          () => [] as AlarmItem[],
        ),
        tags.length ? api(history, { tags, from, to, points: 300 }, { silent: true }).catch(() => null) : Promise.resolve(null),
      ]);
      const names = new Map(tagOptions.map((o) => [o.value, o.label]));
      // The timeline starts at the first fix of the window (nothing to see before it).
      const first = Math.min(to, ...replay.items.map((i) => i.t[0] ?? to));
      setData({
        from: replay.items.length ? Math.max(from, first) : from,
        to,
        replay,
        alarms,
        bucketMs: trend?.bucketMs ?? 1000,
        series: (trend?.items ?? []).map((i) => ({ id: i.tag, name: names.get(i.tag) ?? i.tag, unit: '', points: i.buckets })),
      });
    } finally {
      setLoading(false);
    }
  }, [range, tags, tagOptions]);

  const marks = useMemo(() => {
    const out: Record<number, { label: React.ReactNode; style?: React.CSSProperties }> = {};
    for (const a of data?.alarms ?? []) {
      if (a.activatedAt >= (data?.from ?? 0) && a.activatedAt <= (data?.to ?? 0)) {
        out[a.activatedAt] = {
          label: (
            <Tooltip title={`${formatDate(a.activatedAt, 'HH:mm:ss')} ${pick(lang, a.sourceName, a.sourceNameEn)} ${a.type}`}>
              <span className={`pos-tick pos-tick-p${a.priority}`} />
            </Tooltip>
          ),
        };
      }
    }
    return out;
  }, [data, lang]);

  const visible = data && frames ? frames.fill(player.time, new Set()).features.length : 0;

  return (
    <Card size="small" title={t('replay')}>
      <div className="pos-track">
        <Space wrap>
          <DatePicker.RangePicker
            showTime
            value={range}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            disabledDate={(d) => d.isAfter(dayjs().add(1, 'day'))}
            presets={[
              { label: '15 min', value: () => [dayjs().subtract(15, 'minute'), dayjs()] },
              { label: '1h', value: () => [dayjs().subtract(1, 'hour'), dayjs()] },
              { label: '4h', value: () => [dayjs().subtract(4, 'hour'), dayjs()] },
            ]}
          />
          <Select
            mode="multiple"
            showSearch
            filterOption={false}
            onSearch={handleTagSearch}
            onFocus={() => handleTagSearch('')}
            value={tags}
            onChange={(v: string[]) => setTags(v.slice(0, MAX_TAGS))}
            options={tagOptions}
            placeholder={t('pickTags')}
            style={{ minWidth: 240 }}
            maxTagCount="responsive"
          />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            loading={loading}
            disabled={range[1].valueOf() - range[0].valueOf() > REPLAY_MAX_RANGE_MS}
            onClick={() => void handleLoadWindow()}
            data-testid="replay-load"
          >
            {t('query')}
          </Button>
          {data && (
            <Typography.Text type="secondary" data-testid="replay-count">
              {t('replayCount', { n: data.replay.items.length, a: data.alarms.length })}
            </Typography.Text>
          )}
        </Space>
        <div className="pos-track-map">
          <PlantMap language={lang} onLoad={handleLoad}>
            <MarkerLayers sourceId={SOURCE_ID} />
          </PlantMap>
        </div>
        {data && (
          <PlayerBar player={player} min={data.from} max={data.to} marks={marks} testIdPrefix="replay">
            <Typography.Text data-testid="replay-time">
              {formatDate(player.time, 'MM-DD HH:mm:ss')} · {t('onMap', { n: visible })}
            </Typography.Text>
          </PlayerBar>
        )}
        {data && data.series.length > 0 && (
          <TrendChart series={data.series} bucketMs={data.bucketMs} from={data.from} to={data.to} height={200} band={false} cursor={player.time} />
        )}
      </div>
    </Card>
  );
}
