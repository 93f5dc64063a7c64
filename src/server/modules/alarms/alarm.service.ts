import { sql } from 'kysely';
import { NEVER, type Subscription } from 'rxjs';
import type { z } from 'zod';
import {
  MAX_SHELVE_MINUTES,
  type AlarmHistoryFilter,
  type AlarmItem,
  type AlarmPriority,
  type AlarmType,
  limitTypesOfTags,
  MAX_KPI_DAYS,
  type alarmAcknowledge,
  type alarmAuditDetail,
  type alarmAuditKpi,
  type AlarmAuditAction,
  type alarmHistoryList,
  type alarmRealTimeList,
  type alarmShelve,
  type alarmUnshelve,
  raisedAlarm as raisedAlarmSchema,
} from '../../../shared/alarms/contracts.js';
import type { AlarmRef, PlantModeItem, alarmRemoveFromService, alarmReturnToService, plantModeSet } from '../../../shared/alarms/settings-contracts.js';
import { computeAlarmKpi, summariseAlarmActivity, type AlarmKpi, type KpiOccurrence } from '../../../shared/domain/alarm-kpi.js';
import { evaluateCondition, initialCondition, type ConditionConfig, type ConditionState } from '../../../shared/domain/alarm-condition.js';
import {
  alarmTransition,
  initialAlarmState,
  shelfExpired,
  stateBetweenOccurrences,
  type AlarmEvent,
  type AlarmRefusal,
  type AlarmState,
} from '../../../shared/domain/alarm-state.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import type { AuditAction } from '../../../shared/audit-actions.js';
import { jsonRows, type JsonColumnType } from '../../store/json-rows.js';
import { dialectOf, lockKeyInTransaction, type Db, type Tx } from '../../store/db.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import type { Emit, StreamBus } from '../../stream/bus.js';
import { transactThenPublish } from '../../stream/bus.js';
import type { ChannelSource, TopicResolver } from '../../stream/channels.js';
import type { TagMeta, TagRegistry } from '../../stream/tag-registry.js';
import type { OrgPort as OrgService } from '../org/port.js';
import { alarmItemOf, alarmItemWith, alarmRowOf, heldShelfRows, settingId, type AlarmRow } from './alarm-row.js';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;
export type RaisedAlarm = z.input<typeof raisedAlarmSchema>;

export interface AlarmLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The alarm engine and the alarm service (issue 9, DOMAIN.md §3).
 *
 * The engine rides the ingest pipeline: it evaluates every good-quality sample
 * of a tag against the tag's limits (alarm-condition.ts, with deadband), and
 * each activation or return goes through the ISA-18.2 state machine
 * (alarm-state.ts). Every change is written in a transaction, with the audit
 * row of an operator's action, and only then published (`alarm.changed`,
 * topic `alarm`): what a client sees is in the store. Engine changes and
 * operator actions run one at a time on one queue, so the in-memory state and
 * the store never disagree. At start the open occurrences are read back, so a
 * restart neither loses nor duplicates one (a partial unique index allows one
 * open occurrence per alarm).
 */
