import { createRegionLocator } from '../../../shared/domain/region-locator.js';
import type { StreamBus } from '../../stream/bus.js';
import type { OrgPort } from '../org/port.js';
import type { PermitRegions } from './permits.service.js';

export interface PlantRegions extends PermitRegions {
  refresh(): Promise<void>;
  stop(): void;
}

/**
 * The plant's regions as permits need them: which region a work place lies in
 * (a permit registered without a region still has a zone on the map) and each
 * region's parent (a gas alarm "near" the work: the same region, or one
 * containing the other). Read again whenever a region changes.
 */
export function createPlantRegions(org: Pick<OrgPort, 'regionShapes' | 'allDeptsAndRegions'>, bus: Pick<StreamBus, 'onAnyServer'>, onError: (err: unknown, what: string) => void): PlantRegions {
  const locator = createRegionLocator();
  let parents = new Map<number, number>();
  async function refresh() {
    const [shapes, all] = await Promise.all([org.regionShapes(), org.allDeptsAndRegions()]);
    locator.setShapes(
      shapes.map((f) => ({ regionid: f.properties.regionid, code: f.properties.regioncode, geometry: f.geometry })),
    );
    parents = new Map(all.regions.map((r) => [r.regionid, r.regionparentid]));
  }
  const sub = bus.onAnyServer('region.changed').subscribe(() => void refresh().catch((err: unknown) => onError(err, 'permits.regions')));
  return {
    locate(lng, lat) {
      const id = locator.locate(lng, lat);
      return id > 0 ? id : null;
    },
    parentOf: () => parents,
    refresh,
    stop: () => sub.unsubscribe(),
  };
}
