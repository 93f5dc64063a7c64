import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/server/config.js';
import { createServer, type PlantwatchServer } from '../../src/server/server.js';
import type { TagRegistry } from '../../src/server/stream/tag-registry.js';

export type TestDialect = 'sqlite' | 'postgres';

// One sign-in key pair for every test server of this process: generating RSA 2048 on each fresh store cost about
// 0.2 s of CPU per server started. A test that unsets it gets a key generated and kept in its store, as in production.
process.env.LOGIN_RSA_KEY ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** Dialects the store tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const dialects: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestServer {
  server: PlantwatchServer;
  url: string;
  config: Config;
  close(): Promise<void>;
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Where a test server keeps its data; `drop` removes it. */
export interface TestStore {
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh database of the given dialect: private in-memory SQLite (or, with
 * `file`, an SQLite file in a new temporary folder, which several servers can
 * open in turn and which the history writer thread writes to), or a new
 * PostgreSQL database dropped on close.
 */
export async function freshDatabase(dialect: TestDialect, opts: { file?: boolean } = {}): Promise<TestStore> {
  if (dialect === 'sqlite') {
    if (opts.file) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-test-'));
      return { dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
    }
    return { dataDir: ':memory:', drop: async () => {} };
  }
  const name = `pw_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir: ':memory:',
    drop: () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * Starts a real server on an ephemeral port on a fresh database, or on `store`
 * when given (then close() leaves it in place, so another server can open it:
 * a restart, or a second node). The store is empty (DEMO=0): a test makes what
 * it needs with the factories (helpers/factories.ts). `demo: true` seeds the
 * demo plant instead, for tests of the demo itself and for those not yet moved
 * to factories (issue 17 item 4: `grep -l "demo: true" -r tests` lists them).
 */
export async function startTestServer(
  opts: { dialect?: TestDialect; env?: Record<string, string>; tags?: TagRegistry; store?: TestStore; demo?: boolean } = {},
): Promise<TestServer> {
  const fresh = opts.store ?? (await freshDatabase(opts.dialect ?? 'sqlite'));
  const drop = opts.store ? async () => {} : () => fresh.drop();
  const config: Config = {
    // The simulator is off unless a test asks for it: it would only add load and nondeterminism.
    ...loadConfig({ DEMO: opts.demo ? '1' : '0', LOG_LEVEL: 'warn', SIMULATOR: '0', ...opts.env }),
    host: '127.0.0.1',
    port: 0,
    dataDir: fresh.dataDir,
    databaseUrl: fresh.databaseUrl,
    clientDir: opts.env?.CLIENT_DIR ?? '/nonexistent',
  };
  const server = await createServer(config, { tags: opts.tags });
  const url = await server.listen();
  return {
    server,
    url,
    config,
    async close() {
      await server.close();
      await drop();
    },
  };
}
