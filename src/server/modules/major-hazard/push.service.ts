import type { Selectable } from 'kysely';
import { connectAsync, type MqttClient } from 'mqtt';
import type { z } from 'zod';
import { dangerSourceDeviceLedger, dangerSourceLedger } from '../../../shared/major-hazard/ledgers.js';
import type {
  PushConfig,
  PushKind,
  PushMessage,
  PushRowItem,
  PushStatus,
  regulatorPushSaveInput,
  regulatorPushStatus,
} from '../../../shared/major-hazard/push-contracts.js';
import type { AuthUser } from '../../http/app.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db } from '../../store/db.js';
import type { Database } from '../../store/schema.js';
import type { RecordsPort } from '../records/port.js';
import type { IdentificationRow } from './identification.repository.js';
import './schema.js';

/*
 * The regulator push (issue 20 §7): every `interval` seconds the server that
 * holds the plant's lease takes each major hazard source's monitored values
 * (the tags bound to its devices, from the live cache) and writes one buffer
 * row per source in the store; then it sends the waiting rows oldest first,
 * one message each, to the endpoint (HTTP POST of JSON, or an MQTT publish at
 * QoS 1) and marks each row sent once the receiver took it. A failed try stops
 * the round (later rows never overtake a waiting one) and the next try waits
 * by back-off; rows outlive a restart and a change of lease holder. A message
 * carries its row id as `seq`: a crash between the receiver's answer and the
 * mark repeats that message with the same seq, for the receiver to drop.
 */

const KEY = 'regulator';
const TAG_KEYS = [
  ['levelTag', 'level'],
  ['temperatureTag', 'temperature'],
  ['pressureTag', 'pressure'],
  ['gasTag', 'gas'],
] as const;
/** Sent rows older than this are dropped when new ones are written. */
const KEEP_SENT_MS = 7 * 86_400_000;

type ConfigRow = Selectable<Database['major_hazard_push']>;
type BufferRow = Selectable<Database['major_hazard_push_row']>;

export interface PushOptions {
  /** Waits after the 1st, 2nd, … failed try in a row; the last one repeats. */
  backoffMs: number[];
  /** How often the sender looks at the clock (collect when due, send when allowed). */
  pollMs: number;
  /** A try not answered by then fails. */
  timeoutMs: number;
  /** Most rows sent in one round. */
  batch: number;
}

export const defaultPushOptions: PushOptions = {
  backoffMs: [5_000, 15_000, 60_000, 300_000],
  pollMs: 1000,
  timeoutMs: 5000,
  batch: 200,
};

