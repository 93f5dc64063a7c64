import { DEFAULT_MQTT_TOPIC_PREFIX } from '../shared/contracts/stream.js';
import path from 'node:path';
import { alarmTypes, type AlarmType } from '../shared/alarms/contracts.js';
import type { ManDownRule } from '../shared/domain/fences.js';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** MQTT broker to ingest from (topics plantwatch/v1/samples and plantwatch/v1/positions, QoS 1); none when unset. */
  mqttUrl?: string;
  /** MQTT_CLIENT_ID: stable client id of the persistent session; default plantwatch-<host>-<hash of DATA_DIR or DATABASE_URL>. */
  mqttClientId?: string;
  /** MQTT_TOPIC_PREFIX: ingest topics are `<prefix>/samples` and `<prefix>/positions` (default plantwatch/v1). */
  mqttTopicPrefix: string;
  /** MQTT_SESSION_EXPIRY: seconds the broker keeps the session (and queues QoS 1 messages) while the server is away; default 7 days. */
  mqttSessionExpiry: number;
  /** BROADCAST_TICK_MS: the stream sends at most one update per tag per tick (default 100 ms). */
  broadcastTickMs: number;
  /** INGEST_API_KEY: one more valid key for POST /ingest/v1/*, besides the keys administrators create. */
  ingestApiKey?: string;
  /** RETENTION_DAYS: history (samples, positions) older than this is deleted; at least 30 (DOMAIN.md §5), default 30. */
  retentionDays: number;
  /** Demo mode seeds the demo organisation and plant and runs the simulator. */
  demo: boolean;
  /** SIMULATOR=1/0: run the plant simulator; default on in demo mode, off otherwise. */
  simulator: boolean;
  /** SIM_RATE_HZ: simulated samples per tag per second (default 1). */
  simRateHz: number;
  /** SIM_TIME_SCALE: simulated seconds per real second (default 1). */
  simTimeScale: number;
  /** SIM_SEED: the simulator replays the same plant from the same seed (default 1). */
  simSeed: number;
  demoPassword: string;
  /** Access-token lifetime in seconds. */
  accessTokenTtl: number;
  /** Refresh-token lifetime in seconds. */
  refreshTokenTtl: number;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  /** Uploaded workbooks (ledger and alarm-setting imports): largest unpacked size, most cells, the reading thread's heap. */
  importMaxUnpackedMb: number;
  importMaxCells: number;
  importThreadHeapMb: number;
  /** Serve the built client from this folder when it exists. */
  clientDir: string;
  logLevel: string;
  /** Failed sign-ins per account and address that cost nothing; from there each attempt waits (shared/domain/sign-in-backoff.ts). */
  loginMaxAttempts: number;
  /** The first wait after the free failures, in seconds; it doubles with each further failure. */
  loginDelaySeconds: number;
  /** The longest wait; a key that stays quiet this long beyond the end of its wait starts free again. */
  loginWindowSeconds: number;
  /** Trust X-Forwarded-For from a reverse proxy (only behind one, else clients could pick their address). */
  trustProxy: boolean;
  /** METRICS_PORT: also serve GET /metrics without credentials on this port (on HOST); unset: only on PORT, behind a credential. */
  metricsPort?: number;
  /** NOTIFY_BACKOFF_MS: waits between webhook tries, comma-separated (default 10 s, 30 s, 2 min, 10 min, 30 min: 6 tries). */
  notifyBackoffMs: number[];
  /** NOTIFY_POLL_MS: how often the webhook outbox is looked at (default 1000). */
  notifyPollMs: number;
  /** NOTIFY_TIMEOUT_MS: a webhook try that takes longer fails (default 5000). */
  notifyTimeoutMs: number;
  /** REGULATOR_PUSH_BACKOFF_MS: waits after failed tries of the regulator push, comma-separated, the last repeating (default 5 s, 15 s, 1 min, 5 min). */
  regulatorPushBackoffMs: number[];
  /** REGULATOR_PUSH_POLL_MS: how often the regulator push looks at its clock (default 1000). */
  regulatorPushPollMs: number;
  /** ESCALATION_MINUTE_MS: length of an escalation level's minute (default 60000; tests shorten it). */
  escalationMinuteMs: number;
  /** REPORT_TICK_MS: how often due scheduled tag reports are made and their webhooks sent (default 30000; 0: never by itself — tests drive it). */
  reportTickMs: number;
  /**
   * MUSTER_AUTO_ALARM_TYPES: alarm types whose opening starts a muster by itself (comma-separated, e.g. `hh,sos`;
   * default none). MUSTER_AUTO_REGIONS: region ids the alarm must be in (or under), comma-separated; empty: any region.
   */
  musterAuto: { types: AlarmType[]; regions: number[] };
  /**
   * MAN_DOWN_DEFAULT: the plant-wide man-down rule, `radius metres,seconds` (default `3,600`):
   * a person who stays within the radius that long raises 静止 anywhere, inside drawn regions
   * or not, unless a region of theirs has a man-down rule of its own. `off`: only the regions' rules.
   */
  manDownDefault: ManDownRule | null;
}

export const DEFAULT_DEMO_PASSWORD = 'Plantwatch@2026';

function num(v: string | undefined, fallback: number): number {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : fallback;
}

