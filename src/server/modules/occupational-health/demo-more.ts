import {
  abnormalityRuleLedger,
  DEFAULT_REMINDER_DAYS,
  hazardAssessmentLedger,
  hazardIdentificationLedger,
  hazardSourceLedger,
  healthSettingLedger,
  profileCardLedger,
} from '../../../shared/occupational-health/ledger-more.js';
import {
  declarationLedger,
  fundsLedger,
  harmfulFactorLedger,
  hazardousPositionLedger,
  threeSimultaneousLedger,
} from '../../../shared/occupational-health/ledger.js';
import type { Store } from '../../store/db.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';
import { demoAdmin } from './demo.js';

const DAY = 86_400_000;

/**
 * Demo records of the remaining pages, once (when there is no hazard source):
 * sources, identifications and assessments at the demo positions, the
 * abnormal-result rules, the personal file's sections, the settings, and one
 * archive, declaration and fund.
 */
export async function seedDemoHealthMore(store: Store, records: RecordsPort, org: OrgPort): Promise<number> {
  const db = store.db;
  if (await db.selectFrom('record').select('id').where('entity', '=', hazardSourceLedger.entity).limit(1).executeTakeFirst()) {
    return 0;
  }
  const admin = await demoAdmin(store, org);
  const regions = await db.selectFrom('region').select(['regionid', 'regioncode']).execute();
  const positions = await records.allRecords(hazardousPositionLedger);
  const factors = await records.allRecords(harmfulFactorLedger);
  const benzenePos = positions.find((p) => p.name === '芳烃装置外操');
  const ammoniaPos = positions.find((p) => p.name === '液氨罐区巡检');
  const factor = (name: string) => factors.find((f) => f.name === name)?.id;
  if (!admin || regions.length === 0 || !benzenePos || !ammoniaPos || !factor('苯') || !factor('氨') || !factor('噪声')) {
    return 0;
  }
  const region = (code: string) => regions.find((r) => r.regioncode === code)?.regionid ?? regions[0].regionid;
  const save = async (def: Parameters<RecordsPort['save']>[1], values: Record<string, unknown>) => (await records.save(admin, def, values)).id;
  const now = Date.now();

  const pump = await save(hazardSourceLedger, {
    name: '芳烃抽提塔进料泵',
    region: region('TF'),
    kind: 'equipment',
    hazards: ['benzene', 'noise'],
    emission: 'continuous',
    controls: '机械密封，局部排风',
  });
  const unloading = await save(hazardSourceLedger, {
    name: '液氨装卸作业',
    region: region('LS'),
    kind: 'operation',
    hazards: ['ammonia'],
    emission: 'intermittent',
    controls: '密闭装卸，喷淋吸收',
  });
  await save(hazardIdentificationLedger, {
    name: '外操巡检接触苯',
    position: benzenePos.id,
    factor: factor('苯'),
    source: pump,
    region: region('TF'),
    route: 'inhalation',
    hours: 2,
    method: 'measurement',
    date: now - 60 * DAY,
    identifiedBy: '职业卫生专员',
    retestDate: now + 300 * DAY,
  });
  await save(hazardIdentificationLedger, {
    name: '泵区噪声',
    position: benzenePos.id,
    factor: factor('噪声'),
    source: pump,
    region: region('TF'),
    route: 'physical',
    hours: 3,
    method: 'measurement',
    date: now - 60 * DAY,
    identifiedBy: '职业卫生专员',
  });
  await save(hazardIdentificationLedger, {
    name: '装卸鹤位接触氨',
    position: ammoniaPos.id,
    factor: factor('氨'),
    source: unloading,
    region: region('LS'),
    route: 'inhalation',
    hours: 1.5,
    method: 'survey',
    date: now - 45 * DAY,
  });
  await save(hazardAssessmentLedger, {
    title: '2026 年度定期检测（苯）',
    position: benzenePos.id,
    hazard: 'benzene',
    kind: 'routine',
    date: now - 30 * DAY,
    agency: '省职业卫生技术服务中心',
    grade: 'I',
    nextDate: now + 335 * DAY,
  });
  await save(hazardAssessmentLedger, {
    title: '2026 年度定期检测（噪声）',
    position: benzenePos.id,
    hazard: 'noise',
    kind: 'routine',
    date: now - 30 * DAY,
    agency: '省职业卫生技术服务中心',
    grade: 'II',
    nextDate: now + 335 * DAY,
  });
  for (const [result, action, days] of [
    ['recheck', 'recheck', 30],
    ['suspected', 'diagnose', 15],
    ['contraindication', 'reassign', 7],
    ['other', 'treat', 30],
  ] as const) {
    await save(abnormalityRuleLedger, { result, action, days });
  }
  for (const [i, section] of (['exposure', 'noise', 'exams'] as const).entries()) {
    await save(profileCardLedger, { section, visible: 'yes', sort: (i + 1) * 10 });
  }
  await save(healthSettingLedger, { name: '体检到期提醒', reminderDays: DEFAULT_REMINDER_DAYS });
  await save(threeSimultaneousLedger, { project: '芳烃抽提扩能改造', stage: 'pre-assessment', date: now - 200 * DAY, agency: '省职业卫生技术服务中心' });
  await save(declarationLedger, { name: '2026 年度职业病危害项目申报', kind: 'annual', date: now - 90 * DAY, hazards: ['benzene', 'ammonia', 'noise'], exposed: 36 });
  await save(fundsLedger, { item: '年度职业健康体检', purpose: 'exam', amount: 48000, date: now - 80 * DAY });
  return 1;
}
