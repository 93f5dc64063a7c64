import { BehaviorSubject, type Observable } from 'rxjs';
import type { Socket } from 'socket.io-client';
import type { StreamCloseReason } from '../../shared/contracts/topics';
import { renewAccessToken } from '../app/api';
import { createStreamSocket, emitReauth, type StreamDataHandlers, type StreamSocket } from './stream-transport';

/**
 * The stream client's connection and its recovery policy: one socket per
 * session, the connection state (live, reconnecting, offline), reconnecting
 * after drops and refusals (token renewal, backoff, the browser's
 * online/offline events) and ending the session when the server ends it.
 * What a new connection means for subscriptions and values is told to the
 * client through `ConnectionHooks`.
 */

/**
 * live: connected and subscribed; reconnecting: connecting, or the
 * connection dropped less than OFFLINE_AFTER_MS ago and socket.io is
 * retrying; offline: signed out, refused, the browser is offline, or the
 * connection has been down longer than OFFLINE_AFTER_MS (retries go on).
 */
export type ConnectionState = 'live' | 'reconnecting' | 'offline';

export interface ConnectionStatus {
  state: ConnectionState;
  /** When this state began, epoch ms (client clock). */
  since: number;
}

/** After this long without a connection the state shows offline (socket.io keeps retrying). */
export const OFFLINE_AFTER_MS = 15_000;
const RETRY_MS = 5_000;
/** Backoff for a refused handshake whose token could not be renewed. */
const DENIED_RETRY_MS = [5_000, 15_000, 30_000, 60_000];

export interface ConnectionOptions {
  url?: string;
  token: () => string | null;
  onSessionEnded?: (reason: StreamCloseReason) => void;
}

/** What the client does at the turns of the connection, besides handling the server's data. */
export interface ConnectionHooks extends StreamDataHandlers {
  /** Connected to a new server-side session: it holds no subscriptions. Called before the state turns live. */
  sessionLost(): void;
  /** The state just turned live: send the pending subscription changes. */
  live(): void;
  /**
   * After `live`, on a reconnect that lost the server's state: missed values
   * are lost; `gapFrom` is when the connection dropped (null if unknown).
   */
  recover(gapFrom: number | null): void;
  /** `stop()` closed the socket: forget the server's state and every value (before the state turns offline). */
  stopped(): void;
}

export class StreamConnection {
  private socket: StreamSocket | null = null;
  private started = false;
  private everConnected = false;
  private disconnectedAt: number | null = null;
  private offlineTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private deniedAttempts = 0;

  private readonly status$ = new BehaviorSubject<ConnectionStatus>({ state: 'offline', since: Date.now() });

  /** Connection state; emits on every change, the current state first. */
  readonly connection$: Observable<ConnectionStatus> = this.status$.asObservable();

  constructor(
    private readonly opts: ConnectionOptions,
    private readonly hooks: ConnectionHooks,
  ) {}

  get status(): ConnectionStatus {
    return this.status$.getValue();
  }

  /** The socket when it is connected, else null. */
  connectedSocket(): StreamSocket | null {
    return this.socket?.connected ? this.socket : null;
  }

