import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicLinkCreate, publicLinkOpen, publicLinkRevoke } from '../../../../src/shared/documents/contracts.js';
import { gradeCalculate, identificationList } from '../../../../src/shared/major-hazard/contracts.js';
import { dangerSourceDeviceLedger, dangerSourceLedger, dangerSourceResponsibleLedger } from '../../../../src/shared/major-hazard/ledgers.js';
import { dangerCardLedger, dangerCardTemplateLedger, enterpriseInfoLedger } from '../../../../src/shared/major-hazard/ledgers-more.js';
import { gradingMethod, gradingMethodSave } from '../../../../src/shared/major-hazard/method-contracts.js';
import { CARD_LINK_KIND, dangerCardPdf, dangerCardView, dataItemList, responsibleStatistics } from '../../../../src/shared/major-hazard/more-contracts.js';
import { tagSave } from '../../../../src/shared/realtime/contracts.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { orgPort } from '../../../../src/server/modules/org/port.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

/*
 * Major hazard sources, the remaining pages of issue 20 over real HTTP on
 * both stores: the enterprise ledger, the plant's grading method (β/α as data,
 * used by GradeCalculate and the kept identifications, audited), the check
 * task statistics, the three cards (view, PDF, public link and its revocation)
 * and the data items with their collection status.
 */
const units = recordContracts(dangerSourceLedger);
const devices = recordContracts(dangerSourceDeviceLedger);
const enterprise = recordContracts(enterpriseInfoLedger);
const templates = recordContracts(dangerCardTemplateLedger);
const cards = recordContracts(dangerCardLedger);
const DAY = 86_400_000;

