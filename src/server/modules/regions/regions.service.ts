import fs from 'node:fs/promises';
import path from 'node:path';
import type { ContractInput } from '../../../shared/contracts/contract.js';
import {
  SITE_PLAN_MAX_BYTES,
  SITE_PLAN_MAX_SIDE,
  type baseMapSave,
  type BaseMapSetting,
  type ControlPoint,
  type SitePlanInfo,
} from '../../../shared/regions/contracts.js';
import { fitAffine, imageCorners } from '../../../shared/domain/affine.js';
import type { Config } from '../../config.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { audit, type Actor } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import { imageSize } from './image-size.js';
import { createRegionMapRepository } from './regions.repository.js';

/** The stored site plan: the file under DATA_DIR/site-plan and its placement. */
interface StoredSitePlan {
  file: string;
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  version: number;
  points: ControlPoint[];
}

const SITE_PLAN_KEY = 'sitePlan';
const BASE_MAP_KEY = 'baseMap';
const DEFAULT_BASE_MAP: BaseMapSetting = { enabled: false, tileUrl: '', attribution: '' };

export interface RegionMapService {
  sitePlan(): Promise<SitePlanInfo>;
  /** The image file of the site plan, or null when there is none. */
  sitePlanFile(): Promise<{ path: string; mime: string; version: number } | null>;
  uploadSitePlan(caller: AuthUser, bytes: Buffer): Promise<SitePlanInfo>;
  placeSitePlan(caller: AuthUser, points: ControlPoint[]): Promise<SitePlanInfo>;
  deleteSitePlan(caller: AuthUser): Promise<SitePlanInfo>;
  baseMap(): Promise<BaseMapSetting>;
  saveBaseMap(caller: AuthUser, input: ContractInput<typeof baseMapSave>): Promise<BaseMapSetting>;
}

const actorOf = (u: AuthUser): Actor => ({ userid: u.userid, loginname: u.loginname });

function infoOf(plan: StoredSitePlan | undefined): SitePlanInfo {
  if (!plan) {
    return { present: false, version: 0, mime: '', width: 0, height: 0, points: [], corners: null, residualsM: [], rmsM: null };
  }
  const fit = plan.points.length >= 3 ? fitAffine(plan.points) : null;
  return {
    present: true,
    version: plan.version,
    mime: plan.mime,
    width: plan.width,
    height: plan.height,
    points: plan.points,
    corners: fit ? imageCorners(fit, plan.width, plan.height).map((c) => [c[0], c[1]] as [number, number]) : null,
    residualsM: fit ? fit.residualsM : [],
    rmsM: fit ? fit.rmsM : null,
  };
}

export function createRegionMapService(store: Store, config: Config): RegionMapService {
  const db = store.db;
  const repo = createRegionMapRepository(db);
  const planDir = path.join(config.dataDir, 'site-plan');

  return {
    async sitePlan() {
      return infoOf(await repo.get<StoredSitePlan>(SITE_PLAN_KEY));
    },

    async sitePlanFile() {
      const plan = await repo.get<StoredSitePlan>(SITE_PLAN_KEY);
      return plan ? { path: path.join(planDir, plan.file), mime: plan.mime, version: plan.version } : null;
    },

    async uploadSitePlan(caller, bytes) {
      if (bytes.length > SITE_PLAN_MAX_BYTES) {
        throw new AppError(413, 'map.sitePlanTooLarge', ['file'], { mb: SITE_PLAN_MAX_BYTES / 1024 / 1024 });
      }
      const size = imageSize(bytes);
      if (!size) {
        throw badRequest('map.sitePlanType', ['file']);
      }
      if (size.width < 1 || size.height < 1) {
        throw badRequest('map.sitePlanUnreadable', ['file']);
      }
      if (size.width > SITE_PLAN_MAX_SIDE || size.height > SITE_PLAN_MAX_SIDE) {
        throw badRequest('map.sitePlanTooBig', ['file'], { max: SITE_PLAN_MAX_SIDE });
      }
      const version = Date.now();
      const file = `plan-${version}.${size.mime === 'image/png' ? 'png' : 'jpg'}`;
      await fs.mkdir(planDir, { recursive: true });
      // Written aside and renamed, so a reader never gets half a file.
      await fs.writeFile(path.join(planDir, `${file}.part`), bytes);
      await fs.rename(path.join(planDir, `${file}.part`), path.join(planDir, file));
      const previous = await inTransaction(db, async (tx) => {
        const r = createRegionMapRepository(tx);
        const before = await r.get<StoredSitePlan>(SITE_PLAN_KEY);
        const plan: StoredSitePlan = { file, mime: size.mime, width: size.width, height: size.height, version, points: [] };
        await r.put(SITE_PLAN_KEY, plan);
        await audit(tx, actorOf(caller), 'upload', 'sitePlan', file, { mime: size.mime, width: size.width, height: size.height, bytes: bytes.length });
        return before;
      });
      if (previous && previous.file !== file) {
        await fs.rm(path.join(planDir, previous.file), { force: true });
      }
      return this.sitePlan();
    },

    async placeSitePlan(caller, points) {
      const plan = await inTransaction(db, async (tx) => {
        const r = createRegionMapRepository(tx);
        const current = await r.get<StoredSitePlan>(SITE_PLAN_KEY);
        if (!current) {
          throw notFound('map.sitePlanMissing');
        }
        points.forEach((p, i) => {
          if (p.px < 0 || p.py < 0 || p.px > current.width || p.py > current.height) {
            throw badRequest('map.controlPointOutside', [`points.${i}`], { index: i + 1 });
          }
        });
        if (!fitAffine(points)) {
          throw badRequest('map.controlPointsInLine', ['points']);
        }
        const next = { ...current, points };
        await r.put(SITE_PLAN_KEY, next);
        await audit(tx, actorOf(caller), 'place', 'sitePlan', current.file, { before: current.points, after: points });
        return next;
      });
      return infoOf(plan);
    },

    async deleteSitePlan(caller) {
      const removed = await inTransaction(db, async (tx) => {
        const r = createRegionMapRepository(tx);
        const current = await r.get<StoredSitePlan>(SITE_PLAN_KEY);
        if (current) {
          await r.remove(SITE_PLAN_KEY);
          await audit(tx, actorOf(caller), 'delete', 'sitePlan', current.file, current);
        }
        return current;
      });
      if (removed) {
        await fs.rm(path.join(planDir, removed.file), { force: true });
      }
      return infoOf(undefined);
    },

    async baseMap() {
      return { ...DEFAULT_BASE_MAP, ...(await repo.get<BaseMapSetting>(BASE_MAP_KEY)) };
    },

    async saveBaseMap(caller, input) {
      const next: BaseMapSetting = { enabled: input.enabled, tileUrl: input.tileUrl, attribution: input.attribution };
      await inTransaction(db, async (tx) => {
        const r = createRegionMapRepository(tx);
        const before = await r.get<BaseMapSetting>(BASE_MAP_KEY);
        await r.put(BASE_MAP_KEY, next);
        await audit(tx, actorOf(caller), 'update', 'baseMap', BASE_MAP_KEY, { before: before ?? DEFAULT_BASE_MAP, after: next });
      });
      return next;
    },
  };
}
