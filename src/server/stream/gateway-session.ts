import type { ChannelName, StreamCloseReason } from '../../shared/contracts/topics.js';
import type { Authenticate } from '../http/app.js';
import { toRegionScope, type ScopeOf } from './region-scope.js';
import { canWrite, type Delivery } from './gateway-delivery.js';
import type { Subscriptions } from './gateway-subscriptions.js';
import { socketsOf, type ChannelSub, type GatewayShared, type SocketState, type StreamSocket, type TopicSub } from './gateway-state.js';

/*
 * The gateway's sessions: a socket connects with an access token and is bound
 * to that sign-in. Sign-out, an ended session, expiry, a disabled account close
 * the socket; a change of rights or regions re-scopes it. A socket recovered by
 * socket.io takes its state back and has its topics re-checked.
 */

/** What the gateway needs to know of a user when rights change: null or no role means the account can no longer be used. */
export type AccessOf = (userid: number) => Promise<{ roles: string[]; permissions: string[] } | null>;

export interface SessionOptions {
  authenticate: Authenticate;
  scopeOf: ScopeOf;
  accessOf: AccessOf;
  heartbeatMs?: number;
}

export interface Sessions {
  /** Ends the sockets of these sessions (one, or every session of the user but `keep`). */
  endSessions: (userid: number, opts: { sessionId?: string; keep?: string }, reason: StreamCloseReason) => number;
  /** Re-reads rights and regions of these users' sockets (or of every socket) and re-checks their topics. */
  rescope: (userids: readonly number[] | 'all') => Promise<void>;
  /** Stops the heartbeat. */
  close: () => void;
}

