import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { idType, type Dialect } from './dialect.js';
import type { ModuleMigration } from '../../modules/module.js';

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
 * One open to-do per (user, kind, record): a partial unique index, so two
 * sweeps that open the same reminder at once leave one (`openTodo` inserts
 * with ON CONFLICT DO NOTHING). Duplicates opened before are closed first,
 * the oldest stays open.
 */
function todoOneOpen(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`UPDATE todo SET status = 1 WHERE status = 0 AND id NOT IN (
        SELECT MIN(id) FROM todo WHERE status = 0 GROUP BY userid, kind, ref)`.execute(db);
      await sql`CREATE UNIQUE INDEX todo_one_open ON todo (userid, kind, ref) WHERE status = 0`.execute(db);
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
 * Permission codes the areas have declared so far (`src/shared/modules.ts`).
 * A code seen for the first time goes to the built-in roles its area names,
 * once (`syncBaseData`); the codes of the modules that existed before this
 * table are marked seen, since their roles were granted at the first start.
 */
function permissionSeen(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('permission_seen')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('first_seen', 'bigint', (c) => c.notNull())
        .execute();
      const known = ['org:read', 'org:manage', 'system:config', 'audit:read', 'realtime:read', 'realtime:manage', 'positioning:read', 'alarm:ack', 'alarm:shelve', 'alarm:admin'];
      const roles = await sql<{ n: number | string }>`SELECT count(*) AS n FROM role`.execute(db);
      // On a new store (no roles yet) nothing is marked: the first start grants every code.
      if (Number(roles.rows[0]?.n ?? 0) > 0) {
        for (const code of known) {
          await sql`INSERT INTO permission_seen (code, first_seen) VALUES (${code}, ${Date.now()})`.execute(db);
        }
      }
    },
  };
}

/** Migrations of the platform's own tables (organisation, sessions, to-dos, tags, history). Never edit a landed one; add new ones named by time (`20261125T0930_name`). */
export const coreMigrations: Readonly<Record<string, ModuleMigration>> = {
  '0001_foundation': foundation,
  '0002_realtime_tags': realtimeTags,
  '0003_stream_history': streamHistory,
  '0004_region_geometry': () => regionGeometry(),
  '0010_history_chunks': historyChunks,
  '0020_password_reset': () => passwordReset(),
  '0021_todo_targets': () => todoTargets(),
  '0070_history_hours': historyHours,
  '0089_positioning_scoped_roles': () => positioningForScopedRoles(),
  '0092_history_hour_totals': historyHourTotals,
  '0093_tag_compression': () => tagCompression(),
  '20261125T0900_permission_seen': () => permissionSeen(),
  '20261126T1630_todo_one_open': () => todoOneOpen(),
};
