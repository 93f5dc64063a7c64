import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantModeSet } from '../../../../src/shared/alarms/settings-contracts.js';
import { alarmRealTimeList, type AlarmItem } from '../../../../src/shared/alarms/contracts.js';
import { regionSave } from '../../../../src/shared/org/contracts.js';
import { tagSave } from '../../../../src/shared/realtime/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { waitFor } from '../../stream/stream-helpers.js';
import { buildTag, demoToken, regionIds } from '../realtime/realtime-fixtures.js';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';

/**
 * Issue 9: plant mode follows the region tree. A region out of operation
 * suppresses the alarms of its sub-regions too (regions have parents); back
 * in operation, an alarm stays suppressed while a region above or at it is
 * still out of operation. Real server, HTTP, SQLite and PostgreSQL.
 */
describe.each(dialects)('plant mode for sub-regions on %s', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: string;
  let regions: Map<string, number>;
  const A = 'SUB.TFA.PT1';
  const B = 'SUB.TFB.PT1';
  const P = 'SUB.PU.PT1';
  const N = 'SUB.NEW.PT1';

  const ingest = async (tag: string, v: number) => {
    ts.server.stream.ingest.samples({ tag, t: Date.now(), v, q: 0 }, 'test');
    await ts.server.port(alarmsPort).idle();
  };
  const one = async (tag: string): Promise<AlarmItem | undefined> => {
    const r = await call(ts.url, alarmRealTimeList, {}, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.list.find((a) => a.alarmKey === `tag:${tag}:h`);
  };
  const mode = async (code: string, m: 'stop' | 'run') => {
    const r = await call(
      ts.url,
      plantModeSet,
      { regionid: regions.get(code)!, mode: m, reason: m === 'stop' ? '停车检修' : '开车' },
      admin,
    );
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.alarms;
  };
  const addTag = async (id: string, regionid: number) => {
    const r = await call(ts.url, tagSave, { ...buildTag({ id, regionid }), isNew: true }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
  };

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    regions = await regionIds(ts.url, admin);
    await addTag(A, regions.get('TF-A')!);
    await addTag(B, regions.get('TF-B')!);
    await addTag(P, regions.get('PU')!);
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('the tank farm out of operation suppresses the open alarms of its tank areas and those that open there meanwhile, not the process units’', async () => {
    await ingest(A, 8.5);
    await ingest(P, 8.5);
    const suppressed = await mode('TF', 'stop');
    expect(suppressed).toEqual([(await one(A))!.id]);
    expect(await one(A)).toMatchObject({ state: 'suppressed', active: true });
    expect(await one(P)).toMatchObject({ state: 'unack' });
    await ingest(B, 8.5);
    expect(await one(B)).toMatchObject({ state: 'suppressed', active: true, acked: false });
  });

  it('a sub-region created while its parent is out of operation is suppressed too', async () => {
    const r = await call(ts.url, regionSave, { regionparentid: regions.get('TF-C')!, regionname: '新罐组', regioncode: 'TF-C-9' }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    await addTag(N, r.body.data!.regionid);
    // The engine reloads the region tree on region.changed.
    await waitFor(
      async () => {
        await ingest(N, 8.5);
        return (await one(N))?.state === 'suppressed';
      },
      5000,
      'the new sub-region’s alarm suppressed',
    );
  });

  it('back in operation, a tank area still out of operation itself keeps its alarms suppressed; the others show as their condition implies', async () => {
    await mode('TF-A', 'stop');
    await mode('TF', 'run');
    expect(await one(A)).toMatchObject({ state: 'suppressed' });
    expect(await one(B)).toMatchObject({ state: 'unack', active: true });
    expect(await one(N)).toMatchObject({ state: 'unack', active: true });
    await mode('TF-A', 'run');
    expect(await one(A)).toMatchObject({ state: 'unack', active: true });
  });
});
