import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarOf } from '../../../../src/shared/domain/plant-calendar.js';
import { duePeriods } from '../../../../src/shared/domain/tag-report.js';
import {
  reportExcel,
  reportGenerate,
  reportList,
  reportPdf,
  reportSettingDelete,
  reportSettingList,
  reportSettingSave,
} from '../../../../src/shared/major-hazard/report-contracts.js';
import { auditLogList } from '../../../../src/shared/org/contracts.js';
import { majorHazardModule } from '../../../../src/server/modules/major-hazard/index.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { adminOf, createTag, userWithRole, type Admin } from '../../../helpers/factories.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';

/*
 * Scheduled tag reports (issue 20 §7, /dataAnalysis/reportSetting) over real
 * HTTP on both stores: a daily report's figures equal those computed by hand
 * from the samples posted (min, max, sample mean, minutes above H and below L,
 * alarms), read from the historian's sealed rollups; generation is keyed by
 * definition and period, so a second run and a restart make no duplicate and
 * skip no period; a webhook failure is kept as a delivery row and retried
 * until it succeeds; the Excel and PDF download; bad input is refused by field.
 */

const MIN = 60_000;
const DAY = 86_400_000;
const cal = calendarOf();
// A whole local day (UTC+8) well in the past: 2026-11-20 00:00 local.
const dayStart = cal.fromLocal(2026, 11, 20);

/** Tag A per minute m: 90 for the first hour (above H = 80), 10 for m in [100, 130) (below L = 20), else 50. */
const valueA = (m: number) => (m < 60 ? 90 : m >= 100 && m < 130 ? 10 : 50);
/** Tag B per minute m: m mod 100, never beyond its limits (none). */
const valueB = (m: number) => m % 100;

