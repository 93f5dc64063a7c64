import { hiddenDangerCause } from '../../../shared/domain/hidden-danger.js';
import { hiddenDangerLedger } from '../../../shared/hidden-dangers/ledger.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import type { RecordsPort } from '../records/port.js';
import type { RiskPort } from '../risk/port.js';
import { dangerHref, statusName } from './hidden-dangers.service.js';

export interface HiddenDangerRiskCauses {
  /** Reads the ledger and tells the risk module which 重大 dangers are open now: new ones start, changed ones move, closed, voided or deleted ones end. */
  sync(): Promise<void>;
}

const causeOf = (r: RecordItem) =>
  hiddenDangerCause({
    id: r.id,
    status: statusName(r.status),
    grade: r.grade === 'major' || r.grade === 'general' ? r.grade : null,
    regionid: r.regionid,
    category: typeof r.category === 'string' ? r.category : '',
    found: r.created,
  });

/**
 * Open 重大 hidden dangers as causes on the four-colour map (issue 24 §1,
 * DOMAIN.md §6 and §8). The risk module keeps no causes across a restart and
 * each server keeps its own, so every server syncs at start and whenever the
 * ledger changes on any server. Syncs run one at a time.
 */
export function createHiddenDangerRiskCauses(deps: {
  records: Pick<RecordsPort, 'allRecords'>;
  risk: Pick<RiskPort, 'report'>;
  now?: () => number;
}): HiddenDangerRiskCauses {
  const now = deps.now ?? Date.now;
  /** What this server last reported of each open cause (zone and attributes), so an unchanged one is not reported again. */
  const reported = new Map<string, string>();
  let chain: Promise<void> = Promise.resolve();

  async function run() {
    const open = new Set<string>();
    for (const r of await deps.records.allRecords(hiddenDangerLedger)) {
      const cause = causeOf(r);
      if (!cause) {
        continue;
      }
      open.add(cause.id);
      const title = typeof r.title === 'string' ? r.title : '';
      const key = JSON.stringify([cause.zone, cause.attrs, cause.start, title]);
      if (reported.get(cause.id) !== key) {
        deps.risk.report({ type: 'start', cause }, { label: `重大隐患：${title}`, labelEn: `Major hidden danger: ${title}`, href: dangerHref(r.id) });
        reported.set(cause.id, key);
      }
    }
    for (const id of [...reported.keys()]) {
      if (!open.has(id)) {
        deps.risk.report({ type: 'end', id, at: now() });
        reported.delete(id);
      }
    }
  }

  return {
    sync() {
      const next = chain.then(run);
      chain = next.catch(() => undefined);
      return next;
    },
  };
}
