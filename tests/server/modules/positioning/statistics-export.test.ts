import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../../../src/server/config.js';
import { statisticsExport } from '../../../../src/shared/positioning/contracts.js';
import { call, tokenFor } from '../../../helpers/api.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';
import { statisticsScenario } from './positioning-fixtures.js';

describe('UAPI/Positioning/StatisticsExport (sqlite)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ demo: true, dialect: 'sqlite', env: { SIMULATOR: '0' } });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it('writes the three tables as sheets, headers and names in the caller’s language, within the caller’s regions', async () => {
    const t0 = Date.UTC(2026, 10, 22, 8);
    const region = await statisticsScenario(ts, 'X', t0);
    const workbook = async (token: string, lang: string) => {
      const res = await fetch(ts.url + statisticsExport.path, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': lang },
        body: JSON.stringify({ from: t0, to: t0 + 2 * 3600_000 }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      return wb.worksheets.map((ws) => ({
        name: ws.name,
        rows: Array.from({ length: ws.rowCount }, (_, i) => (ws.getRow(i + 1).values as unknown[]).slice(1)),
      }));
    };

    const supervisor = await tokenFor(ts.url, 'supervisor', DEFAULT_DEMO_PASSWORD);
    const zh = await workbook(supervisor, 'zh-CN');
    expect(zh.map((s) => s.name)).toEqual(['各区域每小时人数', '各区域停留时间', '定位报警次数']);
    const [hours, dwell, alarms] = zh;
    expect(hours.rows[0].slice(0, 2)).toEqual(['区域', '类别']);
    expect(hours.rows[0]).toHaveLength(4); // region, kind and two hours
    const ls = region.LS.regionname;
    const wh = region.WH.regionname;
    expect(hours.rows.slice(1)).toEqual(
      expect.arrayContaining([
        [ls, '人员', 1, 1],
        [wh, '人员', 1, 1],
        [wh, '车辆', 1, 0],
      ]),
    );
    // The LS vehicle row is left out: no vehicle was there.
    expect(hours.rows.filter((r) => r[0] === ls)).toHaveLength(1);
    expect(dwell.rows[0]).toEqual(['区域', '停留时间（分钟）', '人/车次']);
    expect(dwell.rows.slice(1)).toEqual(
      expect.arrayContaining([
        [ls, 40, 2],
        [wh, 70, 2],
      ]),
    );
    expect(alarms.rows[0]).toEqual(['区域', '超员', '缺员', '越界', '超时停留', '静止', 'SOS', '聚集', '合计']);
    expect(alarms.rows.find((r) => r[0] === wh)).toEqual([wh, 0, 0, 1, 0, 0, 0, 0, 1]);

    const en = await workbook(supervisor, 'en');
    expect(en.map((s) => s.name)).toEqual(['People per region and hour', 'Time in each region', 'Positioning alarms']);
    expect(en[0].rows[0].slice(0, 2)).toEqual(['Region', 'Kind']);
    expect(en[1].rows.map((r) => r[0])).toContain(region.WH.regionname_en || region.WH.regionname);
    expect(en[2].rows[0][3]).toBe('Illegal entry');

    // The operator's scope holds LS, not WH: nothing of WH in their file.
    const operator = await tokenFor(ts.url, 'operator', DEFAULT_DEMO_PASSWORD);
    // A contractor reads no positions at all.
    const contractor = await tokenFor(ts.url, 'contractor', DEFAULT_DEMO_PASSWORD);
    const denied = await fetch(ts.url + statisticsExport.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${contractor}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: t0, to: t0 + 3600_000 }),
    });
    expect(denied.status).toBe(403);
    const mine = await workbook(operator, 'zh-CN');
    expect(mine[0].rows.slice(1).map((r) => r[0])).toEqual([ls]);
    // The fixes in WH are not theirs: X-A's time in LS ends at its last LS fix (08:29), X-B's 10 min stay.
    expect(mine[1].rows.slice(1)).toEqual([[ls, 39, 2]]);
    expect(mine[2].rows.some((r) => r[0] === wh)).toBe(false);

    const bad = await call(ts.url, statisticsExport, { from: t0, to: t0 }, supervisor);
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.error.controls).toEqual(['to']);
  });
});
