import { Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from './stream-client';
import { streamNs } from './stream-i18n';
import { useConnection } from './use-connection';
import './stream.css';

/** "12 s ago" / "3 min ago" / "2 h ago". */
export function formatAge(ms: number, t: TFunction): string {
  const s = Math.floor(ms / 1000);
  if (s < 60) {
    return t('age.seconds', { ns: streamNs, n: s });
  }
  if (s < 3600) {
    return t('age.minutes', { ns: streamNs, n: Math.floor(s / 60) });
  }
  return t('age.hours', { ns: streamNs, n: Math.floor(s / 3600) });
}

const dotClass: Record<ConnectionState, string> = {
  live: 'pw-live-dot-live',
  reconnecting: 'pw-live-dot-reconnecting',
  offline: 'pw-live-dot-offline',
};

/**
 * Coloured dot, state (实时 / 重连中 / 离线) and the age of the newest value.
 * `compact` leaves out the age (page headers); the navbar shows it.
 */
export function ConnectionIndicator({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(streamNs);
  const { state, ageMs } = useConnection();
  const age = ageMs === null ? null : formatAge(ageMs, t);
  return (
    <Tooltip title={`${t(`tip.${state}`)}${age ? ` · ${t('tip.newest', { age })}` : ''}`}>
      <span
        className={`pw-live ${compact ? 'pw-live-compact' : ''}`}
        data-testid="connection-indicator"
        data-state={state}
        data-age-ms={ageMs ?? ''}
        role="status"
        aria-live="polite"
      >
        <span className={`pw-live-dot ${dotClass[state]}`} aria-hidden />
        <span className="pw-live-label">{t(`state.${state}`)}</span>
        {/* The age keeps its slot even when empty, so the navbar does not shift as values come and go. */}
        {!compact && <span className="pw-live-age">{age ?? ''}</span>}
      </span>
    </Tooltip>
  );
}