describe.each(dialects)('major hazard: base info, method, statistics, cards, data items (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;

  beforeAll(async () => {
    t = await startTestServer({ dialect, env: { DEMO: '0' } });
    await t.server.port(orgPort).createAdministrator({ loginname: 'mh2-admin', username: '危险源管理员', password: 'Mh2-admin-2026' }, { userid: null, loginname: 'test' });
    admin = await tokenFor(t.url, 'mh2-admin', 'Mh2-admin-2026');
  });
  afterAll(() => t.close());

  it('the enterprise information ledger keeps the enterprise and refuses a missing required field by name', async () => {
    const ok = await call(t.url, enterprise.save, { name: '演示化工有限公司', creditCode: '91370000123456789X', legalPerson: '张三', address: '化工园区1号', staff: 320 }, admin);
    expect(ok.body.IsSuccess, JSON.stringify(ok.body)).toBe(true);
    const list = await call(t.url, enterprise.list, { page: 1, pageSize: 10 }, admin);
    expect(list.body.data!.items.map((x) => x.name)).toContain('演示化工有限公司');
    const bad = await call(t.url, enterprise.save, { name: '缺地址公司', creditCode: '91370000123456788X', legalPerson: '李四' }, admin);
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.error.controls).toContain('address');
  });

  it('the grading method starts as the standard; an adjusted β and α change GradeCalculate and the kept identification, with reasons, and the save is audited', async () => {
    const std = (await call(t.url, gradingMethod, {}, admin)).body.data!;
    expect(std.adjusted).toBe(0);
    expect(std.table3).toHaveLength(14);
    expect(std.table4).toHaveLength(24);
    expect(std.table5.map((r) => r.alpha)).toEqual([2, 1.5, 1.2, 1, 0.5]);
    // 氯 25 t, 10 people: standard R = 1 · 4 · 5 = 20.
    const body = { substances: [{ name: '氯', q: 25 }], population: 10 };
    expect((await call(t.url, gradeCalculate, body, admin)).body.data!.R).toBeCloseTo(20, 9);
    const unit = await call(t.url, units.save, { name: '方法测试单元', kind: 'storage', population: 10, substances: [{ name: '氯', q: 25 }] }, admin);
    const kept = async () => (await call(t.url, identificationList, {}, admin)).body.data!.items.find((x) => x.id === unit.body.data!.id)!;
    expect((await kept()).result!.R).toBeCloseTo(20, 9);

    // β of chlorine 4 → 6, α of 1–29 people 1.0 → 1.5: R = 1.5 · 6 · 5 = 45.
    const edit = {
      table3: std.table3.map((r) => ({ seq: r.seq, beta: r.seq === 12 ? 6 : r.beta })),
      table4: std.table4.map((r) => ({ code: r.code, beta: r.beta })),
      table5: std.table5.map((r) => ({ index: r.index, alpha: r.index === 3 ? 1.5 : r.alpha })),
    };
    const saved = await call(t.url, gradingMethodSave, edit, admin);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    expect(saved.body.data!.adjusted).toBe(2);
    expect(saved.body.data!.updatedBy).toBe('mh2-admin');
    const graded = (await call(t.url, gradeCalculate, body, admin)).body.data!;
    expect(graded.R).toBeCloseTo(45, 9);
    expect(graded.substances[0].beta).toBe(6);
    expect(graded.substances[0].reasons.map((r) => r.code)).toContain('gb18218.reason.betaAdjusted');
    expect(graded.reasons.map((r) => r.code)).toContain('gb18218.reason.alphaAdjusted');
    await expect.poll(async () => (await kept()).result!.R, { timeout: 5000 }).toBeCloseTo(45, 9);
    const audit = await t.server.store.db.selectFrom('audit_log').select(['action', 'detail']).where('action', '=', 'majorHazard.method.save').execute();
    expect(audit).toHaveLength(1);
    expect(String(audit[0].detail)).toContain('"12":6');

    // Back to the standard: nothing adjusted, R = 20 again.
    const reset = await call(t.url, gradingMethodSave, { table3: [], table4: [], table5: [] }, admin);
    expect(reset.body.data!.adjusted).toBe(0);
    expect((await call(t.url, gradeCalculate, body, admin)).body.data!.R).toBeCloseTo(20, 9);
  });

  it.each([
    ['a β of 0', { table3: [{ seq: 12, beta: 0 }], table4: [], table5: [] }, 'table3.0.beta'],
    ['a gas Table 3 does not name', { table3: [{ seq: 65, beta: 2 }], table4: [], table5: [] }, 'table3.0.seq'],
    ['an unknown category', { table3: [], table4: [{ code: 'W99', beta: 2 }], table5: [] }, 'table4.0.code'],
    ['an α above 10', { table3: [], table4: [], table5: [{ index: 0, alpha: 11 }] }, 'table5.0.alpha'],
  ])('the grading method refuses %s with 400 naming the field', async (_what, body, field) => {
    const res = await call(t.url, gradingMethodSave, body, admin);
    expect(res.httpStatus).toBe(400);
    expect(res.body.IsSuccess).toBe(false);
    expect(res.body.error.controls).toContain(field);
  });

  it('the method, statistics, cards and data items need a session', async () => {
    for (const c of [gradingMethod, responsibleStatistics, dataItemList]) {
      expect((await call(t.url, c, {})).httpStatus).toBe(401);
    }
    expect((await call(t.url, dangerCardView, { id: 1 })).httpStatus).toBe(401);
  });

  it('statistics count each person’s and source’s check tasks: a check closes the task on time, the next is pending', async () => {
    const me = (await t.server.store.db.selectFrom('users').select('userid').where('loginname', '=', 'mh2-admin').executeTakeFirstOrThrow()).userid;
    const resp = recordContracts(dangerSourceResponsibleLedger);
    const unit = await call(t.url, units.save, { name: '统计测试单元', kind: 'storage', population: 10, substances: [{ name: '氯', q: 20 }] }, admin);
    const op = await call(t.url, resp.save, { source: unit.body.data!.id, role: 'operation', person: me }, admin);
    expect(op.body.IsSuccess, JSON.stringify(op.body)).toBe(true);
    const range = { from: Date.now() - DAY, to: Date.now() + 30 * DAY };
    const before = (await call(t.url, responsibleStatistics, range, admin)).body.data!;
    const src0 = before.bySource.find((s) => s.sourceId === unit.body.data!.id)!;
    expect(src0).toMatchObject({ sourceName: '统计测试单元', due: 1, done: 0, pending: 1, onTimeRate: null });
    await t.server.store.db.insertInto('major_hazard_check').values({ responsible_id: op.body.data!.id, userid: me, at: Date.now(), findings: '正常' }).execute();
    const after = (await call(t.url, responsibleStatistics, range, admin)).body.data!;
    expect(after.bySource.find((s) => s.sourceId === unit.body.data!.id)).toMatchObject({ due: 2, done: 1, pending: 1, late: 0, missed: 0, onTimeRate: 1 });
    expect(after.byPerson.find((p) => p.userid === me)).toMatchObject({ name: '危险源管理员' });
    expect(after.byRole.find((r) => r.role === 'operation')!.done).toBeGreaterThanOrEqual(1);
    const bad = await call(t.url, responsibleStatistics, { from: 10, to: 5 }, admin);
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.error.controls).toContain('to');
  });

  it('a card draws its source from the register and its substances from the catalogue, prints as a PDF, and opens by a public link until revoked', async () => {
    const unit = await call(t.url, units.save, { name: '液氯库', code: 'CL-1', kind: 'storage', population: 10, substances: [{ name: '氯', q: 25 }] }, admin);
    await call(t.url, devices.save, { name: '液氯钢瓶组', code: 'CL-V1', source: unit.body.data!.id, type: 'vessel', capacity: 12, medium: '液氯' }, admin);
    const tpl = await call(t.url, templates.save, { name: '风险告知卡模板', cardType: 'risk', hazardText: '氯气泄漏导致中毒', contacts: '119 / 120 / 厂内 8888' }, admin);
    expect(tpl.body.IsSuccess, JSON.stringify(tpl.body)).toBe(true);
    const card = await call(t.url, cards.save, { name: '液氯库风险告知卡', source: unit.body.data!.id, template: tpl.body.data!.id, post: '液氯库操作岗' }, admin);
    expect(card.body.IsSuccess, JSON.stringify(card.body)).toBe(true);
    const id = card.body.data!.id;

    const view = await call(t.url, dangerCardView, { id }, admin);
    expect(view.body.IsSuccess, JSON.stringify(view.body)).toBe(true);
    const doc = view.body.data!.document;
    expect(view.body.data!.cardType).toBe('risk');
    expect(doc.title).toBe('风险告知卡 · 液氯库风险告知卡');
    const all = JSON.stringify(doc.blocks);
    expect(all).toContain('液氯库操作岗');
    expect(all).toContain('7782-50-5');
    expect(all).toContain('氯气泄漏导致中毒');
    expect(all).toContain('119 / 120 / 厂内 8888');
    expect(all).toMatch(/三级|二级|一级|四级/);

    const pdf = await fetch(`${t.url}${dangerCardPdf.path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body: JSON.stringify({ id }) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    const link = await call(t.url, publicLinkCreate, { kind: CARD_LINK_KIND, target: { id }, expiresAt: Date.now() + 30 * DAY }, admin);
    expect(link.body.IsSuccess, JSON.stringify(link.body)).toBe(true);
    expect(link.body.data!.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const token = link.body.data!.path.replace('/p/', '');
    const open = await call(t.url, publicLinkOpen, { token });
    expect(open.body.IsSuccess, JSON.stringify(open.body)).toBe(true);
    expect(open.body.data!.document.title).toBe(doc.title);
    await call(t.url, publicLinkRevoke, { id: link.body.data!.id }, admin);
    const gone = await call(t.url, publicLinkOpen, { token });
    expect(gone.httpStatus).toBe(410);

    const missing = await call(t.url, dangerCardView, { id: 999_999 }, admin);
    expect(missing.body.IsSuccess).toBe(false);
    const badLink = await call(t.url, publicLinkCreate, { kind: CARD_LINK_KIND, target: { id: 'x' }, expiresAt: Date.now() + DAY }, admin);
    expect(badLink.httpStatus).toBe(400);
  });

  it('data items list each bound tag with its last value, age, quality, samples in the last hour and collection state', async () => {
    const saveTag = (id: string, kind: string) =>
      call(t.url, tagSave, { isNew: true, id, name: `${id} 名称`, name_en: id, unit: 'm', kind, device: 'DI-1', regionid: null, hazard_source: '', range_lo: 0, range_hi: 10, ll: null, l: null, h: 8, hh: 9, deadband: 0.1, enabled: 1 }, admin);
    expect((await saveTag('MH.DI-1.LT', 'level')).body.IsSuccess).toBe(true);
    expect((await saveTag('MH.DI-1.PT', 'pressure')).body.IsSuccess).toBe(true);
    const unit = await call(t.url, units.save, { name: '数据项测试单元', kind: 'storage', population: 0, substances: [{ name: '氨', q: 20 }] }, admin);
    await call(t.url, devices.save, { name: '氨罐 DI-1', code: 'DI-1', source: unit.body.data!.id, type: 'tank', levelTag: 'MH.DI-1.LT', pressureTag: 'MH.DI-1.PT', gasTag: 'MH.NO-SUCH' }, admin);
    const now = Date.now();
    expect(t.server.stream.ingest.samples([
      { tag: 'MH.DI-1.LT', t: now - 20_000, v: 3 },
      { tag: 'MH.DI-1.LT', t: now - 10_000, v: 3.5 },
      { tag: 'MH.DI-1.PT', t: now - 7_200_000, v: 0.2 },
    ], 'test').accepted).toBe(3);
    await t.server.stream.history.flush();
    const res = await call(t.url, dataItemList, { sourceId: unit.body.data!.id }, admin);
    expect(res.body.IsSuccess, JSON.stringify(res.body)).toBe(true);
    const byRole = new Map(res.body.data!.items.map((x) => [x.role, x]));
    expect(byRole.get('level')).toMatchObject({ tag: 'MH.DI-1.LT', name: 'MH.DI-1.LT 名称', value: 3.5, quality: 0, state: 'ok', samplesLastHour: 2, known: true });
    expect(byRole.get('level')!.ageMs).toBeGreaterThanOrEqual(10_000);
    expect(byRole.get('pressure')).toMatchObject({ state: 'stale', samplesLastHour: 0 });
    expect(byRole.get('gas')).toMatchObject({ state: 'unknown', known: false, value: null });
    const search = await call(t.url, dataItemList, { keyword: 'di-1.pt' }, admin);
    expect(search.body.data!.items.map((x) => x.tag)).toEqual(['MH.DI-1.PT']);
    const stale = await call(t.url, dataItemList, { state: 'stale', sourceId: unit.body.data!.id }, admin);
    expect(stale.body.data!.total).toBe(1);
  });
});
