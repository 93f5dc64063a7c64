import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  alarmSettingFields,
  type AlarmSettingChange,
  type AlarmSettingFields,
  type AlarmSettingItem,
  type SettingAlarmType,
  type alarmSettingHistory,
  type alarmSettingList,
  type alarmSettingQuery,
  type alarmSettingSave,
} from '../../../shared/contracts/alarm-settings.js';
import type { AlarmPriority } from '../../../shared/contracts/alarms.js';
import type { TagItem } from '../../../shared/contracts/realtime.js';
import { proposedPriority } from '../../../shared/domain/alarm-rationalisation.js';
import type { AuthUser } from '../../http/app.js';
import { notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db } from '../../store/db.js';
import type { Database } from '../../store/schema.js';
import type { RealtimeService } from '../realtime/realtime.service.js';
import { settingId } from './alarm-row.js';
import { defaultAlarmPriority, type AlarmService } from './alarm.service.js';

type In<C extends { input: z.ZodType }> = z.output<C['input']>;
type SettingRow = Selectable<Database['alarm_setting']>;

/**
 * The alarm setting standard ledger (/alarmAduit/alarmSettings): one row per
 * tag and alarm type. Tags and their limits come from the realtime service
 * (with its data isolation), the settings from alarm_setting; a save is
 * audited in its transaction with the reason and each old → new value, and
 * then handed to the alarm engine, which uses it from the next sample on.
 */
export interface AlarmSettingsService {
  list(caller: AuthUser, input: In<typeof alarmSettingList>): Promise<{ items: AlarmSettingItem[]; total: number }>;
  /** Every row of the filtered ledger (Excel export). */
  all(caller: AuthUser, input: z.output<typeof alarmSettingQuery>): Promise<AlarmSettingItem[]>;
  save(caller: AuthUser, input: In<typeof alarmSettingSave>): Promise<AlarmSettingItem>;
  history(caller: AuthUser, input: In<typeof alarmSettingHistory>): Promise<{ list: AlarmSettingChange[] }>;
}

const analogTypes = ['hh', 'h', 'l', 'll'] as const;
const TAG_PAGE = 1000;
const AUDIT_ENTITY = 'alarmSetting';


function fieldsOf(r: SettingRow | undefined, type: SettingAlarmType): AlarmSettingFields {
  if (!r) {
    return { priority: defaultAlarmPriority[type] ?? 3, onDelayS: 0, offDelayS: 0, enabled: true, cause: '', consequence: null, correctiveAction: '', responseTime: null };
  }
  return alarmSettingFields.parse({
    priority: r.priority,
    onDelayS: r.on_delay_s,
    offDelayS: r.off_delay_s,
    enabled: r.enabled === 1,
    cause: r.cause,
    consequence: r.consequence,
    correctiveAction: r.corrective_action,
    responseTime: r.response_time,
  });
}

/** The alarm types a tag has rows for: a discrete tag one, an analog tag its four limits. */
const typesOf = (t: Pick<TagItem, 'kind'>): SettingAlarmType[] => (t.kind === 'discrete' ? ['discrete'] : [...analogTypes]);
const limitOf = (t: TagItem, type: SettingAlarmType) => (type === 'discrete' ? (t.h ?? t.hh) : t[type]);

