import type { Historian } from '../history/historian.js';
import type { Config } from '../config.js';
import type { HttpApp } from '../http/app.js';
import type { Store } from '../store/db.js';
import type { MenuSeed } from '../store/seed-base.js';
import { alarmModule } from './alarms/alarm.routes.js';
import type { AlarmService } from './alarms/alarm.service.js';
import type { AlarmScopeService } from './alarms/alarm-scope.service.js';
import type { EscalationService } from './alarms/escalation.service.js';
import type { LayAsideService } from './alarms/lay-aside.service.js';
import { alarmNotifyModule } from './alarms/notify.routes.js';
import { controlSystemModule } from './alarms/control-system.routes.js';
import type { NotifyService } from './alarms/notify.service.js';
import { authModule } from './auth/auth.routes.js';
import type { AuthService } from './auth/auth.service.js';
import { orgModule } from './org/org.routes.js';
import type { OrgService } from './org/org.service.js';
import type { Ingest } from '../stream/ingest.js';
import type { LiveCache } from '../stream/live-cache.js';
import type { StreamBus } from '../stream/bus.js';
import type { TopicRegistry } from '../stream/channels.js';
import { fencesModule } from './fences/fences.routes.js';
import { ingestModule } from './ingest/ingest.routes.js';
import type { IngestKeyService } from './ingest/ingest.service.js';
import { positioningModule } from './positioning/positioning.routes.js';
import { realtimeModule } from './realtime/realtime.routes.js';
import { shellModule } from './shell/shell.routes.js';
import type { RealtimeService } from './realtime/realtime.service.js';
import { regionsModule } from './regions/regions.routes.js';
import type { FileStore } from './records/records.files.js';
import { recordsModule } from './records/records.routes.js';
import type { RecordsService } from './records/records.service.js';

export interface Services {
  org: OrgService;
  auth: AuthService;
  /** The ingest pipeline (simulator, MQTT and HTTP ingest all go through it). */
  ingest: Ingest;
  /** Latest tag values and positions; `live.latest(tagIds)`. */
  live: LiveCache;
  /** Tags, their classification and the in-memory tag registry. */
  realtime: RealtimeService;
  /** Ingest keys: devices' credentials for HTTP ingest (and for scraping /metrics). */
  ingestKeys: IngestKeyService;
  /** Alarm engine and operations (ISA-18.2). */
  alarms: AlarmService;
  /** Chunked history: durable acknowledgement (sync), open windows for queries. */
  history: Historian;
  /** The record engine: every ledger's records, their workflow and the ledger definitions. */
  records: RecordsService;
  /** Attachments under DATA_DIR. */
  files: FileStore;
  /** Alarm webhooks and their outbox. */
  notify: NotifyService;
  /** Escalation of unacknowledged alarms. */
  escalation: EscalationService;
  /** The shelving ledger. */
  layAside: LayAsideService;
  /** Scopes of the live alarm list pages. */
  alarmScope: AlarmScopeService;
  /** The process's event bus: position and sample batches, domain events (the fence engine listens to it). */
  bus: StreamBus;
  /** Channel sources and topic resolvers: a module adds its live data here (topics.ts). */
  topics: TopicRegistry;
}

export interface ModuleContext {
  http: HttpApp;
  store: Store;
  config: Config;
  services: Services;
}

/** A server module binds its contracts to its service. Switch one off by removing its line below. */
export interface ServerModule {
  name: string;
  /** Menu entries of the pages this module serves; synced at every start. */
  menus?: MenuSeed[];
  /**
   * Binds contracts to the service. A module with background work (the fence
   * engine) returns when it is ready and how to stop it; the server awaits
   * `ready` before it listens and calls `close` before the alarm service closes.
   */
  register(ctx: ModuleContext): void | ModuleHandle;
}

export interface ModuleHandle {
  ready?: Promise<void>;
  close?: () => Promise<void>;
  /** Counters of the module's background work (the fence engine's evaluations), for benches and diagnostics. */
  stats?: () => Record<string, number>;
}

export const modules: ServerModule[] = [authModule, orgModule, ingestModule, positioningModule, realtimeModule, regionsModule, recordsModule, alarmModule, shellModule, alarmNotifyModule, fencesModule, controlSystemModule];
