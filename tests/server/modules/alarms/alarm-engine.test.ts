import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../../src/server/http/app.js';
import { DEFAULT_COMM_TIMEOUT_MS, type AlarmService } from '../../../../src/server/modules/alarms/alarm.service.js';
import { migrateToLatest, openStore, type Store } from '../../../../src/server/store/db.js';
import { createBus, type StreamBus } from '../../../../src/server/stream/bus.js';
import { createMemoryTagRegistry } from '../../../../src/server/stream/memory-tag-registry.js';
import type { TagMeta } from '../../../../src/server/stream/tag-registry.js';
import type { AlarmItem } from '../../../../src/shared/alarms/contracts.js';
import { dialects, freshDatabase, type TestStore } from '../../../helpers/server.js';
import { startAlarmEngine } from './engine-fixtures.js';
import { waitFor } from '../../stream/stream-helpers.js';
import { moduleMigrations } from '../../../../src/server/modules/index.js';

const N = 450;
const tagIds = Array.from({ length: N }, (_, i) => `ENG.T${String(i).padStart(3, '0')}`);
const tagOf = (id: string): TagMeta => ({ id, regionid: null, kind: 'level', ll: null, l: null, h: 80, hh: 90, deadband: 1 });

/**
 * The engine's write path (issue 9): the changes of an ingest batch are
 * written together (one statement for its new occurrences, one for its changed ones) in one transaction and
 * published only after it, each published occurrence as stored; one open
 * occurrence per alarm; restored after a restart without duplicates. Real
 * store (SQLite and PostgreSQL), real bus, controlled clock.
 */
