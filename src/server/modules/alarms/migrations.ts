import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { idType, type Dialect } from '../../store/migrations/dialect.js';
import type { ModuleMigration } from '../module.js';

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
          await sql`INSERT INTO role_permission (roleid, permission) SELECT roleid, ${permission} FROM role WHERE rolecode = ${rolecode}`.execute(
            db,
          );
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
      await db.schema
        .createIndex('alarm_delivery_once')
        .unique()
        .on('alarm_delivery')
        .columns(['webhook_id', 'occurrence_id', 'event', 'level'])
        .execute();
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

/** This module's migrations. Never edit a landed one; add new ones named by time (`20261125T0930_name`), so modules built side by side cannot collide. */
export const migrations: Readonly<Record<string, ModuleMigration>> = {
  '0060_alarms': alarms,
  '0065_alarm_detail': () => alarmDetail(),
  '0075_alarm_setting': () => alarmSetting(),
  '0076_plant_mode': () => plantMode(),
  '0077_control_systems': controlSystems,
  '0078_alarm_out_of_service': () => alarmOutOfService(),
  '0080_alarm_notify': alarmNotify,
  '0088_sos_one_alarm': () => sosOneAlarm(),
};
