import type { Db } from '../store/db.js';
import { seedTags, type TagClassSeed, type TagSeed } from '../modules/realtime/realtime.seed.js';
import { demoRoster } from '../sim/movers.js';
import { type PlantLayout, loadDemoLayout } from '../sim/plant-layout.js';
import { type TagDef, deriveTags, sosTag } from '../sim/plant-tags.js';

/** The demo plant's tags: equipment and detectors of the layout, and the SOS tags of the demo roster. */
export function demoTagDefs(layout: PlantLayout): TagDef[] {
  return [...deriveTags(layout), ...demoRoster().map((p) => sosTag(p.card, p.name))];
}

const idsOf = (tags: readonly TagDef[], member: (t: TagDef) => boolean) => tags.filter(member).map((t) => t.id);

/** The demo classification: major hazard units, gas detection, loading station, personnel SOS. */
function demoClasses(layout: PlantLayout, tags: readonly TagDef[]): TagClassSeed[] {
  const regionName = new Map(layout.regions.map((r) => [r.code, r]));
  const hazards = [...new Set(tags.map((t) => t.hazard_source).filter(Boolean))].sort();
  return [
    {
      name: '重大危险源',
      name_en: 'Major hazard sources',
      members: [],
      children: hazards.map((h) => ({
        name: regionName.get(h)?.name ?? h,
        name_en: regionName.get(h)?.name_en ?? h,
        members: idsOf(tags, (t) => t.hazard_source === h),
      })),
    },
    { name: '可燃气体检测', name_en: 'Combustible gas detection', members: idsOf(tags, (t) => t.kind === 'lel') },
    { name: '有毒气体检测', name_en: 'Toxic gas detection', members: idsOf(tags, (t) => t.kind === 'ppm') },
    { name: '装车站', name_en: 'Loading station', members: idsOf(tags, (t) => t.model.type === 'bay-flow' || t.model.type === 'bay-earthing') },
    { name: '人员 SOS', name_en: 'Personnel SOS', members: idsOf(tags, (t) => t.model.type === 'sos') },
  ];
}

/** Seeds the demo plant's tags and classification (idempotent) through the realtime module. */
export async function seedDemoTags(db: Db, layout: PlantLayout): Promise<{ added: number; classes: number }> {
  const tags = demoTagDefs(layout);
  const seeds: TagSeed[] = tags.map(({ model: _model, ...t }) => t);
  return seedTags(db, seeds, demoClasses(layout, tags));
}

/** Seeds the tags of the demo plant map when the map is there (demo mode). */
export async function seedDemoPlantTags(db: Db): Promise<void> {
  const layout = loadDemoLayout();
  if (layout) {
    await seedDemoTags(db, layout);
  }
}
