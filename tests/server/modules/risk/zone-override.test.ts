import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskModule } from '../../../../src/server/modules/risk/index.js';
import { riskPort } from '../../../../src/server/modules/risk/port.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { zoneRiskHistory, zoneRiskList } from '../../../../src/shared/risk/contracts.js';
import type { RiskZoneItem } from '../../../../src/shared/risk/items.js';
import { riskPointLedger } from '../../../../src/shared/risk/ledger.js';
import { regionLevelOverride, regionLevelOverrideClear } from '../../../../src/shared/risk/override-contracts.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRegion, ok, userWithRole, type Admin } from '../../../helpers/factories.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { waitFor } from '../../stream/stream-helpers.js';
import { expectRefused } from '../realtime/realtime-fixtures.js';

const points = recordContracts(riskPointLedger);

/**
 * Issue 21 §4 on both stores: `RegionLevelOverride` sets a zone's level by
 * hand (a level 1–4 with a reason, never a colour), lower or higher than the
 * level of its points; the live causes are applied to it without stacking
 * (DOMAIN.md §6); it is audited, published on `risk.changed`, a row of the
 * zone's history, ends by itself at `until` or by `RegionLevelOverrideClear`,
 * is refused naming the field, only with `risk:manage`, only in the caller's
 * regions, and survives a restart of the live state (read from the store).
 */
