import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { renderMessage } from '../../../shared/messages/catalog';
import { formatDate } from '../../../shared/time';
import { useLang } from '../../app/i18n';
import { ConnectionIndicator } from '../../stream/connection-indicator';
import { priorityColors } from '../../ui/alarm-priority';
import { DashboardDataProvider, useDashboardAlarms } from './dashboard-data';
import './dashboards.css';

/** The width the wall's screens are designed at: 1 em = 16 px there. */
const DESIGN_WIDTH = 1920;
/** Below this width a screen is a phone's: one column that scrolls instead of a fixed wall. */
export const NARROW_WIDTH = 800;

/** The window's size, followed on resize (a wall screen laid out at its real resolution). */
export function useWindowSize() {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const handle = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', handle);
    return () => window.removeEventListener('resize', handle);
  }, []);
  return size;
}

/**
 * The text size of a wall screen: 16 px at 1920 px wide, in proportion to the
 * width (32 px on a 3840 px wall), never below the minimum text height
 * (`?minText=` in px, default 12; issue 22 §4 "minimum text height a setting").
 */
export function useWallFontSize(width: number): number {
  const [params] = useSearchParams();
  const asked = Number(params.get('minText'));
  const min = Number.isFinite(asked) && asked > 0 ? Math.min(64, Math.max(8, asked)) : 12;
  return Math.max(min, (16 * width) / DESIGN_WIDTH);
}

function Clock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return <span className="pw-wall-clock">{formatDate(now, 'YYYY-MM-DD HH:mm:ss')}</span>;
}

/**
 * The alarm banner: open alarms by priority (topic `alarm` over the list
 * call, in the viewer's regions), a priority with unacknowledged ones blinking.
 */
export function AlarmBanner() {
  const lang = useLang();
  const alarms = useDashboardAlarms(undefined);
  return (
    <span className="pw-wall-banner" data-testid="alarm-banner" data-open={alarms.length}>
      {[1, 2, 3, 4].map((p) => {
        const mine = alarms.filter((a) => a.priority === p);
        return (
          <span key={p} className={mine.some((a) => !a.acked) ? 'pw-wall-prio unacked' : 'pw-wall-prio'} style={{ background: mine.length ? priorityColors[p] : undefined }} data-testid={`alarm-banner-${p}`}>
            {renderMessage(lang, `dashboards.priority.${p}`)} <b>{mine.length}</b>
          </span>
        );
      })}
    </span>
  );
}

/**
 * A wall screen without the shell (issue 22 §4): the whole window, text in
 * proportion to the screen's width, a title bar with the alarm banner, the
 * connection indicator (the stream reconnects and resyncs by itself) and the
 * clock. The screen's widgets share one subscription to the alarms and head
 * counts. Below 800 px it is one scrolling column.
 */
export function WallScreen({ title, testId, children }: { title: string; testId: string; children: (size: { width: number; height: number; narrow: boolean; fontSize: number }) => ReactNode }) {
  const { width, height } = useWindowSize();
  const fontSize = useWallFontSize(width);
  const narrow = width < NARROW_WIDTH;
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
  return (
    <DashboardDataProvider>
      <div className={narrow ? 'pw-wall narrow' : 'pw-wall'} style={{ fontSize }} data-testid={testId}>
        <header className="pw-wall-head">
          <h1>{title}</h1>
          <AlarmBanner />
          <span className="pw-wall-status">
            <Clock />
            <ConnectionIndicator compact />
          </span>
        </header>
        <main className="pw-wall-main">{children({ width, height, narrow, fontSize })}</main>
      </div>
    </DashboardDataProvider>
  );
}
