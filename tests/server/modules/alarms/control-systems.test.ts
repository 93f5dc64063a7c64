import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  controlSystemDelete,
  controlSystemList,
  controlSystemSave,
  type ControlSystemItem,
} from '../../../../src/shared/alarms/control-system-contracts.js';
import { DEFAULT_COMM_TIMEOUT_MS } from '../../../../src/server/modules/alarms/alarm.service.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { demoToken, saveTagsIn } from '../realtime/realtime-fixtures.js';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';

/** Issue 9 part 5: control systems, their tags and live link status, isolated by region. */
describe.each(dialects)('control systems on %s', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: string;
  let operator: string;
  let regions: Map<string, number>;
  // Tags of a made-up plant: CSX.<region>.<device>.<signal>; the GDS owns the gas detectors.
  const TF_PT = 'CSX.TF.P-1.PT';
  const TF_GD = 'CSX.TF.GD-1.AT';
  const PU_PT = 'CSX.PU.P-2.PT';

  const list = async (token: string): Promise<ControlSystemItem[]> => {
    const r = await call(ts.url, controlSystemList, {}, token);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.items.filter((s) => s.name.startsWith('T-'));
  };
  const byName = (items: ControlSystemItem[], name: string) => items.find((s) => s.name === name);

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    operator = await demoToken(ts.url, 'operator');
    regions = await saveTagsIn(ts.url, admin, [
      [TF_PT, 'TF'],
      [TF_GD, 'TF'],
      [PU_PT, 'PU'],
    ]);
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('the demo seeds a DCS, a SIS and a GDS', async () => {
    const r = await call(ts.url, controlSystemList, {}, admin);
    expect(r.body.data!.items.map((s) => s.type).sort()).toEqual(['DCS', 'GDS', 'SIS']);
  });

  it('saves systems, audited; counts the tags each owns (longest pattern wins) and their live link', async () => {
    const dcs = await call(
      ts.url,
      controlSystemSave,
      {
        name: 'T-DCS',
        type: 'DCS',
        ingestKey: 'dcs',
        mqttTopic: '',
        tagPatterns: ['CSX.'],
        regionids: [regions.get('TF')!, regions.get('PU')!],
      },
      admin,
    );
    expect(dcs.body.IsSuccess, JSON.stringify(dcs.body)).toBe(true);
    const gds = await call(
      ts.url,
      controlSystemSave,
      { name: 'T-GDS', type: 'GDS', ingestKey: '', mqttTopic: 'gds/1', tagPatterns: ['CSX.*.GD-'], regionids: [regions.get('TF')!] },
      admin,
    );
    expect(gds.body.IsSuccess, JSON.stringify(gds.body)).toBe(true);

    let items = await list(admin);
    expect(byName(items, 'T-DCS')).toMatchObject({ tagCount: 2, link: { lastSampleAt: null, samplesLastMinute: 0, commAlarms: 0 } });
    expect(byName(items, 'T-GDS')).toMatchObject({ tagCount: 1, mqttTopic: 'gds/1' });

    const t = Date.now();
    ts.server.stream.ingest.samples({ tag: TF_PT, t, v: 1, q: 0 }, 'test');
    ts.server.stream.ingest.samples({ tag: PU_PT, t: t + 1, v: 1, q: 0 }, 'test');
    ts.server.stream.ingest.samples({ tag: TF_GD, t: t - 5, v: 1, q: 0 }, 'test');
    ts.server.stream.ingest.samples({ tag: TF_GD, t: t + 2, v: 1, q: 0 }, 'test');
    await ts.server.port(alarmsPort).idle();
    items = await list(admin);
    expect(byName(items, 'T-DCS')!.link).toMatchObject({ lastSampleAt: t + 1, samplesLastMinute: 2 });
    expect(byName(items, 'T-GDS')!.link).toMatchObject({ lastSampleAt: t + 2, samplesLastMinute: 2 });

    const audit = await ts.server.store.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('entity', '=', 'controlSystem')
      .where('entity_id', '=', String(dcs.body.data!.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['controlSystem.create']);
  });

  it('counts the open comm alarms of its tags', async () => {
    const alarms = ts.server.port(alarmsPort);
    await alarms.checkLinks(Date.now() + DEFAULT_COMM_TIMEOUT_MS + 1000);
    await alarms.idle();
    const items = await list(admin);
    expect(byName(items, 'T-DCS')!.link.commAlarms).toBe(2);
    expect(byName(items, 'T-GDS')!.link.commAlarms).toBe(1);
  });

  it('isolates by region: the operator (TF, LS) sees the systems of TF with TF tags only, and cannot save into PU', async () => {
    const mine = await list(operator);
    expect(byName(mine, 'T-DCS')).toMatchObject({ tagCount: 1, link: { samplesLastMinute: 1, commAlarms: 1 } });
    expect(byName(mine, 'T-GDS')).toMatchObject({ tagCount: 1 });
    const puOnly = await call(
      ts.url,
      controlSystemSave,
      { name: 'T-PLC', type: 'PLC', ingestKey: '', mqttTopic: '', tagPatterns: ['CSX.PU.'], regionids: [regions.get('PU')!] },
      admin,
    );
    expect(puOnly.body.IsSuccess).toBe(true);
    expect(byName(await list(operator), 'T-PLC')).toBeUndefined();
    // The operator has no alarm:admin: saving is refused before scope.
    const r = await call(
      ts.url,
      controlSystemSave,
      { name: 'T-X', type: 'PLC', ingestKey: '', mqttTopic: '', tagPatterns: [], regionids: [regions.get('TF')!] },
      operator,
    );
    expect(r.body.IsSuccess).toBe(false);
  });

  it('refuses a duplicate name and an empty region list; deletes, audited', async () => {
    const dup = await call(
      ts.url,
      controlSystemSave,
      { name: 'T-DCS', type: 'DCS', ingestKey: '', mqttTopic: '', tagPatterns: [], regionids: [regions.get('TF')!] },
      admin,
    );
    expect(dup.body).toMatchObject({ IsSuccess: false, error: { code: 'controlSystem.nameTaken', controls: ['name'] } });
    const none = await call(
      ts.url,
      controlSystemSave,
      { name: 'T-Y', type: 'DCS', ingestKey: '', mqttTopic: '', tagPatterns: [], regionids: [] },
      admin,
    );
    expect(none.body.IsSuccess).toBe(false);
    const plc = byName(await list(admin), 'T-PLC')!;
    const del = await call(ts.url, controlSystemDelete, { id: plc.id }, admin);
    expect(del.body.IsSuccess, JSON.stringify(del.body)).toBe(true);
    expect(byName(await list(admin), 'T-PLC')).toBeUndefined();
    const again = await call(ts.url, controlSystemDelete, { id: plc.id }, admin);
    expect(again.body).toMatchObject({ IsSuccess: false, error: { code: 'controlSystem.notFound' } });
    const audit = await ts.server.store.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('entity', '=', 'controlSystem')
      .where('entity_id', '=', String(plc.id))
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['controlSystem.create', 'controlSystem.delete']);
  });
});
