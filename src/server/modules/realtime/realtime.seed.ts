import type { Db } from '../../store/db.js';
import { type TagValues, createRealtimeRepository } from './realtime.repository.js';

/** A tag to seed; its region is named by code (regions are seeded by code, their ids differ per store). */
export type TagSeed = Omit<TagValues, 'regionid' | 'enabled' | 'comp_dev'> & { region: string; comp_dev?: number | null };

/** A classification node to seed, with the ids of its member tags. */
export interface TagClassSeed {
  name: string;
  name_en: string;
  members: readonly string[];
  children?: TagClassSeed[];
}

/**
 * Seeds tags (idempotent): tags whose id does not exist yet are added, so a
 * newer plant map adds its equipment while an operator's edits of existing
 * tags stay. The classification tree is created once, when there is none.
 * Knows nothing of where the tags come from (the demo plant seeds through it).
 */
export async function seedTags(db: Db, tags: readonly TagSeed[], classes: readonly TagClassSeed[]): Promise<{ added: number; classes: number }> {
  return db.transaction().execute(async (tx) => {
    const repo = createRealtimeRepository(tx);
    const regionIds = new Map((await repo.regionTree()).map((r) => [r.regioncode, r.regionid]));
    const rows: TagValues[] = tags.map(({ region, ...t }) => ({ ...t, comp_dev: t.comp_dev ?? null, regionid: regionIds.get(region) ?? null, enabled: 1 }));
    const added = await repo.insertMissingTags(rows, Date.now());
    let created = 0;
    if ((await repo.classCount()) === 0) {
      const insert = async (seeds: readonly TagClassSeed[], parentid: number) => {
        for (const [sort, c] of seeds.entries()) {
          const id = await repo.insertClass({ parentid, name: c.name, name_en: c.name_en, sort });
          created++;
          if (c.members.length) {
            await repo.setClassMembers(id, c.members);
          }
          await insert(c.children ?? [], id);
        }
      };
      await insert(classes, 0);
    }
    return { added, classes: created };
  });
}
