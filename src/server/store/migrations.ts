import { createHash } from 'node:crypto';
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** An auto-increment integer key in either dialect. */
function idType(dialect: Dialect) {
  return dialect === 'postgres' ? 'serial' : 'integer';
}

function foundation(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const id = idType(dialect);
      const pk = (name: string) => [name, id, (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement())] as const;
      await db.schema
        .createTable('company')
        .addColumn(...pk('id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('shortname', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .execute();
      await db.schema
        .createTable('dept')
        .addColumn(...pk('deptid'))
        .addColumn('parentdeptid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('deptname', 'text', (c) => c.notNull())
        .addColumn('deptname_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('deptcode', 'text', (c) => c.notNull().unique())
        .addColumn('c_id', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('region')
        .addColumn(...pk('regionid'))
        .addColumn('regionparentid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('regionname', 'text', (c) => c.notNull())
        .addColumn('regionname_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('regioncode', 'text', (c) => c.notNull().unique())
        .addColumn('c_id', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('post')
        .addColumn(...pk('postid'))
        .addColumn('postname', 'text', (c) => c.notNull())
        .addColumn('postname_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('deptid', 'integer', (c) => c.notNull())
        .addColumn('c_id', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('users')
        .addColumn(...pk('userid'))
        .addColumn('loginname', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('deptid', 'integer', (c) => c.notNull())
        .addColumn('postid', 'integer')
        .addColumn('c_id', 'integer', (c) => c.notNull())
        .addColumn('headimg', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_need_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('isolation_all', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('role')
        .addColumn(...pk('roleid'))
        .addColumn('rolecode', 'text', (c) => c.notNull().unique())
        .addColumn('rolename', 'text', (c) => c.notNull())
        .addColumn('rolename_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('user_role')
        .addColumn('userid', 'integer', (c) => c.notNull())
        .addColumn('roleid', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_role_pk', ['userid', 'roleid'])
        .execute();
      await db.schema
        .createTable('role_permission')
        .addColumn('roleid', 'integer', (c) => c.notNull())
        .addColumn('permission', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('role_permission_pk', ['roleid', 'permission'])
        .execute();
      await db.schema
        .createTable('menu')
        .addColumn(...pk('menuid'))
        .addColumn('parentid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('href', 'text', (c) => c.notNull().unique())
        .addColumn('parameter', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('skiptype', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('eightyEightType', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('role_menu')
        .addColumn('roleid', 'integer', (c) => c.notNull())
        .addColumn('menuid', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('role_menu_pk', ['roleid', 'menuid'])
        .execute();
      await db.schema
        .createTable('user_dept_scope')
        .addColumn('userid', 'integer', (c) => c.notNull())
        .addColumn('deptid', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_dept_scope_pk', ['userid', 'deptid'])
        .execute();
      await db.schema
        .createTable('user_region_scope')
        .addColumn('userid', 'integer', (c) => c.notNull())
        .addColumn('regionid', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_region_scope_pk', ['userid', 'regionid'])
        .execute();
      await db.schema
        .createTable('refresh_token')
        .addColumn(...pk('id'))
        .addColumn('userid', 'integer', (c) => c.notNull())
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('replaced_at', 'bigint')
        .execute();
      await db.schema.createIndex('refresh_token_family').on('refresh_token').column('family_id').execute();
      await db.schema
        .createTable('audit_log')
        .addColumn(...pk('id'))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('userid', 'integer')
        .addColumn('loginname', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      await db.schema
        .createTable('system_config')
        .addColumn('consttitle', 'text', (c) => c.primaryKey())
        .addColumn('constvalue', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('todo')
        .addColumn(...pk('id'))
        .addColumn('userid', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('href', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('todo_user').on('todo').columns(['userid', 'status']).execute();
      await db.schema
        .createTable('server_secret')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/** Tags (data items) and their classification tree, for the realtime module. */
function realtimeTags(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // PostgreSQL's `real` is 4-byte; limits such as 0.1 must read back exactly as written.
      const real = dialect === 'postgres' ? 'double precision' : 'real';
      await db.schema
        .createTable('tag')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('regionid', 'integer')
        .addColumn('hazard_source', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('range_lo', real, (c) => c.notNull().defaultTo(0))
        .addColumn('range_hi', real, (c) => c.notNull().defaultTo(100))
        .addColumn('ll', real)
        .addColumn('l', real)
        .addColumn('h', real)
        .addColumn('hh', real)
        .addColumn('deadband', real, (c) => c.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tag_region').on('tag').column('regionid').execute();
      await db.schema.createIndex('tag_device').on('tag').column('device').execute();
      await db.schema
        .createTable('tag_class')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('parentid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('tag_class_member')
        .addColumn('class_id', 'integer', (c) => c.notNull())
        .addColumn('tag_id', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('tag_class_member_pk', ['class_id', 'tag_id'])
        .execute();
      await db.schema.createIndex('tag_class_member_tag').on('tag_class_member').column('tag_id').execute();
    },
  };
}

/**
 * Time series of the live stream (append-only, written in batches, no primary
 * key so inserts touch only the (id, t) index) and the ingest keys.
 */
function streamHistory(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // PostgreSQL's `real` is 4-byte: 7 digits lose a longitude's metres and a pressure's decimals.
      const real = dialect === 'postgres' ? 'double precision' : 'real';
      await db.schema
        .createTable('sample')
        .addColumn('tag_id', 'text', (c) => c.notNull())
        .addColumn('t', 'bigint', (c) => c.notNull())
        .addColumn('v', real, (c) => c.notNull())
        .addColumn('q', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('sample_tag_t').on('sample').columns(['tag_id', 't']).execute();
      // 1-minute rollups of samples: a 30-day trend reads 43,200 rows per tag instead of millions.
      await db.schema
        .createTable('sample_1m')
        .addColumn('tag_id', 'text', (c) => c.notNull())
        .addColumn('m', 'bigint', (c) => c.notNull())
        .addColumn('vmin', real, (c) => c.notNull())
        .addColumn('vmax', real, (c) => c.notNull())
        .addColumn('vsum', real, (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('vlast', real, (c) => c.notNull())
        .addColumn('tlast', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('sample_1m_pk', ['tag_id', 'm'])
        .modifyEnd(dialect === 'sqlite' ? sql`without rowid` : sql``)
        .execute();
      await db.schema
        .createTable('position')
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('t', 'bigint', (c) => c.notNull())
        .addColumn('lon', real, (c) => c.notNull())
        .addColumn('lat', real, (c) => c.notNull())
        .addColumn('floor', 'integer')
        .addColumn('kind', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('position_target_t').on('position').columns(['target_id', 't']).execute();
      await db.schema
        .createTable('ingest_key')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('revoked_at', 'bigint')
        .execute();
    },
  };
}

/**
 * Regions become the plant's map (issue "live platform"): seed 2 §3 fields, a
 * kind, floors and a polygon (GeoJSON geometry, WGS-84, as text so both
 * dialects store it alike). Fences, head counts, risk colours and isolation
 * read them from here.
 */
function regionGeometry(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const text = (name: string, dflt: string) =>
        db.schema.alterTable('region').addColumn(name, 'text', (c) => c.notNull().defaultTo(dflt)).execute();
      await text('fullname', '');
      await text('fullcode', '');
      await text('pinyincode', '');
      await text('description', '');
      await text('nfccard', '');
      await db.schema.alterTable('region').addColumn('defaultexpand', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      /** JSON: [{ role, userids }] — the seed's responsible-person roles of a region. */
      await text('responsibles', '[]');
      await text('kind', 'area');
      /** JSON array of floor numbers; [] outdoors or single-level. */
      await text('floors', '[]');
      /** GeoJSON Polygon or MultiPolygon; null until drawn. */
      await db.schema.alterTable('region').addColumn('geometry', 'text').execute();
      await db.schema.alterTable('region').addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}

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

/**
 * Alarm occurrences (issue 9): one row per occurrence, from activation until
 * the alarm is back to normal (closed_at). At most one open occurrence per
 * alarm (partial unique index), so a restart or a second writer can never
 * open a duplicate. `fsm` is the ISA-18.2 state (src/shared/domain/alarm-state.ts)
 * as JSON. Built-in roles that exist already get the new alarm permissions.
 */
function alarms(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alarm_occurrence')
        .addColumn('id', idType(dialect), (c) => c.primaryKey())
        .addColumn('alarm_key', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('source_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('source_name_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('fsm', 'text', (c) => c.notNull())
        .addColumn('limit_value', 'double precision')
        .addColumn('value', 'double precision')
        .addColumn('peak', 'double precision')
        .addColumn('activated_at', 'bigint', (c) => c.notNull())
        .addColumn('acked_at', 'bigint')
        .addColumn('acked_by', 'text')
        .addColumn('ack_comment', 'text')
        .addColumn('returned_at', 'bigint')
        .addColumn('closed_at', 'bigint')
        .addColumn('shelved_until', 'bigint')
        .addColumn('shelved_by', 'text')
        .addColumn('shelve_reason', 'text')
        .addColumn('regionid', 'integer')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await sql`CREATE UNIQUE INDEX alarm_occurrence_open ON alarm_occurrence (alarm_key) WHERE closed_at IS NULL`.execute(db);
      await db.schema.createIndex('alarm_occurrence_activated').on('alarm_occurrence').columns(['activated_at']).execute();
      await db.schema.createIndex('alarm_occurrence_source').on('alarm_occurrence').columns(['source', 'activated_at']).execute();
      const grants: [string, string[]][] = [
        ['admin', ['alarm:ack', 'alarm:shelve', 'alarm:admin']],
        ['supervisor', ['alarm:ack', 'alarm:shelve', 'alarm:admin']],
        ['operator', ['alarm:ack', 'alarm:shelve']],
      ];
      for (const [rolecode, permissions] of grants) {
        for (const permission of permissions) {
          await sql`INSERT INTO role_permission (roleid, permission) SELECT roleid, ${permission} FROM role WHERE rolecode = ${rolecode}`.execute(db);
        }
      }
    },
  };
}

/** What another module adds to the alarms it raises (the person and rule of a positioning alarm), as JSON. */
/** Alarm settings per tag and alarm type: priority, delays, enabled, rationalisation (issue 9 part 1). */
function alarmSetting(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alarm_setting')
        .addColumn('tag_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('on_delay_s', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('off_delay_s', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('cause', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('consequence', 'text')
        .addColumn('corrective_action', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('response_time', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('alarm_setting_pk', ['tag_id', 'type'])
        .execute();
    },
  };
}
/**
 * Out of service per alarm, not per occurrence (issue 9): the alarm setting
 * holds since when, by whom and why an alarm is out of service, so an
 * activation while it is opens out of service instead of being annunciated.
 */
function alarmOutOfService(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('alarm_setting').addColumn('oos_since', 'bigint').execute();
      await db.schema.alterTable('alarm_setting').addColumn('oos_by', 'text').execute();
      await db.schema.alterTable('alarm_setting').addColumn('oos_reason', 'text').execute();
    },
  };
}
/** Plant mode per region: out of operation suppresses its tags' alarms by design (issue 9 part 2). */
function plantMode(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('plant_mode')
        .addColumn('regionid', 'integer', (c) => c.primaryKey())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
function alarmDetail(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('alarm_occurrence').addColumn('detail', 'text').execute();
      await db.schema.createIndex('alarm_occurrence_type').on('alarm_occurrence').columns(['type', 'activated_at']).execute();
    },
  };
}

/**
 * Map settings of the plant (issue 6 part 4): the uploaded site plan (file name,
 * size, control points, fit) and the online base map preset, one JSON value per key.
 */
function mapSetting(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('map_setting')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}

/**
 * Chunked history (issue 8): per tag (per person or vehicle) and time window,
 * one row holding the window's samples encoded by src/server/history/codec.ts,
 * and for samples the window's minute rollups encoded the same way. The row
 * tables of 0003 stay for stores upgraded from them until their rows are
 * moved into chunks (src/server/history/upgrade.ts).
 */
function historyChunks(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const blob = dialect === 'postgres' ? 'bytea' : 'blob';
      await db.schema
        .createTable('sample_chunk')
        .addColumn('tag_id', 'text', (c) => c.notNull())
        .addColumn('w', 'bigint', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('data', blob, (c) => c.notNull())
        .addColumn('rollup', blob, (c) => c.notNull())
        .addPrimaryKeyConstraint('sample_chunk_pk', ['tag_id', 'w'])
        .modifyEnd(dialect === 'sqlite' ? sql`without rowid` : sql``)
        .execute();
      await db.schema
        .createTable('position_chunk')
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('w', 'bigint', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('data', blob, (c) => c.notNull())
        .addPrimaryKeyConstraint('position_chunk_pk', ['target_id', 'w'])
        .modifyEnd(dialect === 'sqlite' ? sql`without rowid` : sql``)
        .execute();
    },
  };
}

/**
 * The record engine (issue 7): ledgers stored as JSON documents with the
 * common fields (department, region, status, times) in indexed columns, so a
 * ledger defined at run time needs no migration. Unique rules live in their
 * own table (a primary key guards them across concurrent saves).
 */
function recordEngine(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const id = idType(dialect);
      const pk = (name: string) => [name, id, (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement())] as const;
      const doc = dialect === 'postgres' ? 'jsonb' : 'text';
      await db.schema
        .createTable('record_definition')
        .addColumn('entity', 'text', (c) => c.primaryKey())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('doc', doc, (c) => c.notNull())
        .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('record')
        .addColumn(...pk('id'))
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('deptid', 'integer')
        .addColumn('regionid', 'integer')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('creator_id', 'integer')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('doc', doc, (c) => c.notNull())
        .execute();
      for (const col of ['updated_at', 'created_at', 'status', 'deptid', 'regionid']) {
        await db.schema.createIndex(`record_entity_${col}`).on('record').columns(['entity', col, 'id']).execute();
      }
      await db.schema
        .createTable('record_unique')
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('record_unique_pk', ['entity', 'field', 'value'])
        .execute();
      await db.schema.createIndex('record_unique_record').on('record_unique').column('record_id').execute();
      await db.schema
        .createTable('record_step')
        .addColumn(...pk('id'))
        .addColumn('record_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('userid', 'integer')
        .addColumn('loginname', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('from_status', 'integer', (c) => c.notNull())
        .addColumn('to_status', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('signature', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('record_step_record').on('record_step').columns(['record_id', 'at']).execute();
      await db.schema
        .createTable('record_file')
        .addColumn(...pk('id'))
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('thumb', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('uploaded_by', 'integer', (c) => c.notNull())
        .addColumn('record_id', 'integer')
        .execute();
      await db.schema.createIndex('record_file_record').on('record_file').column('record_id').execute();
      // A to-do's `ref` (`record:<id>`, added by 0021) closes it when the record leaves the waiting step.
      await db.schema.createIndex('todo_ref').on('todo').columns(['ref', 'status']).execute();
    },
  };
}

/** One-time, expiring password-reset links issued by an administrator (issue 11). */
function passwordReset(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('password_reset')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('userid', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('password_reset_user').on('password_reset').column('userid').execute();
    },
  };
}

/** To-dos that lead somewhere (issue 11): kind and record they are about, title as a message code. */
function todoTargets(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const text = (name: string, dflt: string) => db.schema.alterTable('todo').addColumn(name, 'text', (c) => c.notNull().defaultTo(dflt)).execute();
      await text('kind', '');
      await text('ref', '');
      await text('title_code', '');
      await text('title_params', '{}');
      await db.schema.createIndex('todo_kind_ref').on('todo').columns(['kind', 'ref', 'status']).execute();
    },
  };
}

/**
 * Alarm notifications and escalation (issue 9 part 8). Webhooks with their
 * notification rule (priorities, regions, alarm types; JSON arrays, empty =
 * any) and bound users; a durable outbox of deliveries (one per webhook,
 * occurrence and event, so an event heard twice or after a restart is sent
 * once) with every try logged; escalation levels and the escalations done
 * (one per occurrence and level).
 */
function alarmNotify(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const id = idType(dialect);
      const key = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
      const jsonList = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('[]');
      await db.schema
        .createTable('alarm_webhook')
        .addColumn('id', id, key)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('template', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull().defaultTo('zh'))
        .addColumn('secret', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('priorities', 'text', jsonList)
        .addColumn('regionids', 'text', jsonList)
        .addColumn('types', 'text', jsonList)
        .addColumn('userids', 'text', jsonList)
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('alarm_delivery')
        .addColumn('id', id, key)
        .addColumn('webhook_id', 'integer', (c) => c.notNull())
        .addColumn('occurrence_id', 'integer', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('regionid', 'integer')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('done_at', 'bigint')
        .execute();
      await db.schema.createIndex('alarm_delivery_once').unique().on('alarm_delivery').columns(['webhook_id', 'occurrence_id', 'event', 'level']).execute();
      await db.schema.createIndex('alarm_delivery_due').on('alarm_delivery').columns(['status', 'next_at']).execute();
      await db.schema
        .createTable('alarm_delivery_try')
        .addColumn('id', id, key)
        .addColumn('delivery_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('ok', 'integer', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alarm_delivery_try_delivery').on('alarm_delivery_try').columns(['delivery_id', 'at']).execute();
      await db.schema
        .createTable('alarm_escalation_level')
        .addColumn('id', id, key)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addColumn('minutes', 'double precision', (c) => c.notNull())
        .addColumn('webhook_ids', 'text', jsonList)
        .addColumn('userids', 'text', jsonList)
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('alarm_escalation')
        .addColumn('occurrence_id', 'integer', (c) => c.notNull())
        .addColumn('level_id', 'integer', (c) => c.notNull())
        .addColumn('level_name', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('alarm_escalation_pk', ['occurrence_id', 'level_id'])
        .execute();
    },
  };
}

/**
 * Electronic fences and muster (issue 10): one rule per region (its JSON, the
 * shape of contracts/fences.ts), and the musters (emergency head counts) with
 * who or what started and ended them.
 */
function fencesAndMuster(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('fence_rule')
        .addColumn('regionid', 'integer', (c) => c.primaryKey())
        .addColumn('doc', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('muster')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('started_by', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        .addColumn('ended_by', 'text')
        .execute();
    },
  };
}

/**
 * One muster at a time (issue 10): a muster may be started by an alarm rule on
 * any node as well as by an administrator, so the store, not a read before the
 * insert, keeps a second one from opening.
 */
function musterOneOpen(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`CREATE UNIQUE INDEX muster_one_open ON muster ((1)) WHERE ended_at IS NULL`.execute(db);
    },
  };
}

/**
 * SOS buttons raise one alarm (issue 10): the fence engine raises SOS with the person and
 * region; the demo's SOS tags also had HH at 1, so every press raised a second, tag alarm.
 * Stores seeded before lose that limit (an operator who set another limit keeps it).
 */
function sosOneAlarm(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`UPDATE tag SET hh = NULL WHERE id LIKE 'person.%.sos' AND kind = 'discrete' AND hh = 1 AND h IS NULL`.execute(db);
    },
  };
}

/**
 * The region-scoped built-in roles (operator, inspector) see positions in their own regions
 * (issue 10): positioning:read and the read-only positioning pages for stores seeded before.
 * Isolation by region applies on every call and topic, as for everyone else. A grant that is
 * there already (an administrator's) is left alone.
 */
function positioningForScopedRoles(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const rolecode of ['operator', 'inspector']) {
        await sql`INSERT INTO role_permission (roleid, permission) SELECT roleid, 'positioning:read' FROM role r WHERE rolecode = ${rolecode}
          AND NOT EXISTS (SELECT 1 FROM role_permission p WHERE p.roleid = r.roleid AND p.permission = 'positioning:read')`.execute(db);
        for (const href of ['/No.88/PersonnelManagementSystem', '/PersonnelPositioning', '/ResearchersTrack', '/PositionManagement', '/VehicleTrajectory', '/PersonnelPositioning/replay', '/StatisticsReport']) {
          await sql`INSERT INTO role_menu (roleid, menuid) SELECT r.roleid, m.menuid FROM role r, menu m WHERE r.rolecode = ${rolecode} AND m.href = ${href}
            AND NOT EXISTS (SELECT 1 FROM role_menu x WHERE x.roleid = r.roleid AND x.menuid = m.menuid)`.execute(db);
        }
      }
    },
  };
}

/**
 * Hour rows of chunked history (issue 8): per tag and hour, the minute rollups
 * of that hour's chunks in one encoded row, so a 30-day trend reads 720 rows
 * per tag instead of 4,320 chunk rows. Written with the chunks, in the same
 * transaction; hours without a row are read from the chunks.
 */
function historyHours(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sample_hour')
        .addColumn('tag_id', 'text', (c) => c.notNull())
        .addColumn('h', 'bigint', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('rollup', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addPrimaryKeyConstraint('sample_hour_pk', ['tag_id', 'h'])
        .modifyEnd(dialect === 'sqlite' ? sql`without rowid` : sql``)
        .execute();
    },
  };
}

/**
 * Control systems that feed alarms (issue 9 part 5): name, type, the link they
 * send through and the tag id patterns they own; regions (JSON array) scope who
 * sees them. Counts and link status are computed, not stored.
 */
function controlSystems(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('control_system')
        .addColumn('id', idType(dialect), (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('ingest_key', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('mqtt_topic', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('tag_patterns', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('regionids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * Hour totals (issue 8): each hour row also holds the hour as one rollup
 * entry, so a trend whose buckets hold whole hours reads one entry per hour.
 * Rows written before are read through their minute rollups (null total).
 */
function historyHourTotals(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sample_hour')
        .addColumn('total', dialect === 'postgres' ? 'bytea' : 'blob')
        .execute();
    },
  };
}

/**
 * Compression deviation per tag (issue 8): null or 0 keeps every sample
 * (lossless); a positive value, in the tag's unit, lets the sealer keep only
 * the swinging-door points (src/server/history/swinging-door.ts).
 */
function tagCompression(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('tag').addColumn('comp_dev', 'double precision').execute();
    },
  };
}

/**
 * The record engine's data dictionary (issue 7): enumerations kept once and
 * named by ledger fields (`dictionary`), stored as a JSON document per code.
 */
function recordDictionary(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('record_dictionary')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('doc', dialect === 'postgres' ? 'jsonb' : 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * A safety sign's type becomes a link to the SafeSignType ledger (was free
 * text): each sign's text is matched to the type of that name (trimmed, case
 * not minded, Chinese or English name). A text no single type has creates no
 * type: it moves to `signTypeOld`, which detail, export and the column chooser
 * show, and the type is left empty, so the next save asks for one.
 * The version goes up, so a form opened before is refused, not overwritten.
 * The text index on the field (named by `SafeSign.signType`, the repository's
 * `ensureIndexes`) is dropped so the next start makes the numeric one.
 */
function safeSignTypeLink(dialect: Dialect): Migration {
  const docOf = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d) as Record<string, unknown>;
  const norm = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
  return {
    async up(db: Kysely<unknown>) {
      const types = (await sql<{ id: number; doc: unknown }>`SELECT id, doc FROM record WHERE entity = 'SafeSignType'`.execute(db)).rows;
      const byName = new Map<string, number[]>();
      for (const t of types) {
        const doc = docOf(t.doc);
        for (const n of new Set([norm(doc.name), norm(doc.name_en)])) {
          if (n) {
            byName.set(n, [...(byName.get(n) ?? []), t.id]);
          }
        }
      }
      const signs = (await sql<{ id: number; doc: unknown }>`SELECT id, doc FROM record WHERE entity = 'SafeSign'`.execute(db)).rows;
      for (const s of signs) {
        const doc = docOf(s.doc);
        const text = doc.signType;
        if (typeof text !== 'string') {
          continue;
        }
        const hits = byName.get(norm(text)) ?? [];
        const next = hits.length === 1 ? { ...doc, signType: hits[0] } : { ...doc, signType: null, signTypeOld: text };
        await sql`UPDATE record SET doc = ${JSON.stringify(next)}, version = version + 1 WHERE id = ${s.id}`.execute(db);
      }
      const index = `record_doc_${createHash('sha1').update('SafeSign.signType').digest('hex').slice(0, 16)}`;
      await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
      if (dialect === 'sqlite') {
        await sql`DROP INDEX IF EXISTS ${sql.id(`record_cnt_${createHash('sha1').update('SafeSign.signType').digest('hex').slice(0, 16)}`)}`.execute(db);
      }
    },
  };
}

/** All migrations in order. Add new ones at the end; never edit a landed one. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    getMigrations: async () => ({
      '0001_foundation': foundation(dialect),
      '0002_realtime_tags': realtimeTags(dialect),
      '0003_stream_history': streamHistory(dialect),
      '0004_region_geometry': regionGeometry(),
      '0010_history_chunks': historyChunks(dialect),
      '0020_password_reset': passwordReset(),
      '0021_todo_targets': todoTargets(),
      '0030_auth_hardening': authHardening(),
      '0040_map_setting': mapSetting(),
      '0050_record_engine': recordEngine(dialect),
      '0060_alarms': alarms(dialect),
      '0065_alarm_detail': alarmDetail(),
      '0080_alarm_notify': alarmNotify(dialect),
      '0075_alarm_setting': alarmSetting(),
      '0076_plant_mode': plantMode(),
      '0085_fences_muster': fencesAndMuster(dialect),
      '0070_history_hours': historyHours(dialect),
      '0077_control_systems': controlSystems(dialect),
      '0091_muster_one_open': musterOneOpen(),
      '0092_history_hour_totals': historyHourTotals(dialect),
      '0093_tag_compression': tagCompression(),
      '0078_alarm_out_of_service': alarmOutOfService(),
      '0088_sos_one_alarm': sosOneAlarm(),
      '0089_positioning_scoped_roles': positioningForScopedRoles(),
      '0095_record_dictionary': recordDictionary(dialect),
      '0096_safe_sign_type_link': safeSignTypeLink(dialect),
    }),
  };
}
