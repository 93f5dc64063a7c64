import type { z } from 'zod';
import type { CameraItem, HomeAssignment, NoticeItem, cameraSave, noticeSave } from '../../../shared/dashboards/wall-contracts.js';
import type { AuthUser } from '../../http/app.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { StreamBus } from '../../stream/bus.js';
import type { UserScope } from '../org/port.js';
import type { DashboardsService } from './dashboards.service.js';
import { sanitizeNotice } from './sanitize-notice.js';
import { createWallRepository, type CameraRow, type NoticeRow } from './wall.repository.js';

/** The dashboard a user sees as home when none of their roles has one. */
export const DEFAULT_HOME = 'safety-overview';

export interface WallDeps {
  scopeOf(userid: number): Promise<UserScope>;
  dashboards: Pick<DashboardsService, 'get'>;
  /** Told the origins whenever they change, so the pages' CSP lets exactly those through. */
  onOrigins(kind: 'frame' | 'media', origins: readonly string[]): void;
  /** Tells the other servers of the store that the origins changed (`dashboards.originsChanged`), and hears theirs. */
  bus: Pick<StreamBus, 'publish' | 'onOtherServers'>;
  now?: () => number;
}

/** `https://host:port` of a URL (the browser's origin), or null for a URL that is not http(s). */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The home dashboard of a user with these roles: the first assignment (in
 * the administrator's order) whose role the user has, else the default.
 */
export function chooseHome(assignments: readonly HomeAssignment[], roles: readonly string[], fallback = DEFAULT_HOME): { key: string; role: string | null } {
  const hit = assignments.find((a) => roles.includes(a.role));
  return hit ? { key: hit.key, role: hit.role } : { key: fallback, role: null };
}

const inScope = (scope: UserScope, regionid: number | null) => regionid === null || scope.all || scope.regionids.includes(regionid);

export function createWallService(store: Store, deps: WallDeps) {
  const repo = createWallRepository(store.db);
  const now = deps.now ?? Date.now;

  const cameraOf = (r: CameraRow): CameraItem => ({
    id: Number(r.id),
    name: r.name,
    regionid: r.regionid === null ? null : Number(r.regionid),
    hlsUrl: r.hls_url,
    position: r.position,
    sort: Number(r.sort),
  });
  const noticeOf = (r: NoticeRow): NoticeItem => ({ id: Number(r.id), title: r.title, html: r.html, updatedAt: Number(r.updated_at), updatedBy: r.updated_by });

  /** The camera streams' origins other than the server's own, for the CSP. */
  async function publishMediaOrigins(): Promise<void> {
    const origins = new Set<string>();
    for (const c of await repo.cameras()) {
      const o = originOf(c.hls_url);
      if (o) {
        origins.add(o);
      }
    }
    deps.onOrigins('media', [...origins].sort());
  }

  /** This server's CSP follows the new origins; then every other server's, through the bus, with no restart. */
  async function originsChanged(kind: 'frame' | 'media', origins?: readonly string[]): Promise<void> {
    if (kind === 'frame') {
      deps.onOrigins('frame', origins ?? (await repo.origins()));
    } else {
      await publishMediaOrigins();
    }
    deps.bus.publish('dashboards.originsChanged', { kind });
  }

  // Another server saved the allow-list or a camera: read the origins from the store again.
  const sub = deps.bus.onOtherServers('dashboards.originsChanged').subscribe(({ kind }) => {
    const reread = kind === 'frame' ? repo.origins().then((o) => deps.onOrigins('frame', o)) : publishMediaOrigins();
    reread.catch(() => undefined);
  });

  return {
    close(): void {
      sub.unsubscribe();
    },

    /** Gives the CSP the stored origins (on start; later changes on any server of the store come through the bus). */
    async publishOrigins(): Promise<void> {
      deps.onOrigins('frame', await repo.origins());
      await publishMediaOrigins();
    },

    async cameras(caller: AuthUser) {
      const scope = await deps.scopeOf(caller.userid);
      const items = (await repo.cameras()).map(cameraOf).filter((c) => inScope(scope, c.regionid));
      return { items, total: items.length };
    },

    async saveCamera(caller: AuthUser, input: z.output<typeof cameraSave.input>) {
      const scope = await deps.scopeOf(caller.userid);
      if (!inScope(scope, input.regionid)) {
        throw new AppError(403, 'common.forbidden', ['regionid']);
      }
      const values = { name: input.name, regionid: input.regionid, hls_url: input.hlsUrl, position: input.position, sort: input.sort };
      const row = await inTransaction(store.db, async (tx) => {
        let r: CameraRow;
        if (input.id === undefined) {
          r = await repo.insertCamera(tx, values);
        } else {
          const old = await repo.camera(tx, input.id);
          if (!old) {
            throw notFound('dashboards.cameraNotFound');
          }
          if (!inScope(scope, old.regionid === null ? null : Number(old.regionid))) {
            throw forbidden();
          }
          r = await repo.updateCamera(tx, input.id, values);
        }
        await audit(tx, caller, 'camera.save', 'wall_camera', Number(r.id), { name: r.name, regionid: r.regionid, hlsUrl: r.hls_url });
        return r;
      });
      await originsChanged('media');
      return cameraOf(row);
    },

    async deleteCamera(caller: AuthUser, id: number) {
      const scope = await deps.scopeOf(caller.userid);
      await inTransaction(store.db, async (tx) => {
        const old = await repo.camera(tx, id);
        if (!old) {
          throw notFound('dashboards.cameraNotFound');
        }
        if (!inScope(scope, old.regionid === null ? null : Number(old.regionid))) {
          throw forbidden();
        }
        await repo.deleteCamera(tx, id);
        await audit(tx, caller, 'camera.delete', 'wall_camera', id, { name: old.name });
      });
      await originsChanged('media');
      return { id };
    },

    async notices() {
      const items = (await repo.notices()).map((r) => ({ id: Number(r.id), title: r.title, updatedAt: Number(r.updated_at), updatedBy: r.updated_by }));
      return { items, total: items.length };
    },

    async notice(id: number) {
      const r = await repo.notice(store.db, id);
      if (!r) {
        throw notFound('dashboards.noticeNotFound');
      }
      return noticeOf(r);
    },

    async saveNotice(caller: AuthUser, input: z.output<typeof noticeSave.input>) {
      const values = { title: input.title, html: sanitizeNotice(input.html), updated_at: now(), updated_by: caller.loginname };
      const row = await inTransaction(store.db, async (tx) => {
        let r: NoticeRow;
        if (input.id === undefined) {
          r = await repo.insertNotice(tx, values);
        } else {
          if (!(await repo.notice(tx, input.id))) {
            throw notFound('dashboards.noticeNotFound');
          }
          r = await repo.updateNotice(tx, input.id, values);
        }
        await audit(tx, caller, 'notice.save', 'wall_notice', Number(r.id), { title: r.title, removed: input.html.length - r.html.length });
        return r;
      });
      return noticeOf(row);
    },

    async deleteNotice(caller: AuthUser, id: number) {
      await inTransaction(store.db, async (tx) => {
        const old = await repo.notice(tx, id);
        if (!old) {
          throw notFound('dashboards.noticeNotFound');
        }
        await repo.deleteNotice(tx, id);
        await audit(tx, caller, 'notice.delete', 'wall_notice', id, { title: old.title });
      });
      return { id };
    },

    async origins() {
      return { items: await repo.origins() };
    },

    async saveOrigins(caller: AuthUser, urls: readonly string[]) {
      // Each entry is kept as its origin only: a path would suggest a finer rule than the browser's frame-src applies.
      const origins = [...new Set(urls.map((u) => originOf(u)).filter((o): o is string => o !== null))].sort();
      await inTransaction(store.db, async (tx) => {
        await repo.replaceOrigins(tx, origins);
        await audit(tx, caller, 'frameOrigins.save', 'wall_frame_origin', 0, { origins });
      });
      await originsChanged('frame', origins);
      return { items: origins };
    },

    /** The URL when its origin is on the allow-list; refused on `url` (403) otherwise, so it is never framed. */
    async checkFrame(url: string) {
      const origin = originOf(url);
      if (!origin || !(await repo.origins()).includes(origin)) {
        throw new AppError(403, 'dashboards.frameRefused', ['url'], { origin: origin ?? url });
      }
      return { url };
    },

    async homes() {
      return { items: (await repo.homes()).map((h) => ({ role: h.role, key: h.dashboard_key })) };
    },

    async saveHomes(caller: AuthUser, items: readonly HomeAssignment[]) {
      const seen = new Set<string>();
      for (const [i, h] of items.entries()) {
        if (seen.has(h.role)) {
          throw badRequest('dashboards.duplicateRole', [`items.${i}.role`]);
        }
        seen.add(h.role);
        await deps.dashboards.get({ key: h.key }).catch(() => {
          throw new AppError(404, 'dashboards.notFound', [`items.${i}.key`]);
        });
      }
      await inTransaction(store.db, async (tx) => {
        await repo.replaceHomes(tx, items);
        await audit(tx, caller, 'dashboardHome.save', 'dashboard_home', 0, { items });
      });
      return { items: [...items] };
    },

    async mine(caller: AuthUser) {
      return chooseHome((await repo.homes()).map((h) => ({ role: h.role, key: h.dashboard_key })), caller.roles);
    },
  };
}

export type WallService = ReturnType<typeof createWallService>;
