import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  alarmSettingFields,
  type AlarmSettingChange,
  type AlarmSettingFields,
  type AlarmSettingItem,
  type SettingAlarmType,
  type alarmSettingHistory,
  type alarmSettingImport,
  type alarmSettingList,
  type alarmSettingQuery,
  type alarmSettingSave,
} from '../../../shared/alarms/settings-contracts.js';
import type { AlarmPriority } from '../../../shared/alarms/contracts.js';
import { checkTagFields, limitKeys, type LimitKey, type TagFields, type TagItem } from '../../../shared/realtime/contracts.js';
import { fieldIssues } from '../../../shared/messages/zod-issues.js';
import { proposedPriority } from '../../../shared/domain/alarm-rationalisation.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, notFound } from '../../http/errors.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db, type Tx } from '../../store/db.js';
import type { Database } from '../../store/schema.js';
import type { RealtimePort as RealtimeService } from '../realtime/port.js';
import { settingId } from './alarm-row.js';
import type { ImportError, SettingImportRow } from './alarm-settings-import.js';
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
  /** Saves the rows read from a spreadsheet (see alarmSettingImport): all checked first, nothing saved from a file with errors unless `keepGood`. */
  importRows(
    caller: AuthUser,
    rows: SettingImportRow[],
    preErrors: ImportError[],
    opts: { keepGood: boolean; reason: string },
  ): Promise<z.output<typeof alarmSettingImport.output>>;
}

const analogTypes = ['hh', 'h', 'l', 'll'] as const;
const TAG_PAGE = 1000;
const AUDIT_ENTITY = 'alarmSetting';

/** Each field whose value differs, old → new (the history shows these). */
const changesOf = (prev: AlarmSettingFields, next: AlarmSettingFields): AlarmSettingChange['changes'] =>
  (Object.keys(next) as (keyof AlarmSettingFields)[])
    .filter((k) => prev[k] !== next[k])
    .map((k) => ({ field: k, from: prev[k], to: next[k] }));

