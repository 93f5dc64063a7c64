import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmSettingHistory,
  alarmSettingList,
  alarmSettingSave,
  type AlarmSettingFields,
} from '../../../../src/shared/alarms/settings-contracts.js';
import { alarmRealTimeList, type AlarmItem } from '../../../../src/shared/alarms/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { demoToken, expectRefused, saveTagsIn } from '../realtime/realtime-fixtures.js';
import { exportedSettings } from './alarm-settings-fixtures.js';
import { alarmsPort } from '../../../../src/server/modules/alarms/port.js';

/**
 * Issue 9 part 1: the alarm setting standard ledger. A saved priority, delay
 * or enabled flag is used by the engine from the next sample on, without a
 * restart; every change names a reason and is in the history.
 */
describe.each(dialects)('alarm settings on %s', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: string;
  let operator: string;
  const A = 'SET.TF.PT1';
  const B = 'SET.TF.PT2';
  const PU = 'SET.PU.PT1';
  let t0 = Date.now();

  /** A sample at t0 + dt ms (sample time, not wall time: the on-delay counts in sample time). */
  const ingest = async (tag: string, v: number, dt: number) => {
    ts.server.stream.ingest.samples({ tag, t: t0 + dt, v, q: 0 }, 'test');
    await ts.server.port(alarmsPort).idle();
  };
  const open = async (key: string): Promise<AlarmItem[]> => {
    const r = await call(ts.url, alarmRealTimeList, {}, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!.list.filter((a) => a.alarmKey === key);
  };
  const base: AlarmSettingFields = {
    priority: 3,
    onDelayS: 0,
    offDelayS: 0,
    enabled: true,
    cause: '',
    consequence: null,
    correctiveAction: '',
    responseTime: null,
  };
  const save = async (tagId: string, type: 'hh' | 'h' | 'l' | 'll', over: Partial<AlarmSettingFields>, reason = '合理化评审') => {
    const r = await call(ts.url, alarmSettingSave, { ...base, ...over, tagId, type, reason }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    return r.body.data!;
  };

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ demo: true, dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await demoToken(ts.url, 'admin');
    operator = await demoToken(ts.url, 'operator');
    await saveTagsIn(ts.url, admin, [
      [A, 'TF'],
      [B, 'TF'],
      [PU, 'PU'],
    ]);
    t0 = Date.now();
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('lists one row per tag and limit type with the tag limits, the defaults until saved, and the caller’s regions only', async () => {
    const r = await call(ts.url, alarmSettingList, { keyword: 'SET.', pageSize: 100 }, admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    const rows = r.body.data!.items;
    expect(rows.filter((x) => x.tagId === A).map((x) => [x.type, x.limit, x.priority, x.configured])).toEqual([
      ['hh', 9, 2, false],
      ['h', 8, 3, false],
      ['l', 2, 3, false],
      ['ll', 1, 2, false],
    ]);
    const mine = await call(ts.url, alarmSettingList, { keyword: 'SET.', pageSize: 100 }, operator);
    expect(mine.body.data!.items.some((x) => x.tagId === PU)).toBe(false);
    expect(mine.body.data!.items.some((x) => x.tagId === A)).toBe(true);
  });

  it('a change needs a reason and alarm:admin; it is in the history with who, old → new and why; the proposed priority follows the rationalisation', async () => {
    expectRefused(await call(ts.url, alarmSettingSave, { ...base, tagId: A, type: 'h', reason: '  ' }, admin), 400, ['reason']);
    expectRefused(await call(ts.url, alarmSettingSave, { ...base, tagId: A, type: 'h', reason: '改' }, operator), 403);
    expectRefused(await call(ts.url, alarmSettingSave, { ...base, tagId: 'NO.SUCH.TAG', type: 'h', reason: '改' }, admin), 404);
    const saved = await save(
      A,
      'h',
      { priority: 1, consequence: 'major', responseTime: 'm3to10', cause: '进料阀卡开', correctiveAction: '关闭进料阀' },
      'HAZOP 建议',
    );
    expect(saved).toMatchObject({ priority: 1, proposedPriority: 2, configured: true, updatedBy: 'admin', limit: 8 });
    const h = await call(ts.url, alarmSettingHistory, { tagId: A, type: 'h' }, operator);
    expect(h.body.IsSuccess, JSON.stringify(h.body)).toBe(true);
    const [last] = h.body.data!.list;
    expect(last).toMatchObject({ loginname: 'admin', reason: 'HAZOP 建议' });
    expect(last.changes).toContainEqual({ field: 'priority', from: 3, to: 1 });
    expect(last.changes).toContainEqual({ field: 'consequence', from: null, to: 'major' });
    expect(last.changes.some((c) => c.field === 'onDelayS')).toBe(false);
  });

  it('a changed priority applies to the next occurrence, without a restart', async () => {
    await ingest(A, 8.5, 0);
    expect((await open(`tag:${A}:h`))[0]).toMatchObject({ priority: 1, state: 'unack' });
    await ingest(A, 5, 1000);
    await save(A, 'h', { priority: 4 });
    await ingest(A, 8.5, 2000);
    const [next] = await open(`tag:${A}:h`);
    expect(next).toMatchObject({ priority: 4, state: 'unack' });
  });

  it('a disabled alarm never opens, and disabling an active one returns it', async () => {
    await save(B, 'hh', { enabled: false });
    await ingest(B, 9.5, 0);
    expect(await open(`tag:${B}:hh`)).toHaveLength(0);
    expect((await open(`tag:${B}:h`))[0].active).toBe(true);
    await save(B, 'h', { enabled: false });
    expect((await open(`tag:${B}:h`))[0]).toMatchObject({ active: false, state: 'rtnUnack' });
    await ingest(B, 9.6, 1000);
    expect(await open(`tag:${B}:hh`)).toHaveLength(0);
    expect((await open(`tag:${B}:h`))[0].active).toBe(false);
  });

  it('an on-delay keeps a short excursion from raising the alarm; a longer one raises it', async () => {
    await save(A, 'l', { onDelayS: 5 });
    await ingest(A, 1.5, 10_000); // below L (2) …
    await ingest(A, 1.6, 13_000); // … for 3 s
    await ingest(A, 5, 14_000);
    expect(await open(`tag:${A}:l`)).toHaveLength(0);
    await ingest(A, 1.5, 20_000);
    await ingest(A, 1.5, 24_000);
    expect(await open(`tag:${A}:l`)).toHaveLength(0);
    await ingest(A, 1.5, 25_000); // 5 s below L
    expect((await open(`tag:${A}:l`))[0]).toMatchObject({ state: 'unack', value: 1.5 });
  });
  it('the ledger exports as .xlsx with the tag limits, in the caller’s language, the caller’s regions only', async () => {
    const sheet = (token: string, lang: string) => exportedSettings(ts.url, token, lang, 'SET.');
    const en = await sheet(admin, 'en');
    expect(en[0].slice(0, 7)).toEqual(['Tag', 'Name', 'Type', 'Limit', 'Deadband', 'Unit', 'Priority']);
    // A's H alarm was last saved with priority 4 and no rationalisation: no proposed priority.
    expect(en.find((r) => r[0] === A && r[2] === 'High')?.slice(3, 8)).toEqual([8, 0.2, 'MPa', 'Low', undefined]);
    expect(en.filter((r) => r[0] === PU)).toHaveLength(4);
    const zh = await sheet(operator, 'zh-CN');
    expect(zh[0][0]).toBe('位号');
    expect(zh.some((r) => r[0] === PU)).toBe(false);
    expect(zh.find((r) => r[0] === A && r[2] === '低低报')?.[3]).toBe(1);
  });
});
