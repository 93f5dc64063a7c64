import type { EvaluationInput, RiskLevel } from '../../../shared/domain/risk-evaluation.js';
import { analysisLedger, evaluateUnitLedger } from '../../../shared/risk/analysis-ledgers.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';
import type { AnalysisService } from './analysis.service.js';
import type { BandsService } from './bands.service.js';
import { demoAdmin } from './demo-points.js';

type DemoUnit = {
  region: string;
  name: string;
  levels: { inherent: RiskLevel; residual: RiskLevel | null; note: string } | null;
  events: { name: string; hazard: string; cause: string; consequence: string; evaluation: EvaluationInput }[];
};

/**
 * Demo evaluation units with their risk events evaluated and their inherent
 * and residual levels (DOMAIN.md §2), so the /InherentRisk pages show a
 * review with each finding: consistent, evaluations above the residual,
 * residual not set, inherent not set.
 */
const demoUnits: DemoUnit[] = [
  {
    region: 'TF-B',
    name: '液化烃球罐区',
    levels: { inherent: 1, residual: 2, note: '紧急切断、喷淋投用后' },
    events: [{ name: '球罐法兰泄漏着火', hazard: '球罐及进出料管线', cause: '法兰密封失效', consequence: '火灾、爆炸', evaluation: { method: 'LEC', L: 3, E: 6, C: 15 } }],
  },
  {
    region: 'PU-1',
    name: '合成装置',
    levels: { inherent: 1, residual: 3, note: 'SIS 联锁投用' },
    events: [{ name: '反应器超温超压', hazard: '合成反应器', cause: '冷却水中断', consequence: '爆炸', evaluation: { method: 'LS', L: 2, S: 4 } }],
  },
  {
    region: 'PU-3',
    name: '氯化装置',
    levels: { inherent: 1, residual: 3, note: '' },
    events: [{ name: '氯气管线泄漏', hazard: '氯气管线、汽化器', cause: '腐蚀穿孔', consequence: '中毒和窒息', evaluation: { method: 'LEC', L: 1, E: 6, C: 40 } }],
  },
  {
    region: 'WH',
    name: '化学品仓库',
    levels: { inherent: 3, residual: null, note: '' },
    events: [{ name: '禁忌物料混存', hazard: '氧化剂与易燃物', cause: '未分区储存', consequence: '火灾', evaluation: { method: 'LS', L: 2, S: 2 } }],
  },
  {
    region: 'UT',
    name: '空压站',
    levels: null,
    events: [{ name: '空压机传动部件伤人', hazard: '皮带轮、联轴器', cause: '防护罩缺失', consequence: '机械伤害', evaluation: { method: 'LEC', L: 1, E: 6, C: 7 } }],
  },
];

/** Seeds the demo units once (an empty unit ledger), as the demo administrator; every save is audited as usual. */
export async function seedDemoUnits(
  records: Pick<RecordsPort, 'allRecords' | 'save'>,
  org: Pick<OrgPort, 'allDeptsAndRegions' | 'getUserScope' | 'getAccess'>,
  bands: Pick<BandsService, 'addEvaluation'>,
  analysis: Pick<AnalysisService, 'saveUnitLevel'>,
  onError: (err: unknown) => void,
): Promise<void> {
  if ((await records.allRecords(evaluateUnitLedger)).length > 0) {
    return;
  }
  const admin = await demoAdmin(org);
  if (!admin) {
    return;
  }
  const { regions } = await org.allDeptsAndRegions();
  const byCode = new Map(regions.map((r) => [r.regioncode, r.regionid]));
  for (const u of demoUnits) {
    const region = byCode.get(u.region);
    if (region === undefined) {
      continue;
    }
    try {
      const unit = await records.save(admin, evaluateUnitLedger, { name: u.name, region });
      for (const e of u.events) {
        const event = await records.save(admin, analysisLedger, { name: e.name, unit: unit.id, hazard: e.hazard, cause: e.cause, consequence: e.consequence, method: e.evaluation.method });
        await bands.addEvaluation(admin, { ...e.evaluation, entity: 'Analysis', targetId: event.id });
      }
      if (u.levels) {
        await analysis.saveUnitLevel(admin, { unitId: unit.id, ...u.levels });
      }
    } catch (err) {
      onError(err);
    }
  }
}
