import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, type StreamBus } from '../../../src/server/stream/bus.js';
import { RELAY_APPLICATION, RELAY_CHANNEL, RELAY_PIECE_BYTES, startPgEventRelay, utf8Pieces, type EventRelay } from '../../../src/server/stream/pg-relay.js';
import type { DomainEvent } from '../../../src/shared/contracts/events.js';
import { buildAlarmItem } from '../../helpers/factories.js';
import { dialects, freshDatabase, type TestStore } from '../../helpers/server.js';
import { waitFor } from './stream-helpers.js';

const log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

describe('cutting event JSON into notifications', () => {
  it('cuts at most the given bytes per piece, never inside a character, and joins back to the text', () => {
    const text = JSON.stringify({ name: '储罐区甲醇泄漏报警'.repeat(400), emoji: '🔥'.repeat(100), ascii: 'x'.repeat(5000) });
    const pieces = utf8Pieces(text, 1000);
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.every((p) => Buffer.byteLength(p, 'utf8') <= 1000 && !p.includes('\uFFFD'))).toBe(true);
    expect(pieces.join('')).toBe(text);
    expect(utf8Pieces('{"a":1}', 1000)).toEqual(['{"a":1}']);
  });
});

describe.runIf(dialects.includes('postgres'))('domain events relayed between two servers of one PostgreSQL store', () => {
  let store: TestStore;
  let busA: StreamBus;
  let busB: StreamBus;
  let relayA: EventRelay;
  let relayB: EventRelay;
  beforeAll(async () => {
    store = await freshDatabase('postgres');
    busA = createBus();
    busB = createBus();
    relayA = await startPgEventRelay({ databaseUrl: store.databaseUrl!, bus: busA, log, reconnectMs: 100 });
    relayB = await startPgEventRelay({ databaseUrl: store.databaseUrl!, bus: busB, log, reconnectMs: 100 });
  });
  afterAll(async () => {
    await relayA?.close();
    await relayB?.close();
    busA?.close();
    busB?.close();
    await store?.drop();
  });

  it('hands the other server every event in order, large ones in pieces, to its onAnyServer consumers only; never echoes its own', async () => {
    const anyOnB: DomainEvent[] = [];
    const localOnB: unknown[] = [];
    const anyOnA: unknown[] = [];
    const subs = [
      busB.onAnyServer('alarm.changed').subscribe((p) => anyOnB.push({ name: 'alarm.changed', payload: p })),
      busB.onAnyServer('tag.changed').subscribe((p) => anyOnB.push({ name: 'tag.changed', payload: p })),
      busB.on('alarm.changed').subscribe((p) => localOnB.push(p)),
      busB.on('tag.changed').subscribe((p) => localOnB.push(p)),
      busA.onAnyServer('alarm.changed').subscribe((p) => anyOnA.push(p)),
    ];
    // A batch of 300 alarms with Chinese names: far over PostgreSQL's 8000-byte payload.
    const big = { alarms: Array.from({ length: 300 }, (_, i) => buildAlarmItem({ sourceName: `${i}号储罐液位高高报警`, detail: { note: '现场确认 🔥' } })) };
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(RELAY_PIECE_BYTES * 5);
    busA.publish('tag.changed', { ids: ['T1'] });
    busA.publish('alarm.changed', big);
    busA.publish('tag.changed', { ids: ['T2'] });
    await waitFor(() => anyOnB.length === 3, 5000, 'three events on B');
    expect(anyOnB).toEqual([
      { name: 'tag.changed', payload: { ids: ['T1'] } },
      { name: 'alarm.changed', payload: big },
      { name: 'tag.changed', payload: { ids: ['T2'] } },
    ]);
    expect(localOnB).toEqual([]);
    // B's own event reaches A, and A's own big one is not heard again through the store.
    busB.publish('alarm.changed', { alarms: [buildAlarmItem()] });
    await waitFor(() => anyOnA.length === 2, 5000, "B's event on A");
    expect(anyOnA[0]).toEqual(big);
    expect(relayA.stats()).toMatchObject({ sent: 3, sentInPieces: 1, received: 1, dropped: 0, refused: 0 });
    expect(relayB.stats()).toMatchObject({ sent: 1, received: 3 });
    subs.forEach((s) => s.unsubscribe());
  });

  it('refuses what is not a known, valid event (another version of the server) and goes on', async () => {
    const c = new pg.Client({ connectionString: store.databaseUrl });
    await c.connect();
    const seen: unknown[] = [];
    const sub = busB.onAnyServer('tag.changed').subscribe((p) => seen.push(p));
    const before = relayB.stats().refused;
    try {
      for (const body of ['{"n":"thing.changed","p":{}}', '{"n":"tag.changed","p":{"ids":"T1"}}', 'not json']) {
        await c.query('select pg_notify($1, $2)', [RELAY_CHANNEL, `abc 1 0 1\n${body}`]);
      }
      await c.query('select pg_notify($1, $2)', [RELAY_CHANNEL, 'no header']);
      await c.query('select pg_notify($1, $2)', [RELAY_CHANNEL, 'abc 2 0 1\n{"n":"tag.changed","p":{"ids":["T3"]}}']);
      await waitFor(() => seen.length === 1, 5000, 'the valid event');
      expect(seen).toEqual([{ ids: ['T3'] }]);
      expect(relayB.stats().refused - before).toBe(4);
    } finally {
      sub.unsubscribe();
      await c.end();
    }
  });

  it('listens again after its connection is cut; what was published while it was down is counted as dropped', async () => {
    const seen: unknown[] = [];
    const sub = busB.onAnyServer('tag.changed').subscribe((p) => seen.push(p));
    const admin = new pg.Client({ connectionString: store.databaseUrl });
    await admin.connect();
    try {
      // Cut A's relay connection, the first one opened (a PostgreSQL restart or a network cut looks the same).
      await admin.query(
        'select pg_terminate_backend(pid) from (select pid from pg_stat_activity where application_name = $1 and datname = current_database() order by backend_start limit 1) first',
        [RELAY_APPLICATION],
      );
      await waitFor(() => !relayA.stats().connected, 5000, 'A sees its connection gone');
      busA.publish('tag.changed', { ids: ['lost'] });
      expect(relayA.stats().dropped).toBe(1);
      await waitFor(() => relayA.stats().connected, 5000, 'A listening again');
      busA.publish('tag.changed', { ids: ['after'] });
      await waitFor(() => seen.length >= 1, 5000, 'the event after the reconnect on B');
      expect(seen).toEqual([{ ids: ['after'] }]);
    } finally {
      sub.unsubscribe();
      await admin.end();
    }
  });
});
