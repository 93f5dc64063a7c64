import { AlertOutlined, AudioMutedOutlined, MutedOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AlarmItem } from '../../../shared/alarms/contracts';
import { useSession } from '../../app/session-store';
import { useAlarmFeed, useAlarmStore } from './alarm-store';
import { enableSound, playAlarmTone, prepareAlarmTone, useSoundBlocked } from './alarm-sound';
import { useLang } from '../../app/i18n';
import { alarmsNs, sourceNameOf } from './locales';
import { priorityColors } from '../../ui/alarm-priority';
import './alarms.css';

export const REAL_TIME_ALARM_PAGE = '/alarmData/realTimeAlarm';
const TITLE_FLASH_MS = 1000;

/**
 * The alarm banner in the navbar of every page: unacknowledged alarms by
 * priority, the newest in the tooltip, a click to the live list. While an
 * unacknowledged 紧急 or 高 alarm exists the tone repeats (every
 * `toneIntervalS`, 10 s by default, kept per browser) until it is
 * acknowledged or the user silences it (a new one sounds again), unless sound
 * is muted; the tab title flashes meanwhile. Before the user's first click
 * the browser blocks sound: the banner says so, with a button to enable it.
 * Only for users who may read alarms.
 */
export function AlarmBanner() {
  const canRead = useSession((s) => s.user?.permissions.includes('realtime:read') ?? false);
  return canRead ? <Banner /> : null;
}

function Banner() {
  const { t } = useTranslation(alarmsNs);
  const lang = useLang();
  const navigate = useNavigate();
  useAlarmFeed();
  const byId = useAlarmStore((s) => s.byId);
  const chime = useAlarmStore((s) => s.chime);
  const muted = useAlarmStore((s) => s.muted);
  const silenced = useAlarmStore((s) => s.silenced);
  const silence = useAlarmStore((s) => s.silence);
  const toneIntervalS = useAlarmStore((s) => s.toneIntervalS);
  const soundBlocked = useSoundBlocked();

  const { counts, total, newest, highUnacked } = useMemo(() => {
    const c = [0, 0, 0, 0];
    let n: AlarmItem | null = null;
    for (const a of byId.values()) {
      if (a.state === 'unack' || a.state === 'rtnUnack') {
        c[a.priority - 1]++;
        if (!n || a.activatedAt > n.activatedAt) {
          n = a;
        }
      }
    }
    return { counts: c, total: c.reduce((x, y) => x + y, 0), newest: n, highUnacked: c[0] + c[1] > 0 };
  }, [byId]);

  // The tone, at once and then every interval while a high-priority alarm waits for acknowledgement, each in a task of
  // its own (not the one that renders the lists). A new one (chime) or sound enabled starts it again at once.
  useEffect(() => prepareAlarmTone(), []);
  const repeating = highUnacked && !muted && !silenced;
  useEffect(() => {
    if (!repeating) {
      return undefined;
    }
    const first = window.setTimeout(playAlarmTone, 0);
    const timer = window.setInterval(playAlarmTone, toneIntervalS * 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [repeating, chime, toneIntervalS, soundBlocked]);

  // The tab title flashes while a high-priority alarm is unacknowledged.
  const flashPrefix = t('titleFlash');
  useEffect(() => {
    if (!highUnacked) {
      return undefined;
    }
    let on = false;
    const strip = () => (document.title.startsWith(flashPrefix) ? document.title.slice(flashPrefix.length) : document.title);
    const timer = window.setInterval(() => {
      on = !on;
      document.title = on ? flashPrefix + strip() : strip();
    }, TITLE_FLASH_MS);
    return () => {
      window.clearInterval(timer);
      document.title = strip();
    };
  }, [highUnacked, flashPrefix]);

  const blockedNotice = soundBlocked && !muted;
  const tip = newest ? `${t('banner.unacked')}: ${total} · ${t('banner.newest', { text: `${sourceNameOf(newest, lang)} ${t(`type.${newest.type}`)}` })}` : t('banner.none');
  return (
    <span className="pw-alarm-banner-group" data-tone={repeating ? 'repeating' : 'off'} data-testid="alarm-tone">
      {blockedNotice && (
        <Tooltip title={t('sound.blockedHint')}>
          <button type="button" className="pw-nav-btn pw-alarm-sound-blocked" data-testid="alarm-sound-blocked" onClick={() => void enableSound()}>
            <AudioMutedOutlined />
            <span className="pw-alarm-sound-text">{t('sound.enable')}</span>
          </button>
        </Tooltip>
      )}
      {repeating && !blockedNotice && (
        <Tooltip title={t('sound.silenceHint')}>
          <button type="button" className="pw-nav-btn" data-testid="alarm-silence" aria-label={t('sound.silence')} onClick={silence}>
            <MutedOutlined />
          </button>
        </Tooltip>
      )}
    <Tooltip title={tip}>
      <button
        type="button"
        className={`pw-nav-btn pw-alarm-banner ${highUnacked ? 'pw-alarm-banner-hot' : ''}`}
        data-testid="alarm-banner"
        aria-label={t('banner.title')}
        onClick={() => void navigate(REAL_TIME_ALARM_PAGE)}
      >
        <AlertOutlined />
        <span className="pw-alarm-counts">
          {total === 0 ? (
            <span className="pw-alarm-count pw-alarm-count-zero" data-testid="alarm-unack-count">
              0
            </span>
          ) : (
            counts.map((n, i) =>
              n > 0 ? (
                <span key={i} className="pw-alarm-count" style={{ background: priorityColors[i + 1] }} data-testid={`alarm-unack-p${i + 1}`}>
                  {n}
                </span>
              ) : null,
            )
          )}
        </span>
      </button>
    </Tooltip>
    </span>
  );
}
