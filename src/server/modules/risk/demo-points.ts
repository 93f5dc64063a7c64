import { riskPointLedger } from '../../../shared/risk/ledger.js';
import type { AuthUser } from '../../http/app.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';

type Point = { region: string; name: string; unit: string; hazard: string; accident: string; method: 'LEC' | 'LS' | 'MES'; f: Record<string, string>; inherent: string; measures: string };

/** Demo risk points on the demo plant's regions (DOMAIN.md §2): each zone gets a colour on the map. */
const demoPoints: Point[] = [
  { region: 'TF-B', name: '液化烃球罐泄漏', unit: '液化烃球罐区', hazard: '球罐及进出料管线', accident: '火灾、爆炸', method: 'LEC', f: { lec_L: '3', lec_E: '6', lec_C: '40' }, inherent: '1', measures: '紧急切断阀；可燃气体检测报警；喷淋系统；定期检测' },
  { region: 'TF-A', name: '甲类储罐区油气挥发', unit: '甲类储罐区', hazard: '内浮顶储罐、呼吸阀', accident: '火灾、爆炸', method: 'LEC', f: { lec_L: '3', lec_E: '6', lec_C: '15' }, inherent: '1', measures: '氮封；防雷防静电接地；巡检' },
  { region: 'TF-C', name: '液氨储罐泄漏', unit: '液氨储罐区', hazard: '液氨储罐及装卸臂', accident: '中毒和窒息', method: 'LS', f: { ls_L: '3', ls_S: '4' }, inherent: '1', measures: '氨气检测报警；水幕；正压式空气呼吸器' },
  { region: 'PU-1', name: '合成反应器超温超压', unit: '合成装置', hazard: '反应器', accident: '爆炸', method: 'LS', f: { ls_L: '2', ls_S: '4' }, inherent: '2', measures: 'SIS 联锁；安全阀；DCS 报警' },
  { region: 'PU-2', name: '精馏塔泄漏', unit: '精馏装置', hazard: '精馏塔及回流罐', accident: '火灾', method: 'MES', f: { mes_M: '3', mes_E: '6', mes_S: '4' }, inherent: '2', measures: '可燃气体检测；操作规程；巡检' },
  { region: 'PU-3', name: '氯气泄漏', unit: '氯化装置', hazard: '氯气管线、汽化器', accident: '中毒和窒息', method: 'LEC', f: { lec_L: '1', lec_E: '6', lec_C: '40' }, inherent: '1', measures: '氯气检测报警；事故碱液吸收；应急演练' },
  { region: 'LS', name: '槽车装卸静电', unit: '装卸站', hazard: '装卸鹤管', accident: '火灾', method: 'LS', f: { ls_L: '2', ls_S: '3' }, inherent: '2', measures: '静电接地报警器；装卸作业票' },
  { region: 'WH', name: '化学品仓库混存', unit: '化学品仓库', hazard: '禁忌物料', accident: '火灾、中毒', method: 'LS', f: { ls_L: '2', ls_S: '2' }, inherent: '3', measures: '分区分类储存；温湿度监测' },
  { region: 'UT', name: '空压机机械伤害', unit: '公用工程区', hazard: '空压机传动部件', accident: '机械伤害', method: 'LEC', f: { lec_L: '1', lec_E: '6', lec_C: '7' }, inherent: '3', measures: '防护罩；挂牌上锁' },
  { region: 'CR', name: '中控室触电', unit: '中控室', hazard: '配电柜', accident: '触电', method: 'LS', f: { ls_L: '1', ls_S: '2' }, inherent: '4', measures: '漏电保护；绝缘检查' },
];

/** The demo administrator: the first user who sees every region and has the administrator role. */
export async function demoAdmin(org: Pick<OrgPort, 'getUserScope' | 'getAccess'>): Promise<AuthUser | null> {
  for (let userid = 1; userid <= 50; userid++) {
    const [scope, access] = await Promise.all([org.getUserScope(userid), org.getAccess(userid)]);
    if (scope.all && access.roles.includes('admin')) {
      return { userid, loginname: 'admin', username: 'admin', c_id: 0, roles: access.roles, permissions: new Set(access.permissions), mustChangePassword: false, sessionId: 'demo-seed' };
    }
  }
  return null;
}

/**
 * Seeds the demo risk points once (an empty ledger), as the demo
 * administrator: the records engine audits them like any save.
 */
export async function seedDemoRiskPoints(records: Pick<RecordsPort, 'allRecords' | 'save'>, org: Pick<OrgPort, 'allDeptsAndRegions' | 'getUserScope' | 'getAccess'>, onError: (err: unknown) => void): Promise<void> {
  if ((await records.allRecords(riskPointLedger)).length > 0) {
    return;
  }
  const { regions } = await org.allDeptsAndRegions();
  const byCode = new Map(regions.map((r) => [r.regioncode, r.regionid]));
  const admin = await demoAdmin(org);
  if (!admin) {
    return;
  }
  for (const p of demoPoints) {
    const region = byCode.get(p.region);
    if (region === undefined) {
      continue;
    }
    try {
      await records.save(admin, riskPointLedger, { name: p.name, unit: p.unit, region, hazard: p.hazard, accident: p.accident, method: p.method, ...p.f, inherent: p.inherent, measures: p.measures });
    } catch (err) {
      onError(err);
    }
  }
}