export interface AlarmService {
  realTimeList(caller: AuthUser, input: In<typeof alarmRealTimeList>): Promise<{ list: AlarmItem[]; serverTime: number }>;
  historyList(caller: AuthUser, input: In<typeof alarmHistoryList>): Promise<{ list: AlarmItem[]; total: number }>;
  /** Every occurrence of the filtered history the caller may see, newest first, page by page (Excel export). */
  historyPages(caller: AuthUser, input: AlarmHistoryFilter): AsyncIterable<AlarmItem[]>;
  acknowledge(caller: AuthUser, input: In<typeof alarmAcknowledge>): Promise<{ acknowledged: number[] }>;
  shelve(caller: AuthUser, input: In<typeof alarmShelve>): Promise<{ shelved: number[] }>;
  unshelve(caller: AuthUser, input: In<typeof alarmUnshelve>): Promise<{ unshelved: number[] }>;
  /** EEMUA 191 / ISA-18.2 figures over a window, of the alarms the caller may see. */
  auditKpi(caller: AuthUser, input: In<typeof alarmAuditKpi>): Promise<AlarmKpi>;
  /** One alarm over a window: its occurrences, the operators' actions on it (audit log), durations. */
  auditDetail(caller: AuthUser, input: In<typeof alarmAuditDetail>): Promise<z.output<(typeof alarmAuditDetail)['output']>>;
  /**
   * Raises an alarm of another module or system (positioning, gas analysis, a
   * control system, the historian's full disk): stored before it is published,
   * then the same life cycle as a tag's alarm. Raising a key that is active
   * already changes nothing.
   */
  raise(a: RaisedAlarm, by?: AuthUser): Promise<void>;
  /** The condition of a raised alarm returned to normal (nothing when it is not open). `by`: audited as that user's action. */
  clear(key: string, t?: number, by?: AuthUser): Promise<void>;
  /** Open occurrences whose key starts with `prefix`: a raising module reconciles with them at start. */
  openAlarms(prefix: string): AlarmItem[];
  /** The `alarm` channel and topic, for the stream's topic registry. */
  channel: { source: ChannelSource<'alarm'>; resolver: TopicResolver<'alarm'> };
  /**
   * The alarm setting ledger changed an alarm of a tag: the next sample uses
   * it (a new priority applies to the next occurrence). Disabling an active
   * alarm returns it to normal.
   */
  settingChanged(tagId: string, type: AlarmType, setting: AlarmEngineSetting): Promise<void>;
  /** Regions out of operation, of those the caller may see. */
  plantModes(caller: AuthUser): Promise<PlantModeItem[]>;
  /**
   * Sets a region's plant mode with a reason, audited: out of operation
   * suppresses the open alarms of its tags and of its sub-regions' tags (and
   * those that open meanwhile); back in operation they show as their
   * condition implies (ISA-18.2 §11.8), unless a region above is still out
   * of operation.
   */
  setPlantMode(caller: AuthUser, input: In<typeof plantModeSet>): Promise<{ item: PlantModeItem; alarms: number[] }>;
  /**
   * Out of service (ISA-18.2 §11.9), kept on the alarm: the named occurrences'
   * alarms and the named alarms are marked out of service (a tag's alarm on
   * its setting row; an alarm another module raises on its occurrence only),
   * their open occurrences leave annunciation, and every activation until the
   * return to service opens out of service. Audited in the same transaction.
   */
  removeFromService(caller: AuthUser, input: In<typeof alarmRemoveFromService>): Promise<{ removed: number[]; alarms: AlarmRef[] }>;
  returnToService(caller: AuthUser, input: In<typeof alarmReturnToService>): Promise<{ returned: number[]; alarms: AlarmRef[] }>;
  /**
   * Communication alarms: a tag that was sending and has sent nothing for the
   * comm timeout (60 s) raises its `comm` alarm; its next sample clears it.
   * Runs on a timer; `at` for tests.
   */
  checkLinks(at?: number): Promise<void>;
  /**
   * On- and off-delays that elapsed without a new sample (the source holds
   * its value): the alarm activates or clears at the tick. Runs on a timer
   * (250 ms); `at` for tests.
   */
  checkDelays(at?: number): Promise<void>;
  /** Waits until every queued change is stored (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Default priorities until the rationalisation ledger sets them: HH/LL high, H/L medium, discrete high. */
export const defaultAlarmPriority: Partial<Record<AlarmType, AlarmPriority>> = { hh: 2, ll: 2, h: 3, l: 3, discrete: 2, comm: 3 };
const limitTypes = ['hh', 'h', 'l', 'll'] as const;
/** Alarms a plant mode suppresses: the process alarms of tags (never a person's SOS or an intrusion). */
const suppressibleTypes: readonly AlarmType[] = [...limitTypesOfTags, 'comm'];
const SHELF_CHECK_MS = 1000;
const COMM_CHECK_MS = 5000;
const DELAY_CHECK_MS = 250;
export const DEFAULT_COMM_TIMEOUT_MS = 60_000;

interface OpenAlarm {
  item: AlarmItem;
  fsm: AlarmState;
}

type Row = AlarmRow;

/** An occurrence the engine changes in one batch: its row as it will be stored. */
interface Work {
  row: Row;
  fsm: AlarmState;
  /** Stored id; null for an occurrence this batch opens (known after its insert). */
  id: number | null;
  /** Already in the batch's list of rows to write. */
  written: boolean;
  /** What this server last read of a stored occurrence (state machine, updated_at): another server's write since makes the batch stale. */
  base: { fsm: string; updatedAt: number } | null;
}
/** What a batch writes of an occurrence it opens (every column but the id) and of one it changes (jsonRows). */
const insertColumns = {
  alarm_key: 'text',
  source: 'text',
  source_name: 'text',
  source_name_en: 'text',
  unit: 'text',
  type: 'text',
  priority: 'integer',
  detail: 'text',
  state: 'text',
  fsm: 'text',
  limit_value: 'double precision',
  value: 'double precision',
  peak: 'double precision',
  activated_at: 'bigint',
  acked_at: 'bigint',
  acked_by: 'text',
  ack_comment: 'text',
  returned_at: 'bigint',
  closed_at: 'bigint',
  shelved_until: 'bigint',
  shelved_by: 'text',
  shelve_reason: 'text',
  regionid: 'integer',
  updated_at: 'bigint',
} as const satisfies Record<Exclude<keyof AlarmRow, 'id'>, JsonColumnType>;
const updateColumns = {
  id: 'integer',
  state: 'text',
  fsm: 'text',
  shelved_until: 'bigint',
  shelved_by: 'text',
  shelve_reason: 'text',
  updated_at: 'bigint',
  closed_at: 'bigint',
  returned_at: 'bigint',
  peak: 'double precision',
} as const satisfies Partial<Record<keyof AlarmRow, JsonColumnType>>;
/** How long the engine gathers changes of several ingest batches before writing them in one transaction. */
const WRITE_WINDOW_MS = 20;
/**
 * A new peak of an alarm is written and published at most this often; a
 * state change carries the peak at once. A value ramping past its limit would
 * otherwise write every sample: bench:alarm-engine's walk (5,000 tags crossing
 * their limits together) stored 2.8 times the changes it stores without peak
 * updates, and 2.3 times with this limit (2026-11-25).
 */
const PEAK_PUBLISH_MS = 1000;

interface SourceName {
  name: string;
  name_en: string;
  unit: string;
}

/** What the alarm setting ledger (alarm_setting, migration 0075) sets per alarm of a tag. */
export interface AlarmEngineSetting {
  priority: AlarmPriority;
  onDelayMs: number;
  offDelayMs: number;
  enabled: boolean;
}

const alarmKeyOf = (tagId: string, type: AlarmType) => `tag:${tagId}:${type}`;
/** Shelved, suppressed by design and out of service: entered on top of the annunciated states (ISA-18.2 §11.7–11.9). */
const isOverlay = (state: AlarmState['state']) => state === 'shelved' || state === 'suppressed' || state === 'outOfService';
/** The tag's alarm (a setting ledger row) an alarm key names, or null for an alarm another module raises. */
function tagAlarmOf(key: string): AlarmRef | null {
  if (!key.startsWith('tag:')) {
    return null;
  }
  const rest = key.slice(4);
  const i = rest.lastIndexOf(':');
  const type = rest.slice(i + 1);
  return i > 0 && (limitTypesOfTags as readonly string[]).includes(type)
    ? { tagId: rest.slice(0, i), type: type as AlarmRef['type'] }
    : null;
}

/**
 * The alarm conditions of a tag: its type and its condition configuration,
 * from the tag's limits and the alarm's settings (a disabled alarm has none).
 */
function conditionsOf(
  tag: TagMeta,
  settingOf: (key: string) => AlarmEngineSetting | undefined,
): { key: string; type: AlarmType; cfg: ConditionConfig }[] {
  const out: { key: string; type: AlarmType; cfg: ConditionConfig }[] = [];
  // One literal builds every configuration, without object spread: a spread copy made the per-sample evaluation about five times slower (bench, 2026-11-23).
  const add = (type: AlarmType, kind: ConditionConfig['kind'], limit: number, deadband: number) => {
    const key = alarmKeyOf(tag.id, type);
    const s = settingOf(key);
    if (s?.enabled !== false) {
      out.push({ key, type, cfg: { kind, limit, deadband, onDelayMs: s?.onDelayMs ?? 0, offDelayMs: s?.offDelayMs ?? 0 } });
    }
  };
  if (tag.kind === 'discrete') {
    const v = tag.h ?? tag.hh;
    if (v !== null) {
      add('discrete', 'discrete', v, 0);
    }
    return out;
  }
  for (const type of limitTypes) {
    const limit = tag[type];
    if (limit !== null) {
      add(type, type === 'hh' || type === 'h' ? 'high' : 'low', limit, tag.deadband);
    }
  }
  return out;
}

/** A condition change the engine found (or another module raised), waiting for its transaction. */
interface ConditionChange {
  key: string;
  /** Tag id, or the raising module's source. */
  tagId: string;
  type: AlarmType;
  change: 'activate' | 'clear';
  value: number | null;
  t: number;
  limit: number | null;
  regionid: number | null;
  /**
   * Furthest value beyond the limit of the occurrence this change concerns:
   * at an activation its value, at a return the peak since the activation
   * (null when it has none: a comm or discrete alarm, a raised one without value).
   */
  peak: number | null;
  /** Raised by another module: its names, priority, unit and detail (a tag alarm's are looked up). */
  raised?: { name: SourceName; priority: AlarmPriority; detail: Record<string, unknown> | null };
}

/** The state of one of a tag's alarm conditions, kept while the condition is not evaluated (a limit removed, an alarm disabled) too. */
interface ConditionSlot {
  type: AlarmType;
  /** Deadband and delays (alarm-condition.ts). */
  state: ConditionState;
}

/** A condition the tag's limits and settings evaluate (conditionsOf), with its slot. */
interface TagCondition {
  key: string;
  type: AlarmType;
  cfg: ConditionConfig;
  slot: ConditionSlot;
}

/**
 * What the engine keeps of one tag, found with ONE Map lookup per sample: a
 * Map per item (last seen, newest time, held value, comm, delay, conditions,
 * each condition's state) looked up with string keys for every sample was
 * most of the engine's time under load, even when nothing changed.
 */
interface TagState {
  id: string;
  /** The tag sent since it began or was dropped from the registry: its silence raises its comm alarm. */
  sending: boolean;
  /** When the tag last sent a sample (any quality: a bad value still shows the link works), server time. */
  seenAt: number;
  /**
   * Time of the newest sample evaluated. A sample older than that (a
   * gateway's buffered backlog, a redelivery) goes to the history but does
   * not drive the live alarm state: the newer value already decided it.
   */
  lastT: number;
  /** Whether `held` is the tag's last good value: held by the source until its next sample (report by exception). */
  holds: boolean;
  held: number;
  /** Its comm alarm is active. */
  commActive: boolean;
  /** An on- or off-delay is running: evaluated at every delay tick. */
  delayed: boolean;
  /**
   * The tag object and settings version `conditions` were built from: the
   * registry replaces a tag's object when the tag changes, and settingChanged
   * bumps the version (building them, alarm-key strings and all, for every
   * sample was once most of the engine's time).
   */
  builtFrom: TagMeta | null;
  version: number;
  conditions: TagCondition[];
  /** Every condition state of the tag, evaluated or not: one for each type met (at most five). */
  slots: ConditionSlot[];
}

const newTagState = (id: string): TagState => ({
  id,
  sending: false,
  seenAt: 0,
  lastT: -Infinity,
  holds: false,
  held: 0,
  commActive: false,
  delayed: false,
  builtFrom: null,
  version: -1,
  conditions: [],
  slots: [],
});

/** The slot of a tag's condition of a type, made on first use. */
function slotOf(s: TagState, type: AlarmType): ConditionSlot {
  let slot = s.slots.find((x) => x.type === type);
  if (!slot) {
    slot = { type, state: initialCondition };
    s.slots.push(slot);
  }
  return slot;
}

export interface AlarmServiceDeps {
  db: Db;
  bus: StreamBus;
  tags: TagRegistry;
  org: Pick<OrgService, 'getUserScope' | 'allDeptsAndRegions'>;
  log: AlarmLog;
  /** Overrides for tests. */
  now?: () => number;
  maxShelveMs?: number;
  /** Silence after which a tag that was sending raises its comm alarm (default 60 s). */
  commTimeoutMs?: number;
  /**
   * Whether this server runs the engine (default true): evaluates samples and
   * runs the delay, link and shelf timers. A standby server of a PostgreSQL
   * store (it does not hold the plant's lease, store/lease.ts) runs none of
   * them: it serves the lists and operator actions, keeping its open
   * occurrences in step with the store (see `standbyResyncMs`).
   */
  engine?: boolean;
  /**
   * On PostgreSQL, how often (default 5 s) a standby reads every open occurrence again (should the relay have
   * dropped an event), and the engine's owner the settings and plant modes (changed on a standby).
   */
  standbyResyncMs?: number;
}

/** Taken by every transaction that writes alarm occurrences on PostgreSQL: servers of one store write them one at a time. */
const ALARM_WRITE_LOCK = 'alarm_occurrence.write';

/** An occurrence changed in the store since this server read it (another server wrote it); the batch is made again. */
class StaleOccurrences extends Error {
  constructor(readonly ids: number[]) {
    super(`alarm occurrences changed by another server: ${ids.join(', ')}`);
  }
}

export async function createAlarmService(deps: AlarmServiceDeps): Promise<AlarmService> {
  const { db, bus, log } = deps;
  const now = deps.now ?? Date.now;
  const engine = deps.engine ?? true;
  /** Several servers may share the store (PostgreSQL): writes take ALARM_WRITE_LOCK and check what they change is still as read. */
  const shared = dialectOf(db) === 'postgres';
  const rules = { maxShelveMs: deps.maxShelveMs ?? MAX_SHELVE_MINUTES * 60_000 };

  /** Open occurrences by alarm key, as stored. */
  const open = new Map<string, OpenAlarm>();
  /**
   * The peak of each tag alarm's latest activation: the furthest value beyond
   * the limit since it activated (reset at each activation). A new peak of an
   * open occurrence is written and published with the engine's next batch
   * (`dirtyPeaks`), so the list and topic `alarm` show it until the next
   * state change.
   */
  const peaks = new Map<string, number>();
  let dirtyPeaks = new Set<string>();
  /** When each alarm's peak was last written on its own (PEAK_PUBLISH_MS). */
  const peakWrittenAt = new Map<string, number>();
  /**
   * Timed shelves of alarms whose occurrence has closed (ISA-18.2 §11.7,
   * DOMAIN.md §3): the shelf belongs to the alarm, so its next activation
   * within the shelf opens shelved. `item` is the closed occurrence that
   * carries the shelf (its row keeps state shelved and the shelf's end).
   */
  const held = new Map<string, { fsm: AlarmState; item: AlarmItem }>();
  /** The engine's state per tag id (TagState), made at the tag's first sample or restored alarm. */
  const tagStates = new Map<string, TagState>();
  const tagStateOf = (id: string): TagState => {
    let s = tagStates.get(id);
    if (s === undefined) {
      s = newTagState(id);
      tagStates.set(id, s);
    }
    return s;
  };
  /** Tags that are sending (TagState.sending), in the order they began: checked for silence. */
  const sending = new Set<TagState>();
  /** Tags with an on- or off-delay running (TagState.delayed), in the order the delay began: evaluated at every delay tick. */
  const delayed = new Set<TagState>();
  /** The condition slot an alarm key names, or null when the key is not a tag's alarm or the engine has no state for it. */
  const slotOfKey = (key: string): ConditionSlot | null => {
    const a = tagAlarmOf(key);
    return (a && tagStates.get(a.tagId)?.slots.find((x) => x.type === a.type)) ?? null;
  };
  const commTimeoutMs = deps.commTimeoutMs ?? DEFAULT_COMM_TIMEOUT_MS;
  /** Alarm settings by alarm key (the ledger's rows; an alarm without one runs on the defaults). */
  const settings = new Map<string, AlarmEngineSetting>();
  /** Regions out of operation (plant_mode, migration 0076). */
  const stopped = new Map<number, PlantModeItem>();
  const loadPlantModes = async () => {
    const rows = await db.selectFrom('plant_mode').selectAll().where('mode', '=', 'stop').execute();
    stopped.clear();
    for (const r of rows) {
      stopped.set(r.regionid, { regionid: r.regionid, mode: 'stop', reason: r.reason, updatedAt: r.updated_at, updatedBy: r.updated_by });
    }
  };
  await loadPlantModes();
  /** Parent of each region: a region out of operation takes its sub-regions with it. */
  let parents = new Map<number, number>();
  const loadRegions = async () => {
    parents = new Map((await deps.org.allDeptsAndRegions()).regions.map((r) => [r.regionid, r.regionparentid]));
  };
  await loadRegions();
  // A region edited on any server of the store: the tree is re-read, nothing else is done.
  const regionSub = bus.onAnyServer('region.changed').subscribe(() => {
    loadRegions().catch((err: unknown) => log.error({ err }, 'alarms: reloading the region tree failed'));
  });
  /** Whether a region is `root` or lies under it. */
  const within = (regionid: number, root: number) => {
    for (let r: number | undefined = regionid, depth = 0; r !== undefined && depth < 64; r = parents.get(r), depth++) {
      if (r === root) {
        return true;
      }
    }
    return false;
  };
  /** Whether a region or one of its ancestors is out of operation (`except`: as if that one were back in operation). */
  const outOfOperation = (regionid: number, except?: number) => {
    for (let r: number | undefined = regionid, depth = 0; r !== undefined && depth < 64; r = parents.get(r), depth++) {
      if (r !== except && stopped.has(r)) {
        return true;
      }
    }
    return false;
  };
  const suppressedByDesign = (type: AlarmType, regionid: number | null) =>
    regionid !== null && suppressibleTypes.includes(type) && outOfOperation(regionid);
  /** Tags' alarms out of service (alarm_setting, migration 0078): each activation opens out of service. */
  const oos = new Map<string, { since: number; by: string; reason: string }>();
  /** Reads the settings and out-of-service marks; answers whether a setting differs from before. */
  const loadSettings = async (): Promise<boolean> => {
    const rows = await db.selectFrom('alarm_setting').selectAll().execute();
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
  };
  await loadSettings();

  /** Takes a stored open occurrence as this server's open alarm (at start, or one another server opened). */
  const restoreOpen = (r: Row) => {
    const item = alarmItemOf(r);
    const fsm = JSON.parse(r.fsm) as AlarmState;
    open.set(r.alarm_key, { item, fsm });
    const a = tagAlarmOf(r.alarm_key);
    if (a) {
      slotOf(tagStateOf(a.tagId), a.type).state = { active: fsm.active, pendingSince: null };
    }
    if (r.peak !== null) {
      peaks.set(r.alarm_key, r.peak);
    }
  };
  for (const r of (await db.selectFrom('alarm_occurrence').selectAll().where('closed_at', 'is', null).execute()) as Row[]) {
    restoreOpen(r);
  }
  for (const o of open.values()) {
    if (o.item.type === 'comm' && o.fsm.active && o.item.alarmKey === alarmKeyOf(o.item.source, 'comm')) {
      tagStateOf(o.item.source).commActive = true;
    }
  }
  if (open.size > 0) {
    log.info({ open: open.size }, 'alarms: open occurrences restored');
  }
  for (const r of await heldShelfRows(db, now())) {
    const fsm = stateBetweenOccurrences(JSON.parse(r.fsm) as AlarmState, now());
    if (fsm.state === 'shelved' && !open.has(r.alarm_key)) {
      held.set(r.alarm_key, { fsm, item: alarmItemOf(r) });
    }
  }

  /**
   * Reads occurrences again from the store (another server changed them: an
   * operator action on a standby server, the owner's engine): an open one is
   * taken as this server's, a closed one leaves the open set, and a closed one
   * carrying a timed shelf is held (the alarm's next activation opens shelved).
   */
  async function refreshOccurrences(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) {
      return;
    }
    const t = now();
    for (const r of (await db.selectFrom('alarm_occurrence').selectAll().where('id', 'in', [...ids]).execute()) as Row[]) {
      if (r.closed_at === null) {
        restoreOpen(r);
        held.delete(r.alarm_key);
        continue;
      }
      if (open.get(r.alarm_key)?.item.id === r.id) {
        open.delete(r.alarm_key);
      }
      const fsm = JSON.parse(r.fsm) as AlarmState;
      if (r.state === 'shelved' && fsm.shelf?.kind === 'timed' && (r.shelved_until ?? 0) > t && !open.has(r.alarm_key)) {
        held.set(r.alarm_key, { fsm: stateBetweenOccurrences(fsm, t), item: alarmItemOf(r) });
      } else if (held.get(r.alarm_key)?.item.id === r.id) {
        held.delete(r.alarm_key);
      }
    }
  }
  /** Standby: every open occurrence and held shelf read again (the relay may have dropped an event). */
  async function resyncAll(): Promise<void> {
    const t = now();
    const rows = (await db.selectFrom('alarm_occurrence').selectAll().where('closed_at', 'is', null).execute()) as Row[];
    const shelves = await heldShelfRows(db, t);
    open.clear();
    rows.forEach(restoreOpen);
    held.clear();
    for (const r of shelves) {
      const fsm = stateBetweenOccurrences(JSON.parse(r.fsm) as AlarmState, t);
      if (fsm.state === 'shelved' && !open.has(r.alarm_key)) {
        held.set(r.alarm_key, { fsm, item: alarmItemOf(r) });
      }
    }
  }

