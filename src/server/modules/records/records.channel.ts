import type { RecordChangeItem } from '../../../shared/records/contracts.js';
import type { StreamBus } from '../../stream/bus.js';
import type { ChannelSource, TopicResolver } from '../../stream/channels.js';
import type { DefinitionRegistry } from './definition-registry.js';
import { granted, type Scope } from './records.service.js';

/** Parsed dept filters kept at most this many (one per distinct department scope subscribed). */
const FILTER_CACHE_MAX = 1000;

/**
 * Record changes (topic `records/<Entity>`): every `record.changed` domain
 * event, one item per record and place (per place only, for an import), to
 * the users who may see that record.
 * The ledger's view grant is checked when subscribing; its region isolation is
 * the channel's (`regionOf`); its department isolation rides in the
 * subscription's filter (`<Entity>` or `<Entity>|<deptids>`), so sockets of one
 * department scope share a room and no item leaves its department.
 */
export function recordsChannel(deps: { bus: StreamBus; definitions: DefinitionRegistry; scopeOf(userid: number): Promise<Scope> }): {
  source: ChannelSource<'record'>;
  resolver: TopicResolver<'records'>;
} {
  const parsed = new Map<string, { entity: string; depts: ReadonlySet<number> | null }>();
  function filterOf(filter: string) {
    let f = parsed.get(filter);
    if (!f) {
      const [entity, depts] = filter.split('|');
      f = { entity, depts: depts === undefined ? null : new Set(depts ? depts.split(',').map(Number) : []) };
      if (parsed.size >= FILTER_CACHE_MAX) {
        parsed.clear();
      }
      parsed.set(filter, f);
    }
    return f;
  }

  return {
    source: {
      channel: 'record',
      regionOf(_key, item) {
        // A record with no region in a ledger isolated by region is seen only by those who see every region (0).
        return deps.definitions.get(item.entity)?.isolation.region ? (item.regionid ?? 0) : null;
      },
      matches(filter, _key, item) {
        const f = filterOf(filter);
        return f.entity === item.entity && (f.depts === null || (item.deptid !== null && f.depts.has(item.deptid)));
      },
      start(feed) {
        // Changes made on any server of the store: a browser here sees a record saved on another.
        const sub = deps.bus.onAnyServer('record.changed').subscribe((e) => {
          const t = Date.now();
          // An import of thousands of rows: one item per place is enough for the pages that reload on it.
          const places = e.action === 'import' ? [...new Map(e.places.map((p) => [`${p.deptid}|${p.regionid}`, p])).values()] : e.places;
          for (const p of places) {
            const item: RecordChangeItem = { entity: e.entity, id: p.id, action: e.action, deptid: p.deptid, regionid: p.regionid, t };
            feed.push(item);
          }
        });
        return () => sub.unsubscribe();
      },
    },
    resolver: {
      kind: 'records',
      async resolve(entity, who) {
        const def = deps.definitions.get(entity);
        if (!def || !granted(who.user, def.permissions.view)) {
          return null;
        }
        if (!def.isolation.dept) {
          return { filter: entity };
        }
        const scope = await deps.scopeOf(who.user.userid);
        return { filter: scope.all ? entity : `${entity}|${[...scope.deptids].sort((a, b) => a - b).join(',')}` };
      },
      // A definition's view grant or isolation may have changed: open subscriptions are resolved again.
      onChange(listener) {
        const sub = deps.bus.onAnyServer('recordDefinition.changed').subscribe(() => listener());
        return () => sub.unsubscribe();
      },
    },
  };
}
