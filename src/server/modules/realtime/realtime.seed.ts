import type { Db } from '../../store/db.js';
import { demoRoster } from '../../sim/movers.js';
import { type PlantLayout, loadDemoLayout } from '../../sim/plant-layout.js';
import { type TagDef, deriveTags, sosTag } from '../../sim/plant-tags.js';
import { type TagValues, createRealtimeRepository } from './realtime.repository.js';

/** The demo plant's tags: equipment and detectors of the layout, and the SOS tags of the demo roster. */
export function demoTagDefs(layout: PlantLayout): TagDef[] {
  return [...deriveTags(layout), ...demoRoster().map((p) => sosTag(p.card, p.name))];
}

interface ClassSeed {
  name: string;
  name_en: string;
  members: (t: TagDef) => boolean;
  children?: ClassSeed[];
}

function demoClasses(layout: PlantLayout, tags: TagDef[]): ClassSeed[] {
  const regionName = new Map(layout.regions.map((r) => [r.code, r]));
  const hazards = [...new Set(tags.map((t) => t.hazard_source).filter(Boolean))].sort();
  return [
    {
      name: '重大危险源',
      name_en: 'Major hazard sources',
      members: () => false,
      children: hazards.map((h) => ({
        name: regionName.get(h)?.name ?? h,
        name_en: regionName.get(h)?.name_en ?? h,
        members: (t) => t.hazard_source === h,
      })),
    },
    { name: '可燃气体检测', name_en: 'Combustible gas detection', members: (t) => t.kind === 'lel' },
    { name: '有毒气体检测', name_en: 'Toxic gas detection', members: (t) => t.kind === 'ppm' },
    { name: '装车站', name_en: 'Loading station', members: (t) => t.model.type === 'bay-flow' || t.model.type === 'bay-earthing' },
    { name: '人员 SOS', name_en: 'Personnel SOS', members: (t) => t.model.type === 'sos' },
  ];
}

/**
 * Seeds the demo plant's tags (idempotent): tags whose id does not exist yet
 * are added, so a newer plant map adds its equipment while an operator's
 * edits of existing tags stay. The classification tree is created once,
 * when there is none.
 */
export async function seedDemoTags(db: Db, layout: PlantLayout): Promise<{ added: number; classes: number }> {
  const tags = demoTagDefs(layout);
  return db.transaction().execute(async (tx) => {
    const repo = createRealtimeRepository(tx);
    const regionIds = new Map((await repo.regionTree()).map((r) => [r.regioncode, r.regionid]));
    const rows: TagValues[] = tags.map((t) => ({
      id: t.id,
      name: t.name,
      name_en: t.name_en,
      unit: t.unit,
      kind: t.kind,
      device: t.device,
      regionid: regionIds.get(t.region) ?? null,
      hazard_source: t.hazard_source,
      range_lo: t.range_lo,
      range_hi: t.range_hi,
      ll: t.ll,
      l: t.l,
      h: t.h,
      hh: t.hh,
      deadband: t.deadband,
      enabled: 1,
    }));
    const added = await repo.insertMissingTags(rows, Date.now());
    let classes = 0;
    if ((await repo.classCount()) === 0) {
      const insert = async (seeds: ClassSeed[], parentid: number) => {
        for (const [sort, c] of seeds.entries()) {
          const id = await repo.insertClass({ parentid, name: c.name, name_en: c.name_en, sort });
          classes++;
          const members = tags.filter(c.members).map((t) => t.id);
          if (members.length) {
            await repo.setClassMembers(id, members);
          }
          await insert(c.children ?? [], id);
        }
      };
      await insert(demoClasses(layout, tags), 0);
    }
    return { added, classes };
  });
}

/** Seeds the tags of the demo plant map when the map is there (demo mode). */
export async function seedDemoPlantTags(db: Db): Promise<void> {
  const layout = loadDemoLayout();
  if (layout) {
    await seedDemoTags(db, layout);
  }
}
