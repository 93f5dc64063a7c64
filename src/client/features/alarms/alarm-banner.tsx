import { AlertOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AlarmItem } from '../../../shared/alarms/contracts';
import { useSession } from '../../app/session-store';
import { useAlarmFeed, useAlarmStore } from './alarm-store';
import { playAlarmTone, prepareAlarmTone } from './alarm-sound';
import { useLang } from '../../app/i18n';
import { alarmsNs, sourceNameOf } from './locales';
import { priorityColors } from '../../ui/alarm-priority';
import './alarms.css';

export const REAL_TIME_ALARM_PAGE = '/alarmData/realTimeAlarm';
const TITLE_FLASH_MS = 1000;

/**
 * The alarm banner in the navbar of every page: unacknowledged alarms by
 * priority, the newest in the tooltip, a click to the live list. It sounds
 * for a newly annunciated high-priority alarm (unless muted) and makes the
 * tab title flash while one is unacknowledged. Only for users who may read
 * alarms.
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

  // Sound for each newly annunciated high-priority alarm, in a task of its own (not the one that renders the lists).
  useEffect(() => prepareAlarmTone(), []);
  const lastChime = useRef(chime);
  useEffect(() => {
    if (chime !== lastChime.current) {
      lastChime.current = chime;
      if (!muted) {
        const timer = window.setTimeout(playAlarmTone, 0);
        return () => clearTimeout(timer);
      }
    }
    return undefined;
  }, [chime, muted]);

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

  const tip = newest ? `${t('banner.unacked')}: ${total} · ${t('banner.newest', { text: `${sourceNameOf(newest, lang)} ${t(`type.${newest.type}`)}` })}` : t('banner.none');
  return (
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
  );
}
