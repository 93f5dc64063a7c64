import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dangerArchive, dangerListConfig, dangerListConfigSave } from '../../../../src/shared/major-hazard/archive-contracts.js';
import { responsibleCheckIn } from '../../../../src/shared/major-hazard/contracts.js';
import { dangerSourceDeviceLedger, dangerSourceLedger, dangerSourceResponsibleLedger } from '../../../../src/shared/major-hazard/ledgers.js';
import { chemicalProcessLedger } from '../../../../src/shared/major-hazard/ledgers-process.js';
import { auditLogList } from '../../../../src/shared/org/contracts.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRegion, userWithRole, type Admin } from '../../../helpers/factories.js';
import { dialects, startTestServer, type TestServer } from '../../../helpers/server.js';

/*
 * The register pages of issue 20 §3 over real HTTP on both stores: the
 * key-supervised process ledger (the 18 processes as its choices, required
 * fields refused by name, kept to managers), the register list's column
 * configuration (kept, refused by field, audited) and one source's archive
 * (its identification, devices, responsible persons, checks and processes,
 * isolated by the source's region).
 */
const units = recordContracts(dangerSourceLedger);
const devices = recordContracts(dangerSourceDeviceLedger);
const responsible = recordContracts(dangerSourceResponsibleLedger);
const processes = recordContracts(chemicalProcessLedger);

describe.each(dialects)('major hazard: processes, list configuration, archive (%s)', (dialect) => {
  let t: TestServer;
  let admin: Admin;
  let region: number;

  beforeAll(async () => {
    t = await startTestServer({ dialect });
    admin = await adminOf(t);
    region = await createRegion(t, admin);
  });
  afterAll(() => t.close());

  it('the key-supervised process ledger takes one of the 18 processes, refuses missing fields by name and is kept to managers', async () => {
    const ok = await call(t.url, processes.save, { unitName: '氯化装置', process: 'chlorination', keyParameters: '氯化釜温度、压力', controls: ['dcs', 'sis'], automated: 'yes', region }, admin.token);
    expect(ok.body.IsSuccess, JSON.stringify(ok.body)).toBe(true);
    const unknown = await call(t.url, processes.save, { unitName: '某装置', process: 'brewing', keyParameters: 'x', controls: ['dcs'], automated: 'no' }, admin.token);
    expect(unknown.httpStatus).toBe(400);
    expect(unknown.body.error.controls).toContain('process');
    const missing = await call(t.url, processes.save, { unitName: '某装置', process: 'nitration' }, admin.token);
    expect(missing.httpStatus).toBe(400);
    expect(missing.body.error.controls).toEqual(expect.arrayContaining(['keyParameters', 'controls', 'automated']));
    const operator = await userWithRole(t, 'operator');
    const refused = await call(t.url, processes.save, { unitName: '操作工装置', process: 'nitration', keyParameters: 'x', controls: ['dcs'], automated: 'no' }, operator.token);
    expect(refused.httpStatus).toBe(403);
  });

  it('the register list columns start as the ledger’s, are kept in the order saved, refused by field and audited', async () => {
    const first = (await call(t.url, dangerListConfig, {}, admin.token)).body.data!;
    expect(first.columns).toEqual(dangerSourceLedger.list.columns);
    expect(first.updatedAt).toBeNull();
    const saved = await call(t.url, dangerListConfigSave, { columns: ['population', 'name', 'remark'] }, admin.token);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    expect((await call(t.url, dangerListConfig, {}, admin.token)).body.data!.columns).toEqual(['population', 'name', 'remark']);
    for (const columns of [[], ['name', 'nosuch'], ['name', 'name']]) {
      const bad = await call(t.url, dangerListConfigSave, { columns }, admin.token);
      expect(bad.httpStatus, JSON.stringify(columns)).toBe(400);
      expect(bad.body.error.controls.join(',')).toMatch(/columns/);
    }
    const audits = await call(t.url, auditLogList, { entity: 'majorHazard.listConfig', pageSize: 10 }, admin.token);
    expect(audits.body.data!.items.map((x) => x.action)).toContain('majorHazard.listConfig.save');
    const operator = await userWithRole(t, 'operator');
    expect((await call(t.url, dangerListConfigSave, { columns: ['name'] }, operator.token)).httpStatus).toBe(403);
    expect((await call(t.url, dangerListConfig, {}, operator.token)).body.data!.columns).toEqual(['population', 'name', 'remark']);
  });

  it('a source’s archive holds its identification, devices, responsible persons with their checks and its processes; other sources’ are left out', async () => {
    const unit = await call(t.url, units.save, { name: '档案罐区', code: 'AR-1', kind: 'storage', region, population: 10, substances: [{ name: '氯', q: 25 }] }, admin.token);
    const other = await call(t.url, units.save, { name: '别的罐区', kind: 'storage', region, population: 0, substances: [{ name: '氨', q: 5 }] }, admin.token);
    const id = unit.body.data!.id;
    await call(t.url, devices.save, { name: '氯罐', code: 'AR-TK-1', source: id, type: 'tank', capacity: 50, levelTag: 'AR.LT-1' }, admin.token);
    await call(t.url, devices.save, { name: '氨罐', code: 'AR-TK-2', source: other.body.data!.id, type: 'tank' }, admin.token);
    await call(t.url, processes.save, { unitName: '液氯汽化', process: 'chlorination', source: id, keyParameters: '汽化器温度', controls: ['interlock'], automated: 'yes', region }, admin.token);
    const resp = await call(t.url, responsible.save, { source: id, role: 'operation', person: admin.userid }, admin.token);
    expect(resp.body.IsSuccess, JSON.stringify(resp.body)).toBe(true);
    const checked = await call(t.url, responsibleCheckIn, { id: resp.body.data!.id, findings: '围堰完好' }, admin.token);
    expect(checked.body.IsSuccess, JSON.stringify(checked.body)).toBe(true);

    const a = await call(t.url, dangerArchive, { id }, admin.token);
    expect(a.body.IsSuccess, JSON.stringify(a.body)).toBe(true);
    const d = a.body.data!;
    expect(d.source).toMatchObject({ id, name: '档案罐区', code: 'AR-1' });
    // 氯 25 t of Q 5 t, 10 people: S = 5, R = α·β·q/Q = 1 · 4 · 5 = 20 (GB 18218-2018 §4.2, Tables 1, 3, 5).
    expect(d.source.result!.R).toBeCloseTo(20, 9);
    expect(d.devices.map((x) => [x.code, x.tags])).toEqual([['AR-TK-1', ['AR.LT-1']]]);
    expect(d.processes.map((x) => [x.unitName, x.process, x.controls])).toEqual([['液氯汽化', 'chlorination', ['interlock']]]);
    expect(d.responsible.map((x) => [x.role, x.userid])).toEqual([['operation', admin.userid]]);
    expect(d.checks.map((x) => x.findings)).toEqual(['围堰完好']);

    expect((await call(t.url, dangerArchive, { id: 999_999 }, admin.token)).httpStatus).toBe(404);
    // A user of another region does not see the source's archive.
    const elsewhere = await userWithRole(t, 'supervisor', { regions: [await createRegion(t, admin)] });
    expect((await call(t.url, dangerArchive, { id }, elsewhere.token)).httpStatus).toBe(404);
  });
});
