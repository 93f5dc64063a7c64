import type { z } from 'zod';
import {
  MAX_SHELVE_MINUTES,
  type AlarmHistoryFilter,
  type AlarmItem,
  type AlarmType,
  type alarmAcknowledge,
  type alarmAuditDetail,
  type alarmAuditKpi,
  type alarmHistoryList,
  type alarmRealTimeList,
  type alarmShelve,
  type alarmUnshelve,
} from '../../../shared/alarms/contracts.js';
import type { AlarmRef, PlantModeItem, alarmRemoveFromService, alarmReturnToService, plantModeSet } from '../../../shared/alarms/settings-contracts.js';
import type { AlarmKpi } from '../../../shared/domain/alarm-kpi.js';
import type { AuthUser } from '../../http/app.js';
import type { Db } from '../../store/db.js';
import type { StreamBus } from '../../stream/bus.js';
import type { ChannelSource, TopicResolver } from '../../stream/channels.js';
import type { TagRegistry } from '../../stream/tag-registry.js';
import type { OrgPort as OrgService } from '../org/port.js';
import { createAlarmContext, type AlarmLog } from './alarm-context.js';
import { DEFAULT_COMM_TIMEOUT_MS, startAlarmEngine, type RaisedAlarm } from './alarm-engine.js';
import type { AlarmEngineSetting } from './alarm-memory.js';
import { createAlarmOperations } from './alarm-operations.js';
import { createAlarmQueries } from './alarm-queries.js';

// The names other files take from here since the service was one file (issue 17 split it by job).
export type { AlarmLog } from './alarm-context.js';
export { DEFAULT_COMM_TIMEOUT_MS, type RaisedAlarm } from './alarm-engine.js';
export { defaultAlarmPriority, type AlarmEngineSetting } from './alarm-memory.js';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;

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

/**
 * One alarm service instance: the context it shares (alarm-context.ts: the
 * store, its memory of the alarms, one queue), read from the store at start,
 * with the engine (alarm-engine.ts, alarm-batch.ts), the operator actions
 * (alarm-operations.ts) and the queries (alarm-queries.ts) on it; the SQL of
 * all of them is in alarm.repository.ts.
 */
export async function createAlarmService(deps: AlarmServiceDeps): Promise<AlarmService> {
  const ctx = await createAlarmContext({
    db: deps.db,
    bus: deps.bus,
    tags: deps.tags,
    org: deps.org,
    log: deps.log,
    now: deps.now ?? Date.now,
    maxShelveMs: deps.maxShelveMs ?? MAX_SHELVE_MINUTES * 60_000,
  });
  const engine = startAlarmEngine(ctx, {
    engine: deps.engine ?? true,
    commTimeoutMs: deps.commTimeoutMs ?? DEFAULT_COMM_TIMEOUT_MS,
    standbyResyncMs: deps.standbyResyncMs ?? 5000,
  });
  const operations = createAlarmOperations(ctx);
  const queries = createAlarmQueries(ctx);
  return {
    channel: queries.channel,
    raise: (...a) => engine.raise(...a),
    clear: (...a) => engine.clear(...a),
    openAlarms: (...a) => queries.openAlarms(...a),
    realTimeList: (...a) => queries.realTimeList(...a),
    auditKpi: (...a) => queries.auditKpi(...a),
    auditDetail: (...a) => queries.auditDetail(...a),
    historyPages: (...a) => queries.historyPages(...a),
    historyList: (...a) => queries.historyList(...a),
    acknowledge: (...a) => operations.acknowledge(...a),
    shelve: (...a) => operations.shelve(...a),
    unshelve: (...a) => operations.unshelve(...a),
    settingChanged: (...a) => engine.settingChanged(...a),
    plantModes: (...a) => queries.plantModes(...a),
    setPlantMode: (...a) => operations.setPlantMode(...a),
    removeFromService: (...a) => operations.removeFromService(...a),
    returnToService: (...a) => operations.returnToService(...a),
    idle: () => engine.idle(),
    checkLinks: (...a) => engine.checkLinks(...a),
    checkDelays: (...a) => engine.checkDelays(...a),
    async close() {
      ctx.close();
      await engine.close();
    },
  };
}
