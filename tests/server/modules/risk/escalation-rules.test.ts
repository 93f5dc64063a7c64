import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riskModule } from '../../../../src/server/modules/risk/index.js';
import { riskPort } from '../../../../src/server/modules/risk/port.js';
import { createRulesService } from '../../../../src/server/modules/risk/rules.service.js';
import type { AuthUser } from '../../../../src/server/http/app.js';
import { createBus } from '../../../../src/server/stream/bus.js';
import type { EscalationRule } from '../../../../src/shared/domain/risk-escalation.js';
import { zoneRiskList } from '../../../../src/shared/risk/contracts.js';
import type { RiskZoneItem } from '../../../../src/shared/risk/items.js';
import { escalationRuleDelete, escalationRuleList, escalationRuleSave, type EscalationRuleItem } from '../../../../src/shared/risk/rule-contracts.js';
import { call } from '../../../helpers/api.js';
import { adminOf, createRegion, ok, userWithRole, type Admin } from '../../../helpers/factories.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';
import { expectRefused } from '../realtime/realtime-fixtures.js';

const rule = (items: EscalationRuleItem[], id: string): EscalationRule => {
  const found = items.find((r) => r.id === id);
  if (!found) {
    throw new Error(`no rule ${id}`);
  }
  const { sort: _s, updated: _u, updatedBy: _b, ...r } = found;
  return r;
};

/**
 * Issue 21 §5 on both stores: the escalation rules are rows an administrator
 * edits (seeded with DOMAIN.md §6's typical rules); a saved or deleted rule
 * moves a zone's live level at once (effect, hold time), on this server and
 * when saved on another one; effects never stack; a bad rule is refused
 * naming the field; only `risk:rules` may edit; the rows survive a restart.
 */
