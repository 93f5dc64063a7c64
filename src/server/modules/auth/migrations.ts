import { type Kysely, type Migration } from 'kysely';
import type { ModuleMigration } from '../module.js';

/**
 * Sign-in state that must outlive a restart and be shared by every server on
 * the store (issue 6 part 5): nonces of accepted sign-in bodies, failed
 * sign-in attempts per account and address, and the encrypted successor of a
 * rotated refresh token (answered again to a refresh repeated within seconds).
 */
function authHardening(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_nonce')
        .addColumn('nonce', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_nonce_expires').on('login_nonce').column('expires_at').execute();
      await db.schema
        .createTable('login_attempt')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('attempt_id', 'text', (c) => c.notNull().unique())
        .execute();
      await db.schema.createIndex('login_attempt_key_at').on('login_attempt').columns(['key', 'at']).execute();
      await db.schema.alterTable('refresh_token').addColumn('successor', 'text').execute();
    },
  };
}

/** This module's migrations. Never edit a landed one; add new ones named by time (`20261125T0930_name`), so modules built side by side cannot collide. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '0030_auth_hardening': () => authHardening(),
};
