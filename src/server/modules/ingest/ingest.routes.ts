import type { FastifyReply, FastifyRequest } from 'fastify';
import { ingestKeyCreate, ingestKeyList, ingestKeyRevoke, ingestPositions, ingestSamples } from '../../../shared/contracts/stream.js';
import type { IngestResult } from '../../../shared/contracts/stream.js';
import type { Config } from '../../config.js';
import { bearerToken, fail, ok, requestLang, type HttpApp } from '../../http/app.js';
import { SHUTTING_DOWN } from '../../stream/ingest.js';
import type { Platform } from '../module.js';
import type { IngestKeyService } from './ingest.service.js';

/** Ingest bodies may be larger than ordinary calls: a gateway flushing a backlog sends many items at once. */
const INGEST_BODY_LIMIT = 8 * 1024 * 1024;

/** Seconds a gateway is asked to wait before sending again while the server stops (a restart takes a few). */
const RETRY_AFTER_S = 5;

/** Ingest keys and the HTTP ingest endpoints (`POST /ingest/v1/samples`, `…/positions`). */
export function registerIngestRoutes({
  http,
  config,
  keys,
  stream,
}: {
  http: HttpApp;
  config: Config;
  keys: IngestKeyService;
  stream: Platform['stream'];
}) {
  http.route(ingestKeyList, async () => {
    const items = await keys.list();
    return { items, total: items.length };
  });
  http.route(ingestKeyCreate, (input, ctx) => keys.create(ctx.user!, input.name));
  http.route(ingestKeyRevoke, (input, ctx) => keys.revoke(ctx.user!, input.id));

  // Devices authenticate with an ingest key, not a user's access token, so these
  // two calls are plain routes rather than `http.route` contracts.
  const handler = (run: (body: unknown, keyName: string) => Promise<IngestResult>) => async (req: FastifyRequest, reply: FastifyReply) => {
    const key = bearerToken(req);
    const keyName = key === null ? null : await keys.identify(key);
    if (keyName === null) {
      return reply.status(401).send(fail(401, requestLang(req), 'ingest.invalidKey'));
    }
    // Stopping: say no, so the gateway sends the batch again (to this server once back, or another one).
    if (!stream.ingest.accepting()) {
      return reply.status(503).header('Retry-After', String(RETRY_AFTER_S)).send(fail(503, requestLang(req), 'ingest.stopping'));
    }
    const result = await run(req.body, keyName);
    // Acknowledged means stored: 2xx only once the accepted items are in the journal (fdatasync) or committed.
    if (result.accepted > 0) {
      try {
        await stream.history.sync();
      } catch {
        return reply.status(503).send(fail(503, requestLang(req), 'history.notStored'));
      }
    }
    // The stop came while a large body was being taken in slices: what was taken is stored, the rest was refused;
    // say no, so the gateway sends the body again (samples and positions replace themselves, nothing is doubled).
    if (!stream.ingest.accepting() && (result.rejectedByReason[SHUTTING_DOWN] ?? 0) > 0) {
      return reply.status(503).header('Retry-After', String(RETRY_AFTER_S)).send(fail(503, requestLang(req), 'ingest.stopping'));
    }
    return ok(result);
  };
  const routeOpts = { config: { permission: 'public' as const }, bodyLimit: Math.max(config.bodyLimit, INGEST_BODY_LIMIT) };
  http.app.post(
    ingestSamples.path,
    routeOpts,
    handler((body, name) => stream.ingest.samplesSliced(body, 'http', { kind: 'key', name })),
  );
  http.app.post(
    ingestPositions.path,
    routeOpts,
    handler((body) => stream.ingest.positionsSliced(body, 'http')),
  );
}