  // One queue for engine changes and operator actions.
  let queue: Promise<unknown> = Promise.resolve();
  const run = <T>(fn: () => Promise<T>): Promise<T> => {
    const p = queue.then(fn);
    queue = p.catch(() => undefined);
    return p;
  };

  // ---------------------------------------------------------------- engine
  let pending: ConditionChange[] = [];
  /** Set while changes wait for the write window (WRITE_WINDOW_MS) to end. */
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  const scheduleFlush = () => {
    if (flushTimer === null) {
      flushTimer = setTimeout(() => {
        flushTimer = null;
        void flush();
      }, WRITE_WINDOW_MS);
      flushTimer.unref();
    }
  };

  /** Writes the pending changes; `allPeaks`: also the new peaks held back by PEAK_PUBLISH_MS (idle, close). */
  const flush = (allPeaks = false) =>
    run(async () => {
      const batch = pending;
      pending = [];
      const peakKeys = dirtyPeaks;
      dirtyPeaks = new Set();
      if (batch.length === 0 && peakKeys.size === 0) {
        return;
      }
      try {
        await applyConditionChanges(batch, undefined, false, peakKeys, allPeaks);
      } catch (err) {
        for (const key of peakKeys) {
          dirtyPeaks.add(key); // written with the next batch
        }
        // Nothing was stored: forget the conditions, so the next sample finds the change again.
        for (const c of batch) {
          const slot = slotOfKey(c.key);
          if (slot) {
            slot.state = initialCondition;
          }
          if (c.type === 'comm' && c.change === 'activate') {
            const s = tagStates.get(c.tagId);
            if (s) {
              s.commActive = false; // raised again at the next check
            }
          }
        }
        log.error({ err, changes: batch.length }, 'alarms: storing alarm changes failed; they are raised again by the next samples');
      }
    });

