import { useCallback } from 'react';
import { dataIsolationDept } from '../../../shared/org/contracts';
import { recordContracts } from '../../../shared/records/contracts';
import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object';
import { api } from '../../app/api';
import { pick, type Lang } from '../../app/i18n';
import { useLoad } from '../../ui/use-load';
import { CATEGORY_INDEX, type MarkerCategory } from './marker-buffer';

/** Who carries a card: from the positioning objects ledger (`/SystesmManeges`). */
export interface RosterEntry {
  card: string;
  name: string;
  category: MarkerCategory;
  deptid: number | null;
  dept: string;
  plate: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

const calls = recordContracts(positioningObjectLedger);
const PAGE = 1000;
/** More cards than a plant has; a runaway loop stops here. */
const MAX_PAGES = 100;

/** Every positioning object the caller may see (the ledger's department isolation applies), by card. */
async function loadRoster(signal: AbortSignal, lang: Lang): Promise<Map<string, RosterEntry>> {
  const depts = await api(dataIsolationDept, {}, { signal, silent: true }).catch(() => []);
  const deptName = new Map(depts.map((d) => [d.deptid, pick(lang, d.deptname, d.deptname_en)]));
  const out = new Map<string, RosterEntry>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await api(calls.list, { page, pageSize: PAGE, filters: {}, keyword: '' }, { signal, silent: true });
    for (const item of r.items) {
      const card = text(item.card);
      const kind = item.kind === 'vehicle' ? 'vehicle' : 'person';
      const personType = text(item.personType);
      const category: MarkerCategory =
        kind === 'vehicle' ? 'vehicle' : personType === 'staff' || personType === 'contractor' || personType === 'visitor' ? personType : 'unknown';
      const deptid = typeof item.dept === 'number' ? item.dept : null;
      out.set(card, {
        card,
        name: text(item.name) || item.title,
        category,
        deptid,
        dept: deptid === null ? '' : (deptName.get(deptid) ?? ''),
        plate: text(item.plate),
      });
    }
    if (page * PAGE >= r.total) {
      break;
    }
  }
  return out;
}

/** The roster of cards, loaded once per page; empty while loading or when the caller may not read it. */
export function useRoster(lang: Lang): ReadonlyMap<string, RosterEntry> {
  const load = useCallback((signal: AbortSignal) => loadRoster(signal, lang).catch(() => new Map<string, RosterEntry>()), [lang]);
  return useLoad(load).data ?? EMPTY;
}
const EMPTY: ReadonlyMap<string, RosterEntry> = new Map();

/** A card's category index for the map, from the roster (a card nobody registered: unknown person, or vehicle). */
export function categoryFrom(roster: ReadonlyMap<string, RosterEntry>) {
  return (id: string, kind: 0 | 1): number => {
    const e = roster.get(id);
    return CATEGORY_INDEX[e ? e.category : kind === 1 ? 'vehicle' : 'unknown'];
  };
}
