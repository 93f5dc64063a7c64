import { limitTypesOfTags, type AlarmItem, type AlarmPriority, type AlarmType } from '../../../shared/alarms/contracts.js';
import type { AlarmRef, PlantModeItem } from '../../../shared/alarms/settings-contracts.js';
import { initialCondition, type ConditionConfig, type ConditionState } from '../../../shared/domain/alarm-condition.js';
import type { AlarmState } from '../../../shared/domain/alarm-state.js';
import type { TagMeta } from '../../stream/tag-registry.js';
import { alarmItemOf, type AlarmRow } from './alarm-row.js';

/** Default priorities until the rationalisation ledger sets them: HH/LL high, H/L medium, discrete high. */
export const defaultAlarmPriority: Partial<Record<AlarmType, AlarmPriority>> = { hh: 2, ll: 2, h: 3, l: 3, discrete: 2, comm: 3 };
const limitTypes = ['hh', 'h', 'l', 'll'] as const;
/** Alarms a plant mode suppresses: the process alarms of tags (never a person's SOS or an intrusion). */
export const suppressibleTypes: readonly AlarmType[] = [...limitTypesOfTags, 'comm'];

/** An open occurrence as this server holds it: what lists and the topic show, and its state machine. */
export interface OpenAlarm {
  item: AlarmItem;
  fsm: AlarmState;
}

/** A timed shelf an alarm holds with no occurrence open: its state machine, and the closed occurrence that carries it. */
export interface HeldShelf {
  fsm: AlarmState;
  item: AlarmItem;
}

/** What the alarm setting ledger (alarm_setting, migration 0075) sets per alarm of a tag. */
export interface AlarmEngineSetting {
  priority: AlarmPriority;
  onDelayMs: number;
  offDelayMs: number;
  enabled: boolean;
}

/** Which alarms a caller may see: every region's, or those of no region and of the caller's regions. */
export interface AlarmScope {
  all: boolean;
  regions: Set<number>;
}

/** A tag's alarm out of service (alarm_setting, migration 0078): since when, by whom, why. */
export interface OutOfServiceMark {
  since: number;
  by: string;
  reason: string;
}

