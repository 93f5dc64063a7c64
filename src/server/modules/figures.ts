import { dashboardFigures } from '../../shared/dashboards/contracts.js';
import { caller, type AuthUser, type HttpApp } from '../http/app.js';
import type { ServerModule, Started } from './module.js';

type Reader = (caller: AuthUser) => Promise<number | null>;

/**
 * The figures modules offer dashboards (issue 22): each declared in its area's
 * manifest (`figures`: label, unit, permission) and read by the code its server
 * module returns from start. A declared figure without a reader, or a reader
 * without a declaration, stops the start. `UAPI/Dashboard/Figures` answers
 * several at once, each checked against its own permission; a reader that
 * fails answers null for its key, not an error for the screen.
 */
export function registerFigures(http: HttpApp, started: readonly (readonly [ServerModule, Started<unknown>])[], onError: (err: unknown, key: string) => void): void {
  const readers = new Map<string, { permission: string; read: Reader }>();
  for (const [m, s] of started) {
    const declared = m.shared.figures ?? {};
    const provided = s.figures ?? {};
    for (const key of Object.keys(declared)) {
      if (!provided[key]) {
        throw new Error(`module ${m.name} declares figure ${key} but its start returns no reader for it`);
      }
      readers.set(key, { permission: declared[key].permission, read: provided[key] });
    }
    for (const key of Object.keys(provided)) {
      if (!declared[key]) {
        throw new Error(`module ${m.name} returns a reader for figure ${key}, which its manifest does not declare`);
      }
    }
  }
  http.route(dashboardFigures, async (input, ctx) => {
    const who = caller(ctx);
    type Value = { v: number | null; state: 'ok' | 'denied' | 'unknown' };
    const entries = await Promise.all(
      [...new Set(input.keys)].map(async (key): Promise<[string, Value]> => {
        const r = readers.get(key);
        if (!r) {
          return [key, { v: null, state: 'unknown' }];
        }
        if (!who.permissions.has(r.permission)) {
          return [key, { v: null, state: 'denied' }];
        }
        try {
          return [key, { v: await r.read(who), state: 'ok' }];
        } catch (err) {
          onError(err, key);
          return [key, { v: null, state: 'ok' }];
        }
      }),
    );
    return { values: Object.fromEntries(entries), serverTime: Date.now() };
  });
}
