import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hiddenDangerAssign,
  hiddenDangerClose,
  hiddenDangerDeadlineCheck,
  hiddenDangerDeadlineList,
  hiddenDangerRectify,
  hiddenDangerRegister,
  hiddenDangerSendBack,
  hiddenDangerStatistics,
  hiddenDangerVerify,
} from '../../../../src/shared/hidden-dangers/contracts.js';
import { hiddenDangerLedger } from '../../../../src/shared/hidden-dangers/ledger.js';
import { myTodoList } from '../../../../src/shared/org/contracts.js';
import { recordContracts, uploadFileToServer } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken, orgIds } from '../org/org-fixtures.js';

const DAY = 86_400_000;
const calls = recordContracts(hiddenDangerLedger);

async function upload(url: string, token: string, name: string) {
  const form = new FormData();
  form.append('upfile', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])]), name);
  const res = await fetch(url + uploadFileToServer.path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/*
 * The rectification loop (issue 24 §1): each step by the right person, the
 * loop's rules naming the field, to-dos for whose turn it is, photos as the
 * record engine's attachments, and the overdue path on a controlled clock.
 */
describe.each(dialects)('hidden dangers (%s)', (dialect) => {
  let t: TestServer;
  let tok: Record<'admin' | 'supervisor' | 'operator' | 'inspector', string>;
  let tf: number;
  let operatorId: number;

  const todos = async (token: string) => (await call(t.url, myTodoList, { page: 1, pageSize: 200 }, token)).body.data!.items;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    tok = {
      admin: await demoToken(t.url, 'admin'),
      supervisor: await demoToken(t.url, 'supervisor'),
      operator: await demoToken(t.url, 'operator'),
      inspector: await demoToken(t.url, 'inspector'),
    };
    const ids = await orgIds(t.url, tok.admin);
    tf = ids.region.get('TF')!;
    const list = await call(t.url, calls.list, { page: 1, pageSize: 50 }, tok.admin);
    // The demo seeds one danger at each stage, assigned to the tank-farm operator.
    expect(list.body.data!.total).toBeGreaterThanOrEqual(4);
    operatorId = list.body.data!.items.map((r) => r.responsible).find((x): x is number => typeof x === 'number')!;
  });
  afterAll(() => t.close());

  it('report → register (121 号 makes it 重大) → assign with its plan → rectify with photos → accept by another → close, with to-dos at each turn', async () => {
    const photo = await upload(t.url, tok.inspector, 'before.png');
    const found = await call(t.url, calls.save, { title: '危化品仓库氧化剂与易燃物混存', category: 'storage', region: tf, place: '甲类仓库', photos: [photo] }, tok.inspector);
    expect(found.body.IsSuccess, JSON.stringify(found.body)).toBe(true);
    const id = found.body.data!.id;
    expect(found.body.data!.status).toBe(1);
    await expect.poll(async () => (await todos(tok.supervisor)).some((x) => x.titleCode === 'hiddenDangers.todo.register' && x.href.endsWith(`id=${id}`))).toBe(true);

    const denied = await call(t.url, hiddenDangerRegister, { id, grade: 'general' }, tok.operator);
    expect(denied.httpStatus).toBe(403);
    const wrongGrade = await call(t.url, hiddenDangerRegister, { id, grade: 'general', criteria: [20] }, tok.supervisor);
    expect(wrongGrade.httpStatus).toBe(400);
    expect(wrongGrade.body.error.controls).toEqual(['grade']);
    const registered = await call(t.url, hiddenDangerRegister, { id, grade: 'major', criteria: [20] }, tok.supervisor);
    expect(registered.body.data).toMatchObject({ status: 2, grade: 'major', criteria: ['20'] });

    const deadline = Date.now() + 10 * DAY;
    const noPlan = await call(t.url, hiddenDangerAssign, { id, responsibleId: operatorId, deadline, measures: '分区分类存放', money: 5000 }, tok.supervisor);
    expect(noPlan.httpStatus).toBe(400);
    expect(noPlan.body.error.controls).toEqual(['majorPlan.goal']);
    const plan = { goal: '消除混存', method: '搬迁氧化剂至独立库房', money: 5000, people: '罐区车间', deadline, safetyMeasures: '隔离警戒' };
    const assigned = await call(t.url, hiddenDangerAssign, { id, responsibleId: operatorId, deadline, measures: '分区分类存放', money: 5000, majorPlan: plan }, tok.supervisor);
    expect(assigned.body.IsSuccess, JSON.stringify(assigned.body)).toBe(true);
    expect(assigned.body.data!.status).toBe(7);
    expect((await todos(tok.operator)).some((x) => x.titleCode === 'hiddenDangers.todo.rectify' && x.href.endsWith(`id=${id}`))).toBe(true);
    expect((await todos(tok.supervisor)).some((x) => x.titleCode === 'hiddenDangers.todo.register' && x.href.endsWith(`id=${id}`))).toBe(false);

    const notMine = await call(t.url, hiddenDangerRectify, { id, note: '已整改' }, tok.inspector);
    expect(notMine.httpStatus).toBe(403);
    expect(notMine.body.error.code).toBe('hiddenDangers.notResponsible');
    const noNote = await call(t.url, hiddenDangerRectify, { id, note: '' }, tok.operator);
    expect(noNote.body.error.controls).toEqual(['note']);
    const after = await upload(t.url, tok.operator, 'after.png');
    const rectified = await call(t.url, hiddenDangerRectify, { id, note: '氧化剂已搬至 3 号库', afterPhotos: [after] }, tok.operator);
    expect(rectified.body.data).toMatchObject({ status: 3, afterPhotos: [after], rectifier: operatorId });

    // Acceptance refused: sent back to the responsible person with a reason, who rectifies again.
    const noReason = await call(t.url, hiddenDangerSendBack, { id, reason: '' }, tok.supervisor);
    expect(noReason.body.error.controls).toEqual(['reason']);
    const back = await call(t.url, hiddenDangerSendBack, { id, reason: '库房标识未更新' }, tok.supervisor);
    expect(back.body.data).toMatchObject({ status: 7, lastReason: '库房标识未更新' });
    expect((await todos(tok.operator)).some((x) => x.titleCode === 'hiddenDangers.todo.rectify' && x.href.endsWith(`id=${id}`))).toBe(true);
    await call(t.url, hiddenDangerRectify, { id, note: '标识已更新', afterPhotos: [after] }, tok.operator);

    const selfAccept = await call(t.url, hiddenDangerVerify, { id }, tok.operator);
    expect(selfAccept.httpStatus).toBe(403);
    expect((await todos(tok.supervisor)).some((x) => x.titleCode === 'hiddenDangers.todo.verify' && x.href.endsWith(`id=${id}`))).toBe(true);
    const verified = await call(t.url, hiddenDangerVerify, { id }, tok.supervisor);
    expect(verified.body.data!.status).toBe(4);
    const closed = await call(t.url, hiddenDangerClose, { id }, tok.supervisor);
    expect(closed.body.data!.status).toBe(5);
    expect((await todos(tok.supervisor)).some((x) => x.href.endsWith(`id=${id}`))).toBe(false);

    const detail = await call(t.url, calls.get, { id }, tok.admin);
    expect(JSON.stringify(detail.body.data)).toContain('sendBack');
    const again = await call(t.url, hiddenDangerClose, { id }, tok.supervisor);
    expect(again.httpStatus).toBe(409);
  });

  it('an overdue danger is reminded, then escalated level by level on a controlled clock, each once', async () => {
    const found = await call(t.url, calls.save, { title: '消防通道堆放杂物', category: 'fire', region: tf }, tok.inspector);
    const id = found.body.data!.id;
    await call(t.url, hiddenDangerRegister, { id, grade: 'general' }, tok.supervisor);
    const deadline = Date.now() + 5 * DAY;
    await call(t.url, hiddenDangerAssign, { id, responsibleId: operatorId, deadline, measures: '清理', money: 0 }, tok.supervisor);

    const early = await call(t.url, hiddenDangerDeadlineCheck, { at: deadline - 4 * DAY }, tok.supervisor);
    expect(early.body.IsSuccess).toBe(true);
    expect((await todos(tok.operator)).some((x) => x.titleCode === 'hiddenDangers.todo.remind' && x.href.endsWith(`id=${id}`))).toBe(false);
    const overdue = await call(t.url, hiddenDangerDeadlineCheck, { at: deadline + 3600_000 }, tok.supervisor);
    expect(overdue.body.data!.escalated).toBeGreaterThanOrEqual(1);
    expect((await todos(tok.operator)).some((x) => x.titleCode === 'hiddenDangers.todo.remind' && x.href.endsWith(`id=${id}`))).toBe(true);
    expect((await todos(tok.supervisor)).some((x) => x.titleCode === 'hiddenDangers.todo.escalated' && x.href.endsWith(`id=${id}`))).toBe(true);
    const later = await call(t.url, hiddenDangerDeadlineCheck, { at: deadline + 4 * DAY }, tok.supervisor);
    expect(later.body.data!.escalated).toBeGreaterThanOrEqual(1);
    const repeat = await call(t.url, hiddenDangerDeadlineCheck, { at: deadline + 4 * DAY }, tok.supervisor);
    expect(repeat.body.data).toEqual({ reminded: 0, escalated: 0 });
    const list = await call(t.url, hiddenDangerDeadlineList, { page: 1, pageSize: 100 }, tok.supervisor);
    const mine = list.body.data!.items.find((x) => x.id === id)!;
    expect(mine).toMatchObject({ level: 2, escalatedTo: ['regionResponsible', 'departmentHead'] });
    // Escalation needs the manage permission.
    expect((await call(t.url, hiddenDangerDeadlineCheck, {}, tok.operator)).httpStatus).toBe(403);
  });

  it('statistics count by category and status, within the caller scope', async () => {
    const s = await call(t.url, hiddenDangerStatistics, {}, tok.supervisor);
    expect(s.body.data!.total).toBeGreaterThanOrEqual(6);
    expect(s.body.data!.byCategory.find((x) => x.key === 'storage')?.count).toBe(1);
    expect(s.body.data!.closed).toBeGreaterThanOrEqual(2);
  });
});
