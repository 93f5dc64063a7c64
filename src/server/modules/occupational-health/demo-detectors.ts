import { seedSubstances, type Substance } from '../../../shared/domain/substances.js';
import { gasDetectorLedger } from '../../../shared/occupational-health/ledger-more.js';
import type { AuthUser } from '../../http/app.js';
import type { RealtimePort } from '../realtime/port.js';
import type { RecordsPort } from '../records/port.js';

/**
 * The substance a demo gas detector's name suggests, from the catalogue: a
 * word of its name (`… NH3 concentration`, `… H2S浓度`) that is a substance's
 * formula, synonym or name, among substances with a molar mass and a GBZ 2.1
 * limit. Used only to bind the demo plant's detectors once; exposure reads
 * the bindings, never the names.
 */
export function substanceOfTag(tag: { name: string; name_en: string }): Substance | null {
  const words = new Set(
    `${tag.name_en} ${tag.name}`
      .replace(/浓度|检测|探测器|报警器/g, ' ')
      .split(/[\s,;:()（）/_-]+/)
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean),
  );
  for (const s of seedSubstances) {
    if (!s.cas || !s.oel || !(s.physical.molarMass > 0)) {
      continue;
    }
    const names = [s.code, s.name.en, s.name.zh, ...s.synonyms].map((n) => n.toLowerCase());
    if (names.some((n) => words.has(n))) {
      return s;
    }
  }
  return null;
}

/** Binds the demo plant's toxic gas detectors to the substances their names give, once (while no detector is bound); the number bound. */
export async function seedDemoDetectorBindings(records: RecordsPort, realtime: RealtimePort, admin: AuthUser): Promise<number> {
  if ((await records.allRecords(gasDetectorLedger)).length > 0) {
    return 0;
  }
  let bound = 0;
  for (let page = 1; ; page++) {
    const { items, total } = await realtime.tagList(admin, { page, pageSize: 500, kind: 'ppm' });
    for (const t of items) {
      const s = substanceOfTag(t);
      if (s?.cas) {
        await records.save(admin, gasDetectorLedger, { tag: t.id, cas: s.cas, remark: t.name });
        bound++;
      }
    }
    if (items.length === 0 || page * 500 >= total) {
      return bound;
    }
  }
}