  /** Opens the connection if it is not open (called by every subscription and by the connection hook). */
  start(): void {
    if (this.started) {
      return;
    }
    this.started = true;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.handleOnline);
      window.addEventListener('offline', this.handleOffline);
    }
    this.connect();
  }

  /** Closes the connection (sign-out); the hooks forget the server's state and every value. */
  stop(): void {
    this.clearTimers();
    // A fresh socket for the next session: the next user must never resume this one's server-side state.
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.hooks.stopped();
    this.disconnectedAt = null;
    this.everConnected = false;
    this.setState('offline');
  }

  /** Connects with the session's current token; stays offline without one. */
  connect(): void {
    if (!this.started) {
      return;
    }
    if (!this.opts.token()) {
      this.setState('offline');
      return;
    }
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      this.setState('offline');
      return;
    }
    const socket = this.socket ?? this.createSocket();
    if (!socket.connected && !socket.active) {
      if (this.status.state !== 'offline' || this.disconnectedAt === null) {
        this.setState('reconnecting');
      }
      socket.connect();
    }
  }

  /**
   * Hands the open connection the session's renewed access token, so the
   * server keeps it open past the old token's expiry (it closes it otherwise).
   */
  reauthenticate(): void {
    const token = this.opts.token();
    const socket = this.socket;
    if (!token || !socket?.connected) {
      return;
    }
    emitReauth(socket, token, (ok) => {
      if (!ok) {
        // Refused (another session, or the token was revoked): a fresh handshake settles it.
        socket.disconnect();
        this.retryAfter(0);
      }
    });
  }

  private createSocket(): StreamSocket {
    const { hooks } = this;
    const socket = createStreamSocket(this.opts.url, this.opts.token, {
      connect: this.handleConnect,
      disconnect: this.handleDisconnect,
      connectError: this.handleConnectError,
      closed: (reason) => this.handleClosed(reason),
      batch: (channel, batch) => hooks.batch(channel, batch),
      heartbeat: (t) => hooks.heartbeat(t),
      resync: (channel) => hooks.resync(channel),
      denied: (topics) => hooks.denied(topics),
    });
    this.socket = socket;
    return socket;
  }

  private readonly handleConnect = () => {
    const socket = this.socket!;
    const gapFrom = this.disconnectedAt;
    this.disconnectedAt = null;
    this.deniedAttempts = 0;
    this.clearTimers();
    if (!socket.recovered) {
      // A new server-side session: it holds no subscriptions. Send them all again.
      this.hooks.sessionLost();
    }
    this.setState('live');
    this.hooks.live();
    if (!socket.recovered && this.everConnected) {
      this.hooks.recover(gapFrom);
    }
    this.everConnected = true;
  };

  private readonly handleDisconnect = (reason: Socket.DisconnectReason) => {
    this.disconnectedAt ??= Date.now();
    if (reason === 'io client disconnect') {
      return;
    }
    this.setState('reconnecting');
    this.armOfflineTimer();
    if (reason === 'io server disconnect') {
      // The server closed the session (e.g. the token was revoked): socket.io does not retry by itself.
      this.retryAfter(RETRY_MS);
    }
  };

  /**
   * The server ended the connection. An expired token: renew it and connect
   * again at once. An ended session (sign-out elsewhere, password changed,
   * account disabled): renewing fails, and the app ends the session here too.
   */
  private handleClosed(reason: StreamCloseReason) {
    void renewAccessToken().then(
      (ok) => {
        if (ok) {
          this.retryAfter(0);
        } else {
          this.opts.onSessionEnded?.(reason);
        }
      },
      () => this.opts.onSessionEnded?.(reason),
    );
  }

  private readonly handleConnectError = (err: Error) => {
    this.disconnectedAt ??= Date.now();
    const socket = this.socket;
    if (socket?.active) {
      // A transport failure: socket.io retries with its own backoff.
      if (this.status.state !== 'offline') {
        this.setState('reconnecting');
      }
      this.armOfflineTimer();
      return;
    }
    // The server's middleware refused the handshake: renew the token, then try again.
    this.armOfflineTimer();
    if (!this.opts.token()) {
      this.setState('offline');
      return;
    }
    const refused = /unauthori[sz]ed|jwt|token/i.test(err.message);
    if (!refused) {
      this.retryAfter(this.deniedBackoff());
      return;
    }
    void renewAccessToken().then(
      (ok) => {
        if (ok && this.deniedAttempts === 0) {
          this.deniedAttempts++;
          this.connect();
        } else {
          this.setState('offline');
          this.retryAfter(this.deniedBackoff());
        }
      },
      () => this.retryAfter(this.deniedBackoff()),
    );
  };

  private readonly handleOnline = () => {
    this.connect();
  };

  private readonly handleOffline = () => {
    this.setState('offline');
  };

  private deniedBackoff(): number {
    const ms = DENIED_RETRY_MS[Math.min(this.deniedAttempts, DENIED_RETRY_MS.length - 1)];
    this.deniedAttempts++;
    return ms;
  }

  private retryAfter(ms: number) {
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
    }
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, ms);
  }

  private armOfflineTimer() {
    if (this.offlineTimer) {
      return;
    }
    const since = this.disconnectedAt ?? Date.now();
    this.offlineTimer = setTimeout(
      () => {
        this.offlineTimer = null;
        if (!this.socket?.connected) {
          this.setState('offline');
        }
      },
      Math.max(0, since + OFFLINE_AFTER_MS - Date.now()),
    );
  }

  private clearTimers() {
    for (const timer of [this.offlineTimer, this.retryTimer]) {
      if (timer) {
        clearTimeout(timer);
      }
    }
    this.offlineTimer = null;
    this.retryTimer = null;
  }

  private setState(state: ConnectionState) {
    if (this.status.state !== state) {
      this.status$.next({ state, since: Date.now() });
    }
  }
}
