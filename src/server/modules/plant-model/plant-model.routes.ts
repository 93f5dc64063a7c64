import type { FastifyRequest } from 'fastify';
import { PLANT_MODEL_UPLOAD_PATH, plantModelBindingSave, plantModelFile, plantModelGet, plantModelNodeCard, plantModelUploadDelete, plantModelUploadQuery } from '../../../shared/plant-model/contracts.js';
import { MAX_GLB_BYTES } from '../../../shared/plant-model/glb.js';
import { bearerToken, caller, checkPermission, ok, type AuthUser, type HttpApp } from '../../http/app.js';
import { AppError, forbidden, invalidInput, unauthorized } from '../../http/errors.js';
import { fieldIssues } from '../../../shared/messages/zod-issues.js';
import type { AuthPort } from '../auth/port.js';
import type { PlantModelService } from './plant-model.service.js';

export function registerPlantModelRoutes(http: HttpApp, svc: PlantModelService, auth: Pick<AuthPort, 'authenticate'>): void {
  http.route(plantModelGet, async (input, ctx) => svc.get(caller(ctx), input.model));
  http.route(plantModelBindingSave, async (input, ctx) => svc.saveBinding(caller(ctx), input));
  http.route(plantModelNodeCard, async (input, ctx) => svc.nodeCard(caller(ctx), input.model, input.node));
  http.route(plantModelUploadDelete, async (input, ctx) => svc.removeUpload(caller(ctx), input.model));
  http.route(plantModelFile, async (input, ctx) => {
    const f = await svc.file(input.model);
    // Private: the model shows the plant's layout; the hash in the address changes with every upload.
    await ctx.reply.type('model/gltf-binary').header('cache-control', 'private, max-age=86400').header('etag', `"${f.sha256}"`).send(f.data);
    return null;
  });

  // The GLB travels as the raw body (up to 30 MB), so this is a plain route that checks the token itself.
  const userOf = async (req: FastifyRequest): Promise<AuthUser> => {
    const token = bearerToken(req);
    if (!token) {
      throw unauthorized();
    }
    const user = await auth.authenticate(token);
    checkPermission(plantModelBindingSave.permission, user);
    if (user.mustChangePassword) {
      throw forbidden('common.changePasswordFirst');
    }
    return user;
  };
  void http.app.register(async (scope) => {
    // Any declared type reaches the handler, which judges the bytes (the GLB header) rather than the header.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_GLB_BYTES }, (_req, body, done) => done(null, body));
    scope.post(
      PLANT_MODEL_UPLOAD_PATH,
      {
        config: { permission: plantModelBindingSave.permission },
        bodyLimit: MAX_GLB_BYTES,
        // Refused before the body is read when the length is declared.
        onRequest: async (req) => {
          if (Number(req.headers['content-length'] ?? 0) > MAX_GLB_BYTES) {
            throw new AppError(413, 'plantModel.glb.tooLarge', ['file'], { mb: MAX_GLB_BYTES / 1024 / 1024 });
          }
        },
      },
      async (req) => {
        const user = await userOf(req);
        const query = plantModelUploadQuery.safeParse(req.query ?? {}, { reportInput: true });
        if (!query.success) {
          throw invalidInput(fieldIssues(query.error.issues));
        }
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return ok(await svc.upload(user, query.data, body));
      },
    );
  });
}