  /**
   * Applies a batch of activations and returns. Each step goes through the
   * state machine in memory first; then the whole batch is written in ONE
   * transaction (one statement updates the occurrences it changes, one
   * inserts those it opens: the rows as one JSON parameter, jsonRows), and
   * only after the commit is it published and taken as the engine's state.
   * Two statements per batch instead of one per change is what keeps a flood
   * off the main thread. `peakKeys`: alarms whose open occurrence has a new
   * peak to write and publish.
   */
  async function applyConditionChanges(
    batch: ConditionChange[],
    by?: { user: AuthUser; action: AuditAction },
    adopted = false,
    peakKeys: ReadonlySet<string> = new Set(),
    allPeaks = false,
  ): Promise<void> {
    const names = await sourceNames([...new Set(batch.filter((c) => !c.raised && c.change === 'activate').map((c) => c.tagId))]);
    const t = now();
    /** The open occurrence per key after the batch's steps so far (null: none). */
    const current = new Map<string, Work | null>();
    /** Occurrences to write, each once with its final values. */
    const touched: Work[] = [];
    /** Each step's row, in order: what the topic carries (an occurrence opened and closed in one batch shows both). */
    const steps: { w: Work; row: Row; fsm: AlarmState }[] = [];
    const step = (w: Work) => {
      if (!w.written) {
        w.written = true;
        touched.push(w);
      }
      steps.push({ w, row: { ...w.row }, fsm: w.fsm });
    };
    /** Per alarm whose occurrence this batch closes: the closed occurrence and the state the alarm keeps (a timed shelf it holds). */
    const between = new Map<string, { w: Work; fsm: AlarmState }>();
    for (const c of batch) {
      const known = current.get(c.key);
      let cur = known !== undefined ? known : workOf(open.get(c.key));
      const fsm = cur?.fsm ?? standingState(c, between.get(c.key)?.fsm, t);
      const tr = alarmTransition(fsm, { type: c.change }, c.t, rules);
      if (!tr.ok) {
        continue;
      }
      if (cur && tr.closesOccurrence) {
        // Returned (and acknowledged) or superseded by a new activation: the occurrence ends. Superseded under an
        // overlay (shelved, suppressed, out of service), it keeps that state in the history; its peak was written at its return.
        const closedFsm = tr.opensOccurrence ? { ...fsm, state: isOverlay(fsm.state) ? fsm.state : ('normal' as const), active: false, acked: true } : tr.next;
        setState(cur, closedFsm, t, { closed_at: c.t, returned_at: cur.row.returned_at ?? c.t, peak: tr.opensOccurrence ? cur.row.peak : (c.peak ?? cur.row.peak) });
        step(cur);
        between.set(c.key, { w: cur, fsm: stateBetweenOccurrences(closedFsm, t) });
        cur = null;
      }
      if (tr.opensOccurrence) {
        const w = opened(c, tr.next, names, t);
        step(w);
        current.set(c.key, w);
        continue;
      }
      if (cur) {
        setState(cur, tr.next, t, c.change === 'clear' ? { returned_at: c.t, peak: c.peak ?? cur.row.peak } : {});
        step(cur);
      }
      current.set(c.key, cur && cur.row.closed_at === null ? cur : null);
    }
    // New peaks of open occurrences still active: written and published with the batch.
    for (const key of peakKeys) {
      const known = current.get(key);
      const w = known !== undefined ? known : workOf(open.get(key));
      const peak = peaks.get(key);
      if (!w || peak === undefined || !w.fsm.active || w.row.peak === peak) {
        continue;
      }
      if (!allPeaks && t - (peakWrittenAt.get(key) ?? -Infinity) < PEAK_PUBLISH_MS) {
        dirtyPeaks.add(key); // held back: written by a later batch (the delay tick flushes it)
        continue;
      }
      peakWrittenAt.set(key, t);
      w.row.peak = peak;
      w.row.updated_at = t;
      step(w);
      current.set(key, w);
    }
    if (steps.length === 0) {
      return;
    }
    try {
      await transactThenPublish(db, bus, async (tx, emit) => {
        if (shared) {
          await lockKeyInTransaction(tx, ALARM_WRITE_LOCK);
          await checkUnchanged(tx, touched);
        }
        // Updates first: an occurrence this batch closes must be closed before its successor is inserted (one open occurrence per alarm).
        await updateOccurrences(
          tx,
          touched.filter((w) => w.id !== null),
        );
        await insertOccurrences(
          tx,
          touched.filter((w) => w.id === null),
        );
        const items = steps.map((s) => alarmItemWith({ ...s.row, id: s.w.row.id }, s.fsm));
        if (by) {
          for (const item of items) {
            await audit(tx, { userid: by.user.userid, loginname: by.user.loginname }, by.action, 'alarm', item.id, {
              alarm: item.alarmKey,
              source: item.sourceName,
              to: item.state,
            });
          }
        }
        emitChanged(emit, items);
      });
    } catch (err) {
      // Another server on the same store opened one of these alarms first (the unique index keeps one open
      // occurrence per alarm): take its occurrence as ours, then apply the batch again against it.
      if (!adopted && err instanceof StaleOccurrences) {
        // Another server (an operator on a standby) changed one of them since: read them again, then apply the batch to what is stored.
        await refreshOccurrences(err.ids);
        return applyConditionChanges(batch, by, true, peakKeys, allPeaks);
      }
      if (!adopted && isUniqueViolation(err)) {
        const keys = [...new Set(touched.filter((w) => w.id === null).map((w) => w.row.alarm_key))];
        for (const r of (await db
          .selectFrom('alarm_occurrence')
          .selectAll()
          .where('alarm_key', 'in', keys)
          .where('closed_at', 'is', null)
          .execute()) as Row[]) {
          restoreOpen(r);
          held.delete(r.alarm_key);
        }
        return applyConditionChanges(batch, by, true, peakKeys, allPeaks);
      }
      throw err;
    }
    const after = new Map<string, OpenAlarm | null>();
    for (const [key, w] of current) {
      after.set(key, w && { item: alarmItemWith(w.row, w.fsm), fsm: w.fsm });
      const closed = w ? undefined : between.get(key);
      if (closed?.fsm.state === 'shelved') {
        held.set(key, { fsm: closed.fsm, item: alarmItemWith(closed.w.row, closed.w.fsm) });
      } else {
        held.delete(key);
      }
    }
    commit(after);
  }

  /**
   * The state of an alarm that has no open occurrence, which its next
   * activation starts from: a timed shelf it holds (`closedNow`: the state an
   * occurrence closed in this batch left), then out of service (kept on the
   * alarm) or suppression by design (its unit is out of operation). An
   * activation under one of them opens under it, never shown (openedIn).
   */
  function standingState(c: ConditionChange, closedNow: AlarmState | undefined, t: number): AlarmState {
    let fsm = stateBetweenOccurrences(closedNow ?? held.get(c.key)?.fsm ?? initialAlarmState, t);
    const out = oos.get(c.key);
    if (out) {
      // Out of service wins over a shelf and over suppression.
      const tr = alarmTransition(fsm, { type: 'removeFromService', by: out.by, reason: out.reason }, out.since, rules);
      fsm = tr.ok ? tr.next : fsm;
    } else if (suppressedByDesign(c.type, c.regionid)) {
      const tr = alarmTransition(fsm, { type: 'suppress' }, c.t, rules);
      fsm = tr.ok ? tr.next : fsm;
    }
    return fsm;
  }

  /** Throws StaleOccurrences when a stored occurrence the batch changes is no longer as this server read it. */
  async function checkUnchanged(tx: Tx, ws: Work[]) {
    const read = ws.filter((w) => w.base !== null && w.id !== null);
    if (read.length === 0) {
      return;
    }
    const stored = new Map(
      (await tx.selectFrom('alarm_occurrence').select(['id', 'fsm', 'updated_at']).where('id', 'in', read.map((w) => w.id!)).execute()).map((r) => [r.id, r]),
    );
    const stale = read.filter((w) => {
      const r = stored.get(w.id!);
      return !r || r.fsm !== w.base!.fsm || Number(r.updated_at) !== w.base!.updatedAt;
    });
    if (stale.length > 0) {
      throw new StaleOccurrences(stale.map((w) => w.id!));
    }
  }

  /** A copy of an open occurrence to change in a batch (the engine's state changes only after the commit). */
  function workOf(o: OpenAlarm | undefined): Work | null {
    if (!o) {
      return null;
    }
    const row = alarmRowOf(o.item, o.fsm);
    return { row, fsm: o.fsm, id: o.item.id, written: false, base: { fsm: row.fsm, updatedAt: row.updated_at } };
  }

  /** The columns of an occurrence in a state, plus the patch; back to normal closes the occurrence. */
  function stateColumns(fsm: AlarmState, t: number, patch: Partial<Row>): Partial<Row> {
    const values: Partial<Row> = {
      state: fsm.state,
      fsm: JSON.stringify(fsm),
      shelved_until: fsm.shelf?.until ?? null,
      shelved_by: fsm.shelf?.by ?? null,
      shelve_reason: fsm.shelf?.reason ?? null,
      updated_at: t,
      ...patch,
    };
    if (fsm.state === 'normal' && values.closed_at === undefined) {
      values.closed_at = t;
    }
    return values;
  }

  /** A batch's occurrence takes a new state (stateColumns). */
  function setState(w: Work, fsm: AlarmState, t: number, patch: Partial<Row>) {
    w.fsm = fsm;
    Object.assign(w.row, stateColumns(fsm, t, patch));
  }

  /**
   * A new occurrence of a change that activates, in the state its activation
   * opened (standingState has put it under the alarm's overlays; one that
   * superseded an occurrence is put out of service or suppressed here should
   * the alarm be so now).
   */
  function opened(c: ConditionChange, fsmNew: AlarmState, names: Map<string, SourceName>, t: number): Work {
    let fsm = fsmNew;
    const out = oos.get(c.key);
    if (out && fsm.state !== 'outOfService') {
      const tr = alarmTransition(fsm, { type: 'removeFromService', by: out.by, reason: out.reason }, out.since, rules);
      fsm = tr.ok ? tr.next : fsm;
    } else if (!out && !isOverlay(fsm.state) && suppressedByDesign(c.type, c.regionid)) {
      const sup = alarmTransition(fsm, { type: 'suppress' }, c.t, rules);
      fsm = sup.ok ? sup.next : fsm;
    }
    const name = c.raised?.name ?? names.get(c.tagId);
    const row: Row = {
      id: 0,
      alarm_key: c.key,
      source: c.tagId,
      source_name: name?.name ?? c.tagId,
      source_name_en: name?.name_en ?? '',
      unit: name?.unit ?? '',
      type: c.type,
      priority: c.raised?.priority ?? settings.get(c.key)?.priority ?? defaultAlarmPriority[c.type] ?? 3,
      detail: c.raised?.detail ? JSON.stringify(c.raised.detail) : null,
      state: fsm.state,
      fsm: JSON.stringify(fsm),
      limit_value: c.limit,
      value: c.value,
      peak: c.peak ?? c.value,
      activated_at: c.t,
      acked_at: null,
      acked_by: null,
      ack_comment: null,
      returned_at: null,
      closed_at: null,
      // Opened under a shelf the alarm holds: the same shelf (who, why, until when).
      shelved_until: fsm.shelf?.until ?? null,
      shelved_by: fsm.shelf?.by ?? null,
      shelve_reason: fsm.shelf?.reason ?? null,
      regionid: c.regionid,
      updated_at: t,
    };
    return { row, fsm, id: null, written: false, base: null };
  }