describe.each(dialects)('zone level override (%s)', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: Admin;
  let zone: number;
  let other: number;
  const published: RiskZoneItem[] = [];

  const live = async (id = zone) => (await ok(ts, zoneRiskList, {}, admin.token)).items.find((z) => z.regionid === id)!;
  const startPermit = (id: string) =>
    ts.server.port(riskPort).report({ type: 'start', cause: { kind: 'permit', id, zone: String(zone), attrs: { type: 'hot-work', grade: 'first' }, start: Date.now() - 1000 } });

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await adminOf(ts);
    zone = await createRegion(ts, admin, { code: 'OVR-Z' });
    other = await createRegion(ts, admin, { code: 'OVR-O' });
    // A point evaluated orange (LEC 3×6×15 = 270): the zone's computed level is 2.
    const saved = await call(ts.url, points.save, { name: '储罐区', unit: 'U', region: zone, method: 'LEC', lec_L: '3', lec_E: '6', lec_C: '15', inherent: '2' }, admin.token);
    expect(saved.body.IsSuccess, JSON.stringify(saved.body)).toBe(true);
    await ts.server.exposed(riskModule).risk.reload();
    ts.server.stream.bus.on('risk.changed').subscribe((e) => published.push(...e.zones));
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('lowers a zone below its points with a reason; causes then raise it from there without stacking; audited; published; in the history', async () => {
    expect(await live()).toMatchObject({ residual: 2, live: 2, overridden: false, override: null });
    published.length = 0;
    const set = await ok(ts, regionLevelOverride, { zone, level: 4, reason: '储罐已清空置换' }, admin.token);
    expect(set).toMatchObject({ regionid: zone, residual: 4, live: 4, overridden: true, override: { level: 4, reason: '储罐已清空置换', by: admin.loginname, until: null } });
    expect(published.find((z) => z.regionid === zone)).toMatchObject({ live: 4, overridden: true });
    expect(await live()).toMatchObject({ live: 4, baseline: 4 });

    // DOMAIN.md §6 from the overridden level: raise one → 3; a second permit is still 3.
    startPermit('permit:ovr-1');
    expect(await live()).toMatchObject({ live: 3, baseline: 4 });
    startPermit('permit:ovr-2');
    expect(await live()).toMatchObject({ live: 3 });
    ts.server.port(riskPort).report({ type: 'end', id: 'permit:ovr-1', at: Date.now() });
    ts.server.port(riskPort).report({ type: 'end', id: 'permit:ovr-2', at: Date.now() });
    expect(await live()).toMatchObject({ live: 4, causes: [] });

    const audit = await ts.server.store.db.selectFrom('audit_log').select(['action', 'entity', 'entity_id', 'loginname', 'detail']).where('action', '=', 'risk.zone.override').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'region', entity_id: String(zone), loginname: admin.loginname });
    expect(JSON.parse(audit[0].detail)).toMatchObject({ before: null, after: { level: 4, reason: '储罐已清空置换' } });

    await ts.server.exposed(riskModule).risk.idle();
    const history = await ok(ts, zoneRiskHistory, { regionid: zone }, admin.token);
    expect(history.items.slice(0, 4).map((h) => [h.from, h.to, h.causes[0]])).toEqual([
      [3, 4, 'override'],
      [4, 3, 'override'],
      [2, 4, 'override'],
      [4, 2, undefined],
    ]);
  });

  it('raises it as well; cleared with a reason the computed level holds again', async () => {
    const set = await ok(ts, regionLevelOverride, { zone, level: 1, reason: '上级检查要求按重大管控' }, admin.token);
    expect(set).toMatchObject({ live: 1, residual: 1, override: { level: 1 } });
    const cleared = await ok(ts, regionLevelOverrideClear, { zone, reason: '检查结束' }, admin.token);
    expect(cleared).toMatchObject({ live: 2, residual: 2, overridden: false, override: null });
    const rows = await ts.server.store.db.selectFrom('risk_zone_override').selectAll().execute();
    expect(rows).toEqual([]);
    const audit = await ts.server.store.db.selectFrom('audit_log').select(['action', 'detail']).where('action', '=', 'risk.zone.overrideClear').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].detail)).toMatchObject({ reason: '检查结束', before: { level: 1 } });
    // Nothing to clear now.
    expectRefused(await call(ts.url, regionLevelOverrideClear, { zone, reason: 'again' }, admin.token), 400, ['zone']);
  });

  it('ends by itself at its until time', async () => {
    const until = Date.now() + 400;
    expect(await ok(ts, regionLevelOverride, { zone, level: 3, reason: '临时', until }, admin.token)).toMatchObject({ live: 3, override: { until } });
    await waitFor(async () => (await live()).live === 2, 5000, 'the override ends at until');
    expect(await live()).toMatchObject({ residual: 2, overridden: false, override: null });
  });

  it('is read from the store when the live state starts again', async () => {
    await ok(ts, regionLevelOverride, { zone, level: 3, reason: '重启后仍有效' }, admin.token);
    const { risk, overrides } = ts.server.exposed(riskModule);
    risk.setOverrides(new Map());
    expect(await live()).toMatchObject({ live: 2, override: null });
    await overrides.load();
    expect(await live()).toMatchObject({ live: 3, override: { level: 3, reason: '重启后仍有效' } });
    await ok(ts, regionLevelOverrideClear, { zone, reason: '恢复' }, admin.token);
  });

  it('is refused naming the field: no reason, a level outside 1–4 (never a colour), an end in the past', async () => {
    const blank = await call(ts.url, regionLevelOverride, { zone, level: 2, reason: '   ' }, admin.token);
    expectRefused(blank, 400, ['reason']);
    expect(JSON.stringify(blank.body.error)).toContain('risk.override.reasonRequired');
    expectRefused(await call(ts.url, regionLevelOverride, { zone, level: 5, reason: 'x' }, admin.token), 400, ['level']);
    expectRefused(await call(ts.url, regionLevelOverride, { zone, level: 'red', reason: 'x' }, admin.token), 400, ['level']);
    expectRefused(await call(ts.url, regionLevelOverride, { zone, level: 2, reason: 'x', until: Date.now() - 1000 }, admin.token), 400, ['until']);
    expectRefused(await call(ts.url, regionLevelOverride, { zone: 999_999, level: 2, reason: 'x' }, admin.token), 404);
    expect(await live()).toMatchObject({ live: 2, override: null });
  });

  it('only with risk:manage, and only in the caller’s regions', async () => {
    const operator = await userWithRole(ts, 'operator');
    expectRefused(await call(ts.url, regionLevelOverride, { zone, level: 1, reason: 'x' }, operator.token), 403);
    const narrow = await userWithRole(ts, 'supervisor', { regions: [other] });
    expectRefused(await call(ts.url, regionLevelOverride, { zone, level: 1, reason: 'x' }, narrow.token), 404);
    expect(await ok(ts, regionLevelOverride, { zone: other, level: 3, reason: '本区域' }, narrow.token)).toMatchObject({ regionid: other, live: 3 });
    expect(await live()).toMatchObject({ live: 2, override: null });
  });

  it('the history call (the timeline page): every zone of the caller or one, within a time range', async () => {
    await ts.server.exposed(riskModule).risk.idle();
    const all = await ok(ts, zoneRiskHistory, {}, admin.token);
    expect(new Set(all.items.map((h) => h.regionid))).toEqual(new Set([zone, other]));
    expect(all.items.map((h) => h.t)).toEqual([...all.items.map((h) => h.t)].sort((a, b) => b - a));
    const mine = await ok(ts, zoneRiskHistory, { regionid: zone }, admin.token);
    expect(mine.items.every((h) => h.regionid === zone)).toBe(true);
    expect(mine.total).toBe(all.items.filter((h) => h.regionid === zone).length);

    // [from, to): the newest row alone, then nothing after it, then nothing before the first.
    const newest = mine.items[0];
    const one = await ok(ts, zoneRiskHistory, { regionid: zone, from: newest.t, to: newest.t + 1 }, admin.token);
    expect(one.items.map((h) => h.id)).toContain(newest.id);
    expect(one.items.every((h) => h.t === newest.t)).toBe(true);
    expect((await ok(ts, zoneRiskHistory, { regionid: zone, from: newest.t + 1 }, admin.token)).total).toBe(0);
    expect((await ok(ts, zoneRiskHistory, { to: mine.items[mine.items.length - 1].t }, admin.token)).items.filter((h) => h.regionid === zone)).toEqual([]);

    // A supervisor of the other zone sees its rows only, and not this zone's.
    const narrow = await userWithRole(ts, 'supervisor', { regions: [other] });
    const theirs = await ok(ts, zoneRiskHistory, {}, narrow.token);
    expect(theirs.items.length).toBeGreaterThan(0);
    expect(theirs.items.every((h) => h.regionid === other)).toBe(true);
    expectRefused(await call(ts.url, zoneRiskHistory, { regionid: zone }, narrow.token), 404);
  });
});