/** MAN_DOWN_DEFAULT: `radius,seconds`, or `off`. */
function manDownRule(v: string | undefined): ManDownRule | null {
  if (v === undefined || v.trim() === '') {
    return { radiusM: 3, seconds: 600 };
  }
  if (v.trim() === 'off') {
    return null;
  }
  const [radiusM, seconds] = v.split(',').map((x) => Number(x.trim()));
  if (!(radiusM >= 0.5 && radiusM <= 50) || !(Number.isInteger(seconds) && seconds >= 1 && seconds <= 24 * 3600)) {
    throw new Error(`MAN_DOWN_DEFAULT must be "radius metres (0.5-50),seconds (1-86400)" or "off", not "${v}"`);
  }
  return { radiusM, seconds };
}

const list = (v: string | undefined): string[] => (v ?? '').split(',').map((x) => x.trim()).filter((x) => x !== '');

/** A port that must be right: a typo would otherwise open the metrics on a port nobody chose. */
function portNumber(name: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new Error(`${name} must be a port number (0–65535), not "${v}"`);
  }
  return n;
}

/** Reads configuration from the environment; every variable is documented in README.md. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    host: env.HOST ?? '127.0.0.1',
    port: num(env.PORT, 8080),
    dataDir: env.DATA_DIR ?? path.resolve('data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    mqttUrl: env.MQTT_URL || undefined,
    mqttClientId: env.MQTT_CLIENT_ID || undefined,
    mqttSessionExpiry: Math.max(0, num(env.MQTT_SESSION_EXPIRY, 7 * 24 * 3600)),
    mqttTopicPrefix: (env.MQTT_TOPIC_PREFIX || DEFAULT_MQTT_TOPIC_PREFIX).replace(/\/+$/, ''),
    broadcastTickMs: Math.max(10, num(env.BROADCAST_TICK_MS, 100)),
    ingestApiKey: env.INGEST_API_KEY || undefined,
    retentionDays: Math.max(30, num(env.RETENTION_DAYS, 30)),
    demo: (env.DEMO ?? '1') !== '0',
    simulator: env.SIMULATOR ? env.SIMULATOR === '1' : (env.DEMO ?? '1') !== '0',
    simRateHz: Math.min(50, Math.max(0.01, num(env.SIM_RATE_HZ, 1))),
    simTimeScale: Math.min(3600, Math.max(0.01, num(env.SIM_TIME_SCALE, 1))),
    simSeed: num(env.SIM_SEED, 1),
    demoPassword: env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    accessTokenTtl: num(env.ACCESS_TOKEN_TTL, 900),
    refreshTokenTtl: num(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600),
    bodyLimit: num(env.BODY_LIMIT, 1024 * 1024),
    importMaxUnpackedMb: Math.max(1, num(env.IMPORT_MAX_UNPACKED_MB, 64)),
    importMaxCells: Math.max(1000, num(env.IMPORT_MAX_CELLS, 1_000_000)),
    importThreadHeapMb: Math.max(128, num(env.IMPORT_THREAD_HEAP_MB, 1024)),
    clientDir: env.CLIENT_DIR ?? path.resolve('dist/client'),
    logLevel: env.LOG_LEVEL ?? 'info',
    loginMaxAttempts: Math.max(1, num(env.LOGIN_MAX_ATTEMPTS, 5)),
    loginDelaySeconds: Math.max(1, num(env.LOGIN_DELAY_SECONDS, 30)),
    loginWindowSeconds: num(env.LOGIN_WINDOW_SECONDS, 300),
    trustProxy: env.TRUST_PROXY === '1',
    metricsPort: env.METRICS_PORT ? portNumber('METRICS_PORT', env.METRICS_PORT) : undefined,
    notifyBackoffMs: env.NOTIFY_BACKOFF_MS ? env.NOTIFY_BACKOFF_MS.split(',').map((v) => Math.max(0, num(v, 0))) : [10_000, 30_000, 120_000, 600_000, 1_800_000],
    notifyPollMs: Math.max(10, num(env.NOTIFY_POLL_MS, 1000)),
    notifyTimeoutMs: Math.max(100, num(env.NOTIFY_TIMEOUT_MS, 5000)),
    regulatorPushBackoffMs: env.REGULATOR_PUSH_BACKOFF_MS ? env.REGULATOR_PUSH_BACKOFF_MS.split(',').map((v) => Math.max(0, num(v, 0))) : [5_000, 15_000, 60_000, 300_000],
    regulatorPushPollMs: Math.max(10, num(env.REGULATOR_PUSH_POLL_MS, 1000)),
    escalationMinuteMs: Math.max(1, num(env.ESCALATION_MINUTE_MS, 60_000)),
    reportTickMs: Math.max(0, num(env.REPORT_TICK_MS, 30_000)),
    musterAuto: {
      types: list(env.MUSTER_AUTO_ALARM_TYPES).map((v) => {
        if (!(alarmTypes as readonly string[]).includes(v)) {
          throw new Error(`MUSTER_AUTO_ALARM_TYPES: unknown alarm type "${v}" (one of ${alarmTypes.join(', ')})`);
        }
        return v as AlarmType;
      }),
      regions: list(env.MUSTER_AUTO_REGIONS).map((v) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n <= 0) {
          throw new Error(`MUSTER_AUTO_REGIONS must hold region ids, not "${v}"`);
        }
        return n;
      }),
    },
    manDownDefault: manDownRule(env.MAN_DOWN_DEFAULT),
  };
}
