import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenDangerLedger } from '../../../../src/shared/hidden-dangers/ledger.js';
import {
  riskEarlyWarningCalculation,
  riskEarlyWarningConfig,
  riskEarlyWarningConfigList,
  riskEarlyWarningInstructions,
  riskEarlyWarningRecordAdd,
  riskEarlyWarningRecordDelete,
  riskEarlyWarningRecordSearch,
  riskEarlyWarningShow,
  riskEarlyWarningVariableAdd,
  riskEarlyWarningVariableDel,
  riskEarlyWarningVariableEdit,
  riskEarlyWarningVariableSearch,
  riskRangeAdd,
  riskRangeDel,
  riskRangeGetList,
} from '../../../../src/shared/risk-warning/contracts.js';
import { riskWarningModule } from '../../../../src/server/modules/risk-warning/index.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRecord, createRegion, createTag, ok, userWithRole, type Admin, type User } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { expectRefused } from '../org/org-fixtures.js';
import { connectClient, waitFor } from '../../stream/stream-helpers.js';
import type { RiskWarningStateItem } from '../../../../src/shared/risk-warning/items.js';

/*
 * Issue 21 §6: early warning. A formula over a tag's value and the count of
 * open hidden dangers gives the level of the range holding its value; a
 * formula that does not parse, or names an undefined variable, is refused
 * naming `formula`; each calculation is a record with its inputs; edits are
 * audited and isolated by the warning's region.
 */