/** Disconnect reasons after which socket.io may recover the session (socket.io's own list, client-initiated ones excluded). */
const RECOVERABLE = new Set(['transport error', 'transport close', 'forced close', 'ping timeout']);
/** Longest a timer may be set for (setTimeout's limit). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createSessions(shared: GatewayShared, opts: SessionOptions, subscriptions: Subscriptions, delivery: Delivery): Sessions {
  const { io, log } = shared;
  const { enqueue, applyChange, recheck } = subscriptions;
  const expiry = new WeakMap<StreamSocket, NodeJS.Timeout>();

  // The handshake carries the access token; the same check as every HTTP call.
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = auth?.token;
    if (typeof token !== 'string' || token === '') {
      next(new Error('unauthorized'));
      return;
    }
    opts
      .authenticate(token)
      .then(async (user) => {
        socket.data.user = user;
        socket.data.scope = toRegionScope(await opts.scopeOf(user.userid));
        next();
      })
      .catch(() => next(new Error('unauthorized')));
  });

  io.on('connection', (socket) => {
    const previous = socket.recovered ? socket.data.state : undefined;
    const state: SocketState = {
      user: socket.data.user!,
      scope: socket.data.scope!,
      topics: previous?.topics ?? new Map<string, TopicSub>(),
      channels: previous?.channels ?? new Map<ChannelName, ChannelSub>(),
    };
    socket.data.state = state;
    armExpiry(socket);
    if (previous) {
      // socket.io rejoined the old rooms and replayed the missed batches; take the
      // socket back into its groups, then re-check the subscriptions against the
      // (possibly changed) rights and regions.
      delivery.rejoin(socket);
      void enqueue(socket, () => recheck(socket)).catch((err: unknown) => log.error({ err }, 'stream: re-check after recovery failed'));
    }

    socket.on('stream.subscribe', (payload, ack) => {
      void enqueue(socket, () => applyChange(socket, payload, true)).then(
        (res) => typeof ack === 'function' && ack(res),
        (err: unknown) => {
          log.error({ err }, 'stream: subscribe failed');
          if (typeof ack === 'function') {
            ack({ ok: false, denied: [], error: 'internal error' });
          }
        },
      );
    });
    socket.on('stream.unsubscribe', (payload, ack) => {
      void enqueue(socket, () => applyChange(socket, payload, false)).then(
        (res) => typeof ack === 'function' && ack(res),
        (err: unknown) => {
          log.error({ err }, 'stream: unsubscribe failed');
          if (typeof ack === 'function') {
            ack({ ok: false, denied: [], error: 'internal error' });
          }
        },
      );
    });
    socket.on('stream.reauth', (payload, ack) => {
      const reply = (res: { ok: boolean; error?: string }) => typeof ack === 'function' && ack(res);
      const token = (payload as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') {
        reply({ ok: false, error: 'token missing' });
        return;
      }
      opts.authenticate(token).then(
        (user) => {
          // Only a token of the same sign-in may extend the connection; anything else is a new connection.
          if (user.userid !== state.user.userid || user.sessionId !== state.user.sessionId) {
            reply({ ok: false, error: 'another session' });
            return;
          }
          const rightsChanged = [...user.permissions].sort().join() !== [...state.user.permissions].sort().join();
          state.user = user;
          armExpiry(socket);
          reply({ ok: true });
          if (rightsChanged) {
            void enqueue(socket, () => recheck(socket)).catch((err: unknown) => log.error({ err }, 'stream: re-check after reauth failed'));
          }
        },
        () => reply({ ok: false, error: 'unauthorized' }),
      );
    });
    socket.on('disconnect', (reason) => {
      delivery.detach(socket, RECOVERABLE.has(reason));
      clearTimeout(expiry.get(socket));
    });
  });

  /** Closes the socket when its access token expires, unless `stream.reauth` brings a newer one first. */
  function armExpiry(socket: StreamSocket) {
    clearTimeout(expiry.get(socket));
    const at = socket.data.state?.user.expiresAt;
    if (at === undefined) {
      return;
    }
    const timer = setTimeout(() => close(socket, 'expired'), Math.min(MAX_TIMER_MS, Math.max(0, at - Date.now())));
    timer.unref();
    expiry.set(socket, timer);
  }

  function close(socket: StreamSocket, reason: StreamCloseReason) {
    if (socket.connected) {
      socket.emit('stream.closed', { reason });
      socket.disconnect(true);
    }
  }

  async function rescope(userids: readonly number[] | 'all') {
    const byUser = new Map<number, StreamSocket[]>();
    for (const s of socketsOf(io, userids)) {
      const id = s.data.state!.user.userid;
      byUser.set(id, [...(byUser.get(id) ?? []), s]);
    }
    for (const [userid, list] of byUser) {
      const [access, scope] = await Promise.all([opts.accessOf(userid), opts.scopeOf(userid)]);
      for (const s of list) {
        if (!access || access.roles.length === 0) {
          close(s, 'disabled');
          continue;
        }
        const state = s.data.state!;
        state.user = { ...state.user, roles: access.roles, permissions: new Set(access.permissions) };
        const next = toRegionScope(scope);
        state.scope = next;
        await enqueue(s, () => recheck(s));
      }
    }
  }

  // The server time every few seconds (shared/contracts/topics.ts: it keeps the client's recovery offset fresh and
  // gives it the clock skew); a socket busy with data is skipped, so the beat never adds to its backlog.
  const heartbeat = setInterval(() => {
    const busy: string[] = [];
    for (const s of io.of('/').sockets.values()) {
      if (!canWrite(s)) {
        busy.push(s.id);
      }
    }
    (busy.length > 0 ? io.except(busy) : io).emit('stream.heartbeat', { t: Date.now() });
  }, opts.heartbeatMs ?? 5000);
  heartbeat.unref();

  return {
    endSessions(userid, which, reason) {
      let n = 0;
      for (const s of socketsOf(io, [userid])) {
        const sid = s.data.state!.user.sessionId;
        const ends = which.sessionId !== undefined ? sid === which.sessionId : sid !== which.keep;
        if (ends) {
          close(s, reason);
          n++;
        }
      }
      return n;
    },
    rescope,
    close() {
      clearInterval(heartbeat);
    },
  };
}