function fieldsOf(r: SettingRow | undefined, type: SettingAlarmType): AlarmSettingFields {
  if (!r) {
    return {
      priority: defaultAlarmPriority[type] ?? 3,
      onDelayS: 0,
      offDelayS: 0,
      enabled: true,
      cause: '',
      consequence: null,
      correctiveAction: '',
      responseTime: null,
    };
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
const limitOf = (t: Pick<TagItem, LimitKey>, type: SettingAlarmType) => (type === 'discrete' ? (t.h ?? t.hh) : t[type]);
/** The tag field an alarm's limit is kept in: a discrete tag's in-alarm value sits in H (or HH when only that is set). */
const limitKeyOf = (t: Pick<TagItem, LimitKey>, type: SettingAlarmType): LimitKey =>
  type === 'discrete' ? (t.h === null && t.hh !== null ? 'hh' : 'h') : type;
const REASON_EXCEL_IMPORT = 'alarm.reasonExcelImport';

export function createAlarmSettingsService(deps: {
  db: Db;
  realtime: Pick<RealtimeService, 'tagList' | 'writeLimits'>;
  alarms: Pick<AlarmService, 'settingChanged'>;
}): AlarmSettingsService {
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
      const rows = await db
        .selectFrom('alarm_setting')
        .selectAll()
        .where('tag_id', 'in', tagIds.slice(i, i + 500))
        .execute();
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
    return tags.flatMap((t) =>
      typesOf(t)
        .filter((type) => input.type === undefined || type === input.type)
        .map((type) => itemOf(t, type, rows.get(settingId(t.id, type)))),
    );
  }

  /** The tag, if the caller may see it and it has an alarm of this type. */
  async function tagOf(caller: AuthUser, tagId: string, type: SettingAlarmType): Promise<TagItem> {
    const t = (await tagsOf(caller, { keyword: tagId })).find((x) => x.id === tagId);
    if (!t || !typesOf(t).includes(type)) {
      throw notFound('alarm.settingNotFound', { tagId, type });
    }
    return t;
  }

  /** Upserts one alarm's settings row. */
  function writeSetting(
    tx: Tx,
    tagId: string,
    type: SettingAlarmType,
    exists: boolean,
    next: AlarmSettingFields,
    t: number,
    by: string,
  ): Promise<SettingRow> {
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
      updated_by: by,
    };
    return exists
      ? tx
          .updateTable('alarm_setting')
          .set(values)
          .where('tag_id', '=', tagId)
          .where('type', '=', type)
          .returningAll()
          .executeTakeFirstOrThrow()
      : tx
          .insertInto('alarm_setting')
          .values({ tag_id: tagId, type, ...values })
          .returningAll()
          .executeTakeFirstOrThrow();
  }

  /** Hands a saved setting to the engine, which uses it from the next sample on. */
  function applySetting(tagId: string, type: SettingAlarmType, next: AlarmSettingFields): Promise<void> {
    return deps.alarms.settingChanged(tagId, type, {
      priority: next.priority as AlarmPriority,
      onDelayMs: next.onDelayS * 1000,
      offDelayMs: next.offDelayS * 1000,
      enabled: next.enabled,
    });
  }

  async function importRows(
    caller: AuthUser,
    rows: SettingImportRow[],
    preErrors: ImportError[],
    opts: { keepGood: boolean; reason: string },
  ) {
    const errors: ImportError[] = [...preErrors];
    const bad = new Set(errors.map((e) => e.row));
    const fail = (e: ImportError) => {
      errors.push(e);
      bad.add(e.row);
    };
    const tags = new Map((await tagsOf(caller, {})).map((t) => [t.id, t]));
    const current = await settingRows([...new Set(rows.map((r) => r.tagId))].filter((id) => tags.has(id)));
    const mayEditLimits = caller.permissions.has('realtime:manage');

    interface Checked {
      r: SettingImportRow;
      tag: TagItem;
      before: SettingRow | undefined;
      prev: AlarmSettingFields;
      next: AlarmSettingFields;
      limit: { key: LimitKey; from: number | null; to: number | null } | null;
    }
    const checked: Checked[] = [];
    const seen = new Map<string, number>();
    for (const r of rows) {
      const tag = tags.get(r.tagId);
      if (!tag) {
        fail({ row: r.row, field: 'tagId', code: 'alarm.importUnknownTag', params: { tagId: r.tagId } });
        continue;
      }
      if (!typesOf(tag).includes(r.type)) {
        fail({ row: r.row, field: 'type', code: 'alarm.importBadType', params: { value: r.type } });
        continue;
      }
      const id = settingId(r.tagId, r.type);
      const first = seen.get(id);
      if (first !== undefined) {
        fail({ row: r.row, field: 'tagId', code: 'alarm.importDuplicate', params: { row: first } });
        continue;
      }
      seen.set(id, r.row);
      const before = current.get(id);
      const prev = fieldsOf(before, r.type);
      const { limit, ...fields } = r.values;
      const parsed = alarmSettingFields.safeParse({ ...prev, ...fields }, { reportInput: true });
      if (!parsed.success) {
        fieldIssues(parsed.error.issues).forEach((i) => fail({ row: r.row, field: i.field, code: i.code, params: i.params }));
        continue;
      }
      let change: Checked['limit'] = null;
      if (limit !== undefined && limit !== limitOf(tag, r.type)) {
        if (!mayEditLimits) {
          fail({ row: r.row, field: 'limit', code: 'alarm.importLimitPermission' });
          continue;
        }
        change = { key: limitKeyOf(tag, r.type), from: limitOf(tag, r.type), to: limit };
      }
      checked.push({ r, tag, before, prev, next: parsed.data, limit: change });
    }

    // The new limits of a tag together: inside the instrument range and ordered LL ≤ L ≤ H ≤ HH (ISA-18.2).
    // A rejected row's limit is left out and the rest checked again, so the good rows saved never leave a tag out of order.
    const limitRows = (tagId: string) => checked.filter((c) => c.limit && c.r.tagId === tagId && !bad.has(c.r.row));
    for (const tagId of new Set(checked.filter((c) => c.limit).map((c) => c.r.tagId))) {
      for (;;) {
        const mine = limitRows(tagId);
        if (!mine.length) {
          break;
        }
        const merged = { ...mine[0].tag } as unknown as TagFields;
        mine.forEach((c) => (merged[c.limit!.key] = c.limit!.to));
        const issues: ImportError[] = [];
        checkTagFields(merged, (path, code, params) => {
          const at = mine.find((c) => c.limit!.key === path) ?? (limitKeys.includes(path as LimitKey) ? mine[0] : undefined);
          if (at) {
            issues.push({ row: at.r.row, field: 'limit', code, params });
          }
        });
        if (!issues.length) {
          break;
        }
        issues.forEach(fail);
      }
    }

    const good = checked.filter((c) => !bad.has(c.r.row));
    errors.sort((a, b) => a.row - b.row);
    if (!rows.length && !errors.length) {
      throw badRequest('alarm.importNoRows', ['upfile']);
    }
    if (errors.length && !opts.keepGood) {
      return { saved: 0, unchanged: 0, errors };
    }
    const reason = opts.reason ? { reason: opts.reason } : { reason: '', reasonCode: REASON_EXCEL_IMPORT };
    const t = Date.now();
    const changedSettings: Checked[] = [];
    let saved = 0;
    const afterCommit = await inTransaction(db, async (tx): Promise<() => void> => {
      for (const c of good) {
        const changes: AlarmSettingChange['changes'] = [
          ...(c.limit ? [{ field: 'limit', from: c.limit.from, to: c.limit.to }] : []),
          ...changesOf(c.prev, c.next),
        ];
        if (!changes.length) {
          continue;
        }
        saved++;
        if (changes.some((x) => x.field !== 'limit')) {
          await writeSetting(tx, c.r.tagId, c.r.type, c.before !== undefined, c.next, t, caller.loginname);
          changedSettings.push(c);
        }
        await audit(
          tx,
          { userid: caller.userid, loginname: caller.loginname },
          'alarmSetting.import',
          AUDIT_ENTITY,
          settingId(c.r.tagId, c.r.type),
          { ...reason, changes },
        );
      }
      const byTag = new Map<string, Partial<Record<LimitKey, number | null>>>();
      for (const c of good.filter((x) => x.limit)) {
        byTag.set(c.r.tagId, { ...byTag.get(c.r.tagId), [c.limit!.key]: c.limit!.to });
      }
      return byTag.size
        ? deps.realtime.writeLimits(
            tx,
            caller,
            [...byTag].map(([id, limits]) => ({ id, limits })),
          )
        : () => undefined;
    });
    afterCommit();
    for (const c of changedSettings) {
      await applySetting(c.r.tagId, c.r.type, c.next);
    }
    return { saved, unchanged: good.length - saved, errors };
  }

  return {
    all,
    importRows,
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
        const before = await tx
          .selectFrom('alarm_setting')
          .selectAll()
          .where('tag_id', '=', tagId)
          .where('type', '=', type)
          .executeTakeFirst();
        const prev = fieldsOf(before, type);
        const saved = await writeSetting(tx, tagId, type, before !== undefined, next, t, caller.loginname);
        const changes = changesOf(prev, next);
        await audit(tx, { userid: caller.userid, loginname: caller.loginname }, 'alarmSetting.save', AUDIT_ENTITY, settingId(tagId, type), {
          reason,
          changes,
        });
        return saved;
      });
      await applySetting(tagId, type, next);
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
          const d = JSON.parse(r.detail) as { reason?: string; reasonCode?: string; changes?: AlarmSettingChange['changes'] };
          return {
            at: r.at,
            loginname: r.loginname,
            reason: d.reason ?? '',
            ...(d.reasonCode ? { reasonCode: d.reasonCode } : {}),
            changes: d.changes ?? [],
          };
        }),
      };
    },
  };
}
