import type { Subscription } from 'rxjs';
import type { AlarmType, AlarmPriority, AlarmItem } from '../../../shared/alarms/contracts.js';
import { stateBetweenOccurrences, type AlarmState } from '../../../shared/domain/alarm-state.js';
import type { AuthUser } from '../../http/app.js';
import { dialectOf, type Db } from '../../store/db.js';
import type { Emit, StreamBus } from '../../stream/bus.js';
import type { TagRegistry } from '../../stream/tag-registry.js';
import type { OrgPort as OrgService } from '../org/port.js';
import { alarmItemOf, heldShelfRows } from './alarm-row.js';
import { alarmKeyOf, createAlarmMemory, restoreOpen, tagStateOf, type AlarmMemory, type AlarmScope } from './alarm-memory.js';
import { alarmSettingRows, occurrencesByIds, openOccurrences, stoppedPlantModes } from './alarm.repository.js';

export interface AlarmLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * What the engine, the operator actions and the queries of one alarm service
 * instance share: the store and bus, the instance's memory of the alarms
 * (alarm-memory.ts), and its one queue. Engine changes and operator actions
 * run one at a time on that queue, so the in-memory state and the store never
 * disagree.
 */
export interface AlarmContext {
  db: Db;
  bus: StreamBus;
  tags: TagRegistry;
  org: Pick<OrgService, 'getUserScope' | 'allDeptsAndRegions'>;
  log: AlarmLog;
  now: () => number;
  rules: { maxShelveMs: number };
  /** Several servers may share the store (PostgreSQL): writes take ALARM_WRITE_LOCK and check what they change is still as read. */
  shared: boolean;
  mem: AlarmMemory;
  /** Runs `fn` on the queue, after everything queued before it. */
  run: <T>(fn: () => Promise<T>) => Promise<T>;
  /** Settles when everything queued so far has run. */
  drained: () => Promise<unknown>;
  /** Stops re-reading the region tree. */
  close: () => void;
}

/** Taken by every transaction that writes alarm occurrences on PostgreSQL: servers of one store write them one at a time. */
export const ALARM_WRITE_LOCK = 'alarm_occurrence.write';

/**
 * The context of a new alarm service instance, its memory read from the store:
 * plant modes, the region tree (re-read whenever a region is edited on any
 * server), settings and out-of-service marks, the open occurrences (so a
 * restart neither loses nor duplicates one: a partial unique index allows one
 * open occurrence per alarm) and the timed shelves alarms hold.
 */
export async function createAlarmContext(
  deps: Pick<AlarmContext, 'db' | 'bus' | 'tags' | 'org' | 'log' | 'now'> & { maxShelveMs: number },
): Promise<AlarmContext> {
  const { db, bus, log, now } = deps;
  // One queue for engine changes and operator actions.
  let queue: Promise<unknown> = Promise.resolve();
  let regionSub: Subscription | null = null;
  const ctx: AlarmContext = {
    db,
    bus,
    tags: deps.tags,
    org: deps.org,
    log,
    now,
    rules: { maxShelveMs: deps.maxShelveMs },
    shared: dialectOf(db) === 'postgres',
    mem: createAlarmMemory(),
    run: <T>(fn: () => Promise<T>): Promise<T> => {
      const p = queue.then(fn);
      queue = p.catch(() => undefined);
      return p;
    },
    drained: () => queue,
    close: () => regionSub?.unsubscribe(),
  };
  const { mem } = ctx;
  await loadPlantModes(ctx);
  await loadRegions(ctx);
  // A region edited on any server of the store: the tree is re-read, nothing else is done.
  regionSub = bus.onAnyServer('region.changed').subscribe(() => {
    loadRegions(ctx).catch((err: unknown) => log.error({ err }, 'alarms: reloading the region tree failed'));
  });
  await loadSettings(ctx);

  for (const r of await openOccurrences(db)) {
    restoreOpen(mem, r);
  }
  for (const o of mem.open.values()) {
    if (o.item.type === 'comm' && o.fsm.active && o.item.alarmKey === alarmKeyOf(o.item.source, 'comm')) {
      tagStateOf(mem, o.item.source).commActive = true;
    }
  }
  if (mem.open.size > 0) {
    log.info({ open: mem.open.size }, 'alarms: open occurrences restored');
  }
  for (const r of await heldShelfRows(db, now())) {
    const fsm = stateBetweenOccurrences(JSON.parse(r.fsm) as AlarmState, now());
    if (fsm.state === 'shelved' && !mem.open.has(r.alarm_key)) {
      mem.held.set(r.alarm_key, { fsm, item: alarmItemOf(r) });
    }
  }
  return ctx;
}

