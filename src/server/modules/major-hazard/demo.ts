import { dangerSourceDeviceLedger, dangerSourceLedger } from '../../../shared/major-hazard/ledgers.js';
import type { AuthUser } from '../../http/app.js';
import type { Db } from '../../store/db.js';
import type { OrgPort } from '../org/port.js';
import type { RecordsPort } from '../records/port.js';

interface DemoVessel {
  code: string;
  type: 'tank' | 'sphere';
  medium: string;
  cas: string;
  /** m³ and t/m³: the design maximum is capacity × density (GB 18218 counts the design maximum, not what is held). */
  capacity: number;
  density: number;
  designPressure: number;
  designTemperature: number;
  gas: string;
}

const tank = (code: string, medium: string, cas: string, capacity: number, density: number, gas: string): DemoVessel => ({
  code,
  type: 'tank',
  medium,
  cas,
  capacity,
  density,
  designPressure: 0.002,
  designTemperature: 60,
  gas,
});

/** The demo plant's tank farms (map-styles/demo-plant.geojson), one storage unit each, bounded by their dikes. */
const demoUnits: { region: string; name: string; code: string; population: number; vessels: DemoVessel[] }[] = [
  {
    region: 'TF-A',
    name: '罐区A储存单元',
    code: 'MH-TFA',
    population: 60,
    vessels: [
      ...[1, 2, 3, 4].map((i) => tank(`TK-10${i}`, '甲醇', '67-56-1', 5000, 0.79, `GD-TFA-0${i}`)),
      ...[5, 6, 7, 8].map((i) => tank(`TK-10${i}`, '甲苯', '108-88-3', 3000, 0.87, `GD-TFA-0${i}`)),
      ...[9, 10, 11, 12].map((i) =>
        tank(`TK-1${String(i).padStart(2, '0')}`, '苯', '71-43-2', 2000, 0.88, `GD-TFA-${String(i).padStart(2, '0')}`),
      ),
      ...[13, 14].map((i) => tank(`TK-1${i}`, '丙酮', '67-64-1', 1000, 0.79, `GD-TFA-${i}`)),
      ...[15, 16].map((i) => tank(`TK-1${i}`, '乙酸乙酯', '141-78-6', 1000, 0.9, `GD-TFA-${i}`)),
    ],
  },
  {
    region: 'TF-B',
    name: '罐区B液化烃球罐储存单元',
    code: 'MH-TFB',
    population: 60,
    vessels: [
      {
        code: 'SP-201',
        type: 'sphere',
        medium: '液化石油气',
        cas: '68476-85-7',
        capacity: 2000,
        density: 0.55,
        designPressure: 1.77,
        designTemperature: 50,
        gas: 'GD-TFB-03',
      },
      {
        code: 'SP-202',
        type: 'sphere',
        medium: '液化石油气',
        cas: '68476-85-7',
        capacity: 2000,
        density: 0.55,
        designPressure: 1.77,
        designTemperature: 50,
        gas: 'GD-TFB-05',
      },
      {
        code: 'SP-203',
        type: 'sphere',
        medium: '丙烯',
        cas: '115-07-1',
        capacity: 2000,
        density: 0.51,
        designPressure: 2.16,
        designTemperature: 50,
        gas: 'GD-TFB-07',
      },
      {
        code: 'SP-204',
        type: 'sphere',
        medium: '丙烯',
        cas: '115-07-1',
        capacity: 2000,
        density: 0.51,
        designPressure: 2.16,
        designTemperature: 50,
        gas: 'GD-TFB-09',
      },
    ],
  },
  {
    region: 'TF-C',
    name: '罐区C液氨储存单元',
    code: 'MH-TFC',
    population: 60,
    vessels: [1, 2, 3, 4].map((i) => ({
      ...tank(`TK-30${i}`, '液氨', '7664-41-7', 1500, 0.68, `GD-TFC-0${2 * i - 1}`),
      designPressure: 0.03,
      designTemperature: -40,
    })),
  },
];

/** The demo plant's administrator, who saves the demo rows (null before the demo accounts exist). */
export async function demoActor(db: Db): Promise<AuthUser | null> {
  const admin = await db
    .selectFrom('users')
    .select(['userid', 'loginname', 'username', 'c_id'])
    .where('loginname', '=', 'admin')
    .executeTakeFirst();
  return admin ? { ...admin, roles: ['admin'], permissions: new Set(), mustChangePassword: false, sessionId: 'demo-seed' } : null;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Demo rows for the demo plant, once (when the register is empty): the three
 * tank farms as storage units with their substances at design maximum, and
 * their tanks and spheres with the level, temperature, pressure and gas tags
 * the simulator feeds. Saved through the record engine (validated, audited).
 */
export async function seedDemoMajorHazards(db: Db, records: RecordsPort, org: Pick<OrgPort, 'allDeptsAndRegions'>): Promise<number> {
  if ((await records.allRecords(dangerSourceLedger)).length > 0) {
    return 0;
  }
  const actor = await demoActor(db);
  if (!actor) {
    return 0;
  }
  const regions = new Map((await org.allDeptsAndRegions()).regions.map((r) => [r.regioncode, r.regionid]));
  let saved = 0;
  for (const u of demoUnits) {
    const byMedium = new Map<string, { name: string; cas: string; q: number }>();
    for (const v of u.vessels) {
      const s = byMedium.get(v.medium) ?? { name: v.medium, cas: v.cas, q: 0 };
      s.q = round3(s.q + v.capacity * v.density);
      byMedium.set(v.medium, s);
    }
    const regionid = regions.get(u.region) ?? null;
    const unit = await records.save(actor, dangerSourceLedger, {
      name: u.name,
      code: u.code,
      kind: 'storage',
      region: regionid,
      population: u.population,
      substances: [...byMedium.values()].map((s) => ({ name: s.name, cas: s.cas, categories: [], q: s.q })),
      remark: '',
    });
    saved++;
    for (const v of u.vessels) {
      await records.save(actor, dangerSourceDeviceLedger, {
        name: `${v.medium}${v.type === 'sphere' ? '球罐' : '储罐'} ${v.code}`,
        code: v.code,
        source: unit.id,
        type: v.type,
        region: regionid,
        capacity: v.capacity,
        medium: v.medium,
        designPressure: v.designPressure,
        designTemperature: v.designTemperature,
        levelTag: `${u.region}.${v.code}.LT`,
        temperatureTag: `${u.region}.${v.code}.TT`,
        pressureTag: `${u.region}.${v.code}.PT`,
        gasTag: `${u.region}.${v.gas}.AT`,
        remark: '',
      });
      saved++;
    }
  }
  return saved;
}