describe.each(dialects)('risk early warning (%s)', (dialect) => {
  let t: TestServer;
  let admin: Admin;
  let supervisor: User;
  let operator: User;
  let outsider: User;
  let region: number;
  let other: number;
  let tag: string;
  let warningId: number;

  const ranges = [
    { min: 80, max: null, level: 1, instruction: '立即疏散' },
    { min: 60, max: 80, level: 2, instruction: '加密巡检' },
    { min: 40, max: 60, level: 3, instruction: '' },
    { min: 20, max: 40, level: 4, instruction: '' },
  ] as const;

  beforeAll(async () => {
    t = await startTestServer({ dialect, env: { LOG_LEVEL: 'error' } });
    admin = await adminOf(t);
    region = await createRegion(t, admin, { name: '罐区' });
    other = await createRegion(t, admin, { name: '仓库' });
    tag = await createTag(t, admin, { regionid: region, range: [0, 200] });
    supervisor = await userWithRole(t, 'supervisor');
    operator = await userWithRole(t, 'operator');
    outsider = await userWithRole(t, 'supervisor', { regions: [other] });
  });
  afterAll(() => t?.close());

  it('variables: a tag and a hidden-danger count; a bad one is refused naming its field; operators may not add', async () => {
    const tv = await ok(t, riskEarlyWarningVariableAdd, { code: '罐温', name: '储罐温度', kind: 'tag', tag }, supervisor.token);
    expect(tv).toMatchObject({ code: '罐温', kind: 'tag', tag, current: null });
    const hd = await ok(t, riskEarlyWarningVariableAdd, { code: 'HD', name: '罐区隐患', kind: 'openHiddenDangers', regionid: region }, supervisor.token);
    expect(hd).toMatchObject({ kind: 'openHiddenDangers', regionid: region, tag: null });
    expectRefused(await call(t.url, riskEarlyWarningVariableAdd, { code: 'HD', name: '重复', kind: 'activePermits' }, supervisor.token), 400, ['code']);
    expectRefused(await call(t.url, riskEarlyWarningVariableAdd, { code: 'X', name: '无位号', kind: 'tag' }, supervisor.token), 400, ['tag']);
    expectRefused(await call(t.url, riskEarlyWarningVariableAdd, { code: 'Y', name: '未知位号', kind: 'tag', tag: 'NO.SUCH.PV' }, supervisor.token), 400, ['tag']);
    expectRefused(await call(t.url, riskEarlyWarningVariableAdd, { code: '1abc', name: '坏名字', kind: 'activePermits' }, supervisor.token), 400, ['code']);
    expectRefused(await call(t.url, riskEarlyWarningVariableAdd, { code: 'Z', name: '操作员', kind: 'activePermits' }, operator.token), 403);
    const list = await ok(t, riskEarlyWarningVariableSearch, { page: 1, pageSize: 50 }, operator.token);
    expect(list.items.map((v) => v.code).sort()).toEqual(['HD', '罐温'].sort());
    // Isolation: a supervisor of another region does not see the tank farm's count.
    const theirs = await ok(t, riskEarlyWarningVariableSearch, { page: 1, pageSize: 50 }, outsider.token);
    expect(theirs.items.map((v) => v.code)).toEqual(['罐温']);
  });

  it('a formula that does not parse or names an undefined variable is refused naming `formula`; overlapping ranges name theirs', async () => {
    const base = { name: '罐区综合预警', regionid: region, intervalMinutes: 0, ranges: [...ranges] };
    const broken = await call(t.url, riskEarlyWarningConfig, { ...base, formula: '罐温 + (HD * 10' }, supervisor.token);
    expectRefused(broken, 400, ['formula']);
    expect(broken.body.error.message).toContain('括号');
    const unknown = await call(t.url, riskEarlyWarningConfig, { ...base, formula: '罐温 + 压力 * 2' }, supervisor.token);
    expectRefused(unknown, 400, ['formula']);
    expect(unknown.body.error.message).toContain('压力');
    expectRefused(await call(t.url, riskEarlyWarningConfig, { ...base, formula: 'eval(1)' }, supervisor.token), 400, ['formula']);
    const overlapping = await call(t.url, riskEarlyWarningConfig, { ...base, formula: '罐温', ranges: [{ min: 0, max: 50, level: 2 }, { min: 40, max: 90, level: 1 }] }, supervisor.token);
    expectRefused(overlapping, 400, ['ranges.1.min']);
    expectRefused(await call(t.url, riskEarlyWarningConfig, { ...base, formula: '罐温' }, operator.token), 403);
    expect((await ok(t, riskEarlyWarningConfigList, {}, supervisor.token)).total).toBe(0);

    const saved = await ok(t, riskEarlyWarningConfig, { ...base, formula: '罐温 + HD * 10', instructions: '检查喷淋' }, supervisor.token);
    expect(saved).toMatchObject({ formula: '罐温 + HD * 10', variables: ['罐温', 'HD'], owner: supervisor.loginname, enabled: true });
    expect(saved.ranges.map((r) => r.level).sort()).toEqual([1, 2, 3, 4]);
    warningId = saved.id;
    const audits = await t.server.store.db.selectFrom('audit_log').selectAll().where('action', '=', 'riskWarning.config.save').execute();
    expect(audits.map((a) => a.loginname)).toEqual([supervisor.loginname]);
  });

  it('a tag value and the open hidden dangers give the level of the range holding the formula', async () => {
    const ingest = (v: number) => t.server.stream.ingest.samples({ tag, t: Date.now(), v, q: 0 }, 'test');
    ingest(35);
    // 35 + 0 × 10 = 35 → level 4.
    let [s] = (await ok(t, riskEarlyWarningCalculation, { id: warningId }, supervisor.token)).items;
    expect(s).toMatchObject({ value: 35, level: 4 });
    expect(s.inputs).toEqual([
      { code: '罐温', name: '储罐温度', kind: 'tag', value: 35 },
      { code: 'HD', name: '罐区隐患', kind: 'openHiddenDangers', value: 0 },
    ]);
    // Two open dangers in the tank farm, one elsewhere (not counted: the variable names the tank farm).
    const title = (n: number) => ({ title: `隐患${n}`, category: 'storage', place: '现场' });
    await createRecord(t, admin.token, hiddenDangerLedger, { ...title(1), region });
    await createRecord(t, admin.token, hiddenDangerLedger, { ...title(2), region });
    await createRecord(t, admin.token, hiddenDangerLedger, { ...title(3), region: other });
    // 35 + 2 × 10 = 55 → level 3.
    [s] = (await ok(t, riskEarlyWarningCalculation, { id: warningId }, supervisor.token)).items;
    expect(s).toMatchObject({ value: 55, level: 3 });
    ingest(72);
    // 72 + 20 = 92 → level 1, with that level's instruction.
    [s] = (await ok(t, riskEarlyWarningCalculation, {}, supervisor.token)).items;
    expect(s).toMatchObject({ id: warningId, value: 92, level: 1, instruction: '立即疏散', error: null });
    const shown = await ok(t, riskEarlyWarningShow, {}, operator.token);
    expect(shown.items.find((x) => x.id === warningId)).toMatchObject({ value: 92, level: 1 });
    const how = await ok(t, riskEarlyWarningInstructions, { warningId }, operator.token);
    expect(how).toMatchObject({ level: 1, instructions: '检查喷淋', levelInstruction: '立即疏散' });
    // Isolation: the warning names the tank farm; a supervisor of another region sees neither it nor its records.
    expect((await ok(t, riskEarlyWarningShow, {}, outsider.token)).items).toEqual([]);
    expectRefused(await call(t.url, riskEarlyWarningCalculation, { id: warningId }, outsider.token), 404);
  });

  it('each calculation is a record with its inputs, value, level and time; records can be searched and deleted (audited)', async () => {
    const note = await ok(t, riskEarlyWarningRecordAdd, { warningId, note: '交接班确认' }, supervisor.token);
    expect(note).toMatchObject({ warningId, value: 92, level: 1, trigger: 'manual', note: '交接班确认', by: supervisor.loginname });
    expect(note.inputs.map((i) => [i.code, i.value])).toEqual([
      ['罐温', 72],
      ['HD', 2],
    ]);
    const all = await ok(t, riskEarlyWarningRecordSearch, { warningId, page: 1, pageSize: 50 }, operator.token);
    expect(all.items.map((r) => r.value)).toEqual([92, 92, 55, 35]);
    expect(all.items[3].inputs).toEqual([
      { code: '罐温', name: '储罐温度', kind: 'tag', value: 35 },
      { code: 'HD', name: '罐区隐患', kind: 'openHiddenDangers', value: 0 },
    ]);
    const level1 = await ok(t, riskEarlyWarningRecordSearch, { level: 1, page: 1, pageSize: 50 }, operator.token);
    expect(level1.total).toBe(2);
    expect((await ok(t, riskEarlyWarningRecordSearch, { page: 1, pageSize: 50 }, outsider.token)).total).toBe(0);
    expectRefused(await call(t.url, riskEarlyWarningRecordDelete, { ids: [note.id] }, operator.token), 403);
    expect(await ok(t, riskEarlyWarningRecordDelete, { ids: [note.id] }, supervisor.token)).toEqual({ deleted: 1 });
    expect((await ok(t, riskEarlyWarningRecordSearch, { warningId, page: 1, pageSize: 50 }, operator.token)).total).toBe(3);
    const rows = await t.server.store.db.selectFrom('audit_log').selectAll().where('action', 'in', ['riskWarning.record.add', 'riskWarning.record.delete', 'riskWarning.calculate']).execute();
    expect(rows.map((r) => r.action).sort()).toEqual(['riskWarning.calculate', 'riskWarning.calculate', 'riskWarning.calculate', 'riskWarning.record.add', 'riskWarning.record.delete']);
  });

  it('ranges: added one by one, an overlap refused naming `min`; a variable in use can be neither deleted nor renamed', async () => {
    const w = await ok(t, riskEarlyWarningConfig, { name: '仅温度', formula: '罐温', intervalMinutes: 0 }, supervisor.token);
    await ok(t, riskRangeAdd, { warningId: w.id, min: 50, max: null, level: 1 }, supervisor.token);
    expectRefused(await call(t.url, riskRangeAdd, { warningId: w.id, min: 40, max: 60, level: 2 }, supervisor.token), 400, ['min']);
    expectRefused(await call(t.url, riskRangeAdd, { warningId: w.id, min: 30, max: 30, level: 2 }, supervisor.token), 400, ['max']);
    const r2 = await ok(t, riskRangeAdd, { warningId: w.id, min: 30, max: 50, level: 2 }, supervisor.token);
    expect((await ok(t, riskRangeGetList, { warningId: w.id }, operator.token)).total).toBe(2);
    await ok(t, riskRangeDel, { id: r2.id }, supervisor.token);
    expect((await ok(t, riskRangeGetList, { warningId: w.id }, operator.token)).total).toBe(1);

    const vars = await ok(t, riskEarlyWarningVariableSearch, { page: 1, pageSize: 50 }, supervisor.token);
    const tv = vars.items.find((v) => v.code === '罐温')!;
    expectRefused(await call(t.url, riskEarlyWarningVariableDel, { id: tv.id }, supervisor.token), 409, ['id']);
    expectRefused(await call(t.url, riskEarlyWarningVariableEdit, { id: tv.id, code: '罐温2', name: tv.name, kind: 'tag', tag }, supervisor.token), 409, ['code']);
    const renamed = await ok(t, riskEarlyWarningVariableEdit, { id: tv.id, code: '罐温', name: '1 号罐温度', kind: 'tag', tag }, supervisor.token);
    expect(renamed.name).toBe('1 号罐温度');
    const spare = await ok(t, riskEarlyWarningVariableAdd, { code: 'P', name: '作业许可', kind: 'activePermits' }, supervisor.token);
    expect(await ok(t, riskEarlyWarningVariableDel, { id: spare.id }, supervisor.token)).toEqual({ id: spare.id });
  });

  it('on the lease holder: a scheduled run keeps a record and its time in the store (not run again before it is due); a bound tag change recalculates', async () => {
    const engine = t.server.exposed(riskWarningModule).engine;
    const w = await ok(t, riskEarlyWarningConfig, { name: '定时', formula: '罐温 * 1', intervalMinutes: 5, onChange: true, ranges: [{ min: 100, max: null, level: 1 }] }, supervisor.token);
    await engine.tick();
    const first = await ok(t, riskEarlyWarningRecordSearch, { warningId: w.id, page: 1, pageSize: 50 }, supervisor.token);
    expect(first.items.map((r) => r.trigger)).toEqual(['schedule']);
    const ran = (await ok(t, riskEarlyWarningConfigList, {}, supervisor.token)).items.find((x) => x.id === w.id)!;
    expect(ran.lastRun).not.toBeNull();
    await engine.tick();
    expect((await ok(t, riskEarlyWarningRecordSearch, { warningId: w.id, page: 1, pageSize: 50 }, supervisor.token)).total).toBe(1);

    // A tag change above the level-1 bound: calculated (throttled) and recorded, since the level changed.
    t.server.stream.ingest.samples({ tag, t: Date.now(), v: 120, q: 0 }, 'test');
    await expect
      .poll(async () => (await ok(t, riskEarlyWarningRecordSearch, { warningId: w.id, page: 1, pageSize: 50 }, supervisor.token)).items.map((r) => [r.trigger, r.level]), { timeout: 10_000 })
      .toEqual([
        ['change', 1],
        ['schedule', null],
      ]);
    expect(engine.state(w.id)).toMatchObject({ value: 120, level: 1 });
  });

  it('a count narrowed to a region includes the regions under it', async () => {
    const child = await createRegion(t, admin, { parent: region, name: '罐区东' });
    await createRecord(t, admin.token, hiddenDangerLedger, { title: '子区域隐患', category: 'storage', place: '现场', region: child });
    const [s] = (await ok(t, riskEarlyWarningCalculation, { id: warningId }, supervisor.token)).items;
    expect(s.inputs.find((i) => i.code === 'HD')?.value).toBe(3);
  });

  it('calculations reach open boards on topic risk.warnings, each only to who sees the region of the warning', async () => {
    const plantWide = await ok(t, riskEarlyWarningConfig, { name: '全厂', formula: '罐温', intervalMinutes: 0, ranges: [{ min: 0, max: null, level: 4 }] }, supervisor.token);
    const mine = await connectClient(t.url, operator.token);
    const theirs = await connectClient(t.url, outsider.token);
    const seen: RiskWarningStateItem[] = [];
    const seenOutside: RiskWarningStateItem[] = [];
    mine.socket.on('riskWarning.state', (b: { items: RiskWarningStateItem[] }) => seen.push(...b.items));
    theirs.socket.on('riskWarning.state', (b: { items: RiskWarningStateItem[] }) => seenOutside.push(...b.items));
    try {
      expect((await mine.subscribe({ topics: ['risk.warnings'] })).denied).toEqual([]);
      expect((await theirs.subscribe({ topics: ['risk.warnings'] })).denied).toEqual([]);
      const before = Date.now();
      await ok(t, riskEarlyWarningCalculation, { id: warningId }, supervisor.token);
      await ok(t, riskEarlyWarningCalculation, { id: plantWide.id }, supervisor.token);
      const tank = await waitFor(() => seen.find((i) => i.id === warningId && i.t >= before), 5000, 'the tank-farm warning on the topic');
      expect(tank).toMatchObject({ value: 150, level: 1, regionid: region });
      await waitFor(() => seenOutside.find((i) => i.id === plantWide.id && i.t >= before), 5000, 'the plant-wide warning on the topic');
      expect(seenOutside.some((i) => i.id === warningId)).toBe(false);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
