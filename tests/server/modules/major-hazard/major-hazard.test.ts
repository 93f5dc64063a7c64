import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradeCalculate, identificationList, monitorList, msdsDetail, msdsList, responsibleCheckIn, responsibleCheckList, sourceReport, sourceReportExcel, sourceReportPdf } from '../../../../src/shared/major-hazard/contracts.js';
import { dangerSourceDeviceLedger, dangerSourceLedger, dangerSourceResponsibleLedger } from '../../../../src/shared/major-hazard/ledgers.js';
import { majorHazardModule } from '../../../../src/server/modules/major-hazard/index.js';
import { tagSave } from '../../../../src/shared/realtime/contracts.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { orgPort } from '../../../../src/server/modules/org/port.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

/*
 * Major hazard sources (issue 20), over real HTTP on both stores: the
 * GB 18218-2018 calculation (DOMAIN.md §1) with its grade limits (Table 6),
 * α bands (Table 5) and refusals that name their field.
 */
const units = recordContracts(dangerSourceLedger);
const devices = recordContracts(dangerSourceDeviceLedger);

describe.each(dialects)('major hazard (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;

  beforeAll(async () => {
    t = await startTestServer({ dialect, env: { DEMO: '0' } });
    await t.server.port(orgPort).createAdministrator({ loginname: 'mh-admin', username: '危险源管理员', password: 'Mh-admin-2026' }, { userid: null, loginname: 'test' });
    admin = await tokenFor(t.url, 'mh-admin', 'Mh-admin-2026');
  });
  afterAll(() => t.close());

  const grade = (body: Record<string, unknown>) => call(t.url, gradeCalculate, body, admin);

  // Chlorine: Table 1 Q = 5 t, Table 3 β = 4; population 1–29 gives α = 1, so R = 4 · q / 5 = 0.8 q.
  it.each([
    [12.4, 9.92, 4],
    [12.5, 10, 3],
    [62.4, 49.92, 3],
    [62.5, 50, 2],
    [124.9, 99.92, 2],
    [125, 100, 1],
  ])('chlorine q = %s t, 10 people: R = %s, grade %s (Table 6 limits)', async (q, R, g) => {
    const res = await grade({ substances: [{ name: '氯', q }], population: 10 });
    expect(res.body.IsSuccess, JSON.stringify(res.body)).toBe(true);
    const d = res.body.data!;
    expect(d.isMajor).toBe(true);
    expect(d.alpha).toBe(1);
    expect(d.R).toBeCloseTo(R, 9);
    expect(d.grade).toBe(g);
    expect(d.substances[0]).toMatchObject({ Q: 5, beta: 4, source: 'table1' });
  });

  it.each([
    [100, 2, 40],
    [99, 1.5, 30],
    [50, 1.5, 30],
    [49, 1.2, 24],
    [30, 1.2, 24],
    [29, 1, 20],
    [1, 1, 20],
    [0, 0.5, 10],
  ])('population %s within 500 m: α = %s, R = %s (Table 5)', async (population, alpha, R) => {
    const res = await grade({ substances: [{ cas: '7782-50-5', q: 25 }], population });
    expect(res.body.data).toMatchObject({ alpha, isMajor: true });
    expect(res.body.data!.R).toBeCloseTo(R, 9);
  });

  it('S just below 1 is not a major hazard source and has no grade, R or α; S = 1 is', async () => {
    const below = await grade({ substances: [{ name: '甲醇', q: 499 }], population: 200 });
    expect(below.body.data).toMatchObject({ isMajor: false, R: null, alpha: null, grade: null });
    expect(below.body.data!.S).toBeCloseTo(0.998, 9);
    expect(below.body.data!.reasons.map((r) => r.code)).toEqual(['gb18218.reason.sum', 'gb18218.reason.notMajor']);
    const at = await grade({ substances: [{ name: 'methanol', q: 500 }], population: 200 });
    expect(at.body.data).toMatchObject({ S: 1, isMajor: true });
    expect(at.body.data!.grade).not.toBeNull();
  });

  it('a storage unit of two substances sums q/Q; each substance carries its Q, β and the reasons for them', async () => {
    const res = await grade({ substances: [{ name: '甲醇', q: 300 }, { name: '甲苯', q: 300 }], population: 120 });
    const d = res.body.data!;
    expect(d.S).toBeCloseTo(1.2, 9);
    expect(d.isMajor).toBe(true);
    expect(d.substances.map((s) => s.Q)).toEqual([500, 500]);
    expect(d.substances.every((s) => s.reasons.some((r) => r.code === 'gb18218.reason.table1'))).toBe(true);
    expect(d.reasons.map((r) => r.code)).toEqual(['gb18218.reason.sum', 'gb18218.reason.major', 'gb18218.reason.alpha', 'gb18218.reason.R', 'gb18218.reason.grade']);
    expect(d.R).toBeCloseTo(2 * d.substances.reduce((s, x) => s + x.beta * x.ratio, 0), 9);
  });

  it('an unnamed substance takes the smallest Q of its categories and the β of that category', async () => {
    const res = await grade({ substances: [{ name: '某混合溶剂', categories: ['W5.4', 'w5.3'], q: 1500 }], population: 0 });
    expect(res.body.IsSuccess, JSON.stringify(res.body)).toBe(true);
    expect(res.body.data!.substances[0]).toMatchObject({ Q: 1000, beta: 1, source: 'category', category: 'W5.3' });
    expect(res.body.data).toMatchObject({ S: 1.5, isMajor: true, alpha: 0.5, R: 0.75, grade: 4 });
    expect(res.body.data!.substances[0].reasons.map((r) => r.code)).toContain('gb18218.reason.categorySmallest');
  });

  it.each([
    ['a negative quantity', { substances: [{ name: '氯', q: -1 }], population: 0 }, 'substances.0.q'],
    ['an unknown substance', { substances: [{ name: '氯', q: 1 }, { name: '不存在的物质', q: 1 }], population: 0 }, 'substances.1.name'],
    ['an unknown CAS number', { substances: [{ cas: '0000-00-0', q: 1 }], population: 0 }, 'substances.0.cas'],
    ['an unnamed substance without category', { substances: [{ q: 1 }], population: 0 }, 'substances.0.categories'],
    ['an unknown category', { substances: [{ name: 'x', categories: ['W99'], q: 1 }], population: 0 }, 'substances.0.categories.0'],
    ['a negative population', { substances: [{ name: '氯', q: 1 }], population: -3 }, 'population'],
    ['no substance', { substances: [], population: 0 }, 'substances'],
  ])('refuses %s with 400 naming the field', async (_what, body, field) => {
    const res = await grade(body);
    expect(res.httpStatus).toBe(400);
    expect(res.body.IsSuccess).toBe(false);
    expect(res.body.error.controls).toContain(field);
    expect(res.body.error.message).not.toBe('');
  });

  it('refusals are rendered in the caller language', async () => {
    const res = await fetch(`${t.url}${gradeCalculate.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, 'accept-language': 'en' },
      body: JSON.stringify({ substances: [{ name: 'nothing-like-it', q: 1 }], population: 0 }),
    });
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toContain('Substance not found');
  });

  it('needs a signed-in caller with the view permission', async () => {
    const res = await call(t.url, gradeCalculate, { substances: [{ name: '氯', q: 1 }], population: 0 });
    expect(res.httpStatus).toBe(401);
  });

  it('a unit saved in the register is identified and graded, and identified again when a quantity changes', async () => {
    const saved = await call(
      t.url,
      units.save,
      { name: '测试罐区', kind: 'storage', population: 120, substances: [{ name: '甲醇', q: 300 }, { name: '甲苯', q: 300 }] },
      admin,
    );
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    const id = saved.body.data!.id;
    const first = (await call(t.url, identificationList, {}, admin)).body.data!.items.find((i) => i.id === id)!;
    expect(first.result).toMatchObject({ isMajor: true, alpha: 2, grade: 4 });
    expect(first.result!.S).toBeCloseTo(1.2, 9);
    expect(first.result!.substances.map((s) => s.reasons.length > 0)).toEqual([true, true]);

    const lowered = await call(
      t.url,
      units.save,
      { id, version: saved.body.data!.version, name: '测试罐区', kind: 'storage', population: 120, substances: [{ name: '甲醇', q: 200 }, { name: '甲苯', q: 200 }] },
      admin,
    );
    expect(lowered.body.IsSuccess, JSON.stringify(lowered.body)).toBe(true);
    const second = (await call(t.url, identificationList, {}, admin)).body.data!.items.find((i) => i.id === id)!;
    expect(second.result).toMatchObject({ isMajor: false, grade: null, R: null });
    expect(second.result!.S).toBeCloseTo(0.8, 9);
    expect(second.computedAt).toBeGreaterThanOrEqual(first.computedAt);
  });

  it('a unit whose substance cannot be placed keeps the refusal on its field instead of a result', async () => {
    const saved = await call(t.url, units.save, { name: '未知物料单元', kind: 'production', population: 0, substances: [{ name: '神秘物质', q: 5 }] }, admin);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    const item = (await call(t.url, identificationList, {}, admin)).body.data!.items.find((i) => i.id === saved.body.data!.id)!;
    expect(item.result).toBeNull();
    expect(item.issues).toEqual([expect.objectContaining({ field: 'substances.0.name', code: 'gb18218.refusal.unknownSubstance' })]);
  });

  it('the monitoring list gives each source its grade and its devices with the bound level tag and limits', async () => {
    const tag = await call(
      t.url,
      tagSave,
      { isNew: true, id: 'MH.TK-9.LT', name: '测试储罐液位', name_en: 'Test tank level', unit: 'm', kind: 'level', device: 'TK-9', regionid: null, hazard_source: '', range_lo: 0, range_hi: 10, ll: null, l: null, h: 8, hh: 9, deadband: 0.1, enabled: 1 },
      admin,
    );
    expect(tag.body.IsSuccess, JSON.stringify(tag.body)).toBe(true);
    const unit = await call(t.url, units.save, { name: '液氯储存单元', kind: 'storage', population: 10, substances: [{ name: '氯', q: 62.5 }] }, admin);
    const dev = await call(
      t.url,
      devices.save,
      { name: '液氯储罐 TK-9', code: 'TK-9', source: unit.body.data!.id, type: 'tank', capacity: 50, medium: '氯', levelTag: 'MH.TK-9.LT', gasTag: 'NO.SUCH.TAG' },
      admin,
    );
    expect(dev.body.IsSuccess, JSON.stringify(dev.body)).toBe(true);
    const list = await call(t.url, monitorList, {}, admin);
    expect(list.body.IsSuccess, JSON.stringify(list.body)).toBe(true);
    const source = list.body.data!.sources.find((s) => s.id === unit.body.data!.id)!;
    expect(source).toMatchObject({ isMajor: true, grade: 2 });
    expect(source.devices).toHaveLength(1);
    expect(source.devices[0].level).toMatchObject({ id: 'MH.TK-9.LT', unit: 'm', range_lo: 0, range_hi: 10, h: 8, hh: 9, name: '测试储罐液位' });
    expect(source.devices[0].gas).toBeNull();
    // Graded sources come first.
    expect(list.body.data!.sources[0].grade).not.toBeNull();
  });
  it('a bound point with no sample, or silent beyond its period, is not monitored; a fresh sample makes it normal, a bad one not monitored again', async () => {
    const saveTag = (id: string, kind: string) =>
      call(
        t.url,
        tagSave,
        { isNew: true, id, name: id, name_en: id, unit: 'm', kind, device: 'TK-8', regionid: null, hazard_source: '', range_lo: 0, range_hi: 10, ll: null, l: null, h: 8, hh: 9, deadband: 0.1, enabled: 1 },
        admin,
      );
    expect((await saveTag('MH.TK-8.LT', 'level')).body.IsSuccess).toBe(true);
    expect((await saveTag('MH.TK-8.GT', 'lel')).body.IsSuccess).toBe(true);
    const unit = await call(t.url, units.save, { name: '未监测测试单元', kind: 'storage', population: 0, substances: [{ name: '氨', q: 20 }] }, admin);
    // The tank sets its own period (120 s); the gas detector's device takes its kind's default (60 s).
    const tank = await call(t.url, devices.save, { name: '氨储罐 TK-8', code: 'TK-8', source: unit.body.data!.id, type: 'tank', levelTag: 'MH.TK-8.LT', expectedPeriod: 120 }, admin);
    expect(tank.body.IsSuccess, JSON.stringify(tank.body)).toBe(true);
    const detector = await call(t.url, devices.save, { name: '氨检测器 GD-8', code: 'GD-8', source: unit.body.data!.id, type: 'other', gasTag: 'MH.TK-8.GT' }, admin);
    expect(detector.body.IsSuccess, JSON.stringify(detector.body)).toBe(true);
    const source = async () => {
      const s = (await call(t.url, monitorList, {}, admin)).body.data!.sources.find((x) => x.id === unit.body.data!.id)!;
      const level = s.devices.find((d) => d.code === 'TK-8')!.level;
      const gas = s.devices.find((d) => d.code === 'GD-8')!.gas;
      return { notMonitored: s.notMonitored, devices: [{ level, gas }] };
    };

    const none = await source();
    expect(none.devices[0].level).toMatchObject({ state: 'notMonitored', lastAt: null, periodMs: 120_000 });
    expect(none.devices[0].gas).toMatchObject({ state: 'notMonitored', lastAt: null, periodMs: 60_000 });
    expect(none.notMonitored).toBe(2);

    const now = Date.now();
    const ingest = (items: { tag: string; t: number; v: number; q?: number }[]) => expect(t.server.stream.ingest.samples(items, 'test').accepted).toBe(items.length);
    // 100 s old: inside the level's 120 s, beyond the gas detector's 60 s.
    ingest([
      { tag: 'MH.TK-8.LT', t: now - 100_000, v: 4 },
      { tag: 'MH.TK-8.GT', t: now - 100_000, v: 0 },
    ]);
    const stale = await source();
    expect(stale.devices[0].level).toMatchObject({ state: 'normal', lastAt: now - 100_000 });
    expect(stale.devices[0].gas).toMatchObject({ state: 'notMonitored', lastAt: now - 100_000 });
    expect(stale.notMonitored).toBe(1);

    ingest([{ tag: 'MH.TK-8.GT', t: Date.now(), v: 0 }]);
    expect((await source()).notMonitored).toBe(0);

    ingest([{ tag: 'MH.TK-8.GT', t: Date.now() + 1, v: 0, q: 2 }]);
    const bad = await source();
    expect(bad.devices[0].gas!.state).toBe('notMonitored');
    expect(bad.notMonitored).toBe(1);
  });
  it('a device’s ESD and SIS status tags are monitoring points of its source: listed with their state, counted when silent', async () => {
    const saveTag = (id: string) =>
      call(
        t.url,
        tagSave,
        { isNew: true, id, name: id, name_en: id, unit: '', kind: 'discrete', device: 'TK-9', regionid: null, hazard_source: '', range_lo: 0, range_hi: 1, ll: null, l: null, h: null, hh: null, deadband: 0, enabled: 1 },
        admin,
      );
    expect((await saveTag('MH.TK-9.ESD')).body.IsSuccess).toBe(true);
    expect((await saveTag('MH.TK-9.SIS')).body.IsSuccess).toBe(true);
    const unit = await call(t.url, units.save, { name: 'ESD 测试单元', kind: 'storage', population: 0, substances: [{ name: '氨', q: 20 }] }, admin);
    const tank = await call(t.url, devices.save, { name: '氨储罐 TK-9', code: 'ESD-T9', source: unit.body.data!.id, type: 'tank', esdTag: 'MH.TK-9.ESD', sisTag: 'MH.TK-9.SIS' }, admin);
    expect(tank.body.IsSuccess, JSON.stringify(tank.body)).toBe(true);
    const source = async () => (await call(t.url, monitorList, {}, admin)).body.data!.sources.find((x) => x.id === unit.body.data!.id)!;
    const before = await source();
    const d = before.devices.find((x) => x.code === 'ESD-T9')!;
    expect([d.esd?.id, d.sis?.id]).toEqual(['MH.TK-9.ESD', 'MH.TK-9.SIS']);
    expect(before.notMonitored).toBe(2);
    expect(t.server.stream.ingest.samples([{ tag: 'MH.TK-9.ESD', t: Date.now(), v: 1 }, { tag: 'MH.TK-9.SIS', t: Date.now(), v: 0 }], 'test').accepted).toBe(2);
    const after = await source();
    expect(after.devices.find((x) => x.code === 'ESD-T9')!.esd).toMatchObject({ state: 'normal' });
    expect(after.notMonitored).toBe(0);
  });
  it('the report lists every unit with its kept S, α, R and grade, 一级 first, and exports the same rows as Excel and PDF', async () => {
    // 氯 100 t, 10 people: R = 1 · 4 · 100/5 = 80, grade 2; 氯 150 t, 200 people: R = 2 · 4 · 30 = 240, grade 1.
    const g1 = await call(t.url, units.save, { name: '报表一级单元', code: 'RP-1', kind: 'storage', population: 200, substances: [{ name: '氯', q: 150 }] }, admin);
    const g2 = await call(t.url, units.save, { name: '报表二级单元', code: 'RP-2', kind: 'storage', population: 10, substances: [{ name: '氯', q: 100 }] }, admin);
    const low = await call(t.url, units.save, { name: '报表非重大单元', code: 'RP-0', kind: 'production', population: 10, substances: [{ name: '甲醇', q: 10 }] }, admin);
    expect([g1, g2, low].every((r) => r.body.IsSuccess)).toBe(true);
    const res = await call(t.url, sourceReport, {}, admin);
    expect(res.body.IsSuccess, JSON.stringify(res.body)).toBe(true);
    const d = res.body.data!;
    const ident = (await call(t.url, identificationList, {}, admin)).body.data!;
    expect(d.items.map((r) => r.id).sort()).toEqual(ident.items.map((i) => i.id).sort());
    const byCode = new Map(d.items.map((r) => [r.code, r]));
    expect(byCode.get('RP-1')).toMatchObject({ isMajor: true, grade: 1, alpha: 2, R: 240, S: 30 });
    expect(byCode.get('RP-1')!.substances).toEqual([{ name: '氯', q: 150, Q: 5, beta: 4 }]);
    expect(byCode.get('RP-2')).toMatchObject({ grade: 2, R: 80 });
    expect(byCode.get('RP-0')).toMatchObject({ isMajor: false, grade: null, R: null });
    // Graded first, 一级 before 二级; within a grade the larger R first.
    const grades = d.items.map((r) => r.grade ?? 9);
    expect(grades).toEqual([...grades].sort((a, b) => a - b));
    expect(d.items[0].code).toBe('RP-1');
    expect(d.summary.total).toBe(d.items.length);
    expect(d.summary.major).toBe(d.items.filter((r) => r.isMajor).length);
    expect(d.summary.byGrade['1']).toBe(d.items.filter((r) => r.grade === 1).length);

    const xlsx = await fetch(`${t.url}${sourceReportExcel.path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: '{}' });
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(d.items.length + 1);
    expect(ws.getRow(1).values).toEqual(expect.arrayContaining(['单元名称', 'S', 'R', '级别']));
    expect(ws.getRow(2).getCell(1).value).toBe('报表一级单元');
    expect(ws.getRow(2).getCell(8).value).toBe(240);
    expect(ws.getRow(2).getCell(9).value).toBe('一级');

    const pdf = await fetch(`${t.url}${sourceReportPdf.path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, 'accept-language': 'en' }, body: '{}' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('the report and its exports need the view permission', async () => {
    expect((await call(t.url, sourceReport, {})).httpStatus).toBe(401);
    expect((await fetch(`${t.url}${sourceReportExcel.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
  });
  it('a catalogue substance reads as a safety data sheet of the 16 GB/T 16483 sections with its data; an unknown code is refused on its field', async () => {
    const list = (await call(t.url, msdsList, {}, admin)).body.data!;
    expect(list.items.find((x) => x.code === 'chlorine')).toMatchObject({ cas: '7782-50-5', hasSheet: true });
    const d = (await call(t.url, msdsDetail, { code: 'chlorine' }, admin)).body.data!;
    expect(d.sections).toHaveLength(16);
    expect(d.sections[0].title).toBe('1 化学品及企业标识');
    expect(d.sections.find((s) => s.key === 'regulatory')!.fields).toEqual(expect.arrayContaining([{ label: 'GB 18218 临界量', value: '5 t（表1第12项）' }]));
    expect(d.sections.every((s) => s.text !== '' || s.fields.length > 0)).toBe(true);
    const bad = await call(t.url, msdsDetail, { code: 'no-such' }, admin);
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.error.controls).toEqual(['code']);
  });
  it('responsible persons: a check past its cycle opens a to-do for that person once; their check-in records the findings, closes it and moves the due date', async () => {
    const resp = recordContracts(dangerSourceResponsibleLedger);
    const me = (await t.server.store.db.selectFrom('users').select('userid').where('loginname', '=', 'mh-admin').executeTakeFirstOrThrow()).userid;
    await t.server.port(orgPort).createAdministrator({ loginname: 'mh-other', username: '另一负责人', password: 'Mh-other-2026' }, { userid: null, loginname: 'test' });
    const other = await tokenFor(t.url, 'mh-other', 'Mh-other-2026');
    const unit = await call(t.url, units.save, { name: '包保测试单元', kind: 'storage', population: 10, substances: [{ name: '氯', q: 20 }] }, admin);
    // 操作负责人 with no cycle of its own: weekly by default; 主要负责人 with 30 days.
    const op = await call(t.url, resp.save, { source: unit.body.data!.id, role: 'operation', person: me }, admin);
    const main = await call(t.url, resp.save, { source: unit.body.data!.id, role: 'main', person: me, cycleDays: 30 }, admin);
    expect(op.body.IsSuccess && main.body.IsSuccess, JSON.stringify([op.body, main.body])).toBe(true);
    const list = (await call(t.url, responsibleCheckList, {}, admin)).body.data!;
    const opItem = list.items.find((x) => x.id === op.body.data!.id)!;
    expect(opItem).toMatchObject({ sourceName: '包保测试单元', role: 'operation', cycleDays: 7, lastCheckAt: null, overdue: false, mine: true });
    expect(opItem.dueAt - op.body.data!.created).toBe(7 * 86_400_000);
    expect(list.items.find((x) => x.id === main.body.data!.id)!.cycleDays).toBe(30);

    const { responsibility } = t.server.exposed(majorHazardModule);
    const openTodos = () =>
      t.server.store.db.selectFrom('todo').select(['ref', 'userid', 'title']).where('kind', '=', 'majorHazard.checkOverdue').where('status', '=', 0).where('userid', '=', me).execute();
    // Eight days on: the weekly check is late, the 30-day one is not.
    const later = Date.now() + 8 * 86_400_000;
    expect(await responsibility.sweep(later)).toBeGreaterThanOrEqual(1);
    const todos = await openTodos();
    expect(todos.map((x) => x.ref)).toContain(`mhr:${op.body.data!.id}`);
    expect(todos.map((x) => x.ref)).not.toContain(`mhr:${main.body.data!.id}`);
    expect(todos.find((x) => x.ref === `mhr:${op.body.data!.id}`)!.title).toContain('包保测试单元');
    // A second sweep opens nothing new for it.
    await responsibility.sweep(later + 60_000);
    expect((await openTodos()).filter((x) => x.ref === `mhr:${op.body.data!.id}`)).toHaveLength(1);

    const notMine = await call(t.url, responsibleCheckIn, { id: op.body.data!.id, findings: '代查' }, other);
    expect(notMine.httpStatus).toBe(403);
    const done = await call(t.url, responsibleCheckIn, { id: op.body.data!.id, findings: '围堰完好，液位正常' }, admin);
    expect(done.body.IsSuccess, JSON.stringify(done.body)).toBe(true);
    expect(done.body.data).toMatchObject({ lastFindings: '围堰完好，液位正常', overdue: false });
    expect(done.body.data!.dueAt - done.body.data!.lastCheckAt!).toBe(7 * 86_400_000);
    expect((await openTodos()).map((x) => x.ref)).not.toContain(`mhr:${op.body.data!.id}`);
    const audit = await t.server.store.db.selectFrom('audit_log').select('action').where('action', '=', 'majorHazard.check').execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
    expect((await call(t.url, responsibleCheckIn, { id: 999_999, findings: '' }, admin)).body.error.controls).toEqual(['id']);
  });
});

describe('major hazard demo rows (sqlite)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect: 'sqlite' });
  });
  afterAll(() => t.close());

  it('the demo plant seeds its three tank farms as graded storage units with their tanks bound to the simulator tags', async () => {
    const admin = await tokenFor(t.url, 'admin', t.config.demoPassword);
    const ident = (await call(t.url, identificationList, {}, admin)).body.data!;
    expect(ident.items.map((i) => i.code).sort()).toEqual(['MH-TFA', 'MH-TFB', 'MH-TFC']);
    expect(ident.items.every((i) => i.result?.isMajor)).toBe(true);
    const sources = (await call(t.url, monitorList, {}, admin)).body.data!.sources;
    expect(sources.reduce((n, s) => n + s.devices.length, 0)).toBe(24);
    const tk101 = sources.flatMap((s) => s.devices).find((d) => d.code === 'TK-101')!;
    expect(tk101.level?.id).toBe('TF-A.TK-101.LT');
    expect(tk101.level?.h).not.toBeNull();
  });
});