describe.each(dialects)('escalation rules (%s)', (dialect) => {
  let store: TestStore;
  let ts: TestServer;
  let admin: Admin;
  let zone: number;
  const published: RiskZoneItem[][] = [];

  const list = async () => ok(ts, escalationRuleList, {}, admin.token);
  const live = async () => (await ok(ts, zoneRiskList, {}, admin.token)).items.find((z) => z.regionid === zone)!;
  const save = async (r: EscalationRule) => ok(ts, escalationRuleSave, r, admin.token);
  const startCause = (id: string, kind: string, attrs: Record<string, string>) =>
    ts.server.port(riskPort).report({ type: 'start', cause: { kind, id, zone: String(zone), attrs, start: Date.now() - 1000 } });

  beforeAll(async () => {
    store = await freshDatabase(dialect, { file: true });
    ts = await startTestServer({ dialect, store, env: { LOG_LEVEL: 'error' } });
    admin = await adminOf(ts);
    zone = await createRegion(ts, admin, { code: 'RULES-Z' });
    await ts.server.exposed(riskModule).risk.reload();
    ts.server.stream.bus.on('risk.changed').subscribe((e) => published.push(e.zones));
  });
  afterAll(async () => {
    await ts?.close();
    await store?.drop();
  });

  it('lists the seeded rules of DOMAIN.md §6 in order, then the missed measure check (added with the check tasks)', async () => {
    const { items, total } = await list();
    expect(total).toBe(6);
    expect(items.map((r) => r.id)).toEqual(['hot-work-special-first', 'confined-space', 'gas-second-level', 'headcount-over-limit', 'major-hidden-danger', 'measure-check-missed']);
    expect(items[2]).toMatchObject({ kind: 'alarm', match: { system: 'GDS', type: 'hh' }, effect: { set: 1 }, holdMs: 0, enabled: true, updated: null });
  });

  it('a saved effect and hold time move the live level at once; effects never stack', async () => {
    startCause('permit:hw-1', 'permit', { type: 'hot-work', grade: 'first' });
    startCause('permit:hw-2', 'permit', { type: 'hot-work', grade: 'special' });
    // Unevaluated zone: baseline 4 低; raise one → 3, and two permits are still 3 (DOMAIN §6).
    expect(await live()).toMatchObject({ live: 3, baseline: 4 });
    expect((await live()).causes.map((c) => c.ruleId)).toEqual(['hot-work-special-first', 'hot-work-special-first']);

    const hotWork = rule((await list()).items, 'hot-work-special-first');
    published.length = 0;
    const saved = await save({ ...hotWork, effect: { set: 2 } });
    expect(saved).toMatchObject({ id: 'hot-work-special-first', effect: { set: 2 }, sort: 10, updatedBy: admin.loginname });
    // Followed before the call answers: the list, and a `risk.changed` event for the zone.
    expect(await live()).toMatchObject({ live: 2 });
    expect(published.flat().find((z) => z.regionid === zone)).toMatchObject({ live: 2 });

    // A hold time: the permits end, the zone stays orange until end + hold.
    await save({ ...hotWork, effect: { set: 2 }, holdMs: 600_000 });
    const endedAt = Date.now();
    ts.server.port(riskPort).report({ type: 'end', id: 'permit:hw-1', at: endedAt });
    ts.server.port(riskPort).report({ type: 'end', id: 'permit:hw-2', at: endedAt });
    const held = await live();
    expect(held.live).toBe(2);
    expect(held.causes[0].until).toBe(endedAt + 600_000);
    // Hold back to 0: the zone falls back at once.
    published.length = 0;
    await save({ ...hotWork, effect: { set: 2 }, holdMs: 0 });
    expect(await live()).toMatchObject({ live: 4, causes: [] });
    expect(published.flat().find((z) => z.regionid === zone)).toMatchObject({ live: 4 });
  });

  it('a disabled or deleted rule no longer lifts the zone; a new rule does', async () => {
    startCause('permit:cs-1', 'permit', { type: 'confined-space' });
    expect(await live()).toMatchObject({ live: 3 });
    const confined = rule((await list()).items, 'confined-space');
    await save({ ...confined, enabled: false });
    expect(await live()).toMatchObject({ live: 4 });
    await save({ ...confined, enabled: true });
    expect(await live()).toMatchObject({ live: 3 });
    await ok(ts, escalationRuleDelete, { id: 'confined-space' }, admin.token);
    expect(await live()).toMatchObject({ live: 4, causes: [] });
    expect((await list()).items.map((r) => r.id)).not.toContain('confined-space');

    const added = await save({ id: 'confined-space-red', kind: 'permit', match: { type: ['confined-space', 'blind'] }, effect: { set: 1 }, holdMs: 0, enabled: true, name: { zh: '受限空间', en: '' } });
    expect(added.sort).toBe(70);
    expect(await live()).toMatchObject({ live: 1 });
    expect((await live()).causes[0]).toMatchObject({ ruleId: 'confined-space-red', ruleName: { zh: '受限空间', en: '受限空间' } });
    ts.server.port(riskPort).report({ type: 'end', id: 'permit:cs-1', at: Date.now() });
    expect(await live()).toMatchObject({ live: 4 });

    const audit = await ts.server.store.db.selectFrom('audit_log').select(['action', 'entity_id', 'loginname']).where('entity', '=', 'risk_escalation_rule').orderBy('id').execute();
    expect(audit.map((a) => `${a.action} ${a.entity_id}`)).toEqual([
      'risk.rule.save hot-work-special-first',
      'risk.rule.save hot-work-special-first',
      'risk.rule.save hot-work-special-first',
      'risk.rule.save confined-space',
      'risk.rule.save confined-space',
      'risk.rule.delete confined-space',
      'risk.rule.save confined-space-red',
    ]);
    expect(new Set(audit.map((a) => a.loginname))).toEqual(new Set([admin.loginname]));
  });

  it('refuses a bad rule naming the field, an unknown id and a caller without risk:rules', async () => {
    const base = rule((await list()).items, 'gas-second-level');
    const bad: [string, Record<string, unknown>, string][] = [
      ['level 7', { ...base, effect: { set: 7 } }, 'effect'],
      ['raise two', { ...base, effect: { raise: 2 } }, 'effect'],
      ['negative hold', { ...base, holdMs: -1 }, 'holdMs'],
      ['hold beyond 7 days', { ...base, holdMs: 8 * 24 * 3600 * 1000 }, 'holdMs'],
      ['id with a space', { ...base, id: 'gas second' }, 'id'],
      ['empty kind', { ...base, kind: ' ' }, 'kind'],
      ['empty value list', { ...base, match: { type: [] } }, 'match'],
    ];
    for (const [what, input, field] of bad) {
      const r = await call(ts.url, escalationRuleSave, input, admin.token);
      expectRefused(r, 400);
      expect(r.body.error.controls?.some((c) => c === field || c.startsWith(`${field}.`)), `${what}: ${JSON.stringify(r.body.error)}`).toBe(true);
    }
    expect(rule((await list()).items, 'gas-second-level')).toEqual(base);
    expectRefused(await call(ts.url, escalationRuleDelete, { id: 'no-such-rule' }, admin.token), 404);

    const supervisor = await userWithRole(ts, 'supervisor');
    expect((await call(ts.url, escalationRuleList, {}, supervisor.token)).body.IsSuccess).toBe(true);
    expectRefused(await call(ts.url, escalationRuleSave, { ...base, holdMs: 1000 }, supervisor.token), 403);
    expectRefused(await call(ts.url, escalationRuleDelete, { id: 'gas-second-level' }, supervisor.token), 403);
  });

  it('a rule saved on another server moves this server’s zones as its event comes through the relay', async () => {
    const other = createBus();
    const heard: EscalationRule[][] = [];
    const elsewhere = createRulesService({ db: ts.server.store.db, bus: other, onRulesChanged: (r) => heard.push([...r]), onError: (err) => { throw err; } });
    const relay = other.events$.subscribe((e) => ts.server.stream.bus.relayed(e));
    const back = ts.server.stream.bus.events$.subscribe((e) => other.relayed(e));
    try {
      await elsewhere.load();
      startCause('alarm:tag:GD-1:hh', 'alarm', { system: 'GDS', type: 'hh' });
      expect(await live()).toMatchObject({ live: 1 });
      const gas = rule(elsewhere.list(), 'gas-second-level');
      await elsewhere.save({ userid: admin.userid, loginname: admin.loginname } as AuthUser, { ...gas, effect: { raise: 1 } });
      await expect.poll(async () => (await live()).live, { timeout: 5000 }).toBe(3);
      expect(rule((await list()).items, 'gas-second-level').effect).toEqual({ raise: 1 });
      // And the other way round: a save here reaches the other server's rows.
      heard.length = 0;
      await save({ ...gas, effect: { set: 1 } });
      await expect.poll(() => heard.at(-1)?.find((r) => r.id === 'gas-second-level')?.effect, { timeout: 5000 }).toEqual({ set: 1 });
      expect(await live()).toMatchObject({ live: 1 });
    } finally {
      relay.unsubscribe();
      back.unsubscribe();
      elsewhere.close();
      ts.server.port(riskPort).report({ type: 'remove', id: 'alarm:tag:GD-1:hh' });
    }
  });

  it('the edited rows survive a restart', async () => {
    await ts.close();
    ts = await startTestServer({ dialect, store, env: { LOG_LEVEL: 'error' } });
    const { items } = await list();
    expect(items.map((r) => r.id)).toEqual(['hot-work-special-first', 'gas-second-level', 'headcount-over-limit', 'major-hidden-danger', 'measure-check-missed', 'confined-space-red']);
    expect(rule(items, 'hot-work-special-first')).toMatchObject({ effect: { set: 2 }, holdMs: 0 });
    expect(rule(items, 'gas-second-level')).toMatchObject({ effect: { set: 1 } });
    // The restarted server computes with the stored rows: a hot-work permit now sets orange.
    startCause('permit:hw-3', 'permit', { type: 'hot-work', grade: 'first' });
    expect(await live()).toMatchObject({ live: 2 });
  });
});