export function createAlarmSettingsService(deps: { db: Db; realtime: Pick<RealtimeService, 'tagList'>; alarms: Pick<AlarmService, 'settingChanged'> }): AlarmSettingsService {
  const { db } = deps;

  /** The tags the caller may see that match the query, in the tag list's order. */
  async function tagsOf(caller: AuthUser, q: { keyword?: string; regionid?: number }): Promise<TagItem[]> {
    const out: TagItem[] = [];
    for (let page = 1; ; page++) {
      const r = await deps.realtime.tagList(caller, { page, pageSize: TAG_PAGE, keyword: q.keyword, regionid: q.regionid });
      out.push(...r.items);
      if (r.items.length < TAG_PAGE || out.length >= r.total) {
        return out;
      }
    }
  }

  async function settingRows(tagIds: string[]): Promise<Map<string, SettingRow>> {
    const out = new Map<string, SettingRow>();
    for (let i = 0; i < tagIds.length; i += 500) {
      const rows = await db.selectFrom('alarm_setting').selectAll().where('tag_id', 'in', tagIds.slice(i, i + 500)).execute();
      rows.forEach((r) => out.set(settingId(r.tag_id, r.type), r));
    }
    return out;
  }

  function itemOf(t: TagItem, type: SettingAlarmType, r: SettingRow | undefined): AlarmSettingItem {
    const f = fieldsOf(r, type);
    return {
      ...f,
      tagId: t.id,
      type,
      tagName: t.name,
      tagNameEn: t.name_en,
      unit: t.unit,
      regionid: t.regionid,
      limit: limitOf(t, type),
      deadband: t.deadband,
      proposedPriority: proposedPriority(f.consequence, f.responseTime),
      configured: r !== undefined,
      updatedAt: r?.updated_at ?? null,
      updatedBy: r?.updated_by ?? null,
      outOfService: r && r.oos_since !== null ? { since: r.oos_since, by: r.oos_by ?? '', reason: r.oos_reason ?? '' } : null,
    };
  }

  async function all(caller: AuthUser, input: z.output<typeof alarmSettingQuery>): Promise<AlarmSettingItem[]> {
    const tags = (await tagsOf(caller, input)).filter((t) => input.type === undefined || typesOf(t).includes(input.type));
    const rows = await settingRows(tags.map((t) => t.id));
    return tags.flatMap((t) => typesOf(t).filter((type) => input.type === undefined || type === input.type).map((type) => itemOf(t, type, rows.get(settingId(t.id, type)))));
  }

  /** The tag, if the caller may see it and it has an alarm of this type. */
  async function tagOf(caller: AuthUser, tagId: string, type: SettingAlarmType): Promise<TagItem> {
    const t = (await tagsOf(caller, { keyword: tagId })).find((x) => x.id === tagId);
    if (!t || !typesOf(t).includes(type)) {
      throw notFound('alarm.settingNotFound', { tagId, type });
    }
    return t;
  }

  return {
    all,
    async list(caller, input) {
      const rows = await all(caller, input);
      return { items: rows.slice((input.page - 1) * input.pageSize, input.page * input.pageSize), total: rows.length };
    },

    async save(caller, input) {
      const tag = await tagOf(caller, input.tagId, input.type);
      const { tagId, type, reason } = input;
      const next = alarmSettingFields.parse(input);
      const t = Date.now();
      const row = await inTransaction(db, async (tx) => {
        const before = await tx.selectFrom('alarm_setting').selectAll().where('tag_id', '=', tagId).where('type', '=', type).executeTakeFirst();
        const prev = fieldsOf(before, type);
        const values = {
          priority: next.priority,
          on_delay_s: next.onDelayS,
          off_delay_s: next.offDelayS,
          enabled: next.enabled ? 1 : 0,
          cause: next.cause,
          consequence: next.consequence,
          corrective_action: next.correctiveAction,
          response_time: next.responseTime,
          updated_at: t,
          updated_by: caller.loginname,
        };
        const saved = before
          ? await tx.updateTable('alarm_setting').set(values).where('tag_id', '=', tagId).where('type', '=', type).returningAll().executeTakeFirstOrThrow()
          : await tx.insertInto('alarm_setting').values({ tag_id: tagId, type, ...values }).returningAll().executeTakeFirstOrThrow();
        const changes = (Object.keys(next) as (keyof AlarmSettingFields)[])
          .filter((k) => prev[k] !== next[k])
          .map((k) => ({ field: k, from: prev[k], to: next[k] }));
        await audit(tx, { userid: caller.userid, loginname: caller.loginname }, 'alarmSetting.save', AUDIT_ENTITY, settingId(tagId, type), { reason, changes });
        return saved;
      });
      await deps.alarms.settingChanged(tagId, type, {
        priority: next.priority as AlarmPriority,
        onDelayMs: next.onDelayS * 1000,
        offDelayMs: next.offDelayS * 1000,
        enabled: next.enabled,
      });
      return itemOf(tag, type, row);
    },

    async history(caller, input) {
      await tagOf(caller, input.tagId, input.type);
      const rows = await db
        .selectFrom('audit_log')
        .select(['at', 'loginname', 'detail'])
        .where('entity', '=', AUDIT_ENTITY)
        .where('entity_id', '=', settingId(input.tagId, input.type))
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
      return {
        list: rows.map((r) => {
          const d = JSON.parse(r.detail) as { reason?: string; changes?: AlarmSettingChange['changes'] };
          return { at: r.at, loginname: r.loginname, reason: d.reason ?? '', changes: d.changes ?? [] };
        }),
      };
    },
  };
}
