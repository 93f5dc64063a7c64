import { useMemo } from 'react';
import type { DashboardWidget } from '../../../shared/dashboards/definition';
import type { RiskLevel } from '../../../shared/domain/risk-evaluation';
import { renderMessage } from '../../../shared/messages/catalog';
import { figures } from '../../../shared/modules';
import { pick, useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { priorityColors } from '../../ui/alarm-priority';
import { inkOn, levelHex, levelName } from '../../ui/risk-level';
import { useRiskZones } from '../../ui/use-risk-zones';
import { useDashboardAlarms, useSiteTotal } from './dashboard-data';
import { useLivePermits } from './permits-live';
import { useFigures } from './use-figures';
import { WallScreen } from './wall-screen';
import { WidgetView } from './widgets';

const LEVELS: RiskLevel[] = [1, 2, 3, 4];

/** The alarm list and head-count panels are the dashboards' own widgets. */
const LATEST_ALARMS: DashboardWidget = { id: 'key-alarms', type: 'alarmList', x: 0, y: 0, w: 1, h: 1, binding: { kind: 'alarms' }, options: { limit: 12 } };
const AREAS: DashboardWidget = { id: 'key-areas', type: 'areaCount', x: 0, y: 0, w: 1, h: 1, binding: { kind: 'areaCount' }, options: {} };

function Tile({ label, value, testId, colour, ink, sub }: { label: string; value: number | string; testId: string; colour?: string; ink?: string; sub?: string }) {
  return (
    <div className="pw-key-tile" style={colour ? { background: colour, color: ink } : undefined} data-testid={testId}>
      <span className="pw-key-label">{label}</span>
      <b className="pw-key-value" data-testid={`${testId}-value`}>
        {value}
      </b>
      {sub && <span className="pw-key-sub">{sub}</span>}
    </div>
  );
}

function AlarmTiles() {
  const lang = useLang();
  const alarms = useDashboardAlarms(undefined);
  const unacked = alarms.filter((a) => !a.acked).length;
  return (
    <>
      <Tile label={renderMessage(lang, 'dashboards.stat.openAlarms')} value={alarms.length} testId="key-open-alarms" sub={`${renderMessage(lang, 'dashboards.key.unacked')} ${unacked}`} />
      {[1, 2, 3, 4].map((p) => {
        const n = alarms.filter((a) => a.priority === p).length;
        return <Tile key={p} label={renderMessage(lang, `dashboards.priority.${p}`)} value={n} testId={`key-priority-${p}`} colour={n ? priorityColors[p] : undefined} ink="#fff" />;
      })}
    </>
  );
}

function PeopleTiles() {
  const lang = useLang();
  return (
    <>
      <Tile label={renderMessage(lang, 'dashboards.stat.people')} value={useSiteTotal('people')} testId="key-people" />
      <Tile label={renderMessage(lang, 'dashboards.key.vehicles')} value={useSiteTotal('vehicles')} testId="key-vehicles" />
    </>
  );
}

function PermitTile() {
  const lang = useLang();
  const permits = useLivePermits();
  const suspended = permits.filter((p) => p.status === 'suspended').length;
  return (
    <Tile
      label={renderMessage(lang, 'dashboards.permits.total')}
      value={permits.length}
      testId="key-permits"
      sub={`${renderMessage(lang, 'dashboards.permits.suspended')} ${suspended}`}
    />
  );
}

function RiskTiles() {
  const lang = useLang();
  const { zones } = useRiskZones(true);
  return (
    <section className="pw-wall-panel pw-key-section" data-testid="key-risk">
      <h2>{renderMessage(lang, 'dashboards.key.riskZones')}</h2>
      <div className="pw-key-tiles">
        {LEVELS.map((l) => (
          <Tile key={l} label={levelName(lang, l)} value={[...zones.values()].filter((z) => z.live === l).length} testId={`key-risk-${l}`} colour={levelHex(l)} ink={inkOn(l)} />
        ))}
      </div>
    </section>
  );
}

function FigureTiles({ keys }: { keys: readonly string[] }) {
  const lang = useLang();
  const values = useFigures(keys);
  return (
    <section className="pw-wall-panel pw-key-section" data-testid="key-figures">
      <h2>{renderMessage(lang, 'dashboards.key.figures')}</h2>
      <div className="pw-key-tiles">
        {keys.map((k) => {
          const v = values?.[k];
          return <Tile key={k} label={pick(lang, figures[k].label.zh, figures[k].label.en)} value={v === undefined || v === null ? '--' : `${v}${figures[k].unit ?? ''}`} testId={`key-figure-${k}`} />;
        })}
      </div>
    </section>
  );
}

/**
 * /keyData: the safety centre's key figures on one screen, each from its
 * live source: open alarms by priority and unacknowledged (topic `alarm`
 * over the list call), people and vehicles on site and per area (topic
 * `area.count`), permits in effect (topic `permits.live`), zones by live
 * risk level (topic `risk`), and the figures modules declare (read on their
 * refresh period: they have no topic). A viewer sees only the parts their
 * permissions allow, and each topic sends only their regions.
 */
export function KeyDataPage() {
  const lang = useLang();
  const perms = useSession((s) => s.user?.permissions);
  const can = (p: string) => perms?.includes(p) ?? false;
  const figureKeys = useMemo(() => Object.keys(figures).filter((k) => perms?.includes(figures[k].permission)), [perms]);
  const alarms = can('realtime:read');
  const people = can('positioning:read');
  return (
    <WallScreen title={renderMessage(lang, 'dashboards.screen.keyData')} testId="key-data">
      {() => (
        <div className="pw-key">
          <div className="pw-key-tiles pw-key-top">
            {alarms && <AlarmTiles />}
            {people && <PeopleTiles />}
            {can('permit:view') && <PermitTile />}
          </div>
          {can('risk:view') && <RiskTiles />}
          {figureKeys.length > 0 && <FigureTiles keys={figureKeys} />}
          <div className="pw-key-lists">
            {alarms && (
              <div className="pw-key-list">
                <WidgetView w={{ ...LATEST_ALARMS, title: { zh: renderMessage('zh', 'dashboards.key.latestAlarms'), en: renderMessage('en', 'dashboards.key.latestAlarms') } }} />
              </div>
            )}
            {people && (
              <div className="pw-key-list">
                <WidgetView w={{ ...AREAS, title: { zh: renderMessage('zh', 'dashboards.key.regions'), en: renderMessage('en', 'dashboards.key.regions') } }} />
              </div>
            )}
          </div>
          {!alarms && !people && figureKeys.length === 0 && (
            <div className="pw-wall-empty" data-testid="wall-empty">
              {renderMessage(lang, 'dashboards.screen.noPermission')}
            </div>
          )}
        </div>
      )}
    </WallScreen>
  );
}
