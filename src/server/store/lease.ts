import pg from 'pg';

/** application_name of a lease's connection (told apart in pg_stat_activity). */
export const LEASE_APPLICATION = 'plantwatch-lease';

/** What a server does when it gets a lease and when it loses it. */
export interface LeaseHolder {
  /** Becomes the owner: restore the work's state from the store and start it. */
  take(): Promise<void> | void;
  /** No longer the owner: stop the work (another server does it now). */
  drop(): Promise<void> | void;
}

export interface LeaseStats {
  job: string;
  held: boolean;
  /** Held, and every holder has taken over (state restored): what the balancer's check reports. */
  ready: boolean;
  /** When this server took the lease (epoch ms); null while it does not hold it. */
  since: number | null;
  /** Times this server took the lease. */
  taken: number;
  /** How long the holders' `take` took the last time, ms (state restored from the store). */
  lastTakeMs: number | null;
}

/**
 * Work done once per plant, not once per server (alarm and fence engines,
 * escalation timers, retention): one server of a store holds its lease at a
 * time, the others stand by and serve calls. ARCHITECTURE.md §1, §10.
 */
export interface Lease {
  readonly job: string;
  /** Whether this server holds the lease now. */
  held(): boolean;
  /**
   * Adds a holder and brings it to the lease's present state (take when held,
   * drop otherwise; a holder's handlers must do nothing when already there).
   * Holders take in the order they were added and drop in reverse, one change
   * at a time: the alarm engine has restored its state before the fence
   * engine, which raises alarms through it, starts.
   */
  follow(h: LeaseHolder): Promise<void>;
  stats(): LeaseStats;
  /**
   * Gives the lease up (another server takes over within its retry period).
   * The holders are not called: close the work first (the server closes its
   * modules, then the lease).
   */
  close(): Promise<void>;
}

export interface LeaseLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** SQLite is one server's store: that server always holds the lease. */
export function soleLease(job: string): Lease {
  const holders: LeaseHolder[] = [];
  const since = Date.now();
  let closed = false;
  return {
    job,
    held: () => !closed,
    async follow(h) {
      holders.push(h);
      await h.take();
    },
    stats: () => ({ job, held: !closed, ready: !closed, since, taken: 1, lastTakeMs: null }),
    async close() {
      closed = true;
    },
  };
}

/**
 * A lease on PostgreSQL: `pg_try_advisory_lock` on a connection of its own,
 * kept open while the lease is held. A server that dies (kill -9, power) loses
 * the lease with its connection, which PostgreSQL ends when the socket closes;
 * a standby server tries again every `retryMs` and takes over. The holder
 * pings its connection at the same period: a connection that fails means the
 * lock is gone (PostgreSQL released it with the session), so the holder drops
 * its work at once rather than go on beside the new owner.
 *
 * The first try happens before this returns, so the first server of a store
 * starts as the owner without waiting.
 */
export async function openPgLease(opts: { databaseUrl: string; job: string; log: LeaseLog; retryMs?: number }): Promise<Lease> {
  const { job, log } = opts;
  const retryMs = opts.retryMs ?? 1000;
  const key = `plantwatch.lease.${job}`;
  const holders: LeaseHolder[] = [];
  let client: pg.Client | null = null;
  let held = false;
  let ready = false;
  let since: number | null = null;
  let taken = 0;
  let lastTakeMs: number | null = null;
  /** When this server last lost the lease with its connection: it lets the others try first for a while. */
  let lostAt = -Infinity;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  /** Changes (take, drop, follow) one at a time, in order. */
  let changes: Promise<void> = Promise.resolve();
  const enqueue = (fn: () => Promise<void>) => {
    const p = changes.then(fn);
    changes = p.catch((err: unknown) => log.error({ err, job }, 'lease: a holder failed'));
    return p;
  };

  const takeAll = () =>
    enqueue(async () => {
      if (!held || closed) {
        return;
      }
      const started = Date.now();
      for (const h of holders) {
        await h.take();
      }
      lastTakeMs = Date.now() - started;
      ready = held;
      log.info({ job, restoreMs: lastTakeMs }, 'lease: this server owns the work now');
    });
  const dropAll = () =>
    enqueue(async () => {
      for (const h of [...holders].reverse()) {
        await h.drop();
      }
    });

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) {
      return;
    }
    client = null;
    c.removeAllListeners('end');
    void c.end().catch(() => undefined);
    if (held) {
      held = false;
      ready = false;
      since = null;
      lostAt = Date.now();
      log.warn({ job, err: err?.message }, 'lease: connection lost; this server stops the work and stands by');
      void dropAll();
    }
  };

  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: opts.databaseUrl, application_name: LEASE_APPLICATION, query_timeout: Math.max(5000, retryMs * 3), keepAlive: true });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
    } catch (err) {
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
      throw err;
    }
    return c;
  };

  /** One round: the standby tries to take the lease; the holder checks its connection still lives. */
  const tick = async () => {
    try {
      if (!client) {
        client = await connect();
      }
      const c = client;
      if (held) {
        await c.query('select 1');
        return;
      }
      if (Date.now() - lostAt < retryMs * 3) {
        return; // its connection just failed: a standby with a working one should take the work first
      }
      const r = await c.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [key]);
      if (r.rows[0]?.ok && client === c && !closed) {
        held = true;
        since = Date.now();
        taken++;
        await takeAll();
      }
    } catch (err) {
      const c = client;
      if (c) {
        lost(c, err instanceof Error ? err : new Error(String(err)));
      }
    }
  };
  const schedule = () => {
    if (closed) {
      return;
    }
    timer = setTimeout(() => {
      timer = null;
      void tick().finally(schedule);
    }, retryMs);
    timer.unref();
  };

  await tick();
  schedule();
  log.info({ job, held }, held ? 'lease: taken at start' : 'lease: held by another server; standing by');

  return {
    job,
    held: () => held,
    follow(h) {
      return enqueue(async () => {
        holders.push(h);
        await (held && !closed ? h.take() : h.drop());
      });
    },
    stats: () => ({ job, held, ready, since, taken, lastTakeMs }),
    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      await changes;
      held = false;
      ready = false;
      since = null;
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('end');
        // Ending the session releases the lock.
        await c.end().catch(() => undefined);
      }
    },
  };
}

/** The lease of a store: PostgreSQL's advisory lock, or always held on SQLite (one server). */
export function openLease(opts: { databaseUrl?: string; job: string; log: LeaseLog; retryMs?: number }): Promise<Lease> {
  return opts.databaseUrl ? openPgLease({ ...opts, databaseUrl: opts.databaseUrl }) : Promise.resolve(soleLease(opts.job));
}
