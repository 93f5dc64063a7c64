import type {
  regionDelete,
  regionGeometryList,
  regionGeometrySave,
  regionGetList,
  regionSave,
  DeptItem,
  RegionFeature,
  RegionItem,
} from '../../../shared/org/contracts.js';
import type { AuthUser } from '../../http/app.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { transactThenPublish } from '../../stream/bus.js';
import { actorOf, outsideScope, parseJson, type In, type OrgContext, type Out } from './org-context.js';
import { regionKind, saveUnit } from './org-units.js';
import { createOrgRepository, type RegionRow, type RegionShapeRow } from './org.repository.js';
import { inRegions } from './scope.js';

/** Regions: the caller's list, saving and deleting one, polygons, and every region for server-side consumers. */
export interface RegionService {
  regionList(caller: AuthUser, input: In<typeof regionGetList>): Promise<RegionItem[]>;
  saveRegion(caller: AuthUser, input: In<typeof regionSave>): Promise<RegionItem>;
  /** Polygons of the caller's regions. */
  regionGeometry(caller: AuthUser): Promise<Out<typeof regionGeometryList>>;
  saveRegionGeometry(caller: AuthUser, input: In<typeof regionGeometrySave>): Promise<RegionItem>;
  /** Every region polygon, for the stream's region locator (no caller: isolation is applied downstream). */
  regionShapes(): Promise<RegionFeature[]>;
  /** Every department and region, with no caller: for server-side consumers (fence engine, muster); never return it to a user. */
  allDeptsAndRegions(): Promise<{ depts: DeptItem[]; regions: RegionItem[] }>;
  deleteRegion(caller: AuthUser, input: In<typeof regionDelete>): Promise<void>;
}

/** A stored region as the contracts carry it: JSON columns parsed, the polygon reduced to a flag. */
export function toRegionItem(r: RegionRow): RegionItem {
  const { has_geometry, updated_at: _updated, c_id: _c, ...rest } = r;
  return {
    ...rest,
    responsibles: parseJson(r.responsibles, []),
    kind: r.kind as RegionItem['kind'],
    floors: parseJson(r.floors, []),
    hasGeometry: Number(has_geometry) === 1,
  };
}

function toRegionFeature(r: RegionShapeRow): RegionFeature {
  return {
    type: 'Feature',
    id: r.regionid,
    properties: {
      regionid: r.regionid,
      regioncode: r.regioncode,
      regionname: r.regionname,
      regionname_en: r.regionname_en,
      regionparentid: r.regionparentid,
      kind: r.kind as RegionItem['kind'],
      floors: parseJson(r.floors, []),
    },
    geometry: JSON.parse(r.geometry) as RegionFeature['geometry'],
  };
}

export function createRegionService(ctx: OrgContext): RegionService {
  const { db, repo, events, getUserScope } = ctx;
  return {
    async regionList(caller, input) {
      switch (input.isallregionid) {
        case 1:
          if (!caller.permissions.has('org:read')) {
            throw forbidden('common.permissionDenied', { permission: 'org:read' });
          }
          return (await repo.listRegions(null)).map(toRegionItem);
        // 2 asks for the regions of the user's departments; departments are not mapped to regions
        // here, so it gets the user's own region scope, like 0 and 3.
        default: {
          const scope = await getUserScope(caller.userid);
          return (await repo.listRegions(scope.all ? null : scope.regionids)).map(toRegionItem);
        }
      }
    },

    async saveRegion(caller, input) {
      // The optional fields are written only when given, so an edit that leaves them out keeps them.
      const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
      const id = await saveUnit(
        ctx,
        caller,
        regionKind,
        { id: input.regionid, parentid: input.regionparentid, code: input.regioncode },
        (c_id) => ({
          regionparentid: input.regionparentid,
          regionname: input.regionname,
          regionname_en: input.regionname_en,
          regioncode: input.regioncode,
          c_id,
          sort: input.sort,
          fullname: input.fullname,
          fullcode: input.fullcode,
          pinyincode: input.pinyincode,
          description: input.description,
          nfccard: input.nfccard,
          defaultexpand: input.defaultexpand,
          responsibles: json(input.responsibles),
          kind: input.kind,
          floors: json(input.floors),
          geometry: input.geometry === undefined ? undefined : input.geometry === null ? null : JSON.stringify(input.geometry),
          updated_at: Date.now(),
        }),
        (emit, regionid, existing) =>
          emit('region.changed', { regions: [{ regionid, parentid: input.regionparentid }], action: existing ? 'update' : 'create' }),
      );
      return toRegionItem((await repo.getRegion(id))!);
    },

    async regionGeometry(caller) {
      const scope = await getUserScope(caller.userid);
      return {
        type: 'FeatureCollection' as const,
        features: (await repo.regionShapes(scope.all ? null : scope.regionids)).map(toRegionFeature),
      };
    },

    async saveRegionGeometry(caller, input) {
      const scope = await getUserScope(caller.userid);
      await transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const region = await r.getRegion(input.regionid);
        if (!region) {
          throw notFound('org.regionNotFound');
        }
        if (!inRegions(scope, region.regionid)) {
          throw outsideScope();
        }
        const [before] = await r.regionShapes([region.regionid]);
        const geometry = input.geometry === null ? null : JSON.stringify(input.geometry);
        await r.updateRegion(region.regionid, { geometry, updated_at: Date.now() });
        await audit(tx, actorOf(caller), 'geometry', 'region', region.regionid, {
          regioncode: region.regioncode,
          before: before ? (JSON.parse(before.geometry) as unknown) : null,
          after: input.geometry,
        });
        emit('region.changed', { regions: [{ regionid: region.regionid, parentid: region.regionparentid }], action: 'update' });
      });
      return toRegionItem((await repo.getRegion(input.regionid))!);
    },

    async regionShapes() {
      return (await repo.regionShapes(null)).map(toRegionFeature);
    },

    async allDeptsAndRegions() {
      const [depts, regions] = await Promise.all([repo.listDepts(null), repo.listRegions(null)]);
      return { depts, regions: regions.map(toRegionItem) };
    },

    async deleteRegion(caller, input) {
      const scope = await getUserScope(caller.userid);
      await transactThenPublish(db, events, async (tx, emit) => {
        const r = createOrgRepository(tx);
        const region = await r.getRegion(input.regionid);
        if (!region) {
          throw notFound('org.regionNotFound');
        }
        if (!inRegions(scope, region.regionid)) {
          throw outsideScope();
        }
        if ((await r.regionChildCount(region.regionid)) > 0) {
          throw conflict('org.regionHasChildren', ['regionid']);
        }
        await r.deleteRegion(region.regionid);
        await audit(tx, actorOf(caller), 'delete', 'region', region.regionid, region);
        emit('region.changed', { regions: [{ regionid: region.regionid, parentid: region.regionparentid }], action: 'delete' });
      });
    },
  };
}
