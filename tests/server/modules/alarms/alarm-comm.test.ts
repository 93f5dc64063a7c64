import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmRealTimeList, type AlarmItem } from '../../../../src/shared/alarms/contracts.js';
import { DEFAULT_COMM_TIMEOUT_MS } from '../../../../src/server/modules/alarms/alarm.service.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { demoToken, saveTagsIn } from '../realtime/realtime-fixtures.js';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';

/** Issue 9 part 3: a tag that stops sending raises a communication alarm; its next sample returns it. */
describe.each(dialects)('communication alarms on %s', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: string;
  let operator: string;
  const TF = 'COMM.TF.PT1';
  const PU = 'COMM.PU.PT1';
  const QUIET = 'COMM.TF.PT2';

  const ingest = async (tag: string, v: number, q = 0) => {
    ts.server.stream.ingest.samples({ tag, t: Date.now(), v, q }, 'test');
    await ts.server.port(alarmsPort).idle();
  };
  const list = async (token: string): Promise<AlarmItem[]> => {
    const r = await call(ts.url, alarmRealTimeList, { types: ['comm'] }, token);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.list.filter((a) => a.source.startsWith('COMM.'));
  };

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    operator = await demoToken(ts.url, 'operator');
    await saveTagsIn(ts.url, admin, [
      [TF, 'TF'],
      [PU, 'PU'],
      [QUIET, 'TF'],
    ]);
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('no sample for the timeout from a tag that was sending raises one comm alarm per tag, in its region; a tag that never sent raises none', async () => {
    await ingest(TF, 5);
    await ingest(PU, 5, 2); // bad quality still shows the link is alive
    const alarms = ts.server.port(alarmsPort);
    await alarms.checkLinks(Date.now() + DEFAULT_COMM_TIMEOUT_MS - 5000);
    expect(await list(admin)).toHaveLength(0);
    await alarms.checkLinks(Date.now() + DEFAULT_COMM_TIMEOUT_MS + 1000);
    await alarms.checkLinks(Date.now() + DEFAULT_COMM_TIMEOUT_MS + 6000);
    const all = await list(admin);
    expect(all.map((a) => a.alarmKey).sort()).toEqual([`tag:${PU}:comm`, `tag:${TF}:comm`]);
    expect(all.find((a) => a.source === TF)).toMatchObject({
      type: 'comm',
      state: 'unack',
      active: true,
      limit: null,
      priority: 3,
      sourceName: `测试位号 ${TF}`,
    });
    // Isolation as for every alarm: the operator (TF, LS) sees TF's only.
    expect((await list(operator)).map((a) => a.source)).toEqual([TF]);
  });

  it('the next sample returns the comm alarm; it stays for acknowledgement, and the limit alarms work as before', async () => {
    await ingest(TF, 8.5);
    const [c] = (await list(admin)).filter((a) => a.source === TF);
    expect(c).toMatchObject({ active: false, state: 'rtnUnack' });
    const r = await call(ts.url, alarmRealTimeList, { source: TF }, admin);
    expect(r.body.data!.list.find((a) => a.type === 'h')).toMatchObject({ state: 'unack' });
    expect((await list(admin)).find((a) => a.source === PU)).toMatchObject({ active: true });
  });
});
