/**
 * Headers every HTTP response of the server carries: Fastify's (app.ts) and
 * socket.io's own (handshake, long-polling), which Fastify never sees.
 * `connect-src 'self'`: the page talks to its own origin only, websockets
 * included (CSP Level 3 lets 'self' match ws:/wss: of the same host).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'same-origin',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self' data:; worker-src 'self' blob:; child-src 'self' blob:; connect-src 'self'",
};

/** Origins let through besides the server's own, each set by an administrator's configuration. */
export interface AllowedOrigins {
  /** The online base map's tiles (img-src, connect-src). */
  tile: string | null;
  /** Web pages that may be framed (frame-src; issue 22's allow-list). */
  frame: readonly string[];
  /** Camera streams (HLS: connect-src for the playlists and segments, media-src). */
  media: readonly string[];
}

/** The security headers with the configured origins added to their directives; exactly SECURITY_HEADERS when there are none. */
export function securityHeadersFor(o: AllowedOrigins): Readonly<Record<string, string>> {
  const base = securityHeadersWith(o.tile);
  if (o.frame.length === 0 && o.media.length === 0) {
    return base;
  }
  let csp = base['Content-Security-Policy'];
  if (o.media.length > 0) {
    const extra = o.media.join(' ');
    csp = csp.replace("media-src 'self' blob:", `media-src 'self' blob: ${extra}`).replace(/connect-src 'self'/, `connect-src 'self' ${extra}`);
  }
  if (o.frame.length > 0) {
    csp += `; frame-src 'self' blob: ${o.frame.join(' ')}`;
  }
  return { ...base, 'Content-Security-Policy': csp };
}

/**
 * The security headers with the origin of the online base map's tiles let
 * through (img-src and connect-src: MapLibre fetches raster tiles) while an
 * administrator has that preset on; otherwise exactly SECURITY_HEADERS.
 */
export function securityHeadersWith(tileOrigin: string | null): Readonly<Record<string, string>> {
  if (!tileOrigin) {
    return SECURITY_HEADERS;
  }
  const csp = SECURITY_HEADERS['Content-Security-Policy']
    .replace("img-src 'self' data: blob:", `img-src 'self' data: blob: ${tileOrigin}`)
    .replace("connect-src 'self'", `connect-src 'self' ${tileOrigin}`);
  return { ...SECURITY_HEADERS, 'Content-Security-Policy': csp };
}

/** The https origin of an XYZ tile URL template, or null when it has none. */
export function tileOriginOf(template: string): string | null {
  try {
    const u = new URL(template.replace(/\{[^}]*\}/g, '0'));
    return u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Responses that carry tokens are never stored by a browser or a proxy
 * (RFC 6749 §5.1: Cache-Control no-store, and Pragma no-cache for HTTP/1.0 caches).
 */
export const NO_STORE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
};

/** What this needs of engine.io's server (`io.engine`): its `headers` event, emitted before each handshake, polling and upgrade response is written. */
export interface EngineHeaders {
  on(event: 'headers', listener: (headers: Record<string, unknown>, req: unknown) => void): unknown;
}

/** Gives socket.io's HTTP responses the same security headers as the rest; call once with `io.engine`. */
export function secureEngineHeaders(engine: EngineHeaders): void {
  engine.on('headers', (headers) => {
    Object.assign(headers, SECURITY_HEADERS);
  });
}
