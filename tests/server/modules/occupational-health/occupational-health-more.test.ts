import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examSummaryCall, exposureFactorsCall, touchListCall } from '../../../../src/shared/occupational-health/contracts-more.js';
import {
  examRecordLedger,
  harmfulFactorLedger,
  hazardousPositionLedger,
  personalArchiveLedger,
} from '../../../../src/shared/occupational-health/ledger.js';
import {
  hazardAssessmentLedger,
  hazardIdentificationLedger,
  hazardSourceLedger,
  healthSettingLedger,
} from '../../../../src/shared/occupational-health/ledger-more.js';
import { ingestKeyCreate, ingestPositions, ingestSamples } from '../../../../src/shared/contracts/stream.js';
import { checkOverdueCall, personalDataCall } from '../../../../src/shared/occupational-health/contracts.js';
import { myTodoList, regionGeometryList } from '../../../../src/shared/org/contracts.js';
import { tagSave } from '../../../../src/shared/realtime/contracts.js';
import type { RecordDefinition } from '../../../../src/shared/records/definition.js';
import { recordContracts, seedCallContracts } from '../../../../src/shared/records/contracts.js';
import { positioningObjectLedger } from '../../../../src/shared/records/ledgers/positioning-object.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken } from '../org/org-fixtures.js';
import { buildTag } from '../realtime/realtime-fixtures.js';

const seedPath = (def: RecordDefinition, name: string) => seedCallContracts(def, recordContracts(def)).find((c) => c.seed.name === name)!.contract;
const DAY = 86_400_000;
const settle = () => new Promise((r) => setTimeout(r, 400));

/*
 * The remaining occupational health routes (issue 26 §2): identification and
 * assessment ledgers on their seed calls, the touch list, the exam summary,
 * the exposure factors, and the "due soon" reminder whose days are plant data.
 */