describe.each(dialects)('alarm engine batches on %s', (dialect) => {
  let fresh: TestStore;
  let store: Store;
  let bus: StreamBus;
  let alarms: AlarmService;
  let clock = 1_800_000_000_000;
  const tags = createMemoryTagRegistry(tagIds.map(tagOf));
  const who = { userid: 1, loginname: 'admin', permissions: new Set<string>() } as unknown as AuthUser;
  const events: AlarmItem[][] = [];
  const start = async () => {
    alarms = await startAlarmEngine({ db: store.db, bus, tags, now: () => clock });
  };
  /** One ingest batch: every [tag, value] at the clock (+1 ms per repeated tag, in order). */
  const batch = async (samples: [string, number][]) => {
    clock += 1000;
    bus.publishSamples({
      n: samples.length,
      tag: samples.map((s) => s[0]),
      t: Float64Array.from(samples, (_, i) => clock + i),
      v: Float64Array.from(samples, (s) => s[1]),
      q: new Uint8Array(samples.length),
      source: 'test',
    });
    await alarms.idle();
  };
  const stored = () => store.db.selectFrom('alarm_occurrence').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    fresh = await freshDatabase(dialect);
    store = openStore({ dataDir: ':memory:', databaseUrl: fresh.databaseUrl });
    await migrateToLatest(store, moduleMigrations());
    bus = createBus();
    bus.on('alarm.changed').subscribe((e) => events.push(e.alarms));
    await start();
  });
  afterAll(async () => {
    await alarms?.close();
    await store?.close();
    await fresh?.drop();
  });

  it('a flood in one batch (900 alarms) is stored in one transaction and published once, after it, each item as stored', async () => {
    events.length = 0;
    await batch(tagIds.map((id) => [id, 95]));
    expect(events).toHaveLength(1);
    const rows = await stored();
    expect(rows).toHaveLength(2 * N);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(events[0]).toHaveLength(2 * N);
    for (const a of events[0]) {
      const r = byId.get(a.id)!;
      expect([r.alarm_key, r.state, r.value, r.closed_at]).toEqual([a.alarmKey, 'unack', 95, null]);
    }
    expect(new Set(events[0].map((a) => a.id)).size).toBe(2 * N);
    expect((await alarms.realTimeList(who, {})).list).toHaveLength(2 * N);
  });

  it('a batch of returns updates every occurrence with its return time and peak', async () => {
    await batch(tagIds.map((id, i) => [id, 96 + (i % 3)]));
    events.length = 0;
    await batch(tagIds.map((id) => [id, 50]));
    expect(events).toHaveLength(1);
    const rows = await stored();
    expect(rows.filter((r) => r.state !== 'rtnUnack' || r.returned_at! < clock || r.closed_at !== null)).toEqual([]);
    expect(rows.filter((r) => r.alarm_key === `tag:${tagIds[2]}:hh`).map((r) => r.peak)).toEqual([98]);
    const list = (await alarms.realTimeList(who, {})).list;
    expect(list.every((a) => a.state === 'rtnUnack' && !a.active)).toBe(true);
    await alarms.acknowledge(who, { ids: list.map((a) => a.id) });
    expect((await alarms.realTimeList(who, {})).list).toHaveLength(0);
    expect((await stored()).every((r) => r.closed_at !== null && r.state === 'normal')).toBe(true);
  });

  it('activate, return and activate of one alarm in one batch: the first occurrence closes, a second opens, each with its own id', async () => {
    const T = tagIds[0];
    const before = (await stored()).length;
    events.length = 0;
    await batch([
      [T, 85],
      [T, 70],
      [T, 85],
    ]);
    const rows = (await stored()).slice(before);
    expect(rows.map((r) => [r.alarm_key, r.state, r.closed_at === null])).toEqual([
      [`tag:${T}:h`, 'normal', false],
      [`tag:${T}:h`, 'unack', true],
    ]);
    // The topic carried each step, with the ids the rows have.
    expect(events.flat().map((a) => [a.id, a.state])).toEqual([
      [rows[0].id, 'unack'],
      [rows[0].id, 'rtnUnack'],
      [rows[0].id, 'normal'],
      [rows[1].id, 'unack'],
    ]);
  });

  it('after a restart the open occurrences are back and the same values open none twice', async () => {
    await batch(tagIds.map((id) => [id, 95]));
    const open = (await alarms.realTimeList(who, {})).list.map((a) => a.id).sort();
    expect(open).toHaveLength(2 * N);
    await alarms.close();
    await start();
    expect((await alarms.realTimeList(who, {})).list.map((a) => a.id).sort()).toEqual(open);
    const count = (await stored()).length;
    await batch(tagIds.map((id) => [id, 97]));
    expect(await stored()).toHaveLength(count);
  });

  it('a re-activation in a later batch closes the occurrence that returned unacknowledged and opens the next one', async () => {
    await batch(tagIds.map((id) => [id, 50]));
    const returned = (await alarms.realTimeList(who, {})).list;
    expect(returned.every((a) => a.state === 'rtnUnack')).toBe(true);
    await batch(tagIds.map((id) => [id, 95]));
    const now = (await alarms.realTimeList(who, {})).list;
    expect(now).toHaveLength(2 * N);
    expect(now.every((a) => a.state === 'unack')).toBe(true);
    const was = new Set(returned.map((a) => a.id));
    expect(now.some((a) => was.has(a.id))).toBe(false);
    const rows = await stored();
    expect(rows.filter((r) => was.has(r.id)).every((r) => r.closed_at !== null)).toBe(true);
    expect(rows.filter((r) => r.closed_at === null)).toHaveLength(2 * N);
  });
});

/**
 * On- and off-delays elapse on the engine's tick when the source sends no new
 * sample (report by exception: the value is held), from a scripted source on
 * a controlled clock.
 */
