import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestKeyCreate, ingestPositions, ingestSamples } from '../../../../src/shared/contracts/stream.js';
import {
  checkOverdueCall,
  isOHAdminCall,
  measurementQueryCall,
  personalDataCall,
  showUserListCall,
} from '../../../../src/shared/occupational-health/contracts.js';
import {
  examRecordLedger,
  hazardousPositionLedger,
  measurementLedger,
  personalArchiveLedger,
} from '../../../../src/shared/occupational-health/ledger.js';
import { gasDetectorLedger } from '../../../../src/shared/occupational-health/ledger-more.js';
import { myTodoList, regionGeometryList } from '../../../../src/shared/org/contracts.js';
import { recordContracts, seedCallContracts } from '../../../../src/shared/records/contracts.js';
import { positioningObjectLedger } from '../../../../src/shared/records/ledgers/positioning-object.js';
import { tagSave } from '../../../../src/shared/realtime/contracts.js';
import { call } from '../../../helpers/api.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';
import { demoToken } from '../org/org-fixtures.js';
import { buildTag } from '../realtime/realtime-fixtures.js';

const seedPath = (def: typeof measurementLedger, name: string) =>
  seedCallContracts(def, recordContracts(def)).find((c) => c.seed.name === name)!.contract;
const DAY = 86_400_000;

/*
 * Occupational health (issue 26 §2): the TWA of timed samples against GBZ 2.1
 * limits, a person's shift exposure from posted positions and gas samples,
 * an overdue periodic exam (GBZ 188) as a to-do, and the seed's inverted
 * IsOHAdmin flag.
 */
