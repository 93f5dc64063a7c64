import { blindPlateLedger } from '../../../shared/permits/blind-ledgers.js';
import { analysisItemLedger, gasAnalysisConfigLedger } from '../../../shared/permits/examine-ledgers.js';
import { jsaApplyConfigLedger, jsaEvaluateConfigLedger, jsaHazardLedger, jsaLedger, jsaWorkTypeLedger } from '../../../shared/permits/jsa-ledgers.js';
import { permitReportLedger, reportFlowLedger } from '../../../shared/permits/report-ledgers.js';
import type { AuthUser } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { RecordsPort } from '../records/port.js';

const HOUR = 3_600_000;

/**
 * Demo records of the permit routes (JSA, gas analysis items, blind plates,
 * report flow), once, when the JSA ledger is empty: JSAs tied to the demo
 * permits (the confined-space one in effect shows on the JSA map; the hot-work
 * one lets its JSA step be signed), saved as the demo administrator so the
 * record engine audits them like any save.
 */
export async function seedDemoRouteRecords(store: Store, records: Pick<RecordsPort, 'allRecords' | 'save' | 'transition'>): Promise<void> {
  if ((await records.allRecords(jsaLedger)).length > 0) {
    return;
  }
  const users = await store.db.selectFrom('users').select(['userid', 'loginname', 'username']).where('loginname', 'in', ['admin', 'supervisor', 'operator', 'inspector']).execute();
  const by = new Map(users.map((u) => [u.loginname, u]));
  const a = by.get('admin');
  const supervisor = by.get('supervisor');
  const operator = by.get('operator');
  const inspector = by.get('inspector');
  const firstRegion = await store.db.selectFrom('region').select('regionid').orderBy('regionid').limit(1).executeTakeFirst();
  if (!a || !supervisor || !operator || !inspector || !firstRegion) {
    return;
  }
  const admin: AuthUser = { ...a, c_id: 1, roles: ['admin'], permissions: new Set(), mustChangePassword: false, sessionId: 'demo-seed' };
  const permits = await store.db.selectFrom('permit').select(['number', 'type', 'region_id', 'location', 'content']).orderBy('id').execute();
  const now = Date.now();

  for (const w of [
    { code: 'DH-PIPE', name: '管线动火焊接', permitType: 'hot' },
    { code: 'SX-TANK', name: '储罐内部检修', permitType: 'confined' },
    { code: 'MB-FLANGE', name: '法兰盲板抽堵', permitType: 'blind' },
  ]) {
    await records.save(admin, jsaWorkTypeLedger, w);
  }
  for (const h of [
    { permitType: 'hot', hazardType: 'fire', hazard: '管线残留可燃介质', consequence: '动火点爆燃', controls: '置换、吹扫，动火前30分钟内气体分析合格' },
    { permitType: 'hot', hazardType: 'burn', hazard: '焊渣飞溅', consequence: '人员灼烫、引燃周边物料', controls: '设置接火盆，清理周边15米内可燃物' },
    { permitType: 'confined', hazardType: 'poison', hazard: '罐内缺氧或有毒气体', consequence: '中毒窒息', controls: '强制通风，氧含量19.5%～21%，专人监护' },
    { permitType: 'height', hazardType: 'fall', hazard: '临边作业无防护', consequence: '高处坠落', controls: '系挂全身式安全带，搭设合格脚手架' },
  ]) {
    await records.save(admin, jsaHazardLedger, h);
  }
  await records.save(admin, jsaApplyConfigLedger, { permitType: 'hot', required: 'yes', template: '1. 作业前准备\n2. 隔离置换\n3. 气体分析\n4. 动火作业\n5. 清理现场' });
  await records.save(admin, jsaApplyConfigLedger, { permitType: 'confined', required: 'yes', template: '1. 隔离\n2. 通风\n3. 气体检测\n4. 进入作业\n5. 撤离清点' });
  for (const e of [
    { level: '重大风险', minScore: 320, requirement: '停止作业，制定专项方案' },
    { level: '较大风险', minScore: 160, maxScore: 320, requirement: '主管领导审批，专人监护' },
    { level: '一般风险', minScore: 70, maxScore: 160, requirement: '落实控制措施后作业' },
    { level: '低风险', minScore: 0, maxScore: 70, requirement: '按常规措施作业' },
  ]) {
    await records.save(admin, jsaEvaluateConfigLedger, e);
  }

  for (const p of permits.filter((x) => x.type === 'hot' || x.type === 'confined')) {
    const hot = p.type === 'hot';
    const saved = await records.save(admin, jsaLedger, {
      title: p.content,
      permitType: p.type,
      permitNo: p.number,
      region: p.region_id ?? firstRegion.regionid,
      place: p.location,
      steps: hot
        ? [
            { step: '隔离置换管线', hazardType: 'fire', hazards: '管线残留可燃介质', consequences: '爆燃', controls: '加盲板隔离，氮气置换' },
            { step: '法兰焊接', hazardType: 'burn', hazards: '焊渣飞溅', consequences: '灼烫、引燃', controls: '接火盆，清理可燃物，配灭火器' },
          ]
        : [
            { step: '储罐隔离通风', hazardType: 'poison', hazards: '甲醇蒸气残留', consequences: '中毒', controls: '盲板隔离，强制通风' },
            { step: '进罐检查', hazardType: 'poison', hazards: '缺氧', consequences: '窒息', controls: '连续检测氧含量，监护人在罐外' },
          ],
      analyst: admin.userid,
      participants: [supervisor.userid, operator.userid],
      analysedAt: now - HOUR,
    });
    await records.transition(admin, jsaLedger, { id: saved.id, version: saved.version, action: 'complete', reason: '', signature: '' });
  }

  const regions = await store.db.selectFrom('region').select('regionid').orderBy('regionid').limit(3).execute();
  const region = (i: number) => regions[i % regions.length].regionid;
  for (const [i, b] of [
    { code: 'MB-E201-01', kind: 'blind', line: 'PG-2001-150', location: 'E-201 出口法兰', size: 'DN150', pressure: 'PN25', material: 'cs', medium: '合成气', state: 'removed' },
    { code: 'MB-TK103-01', kind: 'blind', line: 'ML-1031-100', location: 'TK-103 进料阀后', size: 'DN100', pressure: 'PN16', material: 'ss', medium: '甲醇', state: 'inserted' },
    { code: 'LS-P301-01', kind: 'temporary', line: 'N2-3010-50', location: 'P-301 氮气置换口', size: 'DN50', pressure: 'PN16', material: 'cs', medium: '氮气', state: 'inserted' },
    { code: 'SJ-V401-01', kind: 'design', line: 'FL-4010-80', location: 'V-401 火炬线8字盲板', size: 'DN80', pressure: 'PN40', material: 'alloy', medium: '火炬气', state: 'removed' },
  ].entries()) {
    await records.save(admin, blindPlateLedger, { ...b, region: region(i) });
  }

  const items = new Map<string, number>();
  for (const it of [
    { gas: '甲烷', kind: 'combustible', lel: 5, passLimit: 0.5, unit: '%vol' },
    { gas: '氢气', kind: 'combustible', lel: 4, passLimit: 0.5, unit: '%vol' },
    { gas: '甲醇', kind: 'combustible', lel: 6, passLimit: 0.5, unit: '%vol' },
    { gas: '丙烯', kind: 'combustible', lel: 2, passLimit: 0.2, unit: '%vol' },
    { gas: '氧气', kind: 'oxygen', passLimit: 21, unit: '%vol', remark: '19.5%～21%（富氧环境≤23.5%）' },
    { gas: '硫化氢', kind: 'toxic', passLimit: 10, unit: 'mg/m3' },
  ]) {
    items.set(it.gas, (await records.save(admin, analysisItemLedger, it)).id);
  }
  for (const [permitType, gas] of [['hot', '甲烷'], ['hot', '氢气'], ['confined', '甲醇'], ['confined', '氧气'], ['confined', '硫化氢']] as const) {
    await records.save(admin, gasAnalysisConfigLedger, { permitType, item: items.get(gas), analyst: inspector.userid });
  }

  const flow = await records.save(admin, reportFlowLedger, { name: '作业票日报审批', kind: 'daily', reviewer: supervisor.userid, approver: admin.userid });
  await records.save(admin, reportFlowLedger, { name: '作业票周报审批', kind: 'weekly', reviewer: supervisor.userid, approver: admin.userid });
  const day = now - (now % (24 * HOUR));
  await records.save(admin, permitReportLedger, {
    kind: 'daily',
    from: day - 24 * HOUR,
    to: day,
    flow: flow.id,
    summary: [
      { permitType: 'hot', total: 1, open: 1, closed: 0 },
      { permitType: 'confined', total: 1, open: 1, closed: 0 },
    ],
    remark: '特殊作业均按规定办理，无违章作业。',
    sender: admin.userid,
    reviewer: supervisor.userid,
    approver: admin.userid,
  });
}
