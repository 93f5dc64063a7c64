import type { RegionFeature, RegionItem } from '../../../shared/org/contracts.js';
import type { FieldIssue } from '../../../shared/messages/catalog.js';
import type { regionGeoJsonExport, regionGeoJsonImport } from '../../../shared/regions/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, invalidInput } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { transactThenPublish } from '../../stream/bus.js';
import { actorOf, parseJson, type In, type OrgContext, type Out } from './org-context.js';
import { createOrgRepository } from './org.repository.js';
import { inRegions } from './scope.js';

/** Regions as GeoJSON: exporting the caller's regions, importing a file of them (matched by code). */
export interface RegionGeoJsonService {
  /** The caller's regions with their polygons as GeoJSON, parents by code. */
  exportRegions(caller: AuthUser): Promise<Out<typeof regionGeoJsonExport>>;
  /** Creates and updates regions from GeoJSON, matched by code: all or nothing, one region.changed event. */
  importRegions(caller: AuthUser, input: In<typeof regionGeoJsonImport>): Promise<Out<typeof regionGeoJsonImport>>;
}

export function createRegionGeoJsonService({ db, repo, events, getUserScope }: OrgContext): RegionGeoJsonService {
  return {
    async exportRegions(caller) {
      const scope = await getUserScope(caller.userid);
      const ids = scope.all ? null : scope.regionids;
      const [rows, shapes] = await Promise.all([repo.listRegions(ids), repo.regionShapes(ids)]);
      const codeOf = new Map(rows.map((r) => [r.regionid, r.regioncode]));
      const shapeOf = new Map(shapes.map((s) => [s.regionid, JSON.parse(s.geometry) as RegionFeature['geometry']]));
      return {
        type: 'FeatureCollection' as const,
        features: rows.map((r) => ({
          type: 'Feature' as const,
          properties: {
            code: r.regioncode,
            name: r.regionname,
            name_en: r.regionname_en,
            kind: r.kind as RegionItem['kind'],
            parent: codeOf.get(r.regionparentid) ?? null,
            floors: parseJson<number[]>(r.floors, []),
          },
          geometry: shapeOf.get(r.regionid) ?? null,
        })),
      };
    },

    async importRegions(caller, input) {
      const scope = await getUserScope(caller.userid);
      const features = input.collection.features;
      const field = (i: number, name: string) => `collection.features.${i}.properties.${name}`;
      return transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const all = await r.listRegions(null);
        const byCode = new Map(all.map((x) => [x.regioncode, x]));
        const byId = new Map(all.map((x) => [x.regionid, x]));
        const issues: FieldIssue[] = [];
        const firstIndex = new Map<string, number>();
        features.forEach((f, i) => {
          const code = f.properties.code;
          if (firstIndex.has(code)) {
            issues.push({ field: field(i, 'code'), code: 'region.importDuplicateCode', params: { index: i, code } });
          } else {
            firstIndex.set(code, i);
          }
          const existing = byCode.get(code);
          if (existing && !inRegions(scope, existing.regionid)) {
            issues.push({ field: field(i, 'code'), code: 'region.importOutsideScope', params: { index: i, code } });
          }
        });
        if (input.parentid !== 0 && !byId.has(input.parentid)) {
          throw badRequest('org.parentRegionMissing', ['parentid']);
        }
        // Where each region of the file hangs: a code in the file or the store, else the chosen parent.
        const parentCode = (i: number): string | null => features[i].properties.parent || null;
        features.forEach((f, i) => {
          const p = parentCode(i);
          if (p !== null && !firstIndex.has(p) && !byCode.has(p)) {
            issues.push({ field: field(i, 'parent'), code: 'region.importParentMissing', params: { index: i, parent: p } });
          } else if (p !== null && !firstIndex.has(p)) {
            if (!inRegions(scope, byCode.get(p)!.regionid)) {
              issues.push({ field: field(i, 'parent'), code: 'region.importOutsideScope', params: { index: i, code: p } });
            }
          } else if (p === null && !byCode.has(f.properties.code)) {
            if (input.parentid === 0 ? !scope.all : !inRegions(scope, input.parentid)) {
              issues.push({ field: field(i, 'parent'), code: 'region.importOutsideScope', params: { index: i, code: f.properties.code } });
            }
          }
        });
        if (issues.length > 0) {
          throw invalidInput(issues);
        }
        // The tree after the import, by code, to refuse a cycle (A under B under A).
        const parentAfter = new Map<string, string | null>();
        for (const x of all) {
          parentAfter.set(x.regioncode, byId.get(x.regionparentid)?.regioncode ?? null);
        }
        features.forEach((f, i) => {
          const p = parentCode(i);
          const existing = byCode.get(f.properties.code);
          parentAfter.set(
            f.properties.code,
            p ?? (existing ? (byId.get(existing.regionparentid)?.regioncode ?? null) : (byId.get(input.parentid)?.regioncode ?? null)),
          );
        });
        features.forEach((f, i) => {
          const seen = new Set<string>([f.properties.code]);
          let up = parentAfter.get(f.properties.code) ?? null;
          while (up !== null) {
            if (seen.has(up)) {
              issues.push({ field: field(i, 'parent'), code: 'region.importParentCycle', params: { index: i } });
              break;
            }
            seen.add(up);
            up = parentAfter.get(up) ?? null;
          }
        });
        if (issues.length > 0) {
          throw invalidInput(issues);
        }

        // Parents first: a new region under another new one needs that one's id.
        const idOf = new Map(all.map((x) => [x.regioncode, x.regionid]));
        const pending = features.map((_, i) => i);
        const changed: { regionid: number; parentid: number }[] = [];
        let created = 0;
        let updated = 0;
        while (pending.length > 0) {
          const ready = pending.filter((i) => {
            const p = parentAfter.get(features[i].properties.code) ?? null;
            return p === null || idOf.has(p);
          });
          if (ready.length === 0) {
            break; // unreachable: cycles were refused above
          }
          for (const i of ready) {
            pending.splice(pending.indexOf(i), 1);
            const f = features[i];
            const p = parentAfter.get(f.properties.code) ?? null;
            const regionparentid = p === null ? 0 : idOf.get(p)!;
            const parentRow = regionparentid ? ((await r.getRegion(regionparentid)) ?? undefined) : undefined;
            const values = {
              regionparentid,
              regionname: f.properties.name,
              regionname_en: f.properties.name_en,
              kind: f.properties.kind,
              floors: JSON.stringify(f.properties.floors),
              geometry: f.geometry === null ? null : JSON.stringify(f.geometry),
              updated_at: Date.now(),
            };
            const existing = byCode.get(f.properties.code);
            if (existing) {
              await r.updateRegion(existing.regionid, values);
              await audit(tx, actorOf(caller), 'import', 'region', existing.regionid, { before: existing, after: values });
              changed.push({ regionid: existing.regionid, parentid: regionparentid });
              updated += 1;
            } else {
              const id = await r.insertRegion({ ...values, regioncode: f.properties.code, c_id: parentRow?.c_id ?? caller.c_id, sort: i });
              idOf.set(f.properties.code, id);
              await audit(tx, actorOf(caller), 'import', 'region', id, { created: { ...values, regioncode: f.properties.code } });
              changed.push({ regionid: id, parentid: regionparentid });
              created += 1;
            }
          }
        }
        if (changed.length > 0) {
          emit('region.changed', { regions: changed, action: 'import' });
        }
        return { created, updated };
      });
    },
  };
}
