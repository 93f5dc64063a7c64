import { afterAll, describe, expect, it } from 'vitest';
import { riskEarlyWarningConfig, riskEarlyWarningVariableAdd } from '../../../../src/shared/risk-warning/contracts.js';
import { riskWarningModule } from '../../../../src/server/modules/risk-warning/index.js';
import { adminOf, createTag, ok, userWithRole } from '../../../helpers/factories.js';
import { dialects, freshDatabase, startTestServer, type TestServer, type TestStore } from '../../../helpers/server.js';

/*
 * Issue 21 §6, "calculation on a schedule … restart-safe": the last scheduled
 * run of each warning is kept in the store, so a restarted server neither
 * runs a warning again before it is due nor skips one that fell due meanwhile.
 */
describe.each(dialects)('risk early warning across a restart (%s)', (dialect) => {
  let store: TestStore;
  let t: TestServer | undefined;

  afterAll(async () => {
    await t?.close();
    await store?.drop();
  });

  it('a scheduled warning is not run again by a restarted server before it is due, and is run once due', async () => {
    store = await freshDatabase(dialect, { file: true });
    t = await startTestServer({ dialect, store, env: { LOG_LEVEL: 'error' } });
    const admin = await adminOf(t);
    const tag = await createTag(t, admin);
    const supervisor = await userWithRole(t, 'supervisor');
    await ok(t, riskEarlyWarningVariableAdd, { code: 'T', name: '温度', kind: 'tag', tag }, supervisor.token);
    const w = await ok(t, riskEarlyWarningConfig, { name: '每 10 分钟', formula: 'T', intervalMinutes: 10, ranges: [{ min: 50, max: null, level: 1 }] }, supervisor.token);
    const records = async () => (await t!.server.store.db.selectFrom('risk_warning_record').select(['trigger']).where('warning_id', '=', w.id).execute()).length;

    await t.server.exposed(riskWarningModule).engine.tick();
    expect(await records()).toBe(1);
    await t.close();

    t = await startTestServer({ dialect, store, env: { LOG_LEVEL: 'error' } });
    const engine = t.server.exposed(riskWarningModule).engine;
    await engine.tick();
    expect(await records()).toBe(1);

    // Eleven minutes later (the stored last run moved back): due, run once.
    await t.server.store.db.updateTable('risk_warning').set({ last_run_at: Date.now() - 11 * 60_000 }).where('id', '=', w.id).execute();
    await engine.tick();
    await engine.tick();
    expect(await records()).toBe(2);
  });
});