  /** Inserts the occurrences a batch opens in one statement, and gives each its id. */
  async function insertOccurrences(tx: Tx, ws: Work[]) {
    if (ws.length === 0) {
      return;
    }
    const names = Object.keys(insertColumns);
    const { rows } = await sql<{
      id: number;
      alarm_key: string;
      activated_at: number;
    }>`INSERT INTO alarm_occurrence (${sql.join(names.map((n) => sql.ref(n)))})
      SELECT ${sql.join(names.map((n) => sql.ref(`v.${n}`)))} FROM ${jsonRows(
        tx,
        ws.map((w) => w.row),
        insertColumns,
      )}
      RETURNING id, alarm_key, activated_at`.execute(tx);
    // RETURNING's order is not promised: match by alarm and activation (the same alarm opened twice at one instant: in id order).
    const ids = new Map<string, number[]>();
    for (const r of rows.sort((x, y) => x.id - y.id)) {
      const k = `${r.alarm_key}\u0000${Number(r.activated_at)}`;
      ids.set(k, [...(ids.get(k) ?? []), r.id]);
    }
    for (const w of ws) {
      w.row.id = ids.get(`${w.row.alarm_key}\u0000${w.row.activated_at}`)!.shift()!;
    }
  }

  /** Writes the changed columns of the occurrences a batch changes, in one statement. */
  async function updateOccurrences(tx: Tx, ws: Work[]) {
    if (ws.length === 0) {
      return;
    }
    await sql`UPDATE alarm_occurrence SET state = v.state, fsm = v.fsm, shelved_until = v.shelved_until, shelved_by = v.shelved_by,
        shelve_reason = v.shelve_reason, updated_at = v.updated_at, closed_at = v.closed_at, returned_at = v.returned_at, peak = v.peak
      FROM ${jsonRows(
        tx,
        ws.map(({ row: r }) => ({
          id: r.id,
          state: r.state,
          fsm: r.fsm,
          shelved_until: r.shelved_until,
          shelved_by: r.shelved_by,
          shelve_reason: r.shelve_reason,
          updated_at: r.updated_at,
          closed_at: r.closed_at,
          returned_at: r.returned_at,
          peak: r.peak,
        })),
        updateColumns,
      )}
      WHERE alarm_occurrence.id = v.id`.execute(tx);
  }

  function commit(after: Map<string, OpenAlarm | null>) {
    for (const [key, v] of after) {
      if (v) {
        open.set(key, v);
      } else {
        open.delete(key);
      }
    }
  }