describe('alarm delays without new samples', () => {
  let store: Store;
  let bus: StreamBus;
  let alarms: AlarmService;
  let clock = 1_800_000_000_000;
  const T = 'DLY.T1';
  const tags = createMemoryTagRegistry([tagOf(T)]);
  const who = { userid: 1, loginname: 'admin', permissions: new Set<string>() } as unknown as AuthUser;
  /** The scripted source: one sample at the clock. */
  const sample = async (v: number, q = 0) => {
    bus.publishSamples({ n: 1, tag: [T], t: Float64Array.of(clock), v: Float64Array.of(v), q: Uint8Array.of(q), source: 'test' });
    await alarms.idle();
  };
  const h = async () => (await alarms.realTimeList(who, {})).list.find((a) => a.alarmKey === `tag:${T}:h`);

  beforeEach(async () => {
    store = openStore({ dataDir: ':memory:' });
    await migrateToLatest(store, moduleMigrations());
    bus = createBus();
    alarms = await startAlarmEngine({ db: store.db, bus, tags, now: () => clock });
    await alarms.settingChanged(T, 'h', { priority: 3, onDelayMs: 5000, offDelayMs: 3000, enabled: true });
  });
  afterEach(async () => {
    await alarms.close();
    await store.close();
  });

  it('the on-delay elapses on the tick with the value held; the off-delay too', async () => {
    await sample(85);
    await alarms.checkDelays(clock + 4999);
    expect(await h()).toBeUndefined();
    await alarms.checkDelays(clock + 5000);
    expect(await h()).toMatchObject({ state: 'unack', active: true, value: 85, activatedAt: clock + 5000 });
    clock += 10_000;
    await sample(70);
    await alarms.checkDelays(clock + 2999);
    expect(await h()).toMatchObject({ state: 'unack', active: true });
    await alarms.checkDelays(clock + 3000);
    expect(await h()).toMatchObject({ state: 'rtnUnack', active: false, returnedAt: clock + 3000 });
  });

  it('a value back below the limit before the delay ends raises nothing; nor does a held value after a bad-quality sample', async () => {
    await sample(85);
    clock += 2000;
    await sample(75);
    await alarms.checkDelays(clock + 10_000);
    expect(await h()).toBeUndefined();
    clock += 20_000;
    await sample(85);
    clock += 1000;
    await sample(85, 1);
    await alarms.checkDelays(clock + 10_000);
    expect(await h()).toBeUndefined();
  });

  it('the engine’s own timer ends the delay: nobody calls checkDelays', async () => {
    await sample(85);
    clock += 5000;
    await waitFor(async () => (await h()) !== undefined, 5000, 'the H alarm after its on-delay');
    expect(await h()).toMatchObject({ state: 'unack', value: 85 });
  });
});

/**
 * What the engine keeps per tag between samples (newest time, held value,
 * link, each condition's state) when the samples are not plain good values or
 * the tag changes in the registry, from a scripted source on a controlled clock.
 */
describe('alarm engine state per tag', () => {
  let store: Store;
  let bus: StreamBus;
  let alarms: AlarmService;
  let tags: ReturnType<typeof createMemoryTagRegistry>;
  let clock = 1_800_000_000_000;
  const T = 'STATE.T1';
  const who = { userid: 1, loginname: 'admin', permissions: new Set<string>() } as unknown as AuthUser;
  const sample = async (tag: string, v: number, q = 0) => {
    bus.publishSamples({ n: 1, tag: [tag], t: Float64Array.of(clock), v: Float64Array.of(v), q: Uint8Array.of(q), source: 'test' });
    await alarms.idle();
  };
  const open = async (tag: string) => (await alarms.realTimeList(who, {})).list.filter((a) => a.source === tag);

  beforeEach(async () => {
    store = openStore({ dataDir: ':memory:' });
    await migrateToLatest(store, moduleMigrations());
    bus = createBus();
    tags = createMemoryTagRegistry([tagOf(T)]);
    alarms = await startAlarmEngine({ db: store.db, bus, tags, now: () => clock });
  });
  afterEach(async () => {
    await alarms.close();
    await store.close();
  });

  it('a bad-quality sample between two good ones neither restarts nor ends a running on-delay: it still counts from the first', async () => {
    await alarms.settingChanged(T, 'h', { priority: 3, onDelayMs: 5000, offDelayMs: 0, enabled: true });
    const t0 = clock;
    await sample(T, 85);
    clock += 2000;
    await sample(T, 85, 1);
    await alarms.checkDelays(clock + 10_000); // nothing held after the bad sample: no tick may end the delay
    expect(await open(T)).toEqual([]);
    clock += 2000;
    await sample(T, 85);
    expect(await open(T)).toEqual([]);
    await alarms.checkDelays(clock + 1000);
    expect(await open(T)).toEqual([expect.objectContaining({ type: 'h', state: 'unack', activatedAt: t0 + 5000 })]);
  });

  it('a tag removed from the registry: its samples raise and clear nothing, and its silence raises no comm alarm', async () => {
    await sample(T, 85);
    expect((await open(T)).map((a) => a.type)).toEqual(['h']);
    tags.delete(T);
    clock += 1000;
    await sample(T, 95);
    clock += 1000;
    await sample(T, 50);
    expect(await open(T)).toEqual([expect.objectContaining({ type: 'h', state: 'unack', active: true })]);
    await alarms.checkLinks(clock + DEFAULT_COMM_TIMEOUT_MS + 1000);
    expect((await open(T)).map((a) => a.type)).toEqual(['h']);
  });

  it('a limit removed while its alarm is active and set again: the alarm returns when the value is back below it', async () => {
    await sample(T, 85);
    expect((await open(T)).map((a) => a.type)).toEqual(['h']);
    tags.set({ ...tagOf(T), h: null });
    clock += 1000;
    await sample(T, 70);
    expect(await open(T)).toEqual([expect.objectContaining({ type: 'h', active: true })]);
    tags.set(tagOf(T));
    clock += 1000;
    await sample(T, 70);
    expect(await open(T)).toEqual([expect.objectContaining({ type: 'h', active: false, state: 'rtnUnack', returnedAt: clock })]);
  });
});

