import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagDelete, tagImport, tagList, tagSave } from '../../../../src/shared/realtime/contracts.js';
import { call } from '../../../helpers/api.js';
import { type TestServer, dialects, startTestServer } from '../../../helpers/server.js';
import { auditOf, buildTag, demoToken, expectRefused, regionIds } from './realtime-fixtures.js';
import { realtimePort } from '../../../../src/server/modules/realtime/port.js';

describe.each(dialects)('realtime tags (%s)', (dialect) => {
  let t: TestServer;
  let admin: string;
  let operator: string;
  let regions: Map<string, number>;

  beforeAll(async () => {
    t = await startTestServer({ demo: true, dialect, env: { SIMULATOR: '0' } });
    admin = await demoToken(t.url, 'admin');
    operator = await demoToken(t.url, 'operator');
    regions = await regionIds(t.url, admin);
  });
  afterAll(() => t?.close());

  describe('TagList', () => {
    it('lists the seeded demo plant, paged, with region names and classifications', async () => {
      const r = await call(t.url, tagList, { pageSize: 50 }, admin);
      expect(r.body.IsSuccess).toBe(true);
      expect(r.body.data!.total).toBeGreaterThan(300);
      expect(r.body.data!.items).toHaveLength(50);
      const ids = r.body.data!.items.map((i) => i.id);
      expect(ids).toEqual([...ids].sort());
      const page2 = await call(t.url, tagList, { pageSize: 50, page: 2 }, admin);
      expect(page2.body.data!.items[0].id > ids[49]).toBe(true);

      const level = await call(t.url, tagList, { keyword: 'tk-101', kind: 'level' }, admin);
      expect(level.body.data!.items).toEqual([
        expect.objectContaining({
          id: 'TF-A.TK-101.LT',
          regionid: regions.get('TF-A'),
          regionname: '甲类储罐区',
          unit: 'm',
          hazard_source: 'TF-A',
          device: 'TK-101',
        }),
      ]);
      const tk = level.body.data!.items[0];
      // Tank level limits: LL 10 %, L 15 %, H 85 %, HH 90 % of the height.
      const shares = [tk.ll, tk.l, tk.h, tk.hh].map((v) => Math.round((v! / tk.range_hi) * 100));
      expect(shares).toEqual([10, 15, 85, 90]);
      expect(tk.classids.length).toBeGreaterThan(0);
    });

    it('filters by region (with its sub-regions), device, kind and enabled', async () => {
      const tf = await call(t.url, tagList, { regionid: regions.get('TF')!, pageSize: 1000 }, admin);
      const tfRegions = new Set(['TF', 'TF-A', 'TF-B', 'TF-C'].map((c) => regions.get(c)));
      expect(tf.body.data!.total).toBeGreaterThan(50);
      expect(tf.body.data!.items.every((i) => tfRegions.has(i.regionid!))).toBe(true);

      const dev = await call(t.url, tagList, { device: 'SP-201' }, admin);
      expect(dev.body.data!.items.map((i) => i.id).sort()).toEqual(['TF-B.SP-201.LT', 'TF-B.SP-201.PT', 'TF-B.SP-201.TT']);

      const lel = await call(t.url, tagList, { kind: 'lel', pageSize: 1000 }, admin);
      expect(lel.body.data!.items.every((i) => i.kind === 'lel' && i.unit === '%LEL')).toBe(true);
      // GB/T 50493-2019 §5.5.2: first level ≤ 25 % LEL, second ≤ 50 % LEL.
      expect(lel.body.data!.items.every((i) => i.h! <= 25 && i.hh! <= 50)).toBe(true);

      const none = await call(t.url, tagList, { enabled: 0 }, admin);
      expect(none.body.data!.total).toBe(0);
      expectRefused(await call(t.url, tagList, { kind: 'humidity' }, admin), 400, ['kind']);
    });

    it("isolation: the operator's list holds only tags of TF, LS and their sub-regions (and region-less tags)", async () => {
      const all = await call(t.url, tagList, { pageSize: 1000 }, admin);
      const mine = await call(t.url, tagList, { pageSize: 1000 }, operator);
      expect(mine.body.IsSuccess).toBe(true);
      const allowed = new Set(['TF', 'TF-A', 'TF-B', 'TF-C', 'LS'].map((c) => regions.get(c)));
      const items = mine.body.data!.items;
      expect(items.filter((i) => i.regionid !== null).every((i) => allowed.has(i.regionid!))).toBe(true);
      // Region-less tags are the SOS buttons of people's cards, visible to every reader.
      expect(items.filter((i) => i.regionid === null).every((i) => i.id.startsWith('person.'))).toBe(true);
      for (const code of ['TF-A', 'TF-B', 'TF-C', 'LS']) {
        expect(
          items.some((i) => i.regionid === regions.get(code)),
          code,
        ).toBe(true);
      }
      expect(mine.body.data!.total).toBe(items.length);
      expect(mine.body.data!.total).toBeLessThan(all.body.data!.total);
      expect(items.some((i) => i.id.startsWith('PU-'))).toBe(false);
      // Asking for another region gives nothing rather than an error.
      const pu = await call(t.url, tagList, { regionid: regions.get('PU-1')! }, operator);
      expect(pu.body.data).toEqual({ items: [], total: 0 });
    });

    it('needs realtime:read; the contractor has none', async () => {
      const contractor = await demoToken(t.url, 'contractor');
      expectRefused(await call(t.url, tagList, {}, contractor), 403);
      expectRefused(await call(t.url, tagList, {}), 401);
    });
  });

  describe('TagSave', () => {
    it('creates, updates and audits each change in the same transaction', async () => {
      const tag = buildTag({ id: 'TF-A.TEST-1.PT', regionid: regions.get('TF-A')! });
      const created = await call(t.url, tagSave, { ...tag, isNew: true }, admin);
      expect(created.body.IsSuccess, JSON.stringify(created.body.error)).toBe(true);
      expect(created.body.data).toMatchObject({ ...tag, regionname: '甲类储罐区', classids: [] });
      expect(t.server.port(realtimePort).registry.get(tag.id)).toMatchObject({ id: tag.id, h: 8, hh: 9, regionid: regions.get('TF-A') });

      const updated = await call(t.url, tagSave, { ...tag, h: 7.5, name: '改名' }, admin);
      expect(updated.body.data).toMatchObject({ h: 7.5, name: '改名' });
      expect(updated.body.data!.updated_at).toBeGreaterThanOrEqual(created.body.data!.updated_at);
      expect(t.server.port(realtimePort).registry.get(tag.id)?.h).toBe(7.5);

      const rows = await auditOf(t.url, admin, 'tag', tag.id);
      expect(rows.map((r) => r.action)).toEqual(['update', 'create']);
      expect(rows[0].loginname).toBe('admin');
      const detail = JSON.parse(rows[0].detail) as { before: { h: number }; after: { h: number } };
      expect(detail.before.h).toBe(8);
      expect(detail.after.h).toBe(7.5);
    });

    it('refuses a second create of the same id (409 id) and an update of a missing tag (404)', async () => {
      const tag = buildTag({ id: 'TEST.DUP.PT' });
      expect((await call(t.url, tagSave, { ...tag, isNew: true }, admin)).body.IsSuccess).toBe(true);
      expectRefused(await call(t.url, tagSave, { ...tag, isNew: true }, admin), 409, ['id']);
      expectRefused(await call(t.url, tagSave, buildTag({ id: 'TEST.MISSING.PT' }), admin), 404);
    });

    it('validates with field-named errors: limits ordered LL ≤ L ≤ H ≤ HH, range_lo < range_hi', async () => {
      const base = buildTag({ id: 'TEST.BAD.PT' });
      const hh = await call(t.url, tagSave, { ...base, isNew: true, h: 8, hh: 7 }, admin);
      expectRefused(hh, 400, ['hh']);
      expect(hh.body.error.controls).toEqual(['hh']);
      expect(hh.body.error.issues).toContainEqual({
        field: 'hh',
        code: 'realtime.limitOrder',
        params: { key: 'hh', value: 7, prevKey: 'h', prevValue: 8 },
      });
      expect(hh.body.error.message).toMatch(/hh（7）不能小于 h（8）/);
      expectRefused(await call(t.url, tagSave, { ...base, isNew: true, ll: 3, l: 2 }, admin), 400, ['l']);
      expectRefused(await call(t.url, tagSave, { ...base, isNew: true, range_lo: 10, range_hi: 10 }, admin), 400, ['range_hi']);
      expectRefused(await call(t.url, tagSave, { ...base, isNew: true, name: '' }, admin), 400, ['name']);
      expectRefused(await call(t.url, tagSave, { ...base, isNew: true, kind: 'colour' }, admin), 400, ['kind']);
      expectRefused(await call(t.url, tagSave, { ...base, isNew: true, id: 'has space' }, admin), 400, ['id']);
      expectRefused(await call(t.url, tagSave, { ...base, isNew: true, deadband: -1 }, admin), 400, ['deadband']);
      // Limits the instrument cannot read (range 0–10, H 25), text that is only partly a number, a whitespace-only name.
      const outside = await call(t.url, tagSave, { ...base, isNew: true, h: 25, hh: null }, admin);
      expect(outside.body.error.issues).toEqual([
        { field: 'h', code: 'realtime.limitOutOfRange', params: { key: 'H', value: 25, lo: 0, hi: 10 } },
      ]);
      expect(outside.body.error.message).toMatch(/H（25）超出量程 0 ~ 10/);
      const partly = await call(t.url, tagSave, { ...base, isNew: true, h: '1e3x', deadband: '-1' }, admin);
      expect(partly.body.error.issues!.map((i) => `${i.field}:${i.code}`)).toEqual([
        'h:validation.notANumber',
        'deadband:validation.tooSmall',
      ]);
      const blank = await call(t.url, tagSave, { ...base, isNew: true, name: '   ' }, admin);
      expect(blank.body.error.issues!.map((i) => `${i.field}:${i.code}`)).toEqual(['name:validation.required']);
      expect((await call(t.url, tagList, { keyword: 'TEST.BAD.PT' }, admin)).body.data!.total).toBe(0);
      // Unset limits are skipped in the order check: L 2 and HH 9 alone are fine.
      const sparse = await call(t.url, tagSave, { ...base, isNew: true, ll: null, h: '', l: 2, hh: '9' }, admin);
      expect(sparse.body.data).toMatchObject({ ll: null, l: 2, h: null, hh: 9 });
    });

    it('an unknown region fails the whole save: no tag, no audit row', async () => {
      const tag = buildTag({ id: 'TEST.NOREGION.PT', regionid: 999_999 });
      expectRefused(await call(t.url, tagSave, { ...tag, isNew: true }, admin), 400, ['regionid']);
      const list = await call(t.url, tagList, { keyword: 'TEST.NOREGION' }, admin);
      expect(list.body.data!.total).toBe(0);
      expect(await auditOf(t.url, admin, 'tag', tag.id)).toEqual([]);
    });

    it('needs realtime:manage', async () => {
      expectRefused(await call(t.url, tagSave, { ...buildTag({ id: 'TEST.OP.PT' }), isNew: true }, operator), 403);
      expectRefused(await call(t.url, tagDelete, { ids: ['TF-A.TK-101.LT'] }, operator), 403);
    });

    it('a disabled tag leaves the registry (out of service) and comes back when enabled', async () => {
      const tag = buildTag({ id: 'TEST.OOS.PT' });
      await call(t.url, tagSave, { ...tag, isNew: true }, admin);
      const reg = t.server.port(realtimePort).registry;
      expect(reg.get(tag.id)).toBeDefined();
      await call(t.url, tagSave, { ...tag, enabled: 0 }, admin);
      expect(reg.get(tag.id)).toBeUndefined();
      const ingest = t.server.stream.ingest.samples({ tag: tag.id, t: Date.now(), v: 1 }, 'test');
      expect(ingest.unknownTags).toBe(1);
      await call(t.url, tagSave, { ...tag, enabled: 1 }, admin);
      expect(reg.get(tag.id)).toBeDefined();
    });
  });

  describe('TagDelete', () => {
    it('deletes, audits each tag and takes it out of the registry', async () => {
      const ids = ['TEST.DEL.A', 'TEST.DEL.B'];
      for (const id of ids) {
        await call(t.url, tagSave, { ...buildTag({ id }), isNew: true }, admin);
      }
      const r = await call(t.url, tagDelete, { ids }, admin);
      expect(r.body.data).toEqual({ deleted: 2 });
      for (const id of ids) {
        expect(t.server.port(realtimePort).registry.get(id)).toBeUndefined();
        expect((await auditOf(t.url, admin, 'tag', id)).map((a) => a.action)).toEqual(['delete', 'create']);
      }
      expect(t.server.stream.ingest.samples({ tag: ids[0], t: Date.now(), v: 1 }, 'test').unknownTags).toBe(1);
      expectRefused(await call(t.url, tagDelete, { ids: ['TEST.DEL.A'] }, admin), 404);
      expectRefused(await call(t.url, tagDelete, { ids: [] }, admin), 400, ['ids']);
    });
  });

  describe('TagImport', () => {
    const rows = () => [
      { ...buildTag({ id: 'IMP.OK-1.PT' }), regioncode: 'TF-C' },
      { ...buildTag({ id: 'IMP.BAD-LIMITS.PT' }), h: 9, hh: 8 },
      { id: 'IMP.NO-NAME.PT', kind: 'pressure', range_lo: 0, range_hi: 1 },
      // Spreadsheet cells arrive as text; empty cells are unset limits.
      {
        id: 'IMP.OK-2.TT',
        name: '文本单元格',
        kind: 'temperature',
        unit: '°C',
        range_lo: '0',
        range_hi: '200',
        ll: '',
        l: '',
        h: '150',
        hh: '180',
        deadband: '2',
      },
      { ...buildTag({ id: 'IMP.UNKNOWN-REGION.PT' }), regioncode: 'NOPE' },
      { ...buildTag({ id: 'IMP.OK-1.PT' }), name: '同一表里重复' },
    ];

    it('all or nothing by default: one bad row rejects the import and every row error comes back', async () => {
      const r = await call(t.url, tagImport, { rows: rows() }, admin);
      expect(r.body.IsSuccess).toBe(true);
      expect(r.body.data).toMatchObject({ created: 0, updated: 0, rejected: 6 });
      expect(r.body.data!.errors.map((e) => [e.row, e.id, e.issues.map((i) => i.field)])).toEqual([
        [1, 'IMP.BAD-LIMITS.PT', ['hh']],
        [2, 'IMP.NO-NAME.PT', ['name']],
        [4, 'IMP.UNKNOWN-REGION.PT', ['regioncode']],
        [5, 'IMP.OK-1.PT', ['id']],
      ]);
      const list = await call(t.url, tagList, { keyword: 'IMP.' }, admin);
      expect(list.body.data!.total).toBe(0);
    });

    it('acceptValid imports the valid rows, reports the others, updates existing ids and audits each', async () => {
      const r = await call(t.url, tagImport, { rows: rows(), acceptValid: true }, admin);
      expect(r.body.data).toMatchObject({ created: 2, updated: 0, rejected: 4 });
      expect(r.body.data!.errors).toHaveLength(4);
      const list = await call(t.url, tagList, { keyword: 'IMP.' }, admin);
      expect(list.body.data!.items.map((i) => i.id)).toEqual(['IMP.OK-1.PT', 'IMP.OK-2.TT']);
      expect(list.body.data!.items[0].regionid).toBe(regions.get('TF-C'));
      expect(list.body.data!.items[1]).toMatchObject({ ll: null, l: null, h: 150, hh: 180, deadband: 2, range_hi: 200 });
      expect(t.server.port(realtimePort).registry.get('IMP.OK-2.TT')).toBeDefined();
      expect((await auditOf(t.url, admin, 'tag', 'IMP.OK-1.PT')).map((a) => a.action)).toEqual(['import']);

      // The same sheet again: existing ids are updated.
      const again = await call(t.url, tagImport, { rows: [{ ...buildTag({ id: 'IMP.OK-1.PT' }), h: 7, regioncode: 'TF-C' }] }, admin);
      expect(again.body.data).toEqual({ created: 0, updated: 1, rejected: 0, errors: [] });
      expect(t.server.port(realtimePort).registry.get('IMP.OK-1.PT')?.h).toBe(7);
      expect((await auditOf(t.url, admin, 'tag', 'IMP.OK-1.PT')).map((a) => a.action)).toEqual(['import', 'import']);
    });

    it('refuses an empty sheet and needs realtime:manage', async () => {
      expectRefused(await call(t.url, tagImport, { rows: [] }, admin), 400, ['rows']);
      expectRefused(await call(t.url, tagImport, { rows: rows() }, operator), 403);
    });
  });
});
