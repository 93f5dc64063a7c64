import { CaretRightOutlined, CloseOutlined, PauseOutlined } from '@ant-design/icons';
import { Button, Segmented, Slider, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { alarmHistoryList } from '../../../shared/alarms/contracts';
import type { AlarmItem } from '../../../shared/alarms/item';
import type { AlarmSet } from '../../../shared/domain/alarm-merge';
import { renderMessage } from '../../../shared/messages/catalog';
import { REPLAY_MAX_RANGE_MS, replayCall } from '../../../shared/positioning/contracts';
import { history, HISTORY_MAX_TAGS, type HistoryBucket } from '../../../shared/realtime/contracts';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import type { PlantSceneController } from './plant-scene';
import { alarmsAt, levelsAt, positionsAt, type ReplayData } from './replay-frame';

const HOURS = [1, 2, 4] as const;
/** One empty list for a signed-out moment (a new array per read would re-render forever). */
const NO_PERMISSIONS: readonly string[] = [];
/** Buckets asked per level tag over the window: one a minute at 4 h. */
const LEVEL_POINTS = 240;
/** Replay speed: the window passes in this long. */
const PLAY_MS = 30_000;

/** Loads what the history calls hold of the last `hours` for the scene's level tags, people and alarms. */
async function loadReplay(levelTags: readonly string[], open: AlarmSet, hours: number, perms: readonly string[]): Promise<ReplayData> {
  const to = Date.now();
  const from = to - Math.min(hours * 3600_000, REPLAY_MAX_RANGE_MS);
  const levels = new Map<string, HistoryBucket[]>();
  const mayRead = perms.includes('realtime:read');
  const chunks: string[][] = [];
  for (let i = 0; mayRead && i < levelTags.length; i += HISTORY_MAX_TAGS) {
    chunks.push(levelTags.slice(i, i + HISTORY_MAX_TAGS));
  }
  const stepMs = Math.min(60_000, Math.max(5000, Math.ceil((to - from) / 720 / 1000) * 1000));
  const [levelAnswers, tracks, alarmPages] = await Promise.all([
    Promise.all(chunks.map((tags) => api(history, { tags, from, to, points: LEVEL_POINTS }, { silent: true }))),
    perms.includes('positioning:read') ? api(replayCall, { from, to, stepMs }, { silent: true }).then((r) => r.items) : Promise.resolve([]),
    mayRead ? api(alarmHistoryList, { from, to, pageIndex: 1, pageSize: 500 }, { silent: true }).then((r) => r.list) : Promise.resolve([] as AlarmItem[]),
  ]);
  for (const a of levelAnswers) {
    for (const item of a.items) {
      levels.set(item.tag, item.buckets);
    }
  }
  // Alarms raised before the window and still open are in the open list, not the window's history.
  const byId = new Map<number, AlarmItem>(alarmPages.map((a) => [a.id, a]));
  for (const a of open.byId.values()) {
    if (!byId.has(a.id)) {
      byId.set(a.id, a);
    }
  }
  return { from, to, levels, tracks, alarms: [...byId.values()], maxFixAgeMs: Math.max(3 * stepMs, 60_000) };
}

/**
 * The time slider of the 3D view: replays the last hours of levels, people and alarms together
 * from the history calls, written into the scene as the live stream would (the page holds the
 * stream back meanwhile). Closing it hands the scene back to the live data.
 */
export function ReplayBar({ controller, open, onClose }: { controller: PlantSceneController; open: AlarmSet; onClose: () => void }) {
  const lang = useLang();
  const perms = useSession((s) => s.user?.permissions ?? NO_PERMISSIONS);
  const [hours, setHours] = useState<number>(1);
  const [data, setData] = useState<ReplayData | null>(null);
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    let gone = false;
    setData(null);
    setFailed(false);
    setPlaying(false);
    loadReplay(controller.levelTags(), openRef.current, hours, perms).then(
      (d) => {
        if (!gone) {
          setData(d);
          setAt(d.from);
        }
      },
      () => !gone && setFailed(true),
    );
    return () => {
      gone = true;
    };
  }, [controller, hours, perms]);

  // The moment shown: written straight into the scene (one frame).
  useEffect(() => {
    if (!data) {
      return;
    }
    controller.applyLevels(levelsAt(data, at));
    controller.setPositions(positionsAt(data, at));
    controller.applyAlarms(alarmsAt(data, at));
  }, [controller, data, at]);

  useEffect(() => {
    if (!playing || !data) {
      return undefined;
    }
    let last = performance.now();
    let raf = 0;
    const step = (now: number) => {
      const dt = ((now - last) / PLAY_MS) * (data.to - data.from);
      last = now;
      setAt((t) => {
        const next = Math.min(data.to, t + dt);
        if (next >= data.to) {
          setPlaying(false);
        }
        return next;
      });
      raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [playing, data]);

  return (
    <div
      data-testid="plant3d-replay"
      data-at={data ? String(Math.round(at)) : ''}
      style={{ position: 'absolute', left: 12, right: 12, top: 12, zIndex: 3, background: 'rgba(11,22,32,0.88)', border: '1px solid #22384d', borderRadius: 6, padding: '6px 12px' }}
    >
      <Space wrap size={8} style={{ width: '100%' }}>
        <Typography.Text style={{ color: '#d6e4f0' }}>{renderMessage(lang, 'plantModel.replay')}</Typography.Text>
        <Segmented size="small" value={hours} onChange={(v) => setHours(Number(v))} options={HOURS.map((h) => ({ value: h, label: renderMessage(lang, 'plantModel.lastHours', { n: h }) }))} />
        <Button size="small" type="primary" icon={playing ? <PauseOutlined /> : <CaretRightOutlined />} disabled={!data} onClick={() => setPlaying((p) => !p)} aria-label="play" data-testid="plant3d-replay-play" />
        <Typography.Text style={{ color: '#d6e4f0', fontVariantNumeric: 'tabular-nums' }} data-testid="plant3d-replay-time">
          {data ? formatDate(at, 'YYYY-MM-DD HH:mm:ss') : ''}
        </Typography.Text>
        <Button size="small" type="text" icon={<CloseOutlined style={{ color: '#d6e4f0' }} />} onClick={onClose} aria-label="close" data-testid="plant3d-replay-close" />
      </Space>
      {failed ? (
        <Typography.Text type="danger">{renderMessage(lang, 'plantModel.replayFailed')}</Typography.Text>
      ) : data ? (
        <Slider
          min={data.from}
          max={data.to}
          step={1000}
          value={at}
          onChange={(v: number) => {
            setPlaying(false);
            setAt(v);
          }}
          tooltip={{ formatter: (v) => (v === undefined ? '' : formatDate(v, 'HH:mm:ss')) }}
          // Visible on the scene's dark ground: a light rail, the played part in the accent colour.
          styles={{ rail: { background: '#3d566e' }, track: { background: '#36cfc9' } }}
          data-testid="plant3d-replay-slider"
        />
      ) : (
        <Spin size="small" />
      )}
    </div>
  );
}
