import type { Generated } from 'kysely';

/* The tables of this module, added to the store's schema (`store/schema.ts`) by declaration merging. */
declare module '../../store/schema.js' {
  interface Database {
    /**
     * Public read-only links. The token is never stored: it is the HMAC of
     * `nonce` under the server's `public-link` secret, found by its SHA-256.
     */
    public_link: {
      id: Generated<number>;
      kind: string;
      /** JSON: what the link shows (`{ entity, id }` of a record, a module's own target). */
      target: string;
      title: string;
      token_hash: string;
      nonce: string;
      created_at: number;
      created_by: string;
      /** The link shows what this user may see when it is opened. */
      creator_id: number;
      expires_at: number;
      revoked_at: number | null;
      revoked_by: string | null;
      opens: Generated<number>;
      last_opened_at: number | null;
    };
  }
}