  async function sourceNames(ids: string[]): Promise<Map<string, SourceName>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await db.selectFrom('tag').select(['id', 'name', 'name_en', 'unit']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, { name: r.name, name_en: r.name_en, unit: r.unit }]));
  }

  /** Writes an occurrence's new state (and closes it when the state machine is back to normal). */
  async function updateRow(tx: Tx, cur: OpenAlarm, fsm: AlarmState, patch: Partial<Row>): Promise<AlarmItem> {
    const values = stateColumns(fsm, now(), patch);
    const row = await tx.updateTable('alarm_occurrence').set(values).where('id', '=', cur.item.id).returningAll().executeTakeFirstOrThrow();
    return alarmItemOf(row);
  }

  function emitChanged(emit: Emit, items: AlarmItem[]) {
    if (items.length > 0) {
      emit('alarm.changed', { alarms: items });
    }
  }

  /** Bumped by settingChanged: every tag's conditions are built again at its next sample. */
  let settingsVersion = 0;
  /** A tag's conditions, built again only when its tag object or the settings version changed; each keeps its slot's state. */
  const conditionsFor = (s: TagState, tag: TagMeta): TagCondition[] => {
    if (s.builtFrom !== tag || s.version !== settingsVersion) {
      // Named fields, not a spread of `c` (see conditionsOf).
      s.conditions = conditionsOf(tag, (k) => settings.get(k)).map((c) => ({
        key: c.key,
        type: c.type,
        cfg: c.cfg,
        slot: slotOf(s, c.type),
      }));
      s.builtFrom = tag;
      s.version = settingsVersion;
    }
    return s.conditions;
  };

  /** Evaluates a tag's conditions at a value; a change goes to `pending`, a delay still running marks the tag for the tick. */
  function evaluateTag(s: TagState, tag: TagMeta, v: number, t: number) {
    let waiting = false;
    for (const { key, type, cfg, slot } of conditionsFor(s, tag)) {
      const r = evaluateCondition(cfg, slot.state, v, t);
      slot.state = r.state;
      waiting ||= r.state.pendingSince !== null;
      if (r.change === 'activate') {
        peaks.set(key, v);
      } else if (r.state.active && cfg.kind !== 'discrete') {
        // The most extreme value since the activation, in the direction of the limit.
        const peak = peaks.get(key);
        if (peak === undefined || (cfg.kind === 'low' ? v < peak : v > peak)) {
          peaks.set(key, v);
          dirtyPeaks.add(key);
        }
      }
      if (r.change) {
        pending.push({
          key,
          tagId: tag.id,
          type,
          change: r.change,
          value: v,
          t,
          limit: cfg.kind === 'discrete' ? null : cfg.limit,
          regionid: tag.regionid,
          peak: peaks.get(key) ?? null,
        });
      }
    }
    if (waiting !== s.delayed) {
      s.delayed = waiting;
      if (waiting) {
        delayed.add(s);
      } else {
        delayed.delete(s);
      }
    }
  }

  /**
   * On- and off-delays elapse without new samples (ISA-18.2 §10.4): a source
   * that reports by exception holds its value, so each tick evaluates the
   * held value of every tag with a delay running, at the source's time now
   * (its last sample time plus the server time since it arrived, so a skewed
   * source clock neither shortens nor lengthens the delay). A tag whose link
   * is lost (comm alarm) or whose last sample was bad holds nothing.
   */
  function checkDelays(at: number): Promise<void> {
    for (const s of delayed) {
      const tag = deps.tags.get(s.id);
      if (!tag || !s.holds || !s.sending || s.commActive) {
        s.delayed = false;
        delayed.delete(s);
        continue;
      }
      evaluateTag(s, tag, s.held, s.lastT + Math.max(0, at - s.seenAt));
    }
    if (pending.length > 0 || dirtyPeaks.size > 0) {
      return flush();
    }
    return Promise.resolve();
  }
  // The engine's timers and samples run on the server that owns the engine only (`deps.engine`).
  const every = (ms: number, fn: () => void) => {
    if (!engine) {
      return null;
    }
    const timer = setInterval(fn, ms);
    timer.unref();
    return timer;
  };
  const delayTimer = every(DELAY_CHECK_MS, () => {
    checkDelays(now()).catch((err: unknown) => log.error({ err }, 'alarms: checking delays failed'));
  });

  const samples$ = engine ? bus.samples$ : NEVER;
  const sampleSub: Subscription = samples$.subscribe((b) => {
    const seenAt = now();
    for (let i = 0; i < b.n; i++) {
      const id = b.tag[i];
      const s = tagStateOf(id);
      if (!s.sending) {
        s.sending = true;
        sending.add(s);
      }
      s.seenAt = seenAt;
      if (s.commActive) {
        // The source sends again: its communication alarm returns.
        s.commActive = false;
        const key = alarmKeyOf(id, 'comm');
        const cur = open.get(key);
        if (cur) {
          pending.push({ key, tagId: id, type: 'comm', change: 'clear', value: null, t: seenAt, limit: null, regionid: cur.item.regionid, peak: null });
        }
      }
      if (b.q[i] !== 0) {
        s.holds = false; // nor does a value held since: a delay waits for the next good sample
        continue; // Bad or uncertain quality never raises or clears a limit alarm.
      }
      const tag = deps.tags.get(id);
      if (!tag) {
        continue;
      }
      const v = b.v[i];
      const t = b.t[i];
      if (t < s.lastT) {
        continue;
      }
      s.lastT = t;
      s.holds = true;
      s.held = v;
      evaluateTag(s, tag, v, t);
    }
    if (pending.length > 0 || dirtyPeaks.size > 0) {
      scheduleFlush();
    }
  });

  // Expired shelves: an alarm still active comes back unacknowledged (ISA-18.2 §11.7.3).
  const shelfTimer = every(SHELF_CHECK_MS, () => {
    const t = now();
    const expired = [...open.values()].filter((o) => shelfExpired(o.fsm, t));
    if (expired.length > 0) {
      void run(() =>
        operate(
          null,
          expired.map((o) => o.item.id),
          { type: 'unshelve', by: 'system', auto: true },
          'alarm.unshelveExpired',
          {},
        ),
      ).catch((err: unknown) => log.error({ err }, 'alarms: ending expired shelves failed'));
    }
    // A shelf an alarm holds with no occurrence open ends too: the next activation is annunciated.
    const heldExpired = [...held].filter(([, h]) => shelfExpired(h.fsm, t)).map(([key]) => key);
    if (heldExpired.length > 0) {
      void run(() => endHeldShelves(null, heldExpired)).catch((err: unknown) => log.error({ err }, 'alarms: ending expired shelves failed'));
    }
  });

  /** Raises the comm alarm of every tag silent for the timeout since its last sample. */
  function checkLinks(at: number): Promise<void> {
    for (const s of sending) {
      if (at - s.seenAt < commTimeoutMs || s.commActive) {
        continue;
      }
      const tag = deps.tags.get(s.id);
      if (!tag) {
        s.sending = false; // removed from the registry: no longer expected to send
        sending.delete(s);
        continue;
      }
      s.commActive = true;
      pending.push({ key: alarmKeyOf(s.id, 'comm'), tagId: s.id, type: 'comm', change: 'activate', value: null, t: at, limit: null, regionid: tag.regionid, peak: null });
    }
    return flush();
  }
  const commTimer = every(COMM_CHECK_MS, () => {
    checkLinks(now()).catch((err: unknown) => log.error({ err }, 'alarms: checking links failed'));
  });

  // Occurrences another server of the store changed (its engine, an operator there): read again, in turn with this server's changes.
  const relayedSub = bus.onOtherServers('alarm.changed').subscribe((e) => {
    const ids = [...new Set(e.alarms.map((a) => a.id))];
    void run(() => refreshOccurrences(ids)).catch((err: unknown) => log.error({ err }, 'alarms: reading changed occurrences failed'));
  });
  // Standby: every open occurrence read again now and then, should the relay have dropped an event.
  // Owner on a shared store: the settings, out-of-service marks and plant modes an operator changed on a standby
  // (no event carries them), read again as often; the next activation opens under them.
  const resyncTimer = engine
    ? shared
      ? setInterval(() => {
          void run(async () => {
            if (await loadSettings()) {
              settingsVersion++;
            }
            await loadPlantModes();
          }).catch((err: unknown) => log.error({ err }, 'alarms: reading settings and plant modes failed'));
        }, deps.standbyResyncMs ?? 5000)
      : null
    : setInterval(() => {
        void run(resyncAll).catch((err: unknown) => log.error({ err }, 'alarms: reading open occurrences failed'));
      }, deps.standbyResyncMs ?? 5000);
  resyncTimer?.unref();

  // ---------------------------------------------------------------- operator actions

  async function scopeOf(caller: AuthUser): Promise<{ all: boolean; regions: Set<number> }> {
    const s = await deps.org.getUserScope(caller.userid);
    return { all: s.all, regions: new Set(s.regionids) };
  }
  const visible = (scope: { all: boolean; regions: Set<number> }, regionid: number | null) =>
    regionid === null || scope.all || scope.regions.has(regionid);

  /**
   * Applies an operator's event to each named open occurrence, in one
   * transaction with an audit row each. Occurrences the event does not apply
   * to (acknowledged meanwhile by someone else) are skipped; when none applies
   * the refusal of the first is the answer.
   */
  async function operate(
    caller: AuthUser | null,
    ids: number[],
    event: AlarmEvent,
    action: AuditAction,
    detail: Record<string, unknown>,
    patchOf?: (cur: OpenAlarm) => Partial<Row>,
    /** More to write in the same transaction (the plant mode that suppresses the alarms). */
    alsoIn?: (tx: Tx) => Promise<void>,
  ): Promise<number[]> {
    const byId = new Map([...open.values()].map((o) => [o.item.id, o]));
    const targets: OpenAlarm[] = [];
    const scope = caller ? await scopeOf(caller) : null;
    for (const id of ids) {
      const o = byId.get(id);
      if (!o || (scope && !visible(scope, o.item.regionid))) {
        throw notFound('alarm.notFound', { id });
      }
      targets.push(o);
    }
    const t = now();
    let firstRefusal: AlarmRefusal | null = null;
    const done: number[] = [];
    const after = new Map<string, OpenAlarm | null>();
    /** Occurrences another server changed since this one read them: read again after the transaction, whatever its end. */
    const changedElsewhere: number[] = [];
    let committed = false;
    try {
      await transactThenPublish(db, bus, async (tx, emit) => {
        if (shared && targets.length > 0) {
          // Acting on what is stored, not on what this server last heard: another server may have changed it.
          await lockKeyInTransaction(tx, ALARM_WRITE_LOCK);
          const stored = new Map(
            ((await tx.selectFrom('alarm_occurrence').selectAll().where('id', 'in', targets.map((o) => o.item.id)).execute()) as Row[]).map((r) => [r.id, r]),
          );
          targets.forEach((o, i) => {
            const r = stored.get(o.item.id);
            if (r?.fsm === JSON.stringify(o.fsm) && Number(r.updated_at) === o.item.updatedAt) {
              return;
            }
            changedElsewhere.push(o.item.id);
            if (!r || r.closed_at !== null) {
              throw notFound('alarm.notFound', { id: o.item.id });
            }
            targets[i] = { item: alarmItemOf(r), fsm: JSON.parse(r.fsm) as AlarmState };
          });
        }
        await alsoIn?.(tx);
        const items: AlarmItem[] = [];
        const actor = caller ? { userid: caller.userid, loginname: caller.loginname } : { userid: null, loginname: 'system' };
        for (const o of targets) {
          const tr = alarmTransition(o.fsm, event, t, rules);
          if (!tr.ok) {
            firstRefusal ??= tr.refusal;
            continue;
          }
          // A step that acknowledges (a manual unshelve, ISA-18.2 §11.7.3) records who, like an acknowledgement.
          const acks = tr.acknowledges && action !== 'alarm.ack';
          // The activation's peak so far, which a held-back peak write (PEAK_PUBLISH_MS) may not have stored yet.
          const peak = o.fsm.active ? peaks.get(o.item.alarmKey) : undefined;
          const patch = { ...(acks ? { acked_at: t, acked_by: actor.loginname } : {}), ...(peak !== undefined ? { peak } : {}), ...patchOf?.(o) };
          const item = await updateRow(tx, o, tr.next, patch);
          after.set(o.item.alarmKey, item.closedAt === null ? { item, fsm: tr.next } : null);
          items.push(item);
          done.push(o.item.id);
          const what = { alarm: o.item.alarmKey, source: o.item.sourceName, from: o.fsm.state, to: tr.next.state };
          await audit(tx, actor, action, 'alarm', o.item.id, { ...what, ...detail });
          if (acks) {
            await audit(tx, actor, 'alarm.ack', 'alarm', o.item.id, { ...what, comment: null, with: action });
          }
        }
        emitChanged(emit, items);
      });
      committed = true;
    } finally {
      if (changedElsewhere.length > 0) {
        await refreshOccurrences(changedElsewhere.filter((id) => !committed || !done.includes(id)));
      }
    }
    commit(after);
    if (done.length === 0 && firstRefusal) {
      throw badRequest(firstRefusal, ['ids']);
    }
    return done;
  }

  /**
   * Ends shelves that alarms hold with no occurrence open (runs on the queue):
   * by hand (`caller`), the closed occurrence carrying the shelf records its
   * end and is published; at expiry (`caller` null) only the audit row is
   * written. Either way the alarm's next activation is annunciated. Answers
   * the occurrence ids.
   */
  async function endHeldShelves(caller: AuthUser | null, keys: string[]): Promise<number[]> {
    const t = now();
    const ended = keys.map((key) => [key, held.get(key)] as const).filter((e): e is readonly [string, { fsm: AlarmState; item: AlarmItem }] => e[1] !== undefined);
    if (ended.length === 0) {
      return [];
    }
    const actor = caller ? { userid: caller.userid, loginname: caller.loginname } : { userid: null, loginname: 'system' };
    await transactThenPublish(db, bus, async (tx, emit) => {
      const items: AlarmItem[] = [];
      for (const [, h] of ended) {
        if (caller && h.fsm.shelf) {
          const row = await tx.selectFrom('alarm_occurrence').selectAll().where('id', '=', h.item.id).executeTakeFirst();
          if (row) {
            // The closed occurrence keeps state shelved; its shelf now ends here.
            const fsm = JSON.parse(row.fsm) as AlarmState;
            const shelf = fsm.shelf ? { ...fsm.shelf, until: t } : null;
            items.push(
              alarmItemOf(
                await tx
                  .updateTable('alarm_occurrence')
                  .set({ shelved_until: t, fsm: JSON.stringify({ ...fsm, shelf }), updated_at: t })
                  .where('id', '=', h.item.id)
                  .returningAll()
                  .executeTakeFirstOrThrow(),
              ),
            );
          }
        }
        await audit(tx, actor, caller ? 'alarm.unshelve' : 'alarm.unshelveExpired', 'alarm', h.item.id, {
          alarm: h.item.alarmKey,
          source: h.item.sourceName,
          from: 'shelved',
          to: 'normal',
        });
      }
      emitChanged(emit, items);
    });
    for (const [key] of ended) {
      held.delete(key);
    }
    return ended.map(([, h]) => h.item.id);
  }

  /**
   * Removes alarms from service or returns them (runs on the queue). A tag's
   * alarm is marked on its setting row; the named and the alarms' open
   * occurrences go through the state machine; all in one transaction with
   * the audit rows, and the engine's map of alarms out of service follows
   * after the commit.
   */
  async function setService(
    caller: AuthUser,
    input: { ids?: number[]; alarms?: AlarmRef[] },
    event: Extract<AlarmEvent, { type: 'removeFromService' | 'returnToService' }>,
  ): Promise<{ occurrences: number[]; alarms: AlarmRef[] }> {
    const remove = event.type === 'removeFromService';
    if (!input.ids?.length && !input.alarms?.length) {
      throw badRequest('validation.required', ['ids']);
    }
    const scope = await scopeOf(caller);
    const byId = new Map([...open.values()].map((o) => [o.item.id, o]));
    /** The tags' alarms concerned, by alarm key. */
    const alarmsOf = new Map<string, AlarmRef>();
    for (const a of input.alarms ?? []) {
      const tag = deps.tags.get(a.tagId);
      if (!tag || !visible(scope, tag.regionid) || !conditionsOf(tag, () => undefined).some((c) => c.type === a.type)) {
        throw notFound('alarm.settingNotFound', { tagId: a.tagId, type: a.type });
      }
      alarmsOf.set(alarmKeyOf(a.tagId, a.type), { tagId: a.tagId, type: a.type });
    }
    const ids = new Set<number>();
    for (const id of input.ids ?? []) {
      const o = byId.get(id);
      if (!o || !visible(scope, o.item.regionid)) {
        throw notFound('alarm.notFound', { id });
      }
      ids.add(id);
      const ref = tagAlarmOf(o.item.alarmKey);
      if (ref) {
        alarmsOf.set(o.item.alarmKey, ref);
      }
    }
    const t = now();
    const marks = [...alarmsOf].filter(([key]) => oos.has(key) !== remove);
    for (const key of alarmsOf.keys()) {
      const o = open.get(key);
      if (o) {
        ids.add(o.item.id);
      }
    }
    const applicable = [...ids].filter((id) => alarmTransition(byId.get(id)!.fsm, event, t, rules).ok);
    if (marks.length === 0 && applicable.length === 0) {
      throw badRequest(remove ? 'alarm.alreadyOutOfService' : 'alarm.notOutOfService', [input.ids?.length ? 'ids' : 'alarms']);
    }
    const who = { userid: caller.userid, loginname: caller.loginname };
    const reason = event.type === 'removeFromService' ? event.reason : null;
    const occurrences = await operate(
      caller,
      applicable,
      event,
      event.type === 'removeFromService' ? 'alarm.removeFromService' : 'alarm.returnToService',
      reason === null ? {} : { reason },
      undefined,
      async (tx) => {
        for (const [, a] of marks) {
          const values = remove
            ? { oos_since: t, oos_by: caller.loginname, oos_reason: reason }
            : { oos_since: null, oos_by: null, oos_reason: null };
          if (remove) {
            await tx
              .insertInto('alarm_setting')
              .values({
                tag_id: a.tagId,
                type: a.type,
                priority: defaultAlarmPriority[a.type] ?? 3,
                updated_at: t,
                updated_by: caller.loginname,
                ...values,
              })
              .onConflict((oc) => oc.columns(['tag_id', 'type']).doUpdateSet(values))
              .execute();
          } else {
            await tx.updateTable('alarm_setting').set(values).where('tag_id', '=', a.tagId).where('type', '=', a.type).execute();
          }
          // In the alarm's setting history too: who, when, why.
          await audit(
            tx,
            who,
            event.type === 'removeFromService' ? 'alarm.removeFromService' : 'alarm.returnToService',
            'alarmSetting',
            settingId(a.tagId, a.type),
            {
              reason: reason ?? '',
              changes: [{ field: 'outOfService', from: !remove, to: remove }],
            },
          );
        }
      },
    );
    for (const [key] of marks) {
      if (remove) {
        oos.set(key, { since: t, by: caller.loginname, reason: reason ?? '' });
      } else {
        oos.delete(key);
      }
    }
    return { occurrences, alarms: marks.map(([, a]) => a) };
  }

  /** The history's filter and the caller's isolation, as one query. */
  function historyQuery(scope: { all: boolean; regions: Set<number> }, input: AlarmHistoryFilter) {
    let q = db.selectFrom('alarm_occurrence').where('activated_at', '>=', input.from).where('activated_at', '<', input.to);
    if (!scope.all) {
      const regions = [...scope.regions];
      q = q.where((eb) =>
        regions.length ? eb.or([eb('regionid', 'is', null), eb('regionid', 'in', regions)]) : eb('regionid', 'is', null),
      );
    }
    if (input.source) {
      q = q.where('source', '=', input.source);
    }
    if (input.priority?.length) {
      q = q.where('priority', 'in', input.priority);
    }
    if (input.regionid !== undefined) {
      q = q.where('regionid', '=', input.regionid);
    }
    if (input.types?.length) {
      q = q.where('type', 'in', input.types);
    }
    return q;
  }

  const channel: AlarmService['channel'] = {
    source: {
      channel: 'alarm',
      regionOf: (_key, item) => item.regionid,
      start(feed) {
        // Alarm changes of every server of the store go to this server's browsers.
        const sub = bus.onAnyServer('alarm.changed').subscribe((e) => e.alarms.forEach((a) => feed.push(a)));
        return () => sub.unsubscribe();
      },
    },
    resolver: { kind: 'alarm', resolve: () => ({ filter: 'all' }) },
  };

  return {
    channel,
    async raise(input, by) {
      const a = raisedAlarmSchema.parse(input);
      const t = a.t ?? now();
      if (by && !visible(await scopeOf(by), a.regionid)) {
        throw forbidden('common.outsideScope');
      }
      await run(async () => {
        if (open.get(a.key)?.fsm.active) {
          return;
        }
        await applyConditionChanges([
          {
            key: a.key,
            tagId: a.source,
            type: a.type,
            change: 'activate',
            value: a.value ?? null,
            t,
            limit: a.limit ?? null,
            regionid: a.regionid,
            peak: a.value ?? null,
            raised: { name: { name: a.sourceName, name_en: a.sourceNameEn, unit: a.unit ?? '' }, priority: a.priority as AlarmPriority, detail: a.detail ?? null },
          },
        ], by && { user: by, action: 'alarm.raise' });
      });
    },
    async clear(key, t = now(), by) {
      const scope = by ? await scopeOf(by) : null;
      await run(async () => {
        const cur = open.get(key);
        if (cur && scope && !visible(scope, cur.item.regionid)) {
          throw forbidden('common.outsideScope');
        }
        if (!cur?.fsm.active) {
          return;
        }
        await applyConditionChanges([
          { key, tagId: cur.item.source, type: cur.item.type, change: 'clear', value: cur.item.value, t, limit: cur.item.limit, regionid: cur.item.regionid, peak: cur.item.peak },
        ], by && { user: by, action: 'alarm.clear' });
      });
    },
    openAlarms(prefix) {
      return [...open.values()].map((o) => o.item).filter((a) => a.alarmKey.startsWith(prefix));
    },
    async realTimeList(caller, input) {
      const scope = await scopeOf(caller);
      const list = [...open.values()]
        .map((o) => o.item)
        .filter((a) => visible(scope, a.regionid))
        .filter((a) => !input.priority || input.priority.includes(a.priority))
        .filter((a) => input.regionid === undefined || a.regionid === input.regionid)
        .filter((a) => !input.types || input.types.includes(a.type))
        .filter((a) => input.source === undefined || a.source === input.source)
        .filter((a) => !input.states || input.states.includes(a.state))
        .sort((a, b) => a.priority - b.priority || b.activatedAt - a.activatedAt);
      return { list, serverTime: now() };
    },
    async auditKpi(caller, input) {
      const scope = await scopeOf(caller);
      const fits = (a: { regionid: number | null }) =>
        visible(scope, a.regionid) && (input.regionid === undefined || a.regionid === input.regionid);
      const rows = await db
        .selectFrom('alarm_occurrence')
        .select(['alarm_key', 'source_name', 'source_name_en', 'priority', 'activated_at', 'returned_at', 'state', 'regionid', 'fsm'])
        .where('activated_at', '>=', input.from)
        .where('activated_at', '<', input.to)
        .execute();
      const toKpi = (r: (typeof rows)[number]): KpiOccurrence => ({
        alarmKey: r.alarm_key,
        sourceName: r.source_name,
        sourceNameEn: r.source_name_en,
        priority: r.priority,
        activatedAt: r.activated_at,
        returnedAt: r.returned_at,
        state: r.state,
        // Activated while out of service: never shown, not counted (ISA-18.2 §11.9).
        outOfService: (JSON.parse(r.fsm) as AlarmState).openedIn === 'outOfService',
      });
      const openNow = [...open.values()].map((o) => o.item).filter(fits);
      return computeAlarmKpi(
        rows.filter(fits).map(toKpi),
        { from: input.from, to: input.to, operatorPositions: input.operatorPositions },
        openNow.map((a) => ({
          alarmKey: a.alarmKey,
          sourceName: a.sourceName,
          sourceNameEn: a.sourceNameEn,
          priority: a.priority,
          activatedAt: a.activatedAt,
          returnedAt: a.returnedAt,
          state: a.state,
        })),
      );
    },
    async auditDetail(caller, input) {
      const scope = await scopeOf(caller);
      const t = now();
      const ref = tagAlarmOf(input.alarmKey);
      // Occurrences overlapping the window; one active longer than the longest audit window before it began is not looked for.
      let q = db
        .selectFrom('alarm_occurrence')
        .selectAll()
        .where('alarm_key', '=', input.alarmKey)
        .where('activated_at', '>=', input.from - MAX_KPI_DAYS * 24 * 3600_000)
        .where('activated_at', '<', input.to)
        .where((eb) => eb.or([eb('closed_at', 'is', null), eb('closed_at', '>=', input.from)]));
      if (ref) {
        q = q.where('source', '=', ref.tagId); // the (source, activated_at) index
      }
      const rows = ((await q.orderBy('activated_at').orderBy('id').execute()) as Row[]).filter((r) => visible(scope, r.regionid));
      const occurrences = rows.map((r) => {
        const fsm = JSON.parse(r.fsm) as AlarmState;
        return { ...alarmItemWith(r, fsm), openedIn: fsm.openedIn ?? null };
      });
      const actions: AlarmAuditAction[] = [];
      if (rows.length > 0) {
        const since = Math.min(input.from, rows[0].activated_at);
        const ids = rows.map((r) => String(r.id));
        const audited = await db
          .selectFrom('audit_log')
          .selectAll()
          .where('at', '>=', since)
          .where((eb) =>
            eb.or([
              eb.and([eb('entity', '=', 'alarm'), eb('entity_id', 'in', ids)]),
              ...(ref
                ? [eb.and([eb('entity', '=', 'alarmSetting'), eb('entity_id', '=', settingId(ref.tagId, ref.type)), eb('action', 'in', ['alarm.removeFromService', 'alarm.returnToService'])])]
                : []),
            ]),
          )
          .orderBy('at')
          .orderBy('id')
          .execute();
        const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
        for (const a of audited) {
          const d = JSON.parse(a.detail) as Record<string, unknown>;
          actions.push({
            id: a.id,
            at: a.at,
            action: a.action,
            loginname: a.loginname,
            occurrenceId: a.entity === 'alarm' ? Number(a.entity_id) : null,
            reason: text(d.reason),
            comment: text(d.comment),
            minutes: typeof d.minutes === 'number' ? d.minutes : null,
            kind: text(d.kind),
          });
        }
      }
      const summary = summariseAlarmActivity(
        occurrences.map((o) => ({ activatedAt: o.activatedAt, returnedAt: o.returnedAt, ackedAt: o.ackedAt, outOfService: o.openedIn === 'outOfService' })),
        { from: input.from, to: input.to },
        t,
      );
      return { occurrences, actions, summary, serverTime: t };
    },
    async *historyPages(caller, input) {
      const q = historyQuery(await scopeOf(caller), input);
      const PAGE = 1000;
      // Keyset paging on (activated_at, id), newest first: stable while new alarms arrive.
      let after: { at: number; id: number } | null = null;
      for (;;) {
        const cursor = after;
        const rows = (await (
          cursor
            ? q.where((eb) =>
                eb.or([eb('activated_at', '<', cursor.at), eb.and([eb('activated_at', '=', cursor.at), eb('id', '<', cursor.id)])]),
              )
            : q
        )
          .selectAll()
          .orderBy('activated_at', 'desc')
          .orderBy('id', 'desc')
          .limit(PAGE)
          .execute()) as Row[];
        if (rows.length > 0) {
          yield rows.map(alarmItemOf);
        }
        if (rows.length < PAGE) {
          return;
        }
        const last = rows[rows.length - 1];
        after = { at: last.activated_at, id: last.id };
      }
    },
    async historyList(caller, input) {
      const q = historyQuery(await scopeOf(caller), input);
      const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const rows = (await q
        .selectAll()
        .orderBy('activated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(input.pageSize)
        .offset((input.pageIndex - 1) * input.pageSize)
        .execute()) as Row[];
      return { list: rows.map(alarmItemOf), total };
    },
    async acknowledge(caller, input) {
      const comment = input.comment?.trim() || null;
      const acknowledged = await run(() =>
        operate(caller, input.ids, { type: 'ack', by: caller.loginname }, 'alarm.ack', { comment }, () => ({
          acked_at: now(),
          acked_by: caller.loginname,
          ack_comment: comment,
        })),
      );
      return { acknowledged };
    },
    async shelve(caller, input) {
      if (input.reason.trim() === '') {
        throw badRequest('alarm.reasonRequired', ['reason']);
      }
      if (input.minutes * 60_000 > rules.maxShelveMs) {
        throw badRequest('alarm.shelveTooLong', ['minutes'], { hours: rules.maxShelveMs / 3_600_000 });
      }
      const until = now() + input.minutes * 60_000;
      const shelved = await run(() =>
        operate(
          caller,
          input.ids,
          { type: 'shelve', kind: input.kind, until, by: caller.loginname, reason: input.reason },
          'alarm.shelve',
          {
            minutes: input.minutes,
            kind: input.kind,
            reason: input.reason.trim(),
          },
        ),
      );
      return { shelved };
    },
    async unshelve(caller, input) {
      const scope = await scopeOf(caller);
      const unshelved = await run(async () => {
        // An id may name the closed occurrence that carries a shelf its alarm still holds (the shelving ledger lists it).
        const heldKeyOf = new Map([...held].map(([key, h]) => [h.item.id, key]));
        const keys: string[] = [];
        for (const id of input.ids) {
          const key = heldKeyOf.get(id);
          if (key !== undefined) {
            if (!visible(scope, held.get(key)!.item.regionid)) {
              throw notFound('alarm.notFound', { id });
            }
            keys.push(key);
          }
        }
        const openIds = input.ids.filter((id) => !heldKeyOf.has(id));
        const done = openIds.length > 0 ? await operate(caller, openIds, { type: 'unshelve', by: caller.loginname, auto: false }, 'alarm.unshelve', {}) : [];
        return [...done, ...(await endHeldShelves(caller, keys))];
      });
      return { unshelved };
    },
    async settingChanged(tagId, type, setting) {
      const key = alarmKeyOf(tagId, type);
      settings.set(key, setting);
      settingsVersion++;
      if (setting.enabled) {
        return;
      }
      // Disabled: the condition is no longer evaluated, so an active alarm returns now.
      const slot = slotOfKey(key);
      if (slot) {
        slot.state = initialCondition;
      }
      await run(async () => {
        const cur = open.get(key);
        if (!cur?.fsm.active) {
          return;
        }
        await applyConditionChanges([
          {
            key,
            tagId: cur.item.source,
            type: cur.item.type,
            change: 'clear',
            value: cur.item.value,
            t: now(),
            limit: cur.item.limit,
            regionid: cur.item.regionid,
            peak: peaks.get(key) ?? cur.item.peak,
          },
        ]);
      });
    },
    async plantModes(caller) {
      const scope = await scopeOf(caller);
      return [...stopped.values()].filter((m) => visible(scope, m.regionid));
    },
    async setPlantMode(caller, input) {
      if (!visible(await scopeOf(caller), input.regionid)) {
        throw forbidden('common.outsideScope');
      }
      const region = await db.selectFrom('region').select('regionid').where('regionid', '=', input.regionid).executeTakeFirst();
      if (!region) {
        throw notFound('org.regionNotFound', { id: input.regionid });
      }
      return run(async () => {
        const t = now();
        const item: PlantModeItem = {
          regionid: input.regionid,
          mode: input.mode,
          reason: input.reason,
          updatedAt: t,
          updatedBy: caller.loginname,
        };
        const stop = input.mode === 'stop';
        // The region and its sub-regions; back in operation, an alarm stays suppressed while another region above it is still out of operation.
        const ids = [...open.values()]
          .filter((o) => {
            const r = o.item.regionid;
            if (r === null || !within(r, input.regionid) || !suppressibleTypes.includes(o.item.type)) {
              return false;
            }
            return stop
              ? o.fsm.state !== 'suppressed' && o.fsm.state !== 'outOfService'
              : o.fsm.state === 'suppressed' && !outOfOperation(r, input.regionid);
          })
          .map((o) => o.item.id);
        const alarms = await operate(
          caller,
          ids,
          { type: stop ? 'suppress' : 'unsuppress' },
          stop ? 'alarm.suppress' : 'alarm.unsuppress',
          { regionid: input.regionid, reason: input.reason },
          undefined,
          async (tx) => {
            await tx.deleteFrom('plant_mode').where('regionid', '=', input.regionid).execute();
            await tx
              .insertInto('plant_mode')
              .values({ regionid: input.regionid, mode: input.mode, reason: input.reason, updated_at: t, updated_by: caller.loginname })
              .execute();
            await audit(tx, { userid: caller.userid, loginname: caller.loginname }, 'alarm.plantMode', 'region', input.regionid, {
              mode: input.mode,
              reason: input.reason,
            });
          },
        );
        if (stop) {
          stopped.set(input.regionid, item);
        } else {
          stopped.delete(input.regionid);
        }
        return { item, alarms };
      });
    },
    async removeFromService(caller, input) {
      const reason = input.reason.trim();
      if (reason === '') {
        throw badRequest('alarm.reasonRequired', ['reason']);
      }
      const r = await run(() => setService(caller, input, { type: 'removeFromService', by: caller.loginname, reason }));
      return { removed: r.occurrences, alarms: r.alarms };
    },
    async returnToService(caller, input) {
      const r = await run(() => setService(caller, input, { type: 'returnToService', by: caller.loginname }));
      return { returned: r.occurrences, alarms: r.alarms };
    },
    idle: async () => {
      await flush(true);
      await queue;
    },
    checkLinks: (at = now()) => checkLinks(at),
    checkDelays: (at = now()) => checkDelays(at),
    async close() {
      sampleSub.unsubscribe();
      regionSub.unsubscribe();
      relayedSub.unsubscribe();
      for (const timer of [shelfTimer, commTimer, delayTimer, resyncTimer]) {
        if (timer) {
          clearInterval(timer);
        }
      }
      if (flushTimer !== null) {
        clearTimeout(flushTimer);
        flushTimer = null;
      }
      await flush(true);
      await queue;
    },
  };
}