describe.each(dialects)('occupational health, remaining routes (%s)', (dialect) => {
  let t: TestServer;
  let tok: Record<'admin' | 'supervisor' | 'operator' | 'contractor', string>;
  let regionid: number;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    tok = {
      admin: await demoToken(t.url, 'admin'),
      supervisor: await demoToken(t.url, 'supervisor'),
      operator: await demoToken(t.url, 'operator'),
      contractor: await demoToken(t.url, 'contractor'),
    };
    regionid = (await call(t.url, regionGeometryList, {}, tok.admin)).body.data!.features[0].properties.regionid;
  });
  afterAll(() => t.close());

  it('identifies a factor at a position on the seed calls, assesses it, and lists who touches it', async () => {
    const stamp = `${dialect}${Date.now() % 100000}`;
    const pos = await call(t.url, recordContracts(hazardousPositionLedger).save, { name: `苯岗 ${stamp}`, hazards: ['benzene'] }, tok.supervisor);
    expect(pos.body.IsSuccess, JSON.stringify(pos.body)).toBe(true);
    const factor = await call(t.url, recordContracts(harmfulFactorLedger).save, { name: `苯 ${stamp}`, category: 'chemical', cas: '71-43-2' }, tok.supervisor);
    const source = await call(
      t.url,
      seedPath(hazardSourceLedger, 'Add'),
      { name: `进料泵 ${stamp}`, region: regionid, kind: 'equipment', hazards: ['benzene'] },
      tok.supervisor,
    );
    expect(source.body.IsSuccess, JSON.stringify(source.body)).toBe(true);
    const identification = {
      name: `接触苯 ${stamp}`,
      position: pos.body.data!.id,
      factor: factor.body.data!.id,
      source: (source.body.data as { id: number }).id,
      region: regionid,
      route: 'inhalation',
      hours: 2,
      date: Date.now() - 10 * DAY,
    };
    // `/UAPI/HMHazardManagement/Add` (the seed's name); a re-test before the identification is refused naming the field.
    const add = seedPath(hazardIdentificationLedger, 'Add');
    expect(add.path).toBe('/UAPI/HMHazardManagement/Add');
    const bad = await call(t.url, add, { ...identification, retestDate: Date.now() - 20 * DAY }, tok.supervisor);
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.IsSuccess).toBe(false);
    expect(JSON.stringify(bad.body.error)).toContain('retestDate');
    const noRoute = await call(t.url, add, { ...identification, route: undefined }, tok.supervisor);
    expect(noRoute.httpStatus).toBe(400);
    expect(JSON.stringify(noRoute.body.error)).toContain('route');
    const denied = await call(t.url, add, identification, tok.operator);
    expect(denied.body.IsSuccess).toBe(false);
    const ok = await call(t.url, add, { ...identification, retestDate: Date.now() + 300 * DAY }, tok.supervisor);
    expect(ok.body.IsSuccess, JSON.stringify(ok.body)).toBe(true);

    const assess = seedPath(hazardAssessmentLedger, 'AddAssessment');
    expect(assess.path).toBe('/UAPI/HMHazardManagement/AddAssessment');
    for (const [grade, daysAgo] of [
      ['II', 400],
      ['I', 5],
    ] as const) {
      const r = await call(
        t.url,
        assess,
        { title: `评价 ${grade}`, position: pos.body.data!.id, hazard: 'benzene', kind: 'routine', date: Date.now() - daysAgo * DAY, grade },
        tok.supervisor,
      );
      expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    }
    const listed = await call(t.url, seedPath(hazardAssessmentLedger, 'QueryAssessment'), { page: 1, pageSize: 50 }, tok.operator);
    const assessed = (listed.body.data as { items: { position?: unknown }[] }).items;
    expect(assessed.filter((i) => i.position === pos.body.data!.id)).toHaveLength(2);

    const person = await call(t.url, recordContracts(positioningObjectLedger).save, { card: `OH-T-${stamp}`, kind: 'person', name: `T ${stamp}` }, tok.admin);
    await call(
      t.url,
      recordContracts(personalArchiveLedger).save,
      { person: person.body.data!.id, personName: `T ${stamp}`, position: pos.body.data!.id },
      tok.supervisor,
    );

    const touch = await call(t.url, touchListCall, { name: stamp }, tok.supervisor);
    expect(touch.body.IsSuccess, JSON.stringify(touch.body)).toBe(true);
    expect(touch.body.data!.items).toHaveLength(1);
    const row = touch.body.data!.items[0];
    expect(row).toMatchObject({ position: `苯岗 ${stamp}`, hazards: ['benzene'], people: [{ name: `T ${stamp}` }] });
    expect(row.factors).toEqual([expect.objectContaining({ factor: `苯 ${stamp}`, source: `进料泵 ${stamp}`, route: 'inhalation', hours: 2 })]);
    // The latest assessment's grade, not the older one.
    expect(row.grades).toEqual([expect.objectContaining({ hazard: 'benzene', grade: 'I' })]);
    expect((await call(t.url, touchListCall, {}, tok.contractor)).body.IsSuccess).toBe(false);
  });

  it('sums a year’s exams by type and conclusion; a bad year is refused naming the field', async () => {
    const stamp = `${dialect}${Date.now() % 100000}`;
    const year = 2031;
    const before = (await call(t.url, examSummaryCall, { year }, tok.admin)).body.data!;
    expect(before.reminderDays).toBe(30);
    const exams = recordContracts(examRecordLedger);
    const person = await call(t.url, recordContracts(positioningObjectLedger).save, { card: `OH-S-${stamp}`, kind: 'person', name: `S ${stamp}` }, tok.admin);
    const at = new Date(year, 5, 1).getTime();
    for (const [examType, result] of [
      ['periodic', 'normal'],
      ['periodic', 'recheck'],
      ['pre-job', 'contraindication'],
    ] as const) {
      const r = await call(t.url, exams.save, { person: person.body.data!.id, personName: `S ${stamp}`, examType, date: at, result }, tok.supervisor);
      expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    }
    const s = (await call(t.url, examSummaryCall, { year }, tok.admin)).body.data!;
    const periodic = s.rows.find((r) => r.examType === 'periodic')!;
    const preJob = s.rows.find((r) => r.examType === 'pre-job')!;
    expect(periodic.actual - before.rows.find((r) => r.examType === 'periodic')!.actual).toBe(2);
    expect(periodic.recheck - before.rows.find((r) => r.examType === 'periodic')!.recheck).toBe(1);
    expect(preJob.contraindication - before.rows.find((r) => r.examType === 'pre-job')!.contraindication).toBe(1);
    expect(s.total.actual - before.total.actual).toBe(3);
    const bad = await call(t.url, examSummaryCall, { year: 1800 }, tok.admin);
    expect(bad.httpStatus).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('year');
  });

  it('lists the exposure factors of the catalogue with GBZ 2.1 limits and the ppm conversion', async () => {
    const r = (await call(t.url, exposureFactorsCall, {}, tok.operator)).body.data!;
    const benzene = r.items.find((i) => i.cas === '71-43-2')!;
    expect(benzene).toMatchObject({ pcTwa: 6, pcStel: 10, cycleMonths: 12 });
    expect(benzene.mgPerPpm).toBeCloseTo(78.11 / 24.45, 3);
    expect(r.items.find((i) => i.cas === '7783-06-4')).toMatchObject({ mac: 10, cycleMonths: 36 });
    expect(r.noise).toEqual({ lex8h: 85, peak: 140 });
  });

  it('opens a "due soon" reminder within the plant’s reminder days (default 30), and closes it when the days are shortened', async () => {
    const stamp = `${dialect}${Date.now() % 100000}`;
    const pos = await call(t.url, recordContracts(hazardousPositionLedger).save, { name: `氨岗 ${stamp}`, hazards: ['ammonia'] }, tok.supervisor);
    const obj = await call(t.url, recordContracts(positioningObjectLedger).save, { card: `OH-DS-${stamp}`, kind: 'person', name: `D ${stamp}` }, tok.admin);
    const name = `D ${stamp}`;
    const file = await call(
      t.url,
      recordContracts(personalArchiveLedger).save,
      { person: obj.body.data!.id, personName: name, position: pos.body.data!.id },
      tok.supervisor,
    );
    expect(file.body.IsSuccess, JSON.stringify(file.body)).toBe(true);
    // Ammonia: yearly (GBZ 188-2014 ch. 5); the last exam 345 days ago: due in about 20 days.
    const exam = await call(
      t.url,
      recordContracts(examRecordLedger).save,
      { person: obj.body.data!.id, personName: name, examType: 'periodic', date: Date.now() - 345 * DAY, result: 'normal' },
      tok.supervisor,
    );
    expect(exam.body.IsSuccess, JSON.stringify(exam.body)).toBe(true);
    await settle();
    const checked = await call(t.url, checkOverdueCall, {}, tok.admin);
    expect(checked.body.data!.dueSoon).toBeGreaterThanOrEqual(1);
    const reminders = async () =>
      (await call(t.url, myTodoList, { page: 1, pageSize: 200 }, tok.supervisor)).body.data!.items.filter(
        (i) => i.titleCode === 'health.todo.dueSoon' && i.titleParams.name === name,
      );
    const open = await reminders();
    expect(open).toHaveLength(1);
    expect(open[0].href).toBe(`/occupationalHealthManagement/personalFile?id=${file.body.data!.id}`);
    expect(Number(open[0].titleParams.days)).toBeGreaterThanOrEqual(18);
    expect(Number(open[0].titleParams.days)).toBeLessThanOrEqual(22);

    // The plant sets 10 days: the exam is no longer due soon and its reminder closes.
    const settings = recordContracts(healthSettingLedger);
    const badDays = await call(t.url, seedPath(healthSettingLedger, 'GetConfig'), { page: 1, pageSize: 10 }, tok.operator);
    expect(badDays.body.IsSuccess).toBe(true);
    const refused = await call(t.url, settings.save, { name: 'reminder', reminderDays: 0 }, tok.supervisor);
    expect(refused.httpStatus).toBe(400);
    expect(JSON.stringify(refused.body.error)).toContain('reminderDays');
    const set = await call(t.url, settings.save, { name: 'reminder', reminderDays: 10 }, tok.supervisor);
    expect(set.body.IsSuccess, JSON.stringify(set.body)).toBe(true);
    await settle();
    await call(t.url, checkOverdueCall, {}, tok.admin);
    expect(await reminders()).toHaveLength(0);
    expect((await call(t.url, examSummaryCall, {}, tok.admin)).body.data!.reminderDays).toBe(10);
    // Back to 60 days: due soon again.
    await call(t.url, settings.save, { id: set.body.data!.id, version: set.body.data!.version, name: 'reminder', reminderDays: 60 }, tok.supervisor);
    await settle();
    await call(t.url, checkOverdueCall, {}, tok.admin);
    expect(await reminders()).toHaveLength(1);
  });

  it('shows a person’s noise L_EX,8h on their file from posted positions and the zone’s sound level meter (GBZ 2.2)', async () => {
    const features = (await call(t.url, regionGeometryList, {}, tok.admin)).body.data!.features;
    const centre = (f: (typeof features)[number]) => {
      const ring = f.geometry.type === 'Polygon' ? f.geometry.coordinates[0] : (f.geometry.coordinates as number[][][][])[0][0];
      const pts = ring.slice(0, -1);
      return { lon: pts.reduce((x, p) => x + p[0], 0) / pts.length, lat: pts.reduce((x, p) => x + p[1], 0) / pts.length };
    };
    const leaves = features
      .map((f) => ({ id: f.properties.regionid, ...centre(f) }))
      .filter((z) => t.server.stream.live.regions.locate(z.lon, z.lat) === z.id);
    const [a, b] = leaves;
    const stamp = `${dialect}${Date.now() % 100000}`;
    const meter = `OH-NOISE-${stamp}`;
    const saved = await call(
      t.url,
      tagSave,
      { ...buildTag({ id: meter, regionid: a.id }), unit: 'dB(A)', kind: 'level', range_lo: 30, range_hi: 140, ll: null, l: null, h: null, hh: null, isNew: true },
      tok.admin,
    );
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    const key = (await call(t.url, ingestKeyCreate, { name: `noise ${stamp}` }, tok.admin)).body.data!.key;
    const post = async (path: string, body: unknown) => {
      const res = await fetch(t.url + path, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      });
      expect(res.status).toBe(200);
    };
    const from = Math.floor((Date.now() - 3 * 3_600_000) / 60_000) * 60_000;
    const card = `OH-NCARD-${stamp}`;
    // 60 min in zone A (100 dB(A) throughout), then 60 min in zone B (no meter).
    await post(
      ingestPositions.path,
      Array.from({ length: 120 }, (_, i) => ({ tagId: card, t: from + i * 60_000, kind: 'person', ...(i < 60 ? { lon: a.lon, lat: a.lat } : { lon: b.lon, lat: b.lat }) })),
    );
    await post(
      ingestSamples.path,
      Array.from({ length: 62 }, (_, i) => ({ tag: meter, t: from - 60_000 + i * 60_000, v: 100 })),
    );
    const obj = await call(t.url, recordContracts(positioningObjectLedger).save, { card, kind: 'person', name: `N ${stamp}` }, tok.admin);
    const file = await call(t.url, recordContracts(personalArchiveLedger).save, { person: obj.body.data!.id, personName: `N ${stamp}` }, tok.supervisor);
    const r = await call(t.url, personalDataCall, { id: file.body.data!.id, from, to: from + 120 * 60_000 }, tok.admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    const noise = r.body.data!.noise!;
    // 100 dB(A) for 60 min: 100 + 10·lg(60 / 480) = 90.97 dB(A): above 85, grade II (GBZ/T 229.4).
    expect(noise.lex8h).toBeCloseTo(100 + 10 * Math.log10(60 / 480), 1);
    expect(noise).toMatchObject({ limit: 85, exceeded: true, grade: 'II', minutesTotal: 120 });
    expect(noise.minutesEstimated).toBeCloseTo(60, 0);
    expect(noise.notEstimated.noMeter).toBeCloseTo(60, 0);
  });
});