/** Reads the regions out of operation. */
export async function loadPlantModes(ctx: AlarmContext): Promise<void> {
  const rows = await stoppedPlantModes(ctx.db);
  const { stopped } = ctx.mem;
  stopped.clear();
  for (const r of rows) {
    stopped.set(r.regionid, { regionid: r.regionid, mode: 'stop', reason: r.reason, updatedAt: r.updated_at, updatedBy: r.updated_by });
  }
}

async function loadRegions(ctx: AlarmContext): Promise<void> {
  ctx.mem.parents = new Map((await ctx.org.allDeptsAndRegions()).regions.map((r) => [r.regionid, r.regionparentid]));
}

/** Reads the settings and out-of-service marks; answers whether a setting differs from before. */
export async function loadSettings(ctx: AlarmContext): Promise<boolean> {
  const rows = await alarmSettingRows(ctx.db);
  const { settings, oos } = ctx.mem;
  const before = JSON.stringify([...settings]);
  oos.clear();
  settings.clear();
  for (const r of rows) {
    if (r.oos_since !== null) {
      oos.set(alarmKeyOf(r.tag_id, r.type as AlarmType), { since: r.oos_since, by: r.oos_by ?? '', reason: r.oos_reason ?? '' });
    }
    settings.set(alarmKeyOf(r.tag_id, r.type as AlarmType), {
      priority: r.priority as AlarmPriority,
      onDelayMs: r.on_delay_s * 1000,
      offDelayMs: r.off_delay_s * 1000,
      enabled: r.enabled === 1,
    });
  }
  return JSON.stringify([...settings]) !== before;
}

/**
 * Reads occurrences again from the store (another server changed them: an
 * operator action on a standby server, the owner's engine): an open one is
 * taken as this server's, a closed one leaves the open set, and a closed one
 * carrying a timed shelf is held (the alarm's next activation opens shelved).
 */
export async function refreshOccurrences(ctx: AlarmContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  const { mem } = ctx;
  const t = ctx.now();
  for (const r of await occurrencesByIds(ctx.db, ids)) {
    if (r.closed_at === null) {
      restoreOpen(mem, r);
      mem.held.delete(r.alarm_key);
      continue;
    }
    if (mem.open.get(r.alarm_key)?.item.id === r.id) {
      mem.open.delete(r.alarm_key);
    }
    const fsm = JSON.parse(r.fsm) as AlarmState;
    if (r.state === 'shelved' && fsm.shelf?.kind === 'timed' && (r.shelved_until ?? 0) > t && !mem.open.has(r.alarm_key)) {
      mem.held.set(r.alarm_key, { fsm: stateBetweenOccurrences(fsm, t), item: alarmItemOf(r) });
    } else if (mem.held.get(r.alarm_key)?.item.id === r.id) {
      mem.held.delete(r.alarm_key);
    }
  }
}

/** Standby: every open occurrence and held shelf read again (the relay may have dropped an event). */
export async function resyncAll(ctx: AlarmContext): Promise<void> {
  const { mem } = ctx;
  const t = ctx.now();
  const rows = await openOccurrences(ctx.db);
  const shelves = await heldShelfRows(ctx.db, t);
  mem.open.clear();
  rows.forEach((r) => restoreOpen(mem, r));
  mem.held.clear();
  for (const r of shelves) {
    const fsm = stateBetweenOccurrences(JSON.parse(r.fsm) as AlarmState, t);
    if (fsm.state === 'shelved' && !mem.open.has(r.alarm_key)) {
      mem.held.set(r.alarm_key, { fsm, item: alarmItemOf(r) });
    }
  }
}

export async function scopeOf(ctx: AlarmContext, caller: AuthUser): Promise<AlarmScope> {
  const s = await ctx.org.getUserScope(caller.userid);
  return { all: s.all, regions: new Set(s.regionids) };
}

export const visible = (scope: AlarmScope, regionid: number | null) => regionid === null || scope.all || scope.regions.has(regionid);

export function emitChanged(emit: Emit, items: AlarmItem[]): void {
  if (items.length > 0) {
    emit('alarm.changed', { alarms: items });
  }
}
