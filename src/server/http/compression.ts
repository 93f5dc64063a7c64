import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go out as they are: compressing them gains nothing. */
export const COMPRESS_THRESHOLD = 1024;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|x-ndjson|csv)|image\/svg\+xml)/i;

/** The encoding to answer with: brotli when the client takes it, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) {
      continue;
    }
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (e: string) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/**
 * onSend hook: text answers (JSON envelopes, CSV, HTML) of some size go out as
 * brotli or gzip, as the client asks (issue 11). Streams and answers already
 * encoded (the build's precompressed assets) pass untouched.
 */
export function compressPayload(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
    return payload;
  }
  if (reply.getHeader('content-encoding') || req.method === 'HEAD') {
    return payload;
  }
  const type = String(reply.getHeader('content-type') ?? '');
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size < COMPRESS_THRESHOLD || !COMPRESSIBLE.test(type)) {
    return payload;
  }
  reply.header('vary', 'accept-encoding');
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (!encoding) {
    return payload;
  }
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } })
      : zlib.gzipSync(payload, { level: 6 });
  reply.header('content-encoding', encoding);
  reply.header('content-length', body.length);
  return body;
}
