import type { CertificateExpiryItem } from '../../../shared/certificates/items.js';
import { certificateLedger } from '../../../shared/certificates/ledger.js';
import type { RecordItem } from '../../../shared/records/contracts.js';
import type { StreamBus } from '../../stream/bus.js';
import type { ChannelFeed, ChannelSource, TopicResolver } from '../../stream/channels.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';

const DAY_MS = 24 * 3600_000;

export interface ExpiryWatch {
  readonly channel: { source: ChannelSource<'certificate'>; resolver: TopicResolver<'certificatesExpiring'> };
  /** Reads the register again and publishes what changed. */
  refresh(): Promise<void>;
  stop(): void;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Certificates that expire within `windowDays` (or have expired): kept in
 * memory, re-read when the register changes (on any server of the store) and
 * once an hour as days pass, and published on topic `certificates.expiring`
 * to those who may see the holder's department.
 */
export function startExpiryWatch(deps: { bus: StreamBus; records: Pick<RecordsPort, 'allRecords'>; org: Pick<OrgPort, 'getUserScope'>; windowDays: number; now?: () => number }): ExpiryWatch {
  const now = deps.now ?? Date.now;
  let current = new Map<string, CertificateExpiryItem>();
  let feed: ChannelFeed<CertificateExpiryItem> | null = null;

  const itemOf = (r: RecordItem, t: number): CertificateExpiryItem | null => {
    const expiry = num(r.expiry);
    if (expiry === null || expiry - t > deps.windowDays * DAY_MS) {
      return null;
    }
    const daysLeft = Math.floor((expiry - t) / DAY_MS);
    return { id: r.id, holder: text(r.holder), kind: text(r.kind), number: text(r.number), expiry, daysLeft, deptid: num(r.dept), t };
  };

  async function refresh() {
    const t = now();
    const next = new Map<string, CertificateExpiryItem>();
    for (const r of await deps.records.allRecords(certificateLedger)) {
      const item = itemOf(r, t);
      if (item) {
        next.set(String(item.id), item);
      }
    }
    const changed = [...next.keys()].filter((k) => next.get(k)!.daysLeft !== current.get(k)?.daysLeft || next.get(k)!.expiry !== current.get(k)?.expiry);
    current = next;
    changed.forEach((k) => feed?.changed(k));
  }

  const sub = deps.bus.onAnyServer('record.changed').subscribe((e) => {
    if (e.entity === certificateLedger.entity) {
      void refresh().catch(() => undefined);
    }
  });
  const timer = setInterval(() => void refresh().catch(() => undefined), 3600_000);

  return {
    channel: {
      source: {
        channel: 'certificate',
        current: (key) => current.get(key),
        keys: () => current.keys(),
        regionOf: () => null,
        // The filter is the subscriber's department scope: '' for every department, else their ids.
        matches: (filter, _key, item) => filter === '' || (item.deptid !== null && filter.split(',').includes(String(item.deptid))),
        start(f) {
          feed = f;
          return () => {
            feed = null;
          };
        },
      },
      resolver: {
        kind: 'certificatesExpiring',
        async resolve(_arg, who) {
          const scope = await deps.org.getUserScope(who.user.userid);
          return { filter: scope.all ? '' : [...scope.deptids].sort((a, b) => a - b).join(',') };
        },
      },
    },
    refresh,
    stop() {
      sub.unsubscribe();
      clearInterval(timer);
    },
  };
}
