import { useCallback, useMemo, useState } from 'react';
import { renderMessage } from '../../../shared/messages/catalog';
import { permitMapShow } from '../../../shared/permits/contracts';
import type { PermitItem } from '../../../shared/permits/items';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { useTopic } from '../../stream/use-topic';
import { useLoad } from '../../ui/use-load';
import './dashboards.css';

/** Statuses of a permit in effect (the map call's, and what the live topic keeps). */
const IN_EFFECT = new Set(['active', 'suspended']);

/**
 * The permits in effect in the viewer's regions: the map call as the truth on
 * open, then each change on `permits.live` (a permit that starts, is
 * suspended, resumes or ends) applied as it comes.
 */
export function useLivePermits(): PermitItem[] {
  const canRead = useSession((s) => s.user?.permissions.includes('permit:view') ?? false);
  const [live, setLive] = useState<ReadonlyMap<number, PermitItem>>(new Map());
  useLoad(
    useCallback(
      async (signal: AbortSignal) => {
        if (!canRead) {
          return null;
        }
        const r = await api(permitMapShow, {}, { signal, silent: true });
        setLive(new Map(r.items.map((p) => [p.id, p])));
        return r;
      },
      [canRead],
    ),
  );
  useTopic(canRead ? 'permits.live' : null, (items) =>
    setLive((prev) => {
      const next = new Map(prev);
      for (const i of items) {
        if (IN_EFFECT.has(i.status)) {
          next.set(i.id, i);
        } else {
          next.delete(i.id);
        }
      }
      return next;
    }),
  );
  return useMemo(() => [...live.values()].sort((a, b) => a.start - b.start), [live]);
}

/** Counts by type and grade, and the list with place and status: the live permits widget and page. */
export function PermitsLive({ limit = 50 }: { limit?: number }) {
  const lang = useLang();
  const permits = useLivePermits();
  const count = (keyOf: (p: PermitItem) => string) => {
    const m = new Map<string, number>();
    for (const p of permits) {
      m.set(keyOf(p), (m.get(keyOf(p)) ?? 0) + 1);
    }
    return [...m.entries()].sort((a, b) => b[1] - a[1]);
  };
  const byType = count((p) => p.type);
  const byGrade = count((p) => p.effectiveGrade ?? p.grade ?? '');
  return (
    <div className="pw-permits-live" data-testid="permits-live" data-count={permits.length}>
      <div className="pw-permits-counts">
        <div>
          {renderMessage(lang, 'dashboards.permits.total')}
          <b data-testid="permits-live-total">{permits.length}</b>
        </div>
        {byType.map(([t, n]) => (
          <div key={`t-${t}`}>
            {renderMessage(lang, `permits.type.${t}`)}
            <b>{n}</b>
          </div>
        ))}
        {byGrade.map(([g, n]) => (
          <div key={`g-${g}`}>
            {g ? renderMessage(lang, `permits.grade.${g}`) : renderMessage(lang, 'dashboards.permits.noGrade')}
            <b>{n}</b>
          </div>
        ))}
      </div>
      {permits.length === 0 ? (
        <div className="pw-dash-empty">{renderMessage(lang, 'dashboards.permits.none')}</div>
      ) : (
        <ul className="pw-permits-list">
          {permits.slice(0, limit).map((p) => (
            <li key={p.id} data-status={p.status}>
              <span>{p.number}</span>
              <span>{renderMessage(lang, `permits.type.${p.type}`)}</span>
              <span>{p.location}</span>
              <span style={{ color: p.status === 'suspended' ? '#faad14' : '#36cfc9' }}>{renderMessage(lang, `permits.status.${p.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /Permition/PermitionLive: the permits in effect, live. */
export function PermitsLivePage() {
  return (
    <div className="pw-permits-page">
      <PermitsLive limit={500} />
    </div>
  );
}
