import { firstValueFrom, take, toArray } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionSave } from '../../../src/shared/org/contracts.js';
import { logOff } from '../../../src/shared/auth/contracts.js';
import { createBus, transactThenPublish } from '../../../src/server/stream/bus.js';
import { migrateToLatest, openStore, type Store } from '../../../src/server/store/db.js';
import { call } from '../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../helpers/server.js';
import { adminOf } from '../../helpers/factories.js';
import { moduleMigrations } from '../../../src/server/modules/index.js';

describe('domain events', () => {
  let store: Store;
  beforeAll(async () => {
    store = openStore({ dataDir: ':memory:' });
    await migrateToLatest(store, moduleMigrations());
  });
  afterAll(async () => {
    await store.close();
  });

  it('are published after the transaction commits, and dropped when it rolls back', async () => {
    const bus = createBus();
    const seen: string[] = [];
    bus.events$.subscribe((e) => seen.push(`${e.name}:${JSON.stringify(e.payload)}`));
    await transactThenPublish(store.db, bus, async (tx, emit) => {
      await tx.insertInto('system_config').values({ consttitle: 'evt-ok', constvalue: '1' }).execute();
      emit('tag.changed', { ids: ['A'] });
      // Not yet: the transaction is still open.
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['tag.changed:{"ids":["A"]}']);

    await expect(
      transactThenPublish(store.db, bus, async (tx, emit) => {
        await tx.insertInto('system_config').values({ consttitle: 'evt-rolled-back', constvalue: '1' }).execute();
        emit('tag.changed', { ids: ['B'] });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(seen).toHaveLength(1);
    const row = await store.db.selectFrom('system_config').selectAll().where('consttitle', '=', 'evt-rolled-back').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses a malformed payload at the publisher', () => {
    const bus = createBus();
    expect(() => bus.publish('user.changed', { userids: ['x'] } as never)).toThrow();
  });
});

describe.each(dialects)('services publish domain events (%s)', (dialect) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ dialect });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it('a region save publishes region.changed; a sign-out publishes session.revoked for that session only', async () => {
    const bus = ts.server.stream.bus;
    const admin = await adminOf(ts).then((a) => a.token);
    const events = firstValueFrom(bus.events$.pipe(take(1), toArray()));
    const saved = await call(ts.url, regionSave, { regionparentid: 0, regionname: '事件测试区', regioncode: `EVT-${dialect}` }, admin);
    expect(saved.body.IsSuccess).toBe(true);
    expect((await events)[0]).toEqual({
      name: 'region.changed',
      payload: { regions: [{ regionid: saved.body.data!.regionid, parentid: 0 }], action: 'create' },
    });

    const revoked = firstValueFrom(bus.on('session.revoked'));
    const out = await call(ts.url, logOff, {}, admin);
    expect(out.body.IsSuccess).toBe(true);
    const e = await revoked;
    expect(e.userid).toBeGreaterThan(0);
    expect(typeof e.sessionId).toBe('string');
  });
});