describe.each(dialects)('occupational health (%s)', (dialect) => {
  let t: TestServer;
  let tok: Record<'admin' | 'supervisor' | 'operator' | 'contractor', string>;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect });
    tok = {
      admin: await demoToken(t.url, 'admin'),
      supervisor: await demoToken(t.url, 'supervisor'),
      operator: await demoToken(t.url, 'operator'),
      contractor: await demoToken(t.url, 'contractor'),
    };
  });
  afterAll(() => t.close());

  it('IsOHAdmin answers the seed’s inverted flag: 0 for an administrator, 1 for a viewer; refused without the permission', async () => {
    expect((await call(t.url, isOHAdminCall, {}, tok.admin)).body.data).toEqual({ isAdmin: 0 });
    expect((await call(t.url, isOHAdminCall, {}, tok.supervisor)).body.data).toEqual({ isAdmin: 0 });
    expect((await call(t.url, isOHAdminCall, {}, tok.operator)).body.data).toEqual({ isAdmin: 1 });
    const r = await call(t.url, isOHAdminCall, {}, tok.contractor);
    expect(r.body.IsSuccess).toBe(false);
  });

  it('the demo plant’s toxic gas detectors are bound to the substances they measure (exposure reads the bindings)', async () => {
    const list = await call(t.url, recordContracts(gasDetectorLedger).list, { page: 1, pageSize: 100 }, tok.admin);
    expect(list.body.IsSuccess, JSON.stringify(list.body)).toBe(true);
    const cas = new Set(list.body.data!.items.map((r) => r.cas));
    expect(cas.has('7664-41-7')).toBe(true);
  });

  it('computes C_TWA from timed samples as worked by hand and judges each limit (GBZ 2.1-2019)', async () => {
    const add = seedPath(measurementLedger, 'AddDetail');
    const regionid = (await call(t.url, regionGeometryList, {}, tok.admin)).body.data!.features[0].properties.regionid;
    // Benzene: 4 mg/m³ × 120 min + 8 × 240 + 2 × 120 = 2640 mg/m³·min; / 480 min = 5.5 (PC-TWA 6: complies, above the 50 % action level).
    const benzene = await call(
      t.url,
      add,
      {
        samplePoint: 'P-benzene',
        region: regionid,
        cas: '71-43-2',
        date: Date.now(),
        samples: [
          { c: 4, minutes: 120 },
          { c: 8, minutes: 240 },
          { c: 2, minutes: 120 },
        ],
      },
      tok.supervisor,
    );
    expect(benzene.body.IsSuccess, JSON.stringify(benzene.body)).toBe(true);
    // Toluene: 60 mg/m³ for 8 h: C_TWA 60 > PC-TWA 50.
    const toluene = await call(
      t.url,
      add,
      { samplePoint: 'P-toluene', region: regionid, cas: '108-88-3', date: Date.now(), samples: [{ c: 60, minutes: 480 }] },
      tok.supervisor,
    );
    expect(toluene.body.IsSuccess, JSON.stringify(toluene.body)).toBe(true);
    // No samples: refused naming the field; a viewer may not add.
    const bad = await call(
      t.url,
      add,
      { samplePoint: 'P-bad', region: regionid, cas: '71-43-2', date: Date.now(), samples: [] },
      tok.supervisor,
    );
    expect(bad.httpStatus).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('samples');
    const denied = await call(
      t.url,
      add,
      { samplePoint: 'P-op', region: regionid, cas: '71-43-2', date: Date.now(), samples: [{ c: 1, minutes: 60 }] },
      tok.operator,
    );
    expect(denied.body.IsSuccess).toBe(false);

    const q = await call(t.url, measurementQueryCall, {}, tok.admin);
    const b = q.body.data!.items.find((i) => i.samplePoint === 'P-benzene')!;
    expect(b.twa).toBeCloseTo(5.5, 6);
    expect(b.stel).toBeCloseTo(8, 6);
    expect(b.comparisons.find((c) => c.limit === 'PC-TWA')).toMatchObject({ limitValue: 6, exceeded: false, atActionLevel: true });
    expect(b.comparisons.find((c) => c.limit === 'PC-STEL')).toMatchObject({ limitValue: 10, exceeded: false });
    expect(b.exceeded).toBe(false);
    const tol = q.body.data!.items.find((i) => i.samplePoint === 'P-toluene')!;
    expect(tol.twa).toBeCloseTo(60, 6);
    expect(tol.comparisons.find((c) => c.limit === 'PC-TWA')).toMatchObject({ limitValue: 50, exceeded: true });
  });

  it('estimates a person’s shift exposure from posted positions and the gas samples of the zones they were in', async () => {
    const features = (await call(t.url, regionGeometryList, {}, tok.admin)).body.data!.features;
    // Two zones whose centre lies in themselves (no smaller region inside).
    const centre = (f: (typeof features)[number]) => {
      const ring = f.geometry.type === 'Polygon' ? f.geometry.coordinates[0] : (f.geometry.coordinates as number[][][][])[0][0];
      const pts = ring.slice(0, -1);
      return { lon: pts.reduce((s, p) => s + p[0], 0) / pts.length, lat: pts.reduce((s, p) => s + p[1], 0) / pts.length };
    };
    const leaves = features
      .map((f) => ({ id: f.properties.regionid, ...centre(f) }))
      .filter((z) => t.server.stream.live.regions.locate(z.lon, z.lat) === z.id);
    expect(leaves.length).toBeGreaterThanOrEqual(2);
    const [a, b] = leaves;
    const stamp = `${dialect}${Date.now() % 100000}`;
    const tagId = `OH-NH3-${stamp}`;
    const saved = await call(
      t.url,
      tagSave,
      {
        ...buildTag({ id: tagId, regionid: a.id }),
        // The name says nothing of the gas: the binding below does.
        name: `检测仪 GD-${stamp}`,
        name_en: `Detector GD-${stamp}`,
        unit: 'ppm',
        kind: 'ppm',
        range_lo: 0,
        range_hi: 500,
        h: null,
        hh: null,
        isNew: true,
      },
      tok.admin,
    );
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    const bound = await call(t.url, recordContracts(gasDetectorLedger).save, { tag: tagId, cas: '7664-41-7' }, tok.supervisor);
    expect(bound.body.IsSuccess, JSON.stringify(bound.body)).toBe(true);
    // Zone B's detector is named after NH3 but bound to nothing: it is not used.
    const unbound = `OH-NH3-B-${stamp}`;
    const savedB = await call(
      t.url,
      tagSave,
      { ...buildTag({ id: unbound, regionid: b.id }), name: `B区 NH3浓度`, name_en: `Zone B NH3 concentration`, unit: 'ppm', kind: 'ppm', range_lo: 0, range_hi: 500, h: null, hh: null, isNew: true },
      tok.admin,
    );
    expect(savedB.body.IsSuccess, JSON.stringify(savedB.body)).toBe(true);

    const key = (await call(t.url, ingestKeyCreate, { name: `oh ${stamp}` }, tok.admin)).body.data!.key;
    const post = async (path: string, body: unknown) => {
      const res = await fetch(t.url + path, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      });
      const json = (await res.json()) as { data: { accepted: number } };
      expect(res.status).toBe(200);
      return json.data.accepted;
    };
    const from = Math.floor((Date.now() - 3 * 3_600_000) / 60_000) * 60_000;
    const card = `OH-CARD-${stamp}`;
    // 60 min in zone A (fixes each minute), then 30 min in zone B; the shift is 120 min.
    const fixes = Array.from({ length: 90 }, (_, i) => ({
      tagId: card,
      t: from + i * 60_000,
      ...(i < 60 ? { lon: a.lon, lat: a.lat } : { lon: b.lon, lat: b.lat }),
      kind: 'person',
    }));
    expect(await post(ingestPositions.path, fixes)).toBe(90);
    // Zone A's detector reads 200 ppm NH3 throughout.
    const samples = Array.from({ length: 62 }, (_, i) => ({ tag: tagId, t: from - 60_000 + i * 60_000, v: 200 }));
    expect(await post(ingestSamples.path, samples)).toBe(62);
    expect(await post(ingestSamples.path, samples.map((x) => ({ ...x, tag: unbound, v: 300 })))).toBe(62);

    const obj = await call(
      t.url,
      recordContracts(positioningObjectLedger).save,
      { card, kind: 'person', name: `OH person ${stamp}` },
      tok.admin,
    );
    expect(obj.body.IsSuccess, JSON.stringify(obj.body)).toBe(true);
    const file = await call(
      t.url,
      recordContracts(personalArchiveLedger).save,
      { person: obj.body.data!.id, personName: `OH person ${stamp}` },
      tok.supervisor,
    );
    expect(file.body.IsSuccess, JSON.stringify(file.body)).toBe(true);

    const r = await call(t.url, personalDataCall, { id: file.body.data!.id, from, to: from + 120 * 60_000 }, tok.admin);
    expect(r.body.IsSuccess, JSON.stringify(r.body)).toBe(true);
    const nh3 = r.body.data!.exposures.find((e) => e.cas === '7664-41-7')!;
    // 200 ppm × 17.03 / 24.45 = 139.305 mg/m³ for 60 min: 8358.3 / 480 = 17.413 mg/m³ (PC-TWA 20: flagged above 50 %, not exceeded).
    expect(nh3.twa).toBeCloseTo((((200 * 17.03) / 24.45) * 60) / 480, 2);
    expect(nh3.minutesEstimated).toBeCloseTo(60, 1);
    expect(nh3.flagged).toBe(true);
    expect(nh3.comparison).toMatchObject({ limit: 'PC-TWA', limitValue: 20, exceeded: false });
    expect(nh3.method.map((m) => m.code)).toContain('health.exposure.method.ppm');
    // The 30 min in zone B (its detector is not bound) and the 30 min without a position are stated, not estimated.
    const notes = nh3.notes.map((n) => n.code);
    expect(notes).toContain('health.exposure.notEstimated.notLocated');
    expect(r.body.data!.zonesWithoutDetector).toHaveLength(1);
    expect(nh3.minutesTotal).toBe(120);
    // A bad shift is refused naming the field.
    const bad = await call(t.url, personalDataCall, { id: file.body.data!.id, from, to: from - 1 }, tok.admin);
    expect(bad.httpStatus).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('to');
  });

  it('lists a periodic exam past its cycle as overdue and opens a to-do; a new exam closes it', async () => {
    const stamp = `${dialect}${Date.now() % 100000}`;
    const pos = await call(
      t.url,
      recordContracts(hazardousPositionLedger).save,
      { name: `苯岗位 ${stamp}`, hazards: ['benzene'] },
      tok.supervisor,
    );
    expect(pos.body.IsSuccess, JSON.stringify(pos.body)).toBe(true);
    const obj = await call(
      t.url,
      recordContracts(positioningObjectLedger).save,
      { card: `OH-EX-${stamp}`, kind: 'person', name: `Exam person ${stamp}` },
      tok.admin,
    );
    const name = `Exam person ${stamp}`;
    const file = await call(
      t.url,
      recordContracts(personalArchiveLedger).save,
      { person: obj.body.data!.id, personName: name, position: pos.body.data!.id },
      tok.supervisor,
    );
    expect(file.body.IsSuccess, JSON.stringify(file.body)).toBe(true);
    const exams = recordContracts(examRecordLedger);
    const old = await call(
      t.url,
      exams.save,
      { person: obj.body.data!.id, personName: name, examType: 'periodic', date: Date.now() - 400 * DAY, result: 'normal' },
      tok.supervisor,
    );
    expect(old.body.IsSuccess, JSON.stringify(old.body)).toBe(true);

    const due = (await call(t.url, showUserListCall, { onlyDue: true }, tok.admin)).body.data!.items.find(
      (i) => i.archiveId === file.body.data!.id,
    )!;
    expect(due).toMatchObject({ status: 'overdue', cycleMonths: 12, hazards: ['benzene'] });
    await call(t.url, checkOverdueCall, {}, tok.admin);
    const todos = async () =>
      (await call(t.url, myTodoList, { page: 1, pageSize: 200 }, tok.supervisor)).body.data!.items.filter(
        (i) => i.titleCode === 'health.todo.overdue' && i.titleParams.name === name,
      );
    expect(await todos()).toHaveLength(1);
    expect((await todos())[0].href).toBe(`/occupationalHealthManagement/personalFile?id=${file.body.data!.id}`);

    const fresh = await call(
      t.url,
      exams.save,
      { person: obj.body.data!.id, personName: name, examType: 'periodic', date: Date.now(), result: 'normal' },
      tok.supervisor,
    );
    expect(fresh.body.IsSuccess).toBe(true);
    await call(t.url, checkOverdueCall, {}, tok.admin);
    expect(await todos()).toHaveLength(0);
  });
});