export const alarmKeyOf = (tagId: string, type: AlarmType) => `tag:${tagId}:${type}`;
/** Shelved, suppressed by design and out of service: entered on top of the annunciated states (ISA-18.2 §11.7–11.9). */
export const isOverlay = (state: AlarmState['state']) => state === 'shelved' || state === 'suppressed' || state === 'outOfService';
/** The tag's alarm (a setting ledger row) an alarm key names, or null for an alarm another module raises. */
export function tagAlarmOf(key: string): AlarmRef | null {
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
export function conditionsOf(
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

/** The state of one of a tag's alarm conditions, kept while the condition is not evaluated (a limit removed, an alarm disabled) too. */
export interface ConditionSlot {
  type: AlarmType;
  /** Deadband and delays (alarm-condition.ts). */
  state: ConditionState;
}

/** A condition the tag's limits and settings evaluate (conditionsOf), with its slot. */
export interface TagCondition {
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
export interface TagState {
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
export function slotOf(s: TagState, type: AlarmType): ConditionSlot {
  let slot = s.slots.find((x) => x.type === type);
  if (!slot) {
    slot = { type, state: initialCondition };
    s.slots.push(slot);
  }
  return slot;
}

/**
 * What one alarm service instance knows of the alarms, shared by its engine,
 * its operator actions and its queries (passed to each; never a module-level
 * singleton, since a server swaps instances when it takes or loses the lease).
 * Only changes that are stored are taken in here, and they are taken on the
 * instance's one queue, so memory and store never disagree.
 */
export interface AlarmMemory {
  /** Open occurrences by alarm key, as stored. */
  open: Map<string, OpenAlarm>;
  /**
   * The peak of each tag alarm's latest activation: the furthest value beyond
   * the limit since it activated (reset at each activation). A new peak of an
   * open occurrence is written and published with the engine's next batch
   * (`dirtyPeaks`), so the list and topic `alarm` show it until the next
   * state change.
   */
  peaks: Map<string, number>;
  dirtyPeaks: Set<string>;
  /** When each alarm's peak was last written on its own (PEAK_PUBLISH_MS). */
  peakWrittenAt: Map<string, number>;
  /**
   * Timed shelves of alarms whose occurrence has closed (ISA-18.2 §11.7,
   * DOMAIN.md §3): the shelf belongs to the alarm, so its next activation
   * within the shelf opens shelved. `item` is the closed occurrence that
   * carries the shelf (its row keeps state shelved and the shelf's end).
   */
  held: Map<string, HeldShelf>;
  /** The engine's state per tag id (TagState), made at the tag's first sample or restored alarm. */
  tagStates: Map<string, TagState>;
  /** Alarm settings by alarm key (the ledger's rows; an alarm without one runs on the defaults). */
  settings: Map<string, AlarmEngineSetting>;
  /** Bumped when a setting changes: every tag's conditions are built again at its next sample. */
  settingsVersion: number;
  /** Tags' alarms out of service (alarm_setting, migration 0078): each activation opens out of service. */
  oos: Map<string, OutOfServiceMark>;
  /** Regions out of operation (plant_mode, migration 0076). */
  stopped: Map<number, PlantModeItem>;
  /** Parent of each region: a region out of operation takes its sub-regions with it. */
  parents: Map<number, number>;
}

export function createAlarmMemory(): AlarmMemory {
  return {
    open: new Map(),
    peaks: new Map(),
    dirtyPeaks: new Set(),
    peakWrittenAt: new Map(),
    held: new Map(),
    tagStates: new Map(),
    settings: new Map(),
    settingsVersion: 0,
    oos: new Map(),
    stopped: new Map(),
    parents: new Map(),
  };
}

export function tagStateOf(mem: AlarmMemory, id: string): TagState {
  let s = mem.tagStates.get(id);
  if (s === undefined) {
    s = newTagState(id);
    mem.tagStates.set(id, s);
  }
  return s;
}

/** The condition slot an alarm key names, or null when the key is not a tag's alarm or the engine has no state for it. */
export function slotOfKey(mem: AlarmMemory, key: string): ConditionSlot | null {
  const a = tagAlarmOf(key);
  return (a && mem.tagStates.get(a.tagId)?.slots.find((x) => x.type === a.type)) ?? null;
}

/** Takes a stored open occurrence as this server's open alarm (at start, or one another server opened). */
export function restoreOpen(mem: AlarmMemory, r: AlarmRow): void {
  const item = alarmItemOf(r);
  const fsm = JSON.parse(r.fsm) as AlarmState;
  mem.open.set(r.alarm_key, { item, fsm });
  const a = tagAlarmOf(r.alarm_key);
  if (a) {
    slotOf(tagStateOf(mem, a.tagId), a.type).state = { active: fsm.active, pendingSince: null };
  }
  if (r.peak !== null) {
    mem.peaks.set(r.alarm_key, r.peak);
  }
}

/** Takes the open occurrences a committed transaction left (null: the alarm has none open now). */
export function commitOpen(mem: AlarmMemory, after: Map<string, OpenAlarm | null>): void {
  for (const [key, v] of after) {
    if (v) {
      mem.open.set(key, v);
    } else {
      mem.open.delete(key);
    }
  }
}

/** Whether a region is `root` or lies under it. */
export function within(mem: AlarmMemory, regionid: number, root: number): boolean {
  for (let r: number | undefined = regionid, depth = 0; r !== undefined && depth < 64; r = mem.parents.get(r), depth++) {
    if (r === root) {
      return true;
    }
  }
  return false;
}

/** Whether a region or one of its ancestors is out of operation (`except`: as if that one were back in operation). */
export function outOfOperation(mem: AlarmMemory, regionid: number, except?: number): boolean {
  for (let r: number | undefined = regionid, depth = 0; r !== undefined && depth < 64; r = mem.parents.get(r), depth++) {
    if (r !== except && mem.stopped.has(r)) {
      return true;
    }
  }
  return false;
}

export const suppressedByDesign = (mem: AlarmMemory, type: AlarmType, regionid: number | null) =>
  regionid !== null && suppressibleTypes.includes(type) && outOfOperation(mem, regionid);
