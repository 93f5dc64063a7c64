import type { Db } from '../store/db.js';

/** The demo plant's control systems, by the tag id prefixes its simulator uses (`<region>.<device>.<signal>`). */
const demoSystems = [
  { name: 'DCS-1 罐区及装置', type: 'DCS', ingest_key: 'dcs-gateway', mqtt_topic: 'plantwatch/v1', tag_patterns: ['TF-', 'PU-', 'UT.', 'WH.'], regions: ['TF', 'TF-A', 'TF-B', 'TF-C', 'PU', 'PU-1', 'PU-2', 'PU-3', 'UT', 'WH'] },
  { name: 'SIS-1 装车联锁', type: 'SIS', ingest_key: 'sis-gateway', mqtt_topic: '', tag_patterns: ['LS.'], regions: ['LS'] },
  { name: 'GDS-1 气体检测', type: 'GDS', ingest_key: '', mqtt_topic: 'plantwatch/v1', tag_patterns: ['*.GD-'], regions: ['TF', 'TF-A', 'TF-B', 'TF-C', 'PU', 'PU-1', 'PU-2', 'PU-3', 'LS', 'UT', 'WH'] },
] as const;

/** Seeds the demo's DCS, SIS and GDS once (when there is no control system yet). */
export async function seedDemoControlSystems(db: Db): Promise<number> {
  if (await db.selectFrom('control_system').select('id').limit(1).executeTakeFirst()) {
    return 0;
  }
  const regions = new Map((await db.selectFrom('region').select(['regionid', 'regioncode']).execute()).map((r) => [r.regioncode, r.regionid]));
  const now = Date.now();
  for (const s of demoSystems) {
    const { regions: codes, tag_patterns, ...rest } = s;
    const regionids = codes.map((c) => regions.get(c)).filter((id): id is number => id !== undefined);
    await db
      .insertInto('control_system')
      .values({ ...rest, tag_patterns: JSON.stringify(tag_patterns), regionids: JSON.stringify(regionids), updated_at: now, updated_by: 'demo' })
      .execute();
  }
  return demoSystems.length;
}
