import type { Store } from '../../store/db.js';
import { audit } from '../../store/audit.js';
import { inTransaction } from '../../store/db.js';
import type { TagRegistry } from '../../stream/tag-registry.js';
import { createWarningRepository } from './risk-warning.repository.js';

/**
 * The demo's early warning, once (when no variable exists): a tank's
 * temperature with the open hidden dangers, and permits in effect with missed
 * checks and a gas detector, each with four ranges and their instructions.
 */
export async function seedDemoWarnings(store: Store, tags: Pick<TagRegistry, 'all'>): Promise<number> {
  const repo = createWarningRepository(store.db);
  if ((await repo.variables()).length > 0) {
    return 0;
  }
  const admin = await store.db.selectFrom('users').select(['userid', 'loginname']).where('loginname', '=', 'admin').executeTakeFirst();
  const all = [...tags.all()];
  const tank = all.find((t) => t.kind === 'temperature' && t.id.endsWith('.TT'));
  const gas = all.find((t) => t.kind === 'lel');
  if (!admin || !tank || !gas) {
    return 0;
  }
  const at = Date.now();
  const by = admin.loginname;
  await inTransaction(store.db, async (tx) => {
    const r = createWarningRepository(tx);
    const variable = (code: string, name: string, kind: string, tag: string | null = null) =>
      r.addVariable({ code, name, kind, tag, regionid: null, updated_at: at, updated_by: by });
    await variable('罐区温度', `储罐温度 ${tank.id}`, 'tag', tank.id);
    await variable('可燃气', `可燃气体浓度 ${gas.id}`, 'tag', gas.id);
    await variable('隐患数', '未关闭隐患数', 'openHiddenDangers');
    await variable('作业许可数', '作业中许可数', 'activePermits');
    await variable('漏检数', '24 小时漏检数', 'overdueChecks');
    const warning = async (name: string, formula: string, instructions: string, ranges: [number | null, number | null, number, string][]) => {
      const id = await r.addWarning({
        name,
        formula,
        regionid: null,
        instructions,
        interval_minutes: 5,
        on_change: 1,
        enabled: 1,
        owner_userid: admin.userid,
        owner_loginname: admin.loginname,
        updated_at: at,
        last_run_at: null,
      });
      for (const [min, max, level, instruction] of ranges) {
        await r.addRange({ warning_id: id, min, max, level, instruction });
      }
      await audit(tx, { userid: null, loginname: 'system' }, 'riskWarning.config.save', 'risk_warning', id, { demo: true, formula });
    };
    await warning('罐区温度与隐患综合预警', 'max(罐区温度 - 30, 0) * 2 + 隐患数 * 10', '核对储罐温度与喷淋系统，督促隐患整改。', [
      [60, null, 1, '立即启动喷淋降温，疏散罐区无关人员，报告值班领导。'],
      [40, 60, 2, '加密巡检至每小时一次，检查冷却水系统。'],
      [20, 40, 3, '班组长确认温度趋势，跟踪隐患整改。'],
      [10, 20, 4, '关注温度变化。'],
    ]);
    await warning('作业与漏检预警', '作业许可数 * 10 + 漏检数 * 0.5 + 可燃气 * 2', '控制同时作业数量，补检漏检点位。', [
      [60, null, 1, '暂停新的动火与受限空间作业，现场复测气体。'],
      [40, 60, 2, '安全员到场监护，补检漏检点位。'],
      [20, 40, 3, '核对作业票与现场措施。'],
      [10, 20, 4, '保持正常监护。'],
    ]);
  });
  return 2;
}
