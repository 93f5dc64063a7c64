import { Button } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AlarmItem } from '../../../shared/alarms/contracts';
import { dashboardGet, type DashboardItem } from '../../../shared/dashboards/contracts';
import { homeMine } from '../../../shared/dashboards/wall-contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { formatDate } from '../../../shared/time';
import { api } from '../../app/api';
import { pick, useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { ConnectionIndicator } from '../../stream/connection-indicator';
import { useTopic } from '../../stream/use-topic';
import { useRegions } from '../../ui/region-options';
import { useLoad } from '../../ui/use-load';
import { DashboardGrid } from './dashboard-grid';
import { DEFAULT_DASHBOARD, DEFAULT_DWELL_S } from './key-data-show-page';
import { useWallFontSize, useWindowSize } from './wall-screen';

/** The alarm's area on the plant map (MapLibre loads only when an alarm interrupts). */
const WallMap = lazy(() => import('./visual-display-page').then((m) => ({ default: m.WallMap })));

/** An urgent alarm holds the screen at most this long when nobody acknowledges it, then the playlist resumes. */
const INTERRUPT_MAX_S = 120;
const clampDwell = (s: number) => (Number.isFinite(s) ? Math.min(3600, Math.max(5, s)) : DEFAULT_DWELL_S);

/**
 * A new urgent (priority 1) alarm raised while the screen is open, until it is
 * acknowledged or closed, the screen has shown it `INTERRUPT_MAX_S`, or
 * someone resumes. Alarms older than the screen never interrupt.
 */
function useUrgentInterrupt() {
  const canRead = useSession((s) => s.user?.permissions.includes('realtime:read') ?? false);
  const openedAt = useRef(Date.now());
  const [alarm, setAlarm] = useState<AlarmItem | null>(null);
  const dismissed = useRef(new Set<number>());
  useTopic(canRead ? 'alarm' : null, (items) => {
    for (const a of items) {
      const over = a.acked || a.closedAt !== null || !a.active;
      if (over) {
        setAlarm((cur) => (cur?.id === a.id ? null : cur));
      } else if (a.priority === 1 && a.activatedAt >= openedAt.current - 1000 && !dismissed.current.has(a.id)) {
        setAlarm(a);
      }
    }
  });
  const resume = useCallback(() => {
    setAlarm((cur) => {
      if (cur) {
        dismissed.current.add(cur.id);
      }
      return null;
    });
  }, []);
  useEffect(() => {
    if (!alarm) {
      return undefined;
    }
    const timer = window.setTimeout(resume, INTERRUPT_MAX_S * 1000);
    return () => window.clearTimeout(timer);
  }, [alarm, resume]);
  return { alarm, resume };
}

/**
 * The kiosk (issue 22 §4): `/visualDisplay`, `/deviceChart`, `/keyData`
 * without the shell, the whole window. `?dashboard=<key>` shows one;
 * `?playlist=a,b,c&dwell=30&start=1` rotates them (the link is the playlist:
 * share it, give each screen its start). A new urgent alarm interrupts the
 * rotation and shows its area until acknowledged or for two minutes.
 */
export function KioskPage({ dashboard }: { dashboard?: string } = {}) {
  const lang = useLang();
  const [params] = useSearchParams();
  const { width, height } = useWindowSize();
  const keys = useMemo(() => {
    const list = (params.get('playlist') ?? '').split(',').map((k) => k.trim()).filter(Boolean);
    return list.length ? list : [dashboard ?? params.get('dashboard') ?? DEFAULT_DASHBOARD];
  }, [params, dashboard]);
  const dwell = clampDwell(Number(params.get('dwell') ?? DEFAULT_DWELL_S));
  const [index, setIndex] = useState(() => Math.max(0, Number(params.get('start') ?? 0) || 0) % keys.length);
  const [defs, setDefs] = useState<Record<string, DashboardItem>>({});
  const { alarm, resume } = useUrgentInterrupt();
  const { nameOf } = useRegions();

  useEffect(() => {
    let stopped = false;
    void Promise.all(keys.map((key) => api(dashboardGet, { key }, { silent: true }).catch(() => null))).then((items) => {
      if (!stopped) {
        setDefs(Object.fromEntries(items.filter((d): d is DashboardItem => d !== null).map((d) => [d.key, d])));
      }
    });
    return () => {
      stopped = true;
    };
  }, [keys]);

  useEffect(() => {
    if (keys.length < 2 || alarm) {
      return undefined;
    }
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % keys.length), dwell * 1000);
    return () => window.clearTimeout(timer);
  }, [keys.length, dwell, index, alarm]);

  const current = defs[keys[index % keys.length]];
  const fontSize = useWallFontSize(width);
  return (
    <div className="pw-kiosk" style={{ fontSize }} data-testid="kiosk" data-index={index} data-key={current?.key ?? ''}>
      <div className="pw-kiosk-bar">
        {keys.length > 1 && (
          <span data-testid="kiosk-position">
            {index + 1}/{keys.length}
          </span>
        )}
        <ConnectionIndicator compact />
      </div>
      {current && <DashboardGrid key={current.key} def={current.definition} width={width} height={height} />}
      {alarm && (
        <div className="pw-kiosk-interrupt" data-testid="kiosk-interrupt" role="alert">
          <h1>{renderMessage(lang, 'dashboards.urgentAlarm')}</h1>
          <div data-testid="kiosk-interrupt-source">{pick(lang, alarm.sourceName, alarm.sourceNameEn)}</div>
          {alarm.regionid !== null && <div>{nameOf.get(alarm.regionid) ?? renderMessage(lang, 'dashboards.region', { id: alarm.regionid })}</div>}
          <div>{formatDate(alarm.activatedAt, 'HH:mm:ss')}</div>
          {alarm.regionid !== null && (
            <div className="pw-kiosk-area" aria-label={renderMessage(lang, 'dashboards.urgentArea')}>
              <Suspense fallback={null}>
                <WallMap region={alarm.regionid} />
              </Suspense>
            </div>
          )}
          <Button size="large" onClick={resume} data-testid="kiosk-resume">
            {renderMessage(lang, 'dashboards.resume')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The caller's home dashboard key (first role with one, else the default); null while asking. */
export function useHomeKey(): string | null {
  const load = useCallback((signal: AbortSignal) => api(homeMine, {}, { signal }), []);
  return useLoad(load).data?.key ?? null;
}

/** /homePageNew: the caller's home dashboard on the whole screen (kiosk, no shell). */
export function HomeKioskPage() {
  const key = useHomeKey();
  return key ? <KioskPage dashboard={key} /> : null;
}