describe.each(dialects)('major hazard: scheduled tag reports (%s)', (dialect) => {
  let store: TestStore;
  let t: TestServer;
  let admin: Admin;
  let A: string;
  let B: string;
  const hook = { codes: [500, 200], bodies: [] as string[] };
  let hookServer: http.Server;
  let hookUrl: string;

  const restart = async (tickMs = '0') => {
    await t.close();
    t = await startTestServer({ dialect, store, env: { REPORT_TICK_MS: tickMs } });
    // The same administrator, signed in on the new server.
    admin = { ...admin, token: await tokenFor(t.url, admin.loginname, 'Factory-pass-2026') };
  };

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    t = await startTestServer({ dialect, store, env: { REPORT_TICK_MS: '0' } });
    admin = await adminOf(t);
    A = await createTag(t, admin, { kind: 'level', unit: '%', limits: { l: 20, h: 80 } });
    B = await createTag(t, admin, { kind: 'temperature', unit: '℃' });
    // One sample per minute of the day (at mm:30), through the ingest pipeline, then sealed into chunks with rollups.
    const samples = Array.from({ length: 1440 }, (_, m) => [
      { tag: A, t: dayStart + m * MIN + 30_000, v: valueA(m) },
      { tag: B, t: dayStart + m * MIN + 30_000, v: valueB(m) },
    ]).flat();
    for (let i = 0; i < samples.length; i += 1000) {
      expect(t.server.stream.ingest.samples(samples.slice(i, i + 1000), 'test').rejected).toEqual([]);
    }
    await t.server.stream.history.sealAll();
    hookServer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        hook.bodies.push(body);
        res.writeHead(hook.codes.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await t?.close();
    await store?.drop();
    hookServer?.close();
  });

  it('refuses a bad definition by field and keeps the save to managers', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await call(t.url, reportSettingSave, body, admin.token);
      expect(r.httpStatus, JSON.stringify(r.body)).toBe(400);
      expect(r.body.IsSuccess).toBe(false);
      expect(r.body.error.controls).toContain(field);
    };
    await bad({ name: '日报', schedule: 'daily', tags: [A], webhookUrl: 'ftp://x.example/r' }, 'webhookUrl');
    await bad({ name: '日报', schedule: 'daily', tags: [A], webhookUrl: 'not a url' }, 'webhookUrl');
    await bad({ name: '日报', schedule: 'weekly', tags: [A] }, 'schedule');
    await bad({ name: '日报', schedule: 'daily', tags: [] }, 'tags');
    await bad({ name: '日报', schedule: 'daily', tags: [A, 'NO.SUCH.TAG'] }, 'tags');
    await bad({ name: '', schedule: 'daily', tags: [A] }, 'name');
    const operator = await userWithRole(t, 'operator');
    const r = await call(t.url, reportSettingSave, { name: '日报', schedule: 'daily', tags: [A] }, operator.token);
    expect(r.httpStatus).toBe(403);
  });

  it('a daily report holds per tag the min, max, mean, time beyond limits and alarms computed by hand, and downloads as Excel and PDF', async () => {
    const saved = await call(t.url, reportSettingSave, { name: '罐区日报', schedule: 'daily', tags: [A, B] }, admin.token);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    const id = saved.body.data!.id;
    const audits = await call(t.url, auditLogList, { entity: 'majorHazard.reportSetting', pageSize: 100 }, admin.token);
    expect(audits.body.data!.items.some((x) => x.entity_id === String(id) && x.action === 'majorHazard.reportSetting.save')).toBe(true);

    const g = await call(t.url, reportGenerate, { settingId: id, at: dayStart + 12 * 3_600_000 }, admin.token);
    expect(g.body.IsSuccess, JSON.stringify(g.body)).toBe(true);
    const item = g.body.data!.item;
    expect(g.body.data!.created).toBe(true);
    expect([item.periodStart, item.periodEnd]).toEqual([dayStart, dayStart + DAY]);
    expect(item.bucketMs).toBe(MIN);
    const minutes = Array.from({ length: 1440 }, (_, m) => m);
    const mean = (f: (m: number) => number) => minutes.reduce((s, m) => s + f(m), 0) / 1440;
    const a = item.rows.find((r) => r.tag === A)!;
    expect(a).toMatchObject({ min: 10, max: 90, n: 1440, high: 80, low: 20, aboveMs: 60 * MIN, belowMs: 30 * MIN });
    expect(a.avg).toBeCloseTo(mean(valueA), 9);
    // The H alarm opens at minute 0 and the L alarm at minute 100: one occurrence each.
    expect(a.alarms).toBe(2);
    const b = item.rows.find((r) => r.tag === B)!;
    expect(b).toMatchObject({ min: 0, max: 99, n: 1440, high: null, low: null, aboveMs: 0, belowMs: 0, alarms: 0 });
    expect(b.avg).toBeCloseTo(mean(valueB), 9);

    // Asked again: the kept report, not a second one.
    const again = await call(t.url, reportGenerate, { settingId: id, at: dayStart + 1000 }, admin.token);
    expect(again.body.data!.created).toBe(false);
    expect(again.body.data!.item.id).toBe(item.id);

    const xlsx = await fetch(t.url + reportExcel.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ id: item.id }),
    });
    expect(xlsx.status).toBe(200);
    expect(Buffer.from(await xlsx.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
    const pdf = await fetch(t.url + reportPdf.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ id: item.id }),
    });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('generates each due period once: a second tick and a restart add none, and the periods due while down are caught up', async () => {
    const saved = await call(t.url, reportSettingSave, { name: '班报', schedule: 'shift', tags: [A] }, admin.token);
    const id = saved.body.data!.id;
    // As if made on 2026-11-20 at 10:00 local: by 2026-11-21 00:00 the shifts 08–16 and 16–24 are due.
    await t.server.store.db.updateTable('mh_report_setting').set({ created_at: dayStart + 10 * 3_600_000 }).where('id', '=', id).execute();
    const { tagReports } = t.server.exposed(majorHazardModule);
    const first = dayStart + DAY;
    expect(await tagReports.tick(first)).toBe(2);
    expect(await tagReports.tick(first)).toBe(0);
    await restart();
    const after = t.server.exposed(majorHazardModule).tagReports;
    expect(await after.tick(first)).toBe(0);
    // Down for a day: the three shifts of 2026-11-21 are made, none of the earlier ones again.
    expect(await after.tick(first + DAY + 5 * MIN)).toBe(3);
    const list = await call(t.url, reportList, { settingId: id, pageSize: 50 }, admin.token);
    const starts = list.body.data!.items.map((x) => x.periodStart).sort((x, y) => x - y);
    expect(starts).toEqual([8, 16, 24, 32, 40].map((h) => dayStart + h * 3_600_000));
    expect(new Set(starts).size).toBe(starts.length);
    const settings = await call(t.url, reportSettingList, {}, admin.token);
    expect(settings.body.data!.items.find((s) => s.id === id)).toMatchObject({ reports: 5, lastPeriod: dayStart + 40 * 3_600_000 });
  });

  it('a webhook failure is kept as a delivery row and retried until it succeeds', async () => {
    const saved = await call(t.url, reportSettingSave, { name: '推送日报', schedule: 'daily', tags: [A], webhookUrl: hookUrl }, admin.token);
    const id = saved.body.data!.id;
    const g = await call(t.url, reportGenerate, { settingId: id, at: dayStart + 1000 }, admin.token);
    const reportId = g.body.data!.item.id;
    expect(g.body.data!.item.deliveries).toMatchObject([{ url: hookUrl, status: 'pending', attempts: 0 }]);
    const { tagReports } = t.server.exposed(majorHazardModule);
    const at = Date.now();
    expect(await tagReports.deliver(at)).toBe(0);
    const delivery = async () => (await call(t.url, reportList, { settingId: id }, admin.token)).body.data!.items.find((x) => x.id === reportId)!.deliveries[0];
    const failed = await delivery();
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastError: 'HTTP 500' });
    expect(failed.nextAt).toBeGreaterThan(at);
    // Not yet due: nothing is sent.
    expect(await tagReports.deliver(at)).toBe(0);
    expect(hook.bodies).toHaveLength(1);
    expect(await tagReports.deliver(failed.nextAt!)).toBe(1);
    expect(await delivery()).toMatchObject({ status: 'sent', attempts: 2, lastError: '' });
    const sent = JSON.parse(hook.bodies[1]) as { id: number; periodStart: number; rows: { tag: string; max: number }[] };
    expect(sent).toMatchObject({ id: reportId, periodStart: dayStart });
    expect(sent.rows[0]).toMatchObject({ tag: A, max: 90 });
    // Sent once: a later pump sends nothing more.
    expect(await tagReports.deliver(failed.nextAt! + DAY)).toBe(0);
  });

  it('deleting a definition removes its reports, audited', async () => {
    const saved = await call(t.url, reportSettingSave, { name: '临时', schedule: 'daily', tags: [B] }, admin.token);
    const id = saved.body.data!.id;
    await call(t.url, reportGenerate, { settingId: id, at: dayStart }, admin.token);
    const del = await call(t.url, reportSettingDelete, { id }, admin.token);
    expect(del.body.IsSuccess).toBe(true);
    expect((await call(t.url, reportList, { settingId: id }, admin.token)).body.data!.total).toBe(0);
    const again = await call(t.url, reportSettingDelete, { id }, admin.token);
    expect(again.httpStatus).toBe(404);
  });

  it('with its timer on, a server that starts makes every period that fell due while none ran, before it listens', async () => {
    const saved = await call(t.url, reportSettingSave, { name: '停机补报', schedule: 'daily', tags: [B] }, admin.token);
    const id = saved.body.data!.id;
    const created = dayStart + DAY + 3_600_000;
    await t.server.store.db.updateTable('mh_report_setting').set({ created_at: created }).where('id', '=', id).execute();
    await restart('600000');
    const expected = duePeriods('daily', created, Date.now(), 100, cal).map((p) => p.start);
    expect(expected.length).toBeGreaterThan(0);
    const list = await call(t.url, reportList, { settingId: id, pageSize: 200 }, admin.token);
    expect(list.body.data!.items.map((x) => x.periodStart).sort((x, y) => x - y)).toEqual(expected);
    expect(await t.server.exposed(majorHazardModule).tagReports.tick()).toBe(0);
  });
});