export interface RegulatorPush {
  config(): Promise<PushConfig>;
  save(caller: AuthUser, input: z.output<typeof regulatorPushSaveInput>): Promise<PushConfig>;
  status(input: z.output<(typeof regulatorPushStatus)['input']>): Promise<PushStatus>;
  /** Writes one waiting row per major hazard source with its values now; answers how many. */
  collect(at?: number): Promise<number>;
  /** Sends waiting rows in order until one fails or none is left (once its back-off has passed); answers how many were sent. */
  pump(): Promise<number>;
  /** The lease holder's work: the timer of collection and sending. */
  start(): void;
  stop(): Promise<void>;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const n = (v: number | string | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** A failed try in words: fetch's "fetch failed" says little, its cause (ECONNREFUSED 127.0.0.1:9) says why. */
function failureText(err: unknown, timeoutMs: number): string {
  if (!(err instanceof Error)) {
    return String(err);
  }
  if (err.name === 'TimeoutError') {
    return `timeout after ${timeoutMs} ms`;
  }
  const cause = err.cause instanceof Error ? err.cause.message : '';
  return cause && !err.message.includes(cause) ? `${err.message}: ${cause}` : err.message;
}

function toConfig(r: ConfigRow | undefined): PushConfig {
  return r
    ? {
        kind: r.kind as PushKind,
        url: r.url,
        topic: r.topic,
        intervalS: r.interval_s,
        enabled: r.enabled === 1,
        plantCode: r.plant_code,
        updatedAt: n(r.updated_at),
        updatedBy: r.updated_by,
      }
    : { kind: 'http', url: '', topic: '', intervalS: 60, enabled: false, plantCode: '', updatedAt: null, updatedBy: '' };
}

export function createRegulatorPush(deps: {
  db: Db;
  records: Pick<RecordsPort, 'allRecords'>;
  /** The kept identifications, brought up to date. */
  identified(): Promise<IdentificationRow[]>;
  live: { latest(ids: readonly string[]): { tag: string; t: number; v: number; q: number }[] };
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Whether this server holds the plant's lease. */
  holds(): boolean;
  options?: Partial<PushOptions>;
  now?: () => number;
}): RegulatorPush {
  const { db, log } = deps;
  const opts: PushOptions = { ...defaultPushOptions, ...deps.options };
  const now = deps.now ?? Date.now;
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<unknown> = Promise.resolve();
  let mqtt: { url: string; client: MqttClient } | null = null;

  const row = () => db.selectFrom('major_hazard_push').selectAll().where('key', '=', KEY).executeTakeFirst();

  async function collect(at = now()): Promise<number> {
    const [kept, units, devices] = await Promise.all([
      deps.identified(),
      deps.records.allRecords(dangerSourceLedger),
      deps.records.allRecords(dangerSourceDeviceLedger),
    ]);
    const major = new Map(kept.filter((k) => k.is_major === 1).map((k) => [k.unit_id, k]));
    const messages: { sourceId: number; name: string; body: Omit<PushMessage, 'seq'> }[] = [];
    const cfg = toConfig(await row());
    for (const u of units.filter((x) => major.has(x.id)).sort((a, b) => a.id - b.id)) {
      const bound = devices
        .filter((d) => d.source === u.id)
        .flatMap((d) => TAG_KEYS.map(([k, role]) => ({ tag: text(d[k]).trim(), device: text(d.code) || text(d.name), role })))
        .filter((x) => x.tag !== '');
      const latest = new Map(deps.live.latest(bound.map((b) => b.tag)).map((s) => [s.tag, s]));
      messages.push({
        sourceId: u.id,
        name: text(u.name),
        body: {
          plantCode: cfg.plantCode,
          at,
          source: { id: u.id, code: text(u.code), name: text(u.name), grade: major.get(u.id)?.grade ?? null },
          values: bound.map((b) => {
            const s = latest.get(b.tag);
            return { ...b, value: s?.v ?? null, quality: s?.q ?? null, t: s?.t ?? null };
          }),
        },
      });
    }
    await inTransaction(db, async (tx) => {
      for (const m of messages) {
        await tx
          .insertInto('major_hazard_push_row')
          .values({
            source_id: m.sourceId,
            source_name: m.name.slice(0, 100),
            at,
            payload: JSON.stringify(m.body),
            value_count: m.body.values.length,
            status: 'waiting',
            sent_at: null,
          })
          .execute();
      }
      await tx.updateTable('major_hazard_push').set({ last_collect_at: at }).where('key', '=', KEY).execute();
      await tx.deleteFrom('major_hazard_push_row').where('status', '=', 'sent').where('sent_at', '<', at - KEEP_SENT_MS).execute();
    });
    return messages.length;
  }

  async function mqttClient(url: string): Promise<MqttClient> {
    if (mqtt && mqtt.url === url && mqtt.client.connected) {
      return mqtt.client;
    }
    await closeMqtt();
    const client = await connectAsync(url, { connectTimeout: opts.timeoutMs, reconnectPeriod: 0, clean: true });
    // A connection error later only fails that try (the next round connects again).
    client.on('error', () => undefined);
    mqtt = { url, client };
    return client;
  }

  async function closeMqtt() {
    const c = mqtt;
    mqtt = null;
    if (c) {
      await c.client.endAsync(true).catch(() => undefined);
    }
  }

  async function sendOne(cfg: PushConfig, r: BufferRow): Promise<void> {
    const body = JSON.stringify({ seq: r.id, ...(JSON.parse(r.payload) as Omit<PushMessage, 'seq'>) } satisfies PushMessage);
    if (cfg.kind === 'http') {
      const res = await fetch(cfg.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-plantwatch-seq': String(r.id) },
        body,
        signal: AbortSignal.timeout(opts.timeoutMs),
        redirect: 'manual',
      });
      if (res.status < 200 || res.status >= 300) {
        const detail = (await res.text().catch(() => '')).slice(0, 300);
        throw new Error(`HTTP ${res.status}${detail ? `: ${detail}` : ''}`);
      }
      await res.arrayBuffer().catch(() => undefined);
      return;
    }
    const client = await mqttClient(cfg.url);
    const publish = client.publishAsync(cfg.topic, body, { qos: 1 });
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        publish,
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(new Error(`timeout after ${opts.timeoutMs} ms`)), opts.timeoutMs);
        }),
      ]);
    } catch (err) {
      await closeMqtt();
      throw err;
    } finally {
      clearTimeout(timeout);
    }
  }

  async function pumpOnce(): Promise<number> {
    const c = await row();
    const cfg = toConfig(c);
    if (!c || !cfg.enabled || (c.next_try_at !== null && Number(c.next_try_at) > now())) {
      return 0;
    }
    const due = await db
      .selectFrom('major_hazard_push_row')
      .selectAll()
      .where('status', '=', 'waiting')
      .orderBy('id')
      .limit(opts.batch)
      .execute();
    let sent = 0;
    for (const r of due) {
      try {
        await sendOne(cfg, r);
      } catch (err) {
        const message = failureText(err, opts.timeoutMs);
        const failures = (c.failures ?? 0) + 1;
        const wait = opts.backoffMs[Math.min(failures, opts.backoffMs.length) - 1] ?? 0;
        const at = now();
        await inTransaction(db, async (tx) => {
          await tx.updateTable('major_hazard_push_row').set({ attempts: r.attempts + 1 }).where('id', '=', r.id).execute();
          await tx
            .updateTable('major_hazard_push')
            .set({ failures, next_try_at: at + wait, last_error: message.slice(0, 500), last_error_at: at })
            .where('key', '=', KEY)
            .execute();
        });
        log.info({ row: r.id, failures, error: message }, 'regulator push: a try failed; the rows wait');
        return sent;
      }
      const at = now();
      await inTransaction(db, async (tx) => {
        await tx.updateTable('major_hazard_push_row').set({ status: 'sent', attempts: r.attempts + 1, sent_at: at }).where('id', '=', r.id).execute();
        await tx.updateTable('major_hazard_push').set({ failures: 0, next_try_at: null, last_sent_at: at }).where('key', '=', KEY).execute();
      });
      c.failures = 0;
      sent++;
    }
    return sent;
  }

  /** One round at a time: collection and sending never overlap. */
  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const p = round.catch(() => undefined).then(fn);
    round = p;
    return p;
  }

  async function tick() {
    const c = await row();
    if (!c || c.enabled !== 1) {
      return;
    }
    const last = n(c.last_collect_at);
    if (last === null || now() >= last + c.interval_s * 1000) {
      await collect();
    }
    await pumpOnce();
  }

  return {
    config: async () => toConfig(await row()),
    async save(caller, input) {
      const at = now();
      await inTransaction(db, async (tx) => {
        const values = {
          kind: input.kind,
          url: input.url,
          topic: input.kind === 'mqtt' ? input.topic : '',
          interval_s: input.intervalS,
          enabled: input.enabled ? 1 : 0,
          plant_code: input.plantCode,
          updated_at: at,
          updated_by: caller.loginname,
          // A new endpoint is tried at once.
          failures: 0,
          next_try_at: null,
        };
        const before = await tx.selectFrom('major_hazard_push').select('key').where('key', '=', KEY).executeTakeFirst();
        if (before) {
          await tx.updateTable('major_hazard_push').set(values).where('key', '=', KEY).execute();
        } else {
          await tx.insertInto('major_hazard_push').values({ key: KEY, ...values }).execute();
        }
        await audit(tx, caller, 'majorHazard.push.save', 'major_hazard_push', 1, { ...input });
      });
      await closeMqtt();
      return toConfig(await row());
    },
    async status(input) {
      const c = await row();
      const counts = await db
        .selectFrom('major_hazard_push_row')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('at').as('oldest')])
        .groupBy('status')
        .execute();
      const waiting = counts.find((x) => x.status === 'waiting');
      let q = db.selectFrom('major_hazard_push_row');
      if (input.status) {
        q = q.where('status', '=', input.status);
      }
      const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const rows = await q
        .select(['id', 'source_id', 'source_name', 'at', 'status', 'attempts', 'value_count', 'sent_at'])
        .orderBy('id', 'desc')
        .limit(input.pageSize)
        .offset((input.pageIndex - 1) * input.pageSize)
        .execute();
      return {
        config: toConfig(c),
        waiting: Number(waiting?.n ?? 0),
        sent: Number(counts.find((x) => x.status === 'sent')?.n ?? 0),
        oldestWaitingAt: waiting ? n(waiting.oldest) : null,
        lastSentAt: n(c?.last_sent_at),
        lastError: c?.last_error ?? '',
        lastErrorAt: n(c?.last_error_at),
        failures: c?.failures ?? 0,
        nextTryAt: n(c?.next_try_at),
        sending: timer !== null && deps.holds(),
        items: rows.map(
          (r): PushRowItem => ({
            id: r.id,
            sourceId: r.source_id,
            sourceName: r.source_name,
            at: Number(r.at),
            status: r.status === 'sent' ? 'sent' : 'waiting',
            attempts: r.attempts,
            values: r.value_count,
            sentAt: n(r.sent_at),
          }),
        ),
        total,
        serverTime: now(),
      };
    },
    collect: (at) => serial(() => collect(at)),
    pump: () => serial(pumpOnce),
    start() {
      if (timer) {
        return;
      }
      timer = setInterval(() => {
        void serial(tick).catch((err: unknown) => log.warn({ err }, 'regulator push: a round failed'));
      }, opts.pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) {
        clearInterval(timer);
        timer = null;
      }
      await round.catch(() => undefined);
      await closeMqtt();
    },
  };
}
