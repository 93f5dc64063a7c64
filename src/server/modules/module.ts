import type { FastifyBaseLogger } from 'fastify';
import type { Migration } from 'kysely';
import type { SharedModule } from '../../shared/module.js';
import type { RecordDefinition } from '../../shared/records/definition.js';
import type { Config } from '../config.js';
import type { AuthUser, HttpApp } from '../http/app.js';
import type { Dialect } from '../store/migrations/dialect.js';
import type { Store } from '../store/db.js';
import type { Lease } from '../store/lease.js';
import type { Stream } from '../stream/stream.js';
import type { TagRegistry } from '../stream/tag-registry.js';
import type { RealtimeTagRegistry } from './realtime/tag-registry.js';

/*
 * A server module is its folder (ARCHITECTURE.md §9): `modules/<area>/index.ts`
 * exports one `defineModule({...})` naming its shared manifest (menus,
 * permissions, messages, audit actions, topics, events), its migrations, its
 * built-in ledgers, the ports (other modules' interfaces) it needs and the one
 * it provides, and how it starts. `modules/index.ts` lists the modules; the
 * composition root (`server.ts`) runs every migration in one order, starts the
 * modules in the order their ports require, and closes them in reverse.
 *
 * A module reaches another only through that module's `port.ts` (lint
 * enforces it): the interface it offers, and the token its `needs` names.
 */

/** A typed name for the interface a module offers others. */
export interface Port<T> {
  readonly name: string;
  /** Type carrier only; never set. */
  readonly type?: T;
}

export function definePort<T>(name: string): Port<T> {
  return { name };
}

export type PortTokens = Readonly<Record<string, Port<unknown>>>;
export type PortsOf<N extends PortTokens> = { readonly [K in keyof N]: N[K] extends Port<infer T> ? T : never };

/** A migration of a module; named by time (`20261125T0930_risk_tables`) so modules built side by side cannot collide. */
export type ModuleMigration = (dialect: Dialect) => Migration;

/** The platform every module stands on: the live core, the store, HTTP, configuration. */
export interface Platform {
  http: HttpApp;
  store: Store;
  config: Config;
  log: FastifyBaseLogger;
  /** Ingest, live cache, bus, topic registry, historian (the stream core, `server/stream`). */
  stream: Pick<Stream, 'ingest' | 'live' | 'bus' | 'topics' | 'history'>;
  /** The tag registry the stream checks samples against (the realtime one, unless a test swaps it). */
  tags: TagRegistry;
  /** The tag table in memory, made before the stream (it checks every sample against it); the realtime module keeps it in step. */
  tagRegistry: RealtimeTagRegistry;
  /**
   * The plant's lease (store/lease.ts): the work done once per plant, not once
   * per server (engines, timers that write), runs on the server holding it.
   * Always held on SQLite.
   */
  lease: Lease;
}

export interface ModuleContext<N extends PortTokens> extends Platform {
  /** The ports this module declared in `needs`, and nothing else. */
  ports: PortsOf<N>;
  /** Every module's built-in ledgers (the record engine registers them). */
  ledgers: readonly RecordDefinition[];
}

/** What `start` returns: the provided port, and the module's background work. */
export interface Started<P, X = unknown> {
  port?: P;
  /** What tests and benchmarks may reach of the module (`server.exposed(module)`); never other modules. */
  exposed?: X;
  /** Awaited before the server listens. */
  ready?: Promise<void>;
  /** Called in reverse start order when the server closes. */
  close?: () => Promise<void>;
  /** Counters of background work, for benches and diagnostics. */
  stats?: () => Record<string, number>;
  /** Readers of the figures the module's manifest declares (`shared.figures`): the caller's value, null when there is none. */
  figures?: Readonly<Record<string, (caller: AuthUser) => Promise<number | null>>>;
}

export interface ServerModule<N extends PortTokens = PortTokens, P = unknown, X = unknown> {
  name: string;
  shared: SharedModule;
  migrations?: Readonly<Record<string, ModuleMigration>>;
  ledgers?: readonly RecordDefinition[];
  needs?: N;
  provides?: Port<P>;
  start(ctx: ModuleContext<N>): Started<P, X> | Promise<Started<P, X>>;
}

/** Declares a server module; `needs` types `ctx.ports`, `provides` types the port `start` returns. */
export function defineModule<N extends PortTokens = Record<never, never>, P = never, X = undefined>(
  m: ServerModule<N, P, X>,
): ServerModule<N, P, X> {
  return m;
}

/**
 * The modules in an order where each comes after the providers of the ports
 * it needs. A port nobody provides, two providers of one port, or a cycle is a
 * wiring mistake and stops the start with its names.
 */
export function startOrder<M extends ServerModule>(modules: readonly M[]): M[] {
  const provider = new Map<string, M>();
  for (const m of modules) {
    if (m.provides) {
      const other = provider.get(m.provides.name);
      if (other) {
        throw new Error(`port ${m.provides.name} is provided by both ${other.name} and ${m.name}`);
      }
      provider.set(m.provides.name, m);
    }
  }
  const out: M[] = [];
  const state = new Map<M, 'visiting' | 'done'>();
  const visit = (m: M, path: string[]) => {
    const s = state.get(m);
    if (s === 'done') {
      return;
    }
    if (s === 'visiting') {
      throw new Error(`modules need each other in a cycle: ${[...path, m.name].join(' → ')}`);
    }
    state.set(m, 'visiting');
    for (const port of Object.values(m.needs ?? {})) {
      const p = provider.get(port.name);
      if (!p) {
        throw new Error(`module ${m.name} needs port ${port.name}, which no module provides`);
      }
      visit(p, [...path, m.name]);
    }
    state.set(m, 'done');
    out.push(m);
  };
  modules.forEach((m) => visit(m, []));
  return out;
}
