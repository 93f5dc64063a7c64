import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import type { AuthUser } from '../../http/app.js';
import { notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import { createIngestRepository, type IngestKeyRow } from './ingest.repository.js';

/** Keys read `pwk_<32 random base64url characters>`; the prefix shown in lists is the first 12 characters. */
const KEY_PREFIX = 'pwk_';
const SHOWN_PREFIX_LENGTH = 12;
/** How long a verdict on a presented key is cached: ingestion must not hit the database per request. */
const CACHE_MS = 30_000;
const CACHE_MAX = 1000;
const ENV_KEY_NAME = 'INGEST_API_KEY';

const sha256 = (s: string) => createHash('sha256').update(s).digest();

export interface IngestKeyService {
  list(): Promise<IngestKeyRow[]>;
  /** Creates a key; the secret is in the answer only. */
  create(actor: AuthUser, name: string): Promise<IngestKeyRow & { key: string }>;
  revoke(actor: AuthUser, id: number): Promise<IngestKeyRow>;
  /** Whether a presented bearer key is valid (INGEST_API_KEY or an unrevoked stored key). */
  verify(key: string): Promise<boolean>;
  /** The name of a presented valid key (a control system names its gateway's key by it), null when invalid; INGEST_API_KEY is named `INGEST_API_KEY`. */
  identify(key: string): Promise<string | null>;
}

export function createIngestKeyService(store: Store, config: Config): IngestKeyService {
  const repo = createIngestRepository(store.db);
  const envKeyHash = config.ingestApiKey ? sha256(config.ingestApiKey) : null;
  const cache = new Map<string, { name: string | null; until: number }>();

  async function identify(key: string): Promise<string | null> {
    if (key.length > 256) {
      return null;
    }
    const digest = sha256(key);
    if (envKeyHash && timingSafeEqual(digest, envKeyHash)) {
      return ENV_KEY_NAME;
    }
    const hex = digest.toString('hex');
    const now = Date.now();
    const hit = cache.get(hex);
    if (hit && hit.until > now) {
      return hit.name;
    }
    const name = await repo.activeName(hex);
    if (cache.size >= CACHE_MAX) {
      cache.clear();
    }
    cache.set(hex, { name, until: now + CACHE_MS });
    return name;
  }

  return {
    list: () => repo.list(),

    async create(actor, name) {
      const key = KEY_PREFIX + randomBytes(24).toString('base64url');
      const row = await inTransaction(store.db, async (tx) => {
        const r = await repo.insert(tx, {
          name,
          // Keys are 192 random bits, so a fast hash is enough (no password stretching needed).
          key_hash: sha256(key).toString('hex'),
          prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
          created_at: Date.now(),
          created_by: actor.loginname,
        });
        await audit(tx, actor, 'ingest_key.create', 'ingest_key', r.id, { name, prefix: r.prefix });
        return r;
      });
      return { ...row, key };
    },

    async revoke(actor, id) {
      const row = await inTransaction(store.db, async (tx) => {
        const before = await repo.get(tx, id);
        if (!before) {
          throw notFound('ingest.keyNotFound');
        }
        if (before.revoked_at === null) {
          await repo.revoke(tx, id, Date.now());
          await audit(tx, actor, 'ingest_key.revoke', 'ingest_key', id, { name: before.name, prefix: before.prefix });
        }
        return (await repo.get(tx, id))!;
      });
      // A revoked key must stop working now on this node, not after the cache expires.
      cache.clear();
      return row;
    },

    async verify(key) {
      return (await identify(key)) !== null;
    },

    identify,
  };
}
