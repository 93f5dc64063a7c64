import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /** Ingest API keys; only the SHA-256 of the secret is kept. */
    ingest_key: {
      id: Generated<number>;
      name: string;
      key_hash: string;
      prefix: string;
      created_at: number;
      created_by: string;
      revoked_at: number | null;
    };
  }
}