/**
 * The peak of an activation (the furthest value past the limit) on the live
 * list and topic: a new peak is written and published at once, then at most
 * once a second per alarm (a ramping value would otherwise write every
 * sample); one held back follows on the engine's tick, and a state change
 * carries it at once. Controlled clock; the flushes are the engine's own
 * (checkDelays), not idle(), which writes every held-back peak.
 */
describe('peaks of an activation on the list and the topic', () => {
  let store: Store;
  let bus: StreamBus;
  let alarms: AlarmService;
  let clock = 1_800_000_000_000;
  const T = 'PK.T1';
  const tags = createMemoryTagRegistry([tagOf(T)]);
  const who = { userid: 1, loginname: 'admin', permissions: new Set<string>() } as unknown as AuthUser;
  const published: AlarmItem[] = [];
  /** One sample at the clock, then the engine's tick at that time. */
  const sample = async (v: number) => {
    bus.publishSamples({ n: 1, tag: [T], t: Float64Array.of(clock), v: Float64Array.of(v), q: Uint8Array.of(0), source: 'test' });
    await alarms.checkDelays(clock);
  };
  const h = async () => (await alarms.realTimeList(who, {})).list.find((a) => a.alarmKey === `tag:${T}:h`)!;
  const peaksPublished = () => published.filter((a) => a.alarmKey === `tag:${T}:h`).map((a) => a.peak);

  beforeEach(async () => {
    store = openStore({ dataDir: ':memory:' });
    await migrateToLatest(store, moduleMigrations());
    bus = createBus();
    bus.on('alarm.changed').subscribe((e) => published.push(...e.alarms));
    alarms = await startAlarmEngine({ db: store.db, bus, tags, now: () => clock });
  });
  afterEach(async () => {
    await alarms.close();
    await store.close();
  });

  it('at once, then at most once a second; held back until the tick or the next state change', async () => {
    await sample(85);
    expect((await h()).peak).toBe(85);
    clock += 100;
    await sample(86); // the first new peak: at once
    expect((await h()).peak).toBe(86);
    clock += 100;
    await sample(87.5); // within the second: held back
    await sample(86.5); // not further
    expect((await h()).peak).toBe(86);
    clock += 1000;
    await alarms.checkDelays(clock); // the tick writes it
    expect((await h()).peak).toBe(87.5);
    clock += 100;
    await sample(88); // held back again...
    expect((await h()).peak).toBe(87.5);
    await alarms.acknowledge(who, { ids: [(await h()).id] }); // ...and carried by the acknowledgement
    expect(await h()).toMatchObject({ state: 'ack', peak: 88 });
    expect(peaksPublished()).toEqual([85, 86, 87.5, 88]);
    const row = await store.db.selectFrom('alarm_occurrence').select('peak').where('alarm_key', '=', `tag:${T}:h`).executeTakeFirstOrThrow();
    expect(row.peak).toBe(88);
  });
});
