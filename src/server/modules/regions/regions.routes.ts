import { tileOriginOf } from '../../http/security-headers.js';
import { createReadStream } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import {
  baseMapGet,
  baseMapSave,
  regionGeoJsonExport,
  regionGeoJsonImport,
  SITE_PLAN_IMAGE_PATH,
  SITE_PLAN_MAX_BYTES,
  SITE_PLAN_UPLOAD_PATH,
  sitePlanDelete,
  sitePlanGet,
  sitePlanPlace,
} from '../../../shared/regions/contracts.js';
import type { Config } from '../../config.js';
import { bearerToken, checkPermission, ok, type AuthUser, type HttpApp } from '../../http/app.js';
import type { Store } from '../../store/db.js';
import type { AuthPort } from '../auth/port.js';
import type { OrgPort } from '../org/port.js';
import { AppError, forbidden, unauthorized } from '../../http/errors.js';
import { createRegionMapService } from './regions.service.js';

/** The region pages: GeoJSON export and import, the site plan, the online base map (seed 2 §2.3). */
export function registerRegionRoutes({
  http,
  store,
  config,
  org,
  auth,
}: {
  http: HttpApp;
  store: Store;
  config: Config;
  org: OrgPort;
  auth: AuthPort;
}) {
  // UAPI/Region/HeadCount is served by the fences module: its fence engine counts heads for area.count too.
  const maps = createRegionMapService(store, config);

  http.route(regionGeoJsonExport, (_in, ctx) => org.exportRegions(ctx.user!));
  http.route(regionGeoJsonImport, (input, ctx) => org.importRegions(ctx.user!, input));

  http.route(sitePlanGet, () => maps.sitePlan());
  http.route(sitePlanPlace, (input, ctx) => maps.placeSitePlan(ctx.user!, input.points));
  http.route(sitePlanDelete, (_in, ctx) => maps.deleteSitePlan(ctx.user!));
  // The online base map (off by default) needs its tile host in the page's Content-Security-Policy while it is on.
  const applyBaseMap = (s: { enabled: boolean; tileUrl: string }) => http.allowMapTileOrigin(s.enabled ? tileOriginOf(s.tileUrl) : null);
  void maps.baseMap().then(applyBaseMap, () => undefined);
  http.route(baseMapGet, () => maps.baseMap());
  http.route(baseMapSave, async (input, ctx) => {
    const saved = await maps.saveBaseMap(ctx.user!, input);
    applyBaseMap(saved);
    return saved;
  });

  // The image travels as raw bytes, so these two are plain routes that check the token themselves.
  const userOf = async (req: FastifyRequest, permission: 'authenticated' | 'system:config'): Promise<AuthUser> => {
    const token = bearerToken(req);
    if (!token) {
      throw unauthorized();
    }
    const user = await auth.authenticate(token);
    checkPermission(permission, user);
    if (user.mustChangePassword) {
      throw forbidden('common.changePasswordFirst');
    }
    return user;
  };

  void http.app.register(async (scope) => {
    // Any declared type reaches the handler, which judges the bytes (PNG or JPEG) rather than the header.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SITE_PLAN_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.post(
      SITE_PLAN_UPLOAD_PATH,
      {
        config: { permission: 'system:config' },
        bodyLimit: SITE_PLAN_MAX_BYTES,
        // Refused before the body is read when the length is declared.
        onRequest: async (req) => {
          if (Number(req.headers['content-length'] ?? 0) > SITE_PLAN_MAX_BYTES) {
            throw new AppError(413, 'map.sitePlanTooLarge', ['file'], { mb: SITE_PLAN_MAX_BYTES / 1024 / 1024 });
          }
        },
      },
      async (req) => {
        const user = await userOf(req, 'system:config');
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return ok(await maps.uploadSitePlan(user, body));
      },
    );
  });

  http.app.get(SITE_PLAN_IMAGE_PATH, { config: { permission: 'authenticated' } }, async (req, reply) => {
    await userOf(req, 'authenticated');
    const file = await maps.sitePlanFile();
    if (!file) {
      throw new AppError(404, 'map.sitePlanMissing');
    }
    return reply.type(file.mime).header('Cache-Control', 'private, max-age=3600').send(createReadStream(file.path));
  });
}
