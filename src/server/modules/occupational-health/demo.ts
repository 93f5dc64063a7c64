import {
  examRecordLedger,
  harmfulFactorLedger,
  hazardousPositionLedger,
  measurementLedger,
  personalArchiveLedger,
  safeguardLedger,
  warningSignLedger,
} from '../../../shared/occupational-health/ledger.js';
import { demoRosterCards } from '../../demo/demo-positioning.js';
import { positioningObjectLedger } from '../../../shared/records/ledgers/positioning-object.js';
import type { AuthUser } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';

const DAY = 86_400_000;

export async function demoAdmin(store: Store, org: OrgPort): Promise<AuthUser | null> {
  const u = await store.db
    .selectFrom('users')
    .select(['userid', 'loginname', 'username', 'c_id'])
    .where('loginname', '=', 'admin')
    .executeTakeFirst();
  if (!u) {
    return null;
  }
  const access = await org.getAccess(u.userid);
  return { ...u, roles: access.roles, permissions: new Set(access.permissions), mustChangePassword: false, sessionId: 'demo-seed' };
}

/**
 * Demo registers, once (when the factor library is empty): hazard factors of
 * the catalogue, two hazardous positions, protective measures, warning signs
 * and three workplace measurements.
 */
export async function seedDemoHealth(store: Store, records: RecordsPort, org: OrgPort): Promise<number> {
  const db = store.db;
  if (await db.selectFrom('record').select('id').where('entity', '=', harmfulFactorLedger.entity).limit(1).executeTakeFirst()) {
    return 0;
  }
  const admin = await demoAdmin(store, org);
  const regions = await db.selectFrom('region').select(['regionid', 'regioncode']).execute();
  if (!admin || regions.length === 0) {
    return 0;
  }
  const region = (code: string) => regions.find((r) => r.regioncode === code)?.regionid ?? regions[0].regionid;
  const save = (def: Parameters<RecordsPort['save']>[1], values: Record<string, unknown>) => records.save(admin, def, values);

  await save(harmfulFactorLedger, {
    name: '苯',
    category: 'chemical',
    cas: '71-43-2',
    hazard: 'benzene',
    disease: '职业性慢性苯中毒、苯所致白血病',
  });
  await save(harmfulFactorLedger, { name: '氨', category: 'chemical', cas: '7664-41-7', hazard: 'ammonia', disease: '职业性急性氨气中毒' });
  await save(harmfulFactorLedger, {
    name: '硫化氢',
    category: 'chemical',
    cas: '7783-06-4',
    hazard: 'hydrogen-sulfide',
    disease: '职业性急性硫化氢中毒',
  });
  await save(harmfulFactorLedger, { name: '噪声', category: 'physical', hazard: 'noise', disease: '职业性噪声聋' });
  await save(hazardousPositionLedger, { name: '芳烃装置外操', region: region('TF'), hazards: ['benzene', 'noise'], level: 'high' });
  await save(hazardousPositionLedger, { name: '液氨罐区巡检', region: region('LS'), hazards: ['ammonia'], level: 'high' });
  await save(safeguardLedger, { name: '防毒面具（有机蒸气滤毒盒）', kind: 'ppe', hazards: ['benzene'] });
  await save(safeguardLedger, { name: '局部排风', kind: 'engineering', hazards: ['benzene', 'ammonia'] });
  await save(safeguardLedger, { name: '耳塞', kind: 'ppe', hazards: ['noise'] });
  await save(warningSignLedger, {
    name: '当心中毒',
    kind: 'warning',
    region: region('TF'),
    location: '芳烃装置入口',
    hazards: ['benzene'],
  });
  await save(warningSignLedger, {
    name: '职业病危害告知卡（氨）',
    kind: 'card',
    region: region('LS'),
    location: '液氨罐区门口',
    hazards: ['ammonia'],
  });
  const now = Date.now();
  await save(measurementLedger, {
    samplePoint: '芳烃装置取样口',
    region: region('TF'),
    cas: '71-43-2',
    date: now - 20 * DAY,
    samples: [
      { c: 4, minutes: 120 },
      { c: 8, minutes: 240 },
      { c: 2, minutes: 120 },
    ],
  });
  await save(measurementLedger, {
    samplePoint: '甲苯装车台',
    region: region('TF'),
    cas: '108-88-3',
    date: now - 15 * DAY,
    samples: [{ c: 60, minutes: 480 }],
    peak: 92,
  });
  await save(measurementLedger, {
    samplePoint: '液氨装卸鹤位',
    region: region('LS'),
    cas: '7664-41-7',
    date: now - 10 * DAY,
    samples: [
      { c: 6, minutes: 420 },
      { c: 25, minutes: 15 },
    ],
  });

  return 1;
}

/**
 * Demo files, once, for the first three tracked people (the roster is seeded
 * after the modules start): a benzene position with its periodic exam
 * overdue, an ammonia position, and a re-check.
 */
export async function seedDemoHealthFiles(store: Store, records: RecordsPort, org: OrgPort): Promise<number> {
  if (await store.db.selectFrom('record').select('id').where('entity', '=', personalArchiveLedger.entity).limit(1).executeTakeFirst()) {
    return 0;
  }
  const admin = await demoAdmin(store, org);
  const positions = await records.allRecords(hazardousPositionLedger);
  const benzenePos = positions.find((p) => p.name === '芳烃装置外操');
  const ammoniaPos = positions.find((p) => p.name === '液氨罐区巡检');
  if (!admin || !benzenePos || !ammoniaPos) {
    return 0;
  }
  const save = (def: Parameters<RecordsPort['save']>[1], values: Record<string, unknown>) => records.save(admin, def, values);
  const now = Date.now();
  // The first three people of the demo roster, by card: never someone added since (the files are seeded a moment after
  // the roster, and a person created meanwhile, by a user or a test, must not be given the demo's files).
  const byCard = new Map((await records.allRecords(positioningObjectLedger)).map((p) => [p.card, p]));
  const people = demoRosterCards()
    .map((card) => byCard.get(card))
    .filter((p): p is NonNullable<typeof p> => p !== undefined && p.kind === 'person')
    .slice(0, 3);
  for (const [i, p] of people.entries()) {
    const name = typeof p.name === 'string' ? p.name : p.title;
    await save(personalArchiveLedger, {
      person: p.id,
      personName: name,
      position: i === 1 ? ammoniaPos.id : benzenePos.id,
      since: now - 3 * 365 * DAY,
    });
    const examDate = i === 0 ? now - 400 * DAY : now - 100 * DAY;
    await save(examRecordLedger, {
      person: p.id,
      personName: name,
      examType: 'periodic',
      date: examDate,
      hazards: i === 1 ? ['ammonia'] : ['benzene', 'noise'],
      result: i === 2 ? 'recheck' : 'normal',
      institution: '市职业病防治院',
      remark: i === 2 ? '血常规白细胞偏低，建议复查' : '',
    });
  }
  return people.length;
}
