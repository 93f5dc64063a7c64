import type { Lang } from '../../../shared/messages/define.js';
import type { ZoneStay } from '../../../shared/permits/routes-contracts.js';
import type { PermitDetail } from '../../../shared/permits/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object.js';
import type { PositioningPort } from '../positioning/port.js';
import type { RecordsPort } from '../records/port.js';

/** Audit actions that end a permit's work on site. */
const ENDS = new Set(['permit.complete', 'permit.close']);

/**
 * Who was in a permit's work zone and when (issue 25 §7,
 * /SafetyWorkPermitNew/PersonnelLocationRecord): the stays of every tag within
 * the permit's radius from the start of the work to its completion (or now,
 * before the planned end), read through the positioning port, never its
 * tables, each tag named from the roster (the positioning objects ledger). The permit's own visibility (region isolation) decides who may ask.
 */
export function createZoneRecord(deps: {
  detail: (user: AuthUser, id: number, lang: Lang) => Promise<PermitDetail>;
  positioning: Pick<PositioningPort, 'zoneVisits'>;
  /** The roster (positioning objects): a tag's person or vehicle by name. */
  records: Pick<RecordsPort, 'allRecords'>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  return {
    async record(user: AuthUser, id: number, lang: Lang) {
      const d = await deps.detail(user, id, lang);
      const p = d.permit;
      const ended = d.events.find((e) => ENDS.has(e.action))?.at;
      const to = Math.min(ended ?? now(), p.end, now());
      const base = { id: p.id, number: p.number, radiusM: p.radiusM, to };
      if (p.startedAt === null || to <= p.startedAt) {
        return { ...base, from: null, items: [] as ZoneStay[] };
      }
      const visits = await deps.positioning.zoneVisits({ lng: p.lng, lat: p.lat, radiusM: p.radiusM, from: p.startedAt, to: to + 1 });
      const names = new Map<string, string>();
      if (visits.length > 0) {
        for (const o of await deps.records.allRecords(positioningObjectLedger)) {
          if (typeof o.card === 'string' && typeof o.name === 'string' && o.name) {
            names.set(o.card, o.name);
          }
        }
      }
      return {
        ...base,
        from: p.startedAt,
        items: visits.map((v) => ({ ...v, name: names.get(v.tagId) ?? null, guardian: p.guardianTag !== null && v.tagId === p.guardianTag })),
      };
    },
  };
}
