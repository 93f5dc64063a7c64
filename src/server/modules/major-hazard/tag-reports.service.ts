import type { z } from 'zod';
import {
  duePeriods,
  reportBucketMs,
  reportPeriodOf,
  retryDelayMs,
  tagFigures,
  type ReportPeriod,
  type ReportSchedule,
} from '../../../shared/domain/tag-report.js';
import type {
  ReportSettingItem,
  TagReportItem,
  TagReportRow,
  reportList,
  reportSettingSave,
} from '../../../shared/major-hazard/report-contracts.js';
import type { AuthUser } from '../../http/app.js';
import { badRequest, notFound } from '../../http/errors.js';
import { querySampleHistory, type HistoryReader } from '../../history/query.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Db } from '../../store/db.js';
import type { AlarmsPort } from '../alarms/port.js';
import type { OrgPort } from '../org/port.js';
import type { RealtimePort, RealtimeTagRegistry } from '../realtime/port.js';
import { createTagReportRepository, type DeliveryRow, type ReportRowRecord, type ReportSettingRow } from './tag-reports.repository.js';

/*
 * Scheduled tag reports (issue 20 §7, /dataAnalysis/reportSetting). Each
 * definition names tags and a schedule; every whole period gets one report
 * computed from the historian's minute rollups (querySampleHistory reads the
 * rollups kept with each sealed chunk and hour, never the raw samples, for
 * buckets of a minute or more), kept under the unique key (definition,
 * period start): a second run, a restart or a second server inserts nothing
 * twice, and a restart catches up the periods that fell due while it was
 * down. A definition with a webhook gets a delivery row in the report's
 * transaction; the pump POSTs the report's JSON and keeps retrying a failure
 * (30 s doubling to an hour) until the endpoint answers 2xx.
 *
 * The tick and the pump run on the server holding the plant's lease only.
 */

type SaveInput = z.output<(typeof reportSettingSave)['input']>;
type ListInput = z.output<(typeof reportList)['input']>;

interface ReportBody {
  name: string;
  schedule: ReportSchedule;
  bucketMs: number;
  rows: TagReportRow[];
}

export interface TagReportDeps {
  db: Db;
  history: HistoryReader['historian'];
  registry: Pick<RealtimeTagRegistry, 'get'>;
  realtime: Pick<RealtimePort, 'tagList' | 'history'>;
  alarms: Pick<AlarmsPort, 'historyPages'>;
  org: Pick<OrgPort, 'getAccess' | 'getUserScope'>;
  /** POSTs a delivery (tests swap it); default fetch with a 10 s timeout. */
  post?: (url: string, body: string) => Promise<{ status: number }>;
  now?: () => number;
}

export interface TagReports {
  list(caller: AuthUser): Promise<ReportSettingItem[]>;
  save(caller: AuthUser, input: SaveInput): Promise<ReportSettingItem>;
  remove(caller: AuthUser, id: number): Promise<void>;
  /** The report of the last whole period before `at` (or of the period containing `at` once it has ended), made unless kept. */
  generateNow(caller: AuthUser, settingId: number, at?: number): Promise<{ item: TagReportItem; created: boolean }>;
  reports(caller: AuthUser, input: ListInput): Promise<{ items: TagReportItem[]; total: number }>;
  report(caller: AuthUser, id: number): Promise<TagReportItem>;
  retry(caller: AuthUser, id: number): Promise<TagReportItem>;
  /** Generates every due period of every enabled definition; answers how many reports were made. */
  tick(at?: number): Promise<number>;
  /** Sends the deliveries whose time has come; answers how many were sent. */
  deliver(at?: number): Promise<number>;
  /** One report computed (not kept), for the benchmark. */
  compute(settingId: number, period: ReportPeriod): Promise<TagReportRow[]>;
}

const MAX_CATCH_UP = 100;

async function defaultPost(url: string, body: string): Promise<{ status: number }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(10_000) });
  await r.arrayBuffer().catch(() => undefined);
  return { status: r.status };
}

export function createTagReports(deps: TagReportDeps): TagReports {
  const now = deps.now ?? Date.now;
  const post = deps.post ?? defaultPost;
  const repo = createTagReportRepository(deps.db);

  const tagsOf = (s: ReportSettingRow): string[] => JSON.parse(s.tags) as string[];

  async function visibleTo(caller: AuthUser): Promise<(regionid: number | null) => boolean> {
    const s = await deps.org.getUserScope(caller.userid);
    const set = new Set(s.regionids);
    return (r) => s.all || r === null || set.has(r);
  }

  /** Definitions the caller may see: every tag of theirs in the caller's regions. */
  async function visibleSettings(caller: AuthUser): Promise<ReportSettingRow[]> {
    const visible = await visibleTo(caller);
    return (await repo.settings()).filter((s) => tagsOf(s).every((id) => visible(deps.registry.get(id)?.regionid ?? null)));
  }

  async function settingFor(caller: AuthUser, id: number): Promise<ReportSettingRow> {
    const s = (await visibleSettings(caller)).find((x) => x.id === id);
    if (!s) {
      throw notFound('majorHazard.reportSetting.unknown');
    }
    return s;
  }

  function settingItem(s: ReportSettingRow, counts: Map<number, { n: number; last: number }>): ReportSettingItem {
    const c = counts.get(s.id);
    return {
      id: s.id,
      name: s.name,
      schedule: s.schedule as ReportSchedule,
      tags: tagsOf(s),
      webhookUrl: s.webhook_url,
      enabled: s.enabled === 1,
      owner: s.owner,
      createdAt: Number(s.created_at),
      updatedAt: Number(s.updated_at),
      lastPeriod: c ? c.last : null,
      reports: c?.n ?? 0,
    };
  }

  function deliveryItem(d: DeliveryRow) {
    return {
      id: d.id,
      url: d.url,
      status: d.status as 'pending' | 'sent' | 'failed',
      attempts: d.attempts,
      lastError: d.last_error,
      lastAt: d.last_at === null ? null : Number(d.last_at),
      nextAt: d.next_at === null ? null : Number(d.next_at),
      sentAt: d.sent_at === null ? null : Number(d.sent_at),
    };
  }

  async function reportItems(rows: readonly ReportRowRecord[]): Promise<TagReportItem[]> {
    const deliveries = await repo.deliveriesOf(rows.map((r) => r.id));
    return rows.map((r) => {
      const body = JSON.parse(r.body) as ReportBody;
      return {
        id: r.id,
        settingId: r.setting_id,
        name: body.name,
        schedule: body.schedule,
        periodStart: Number(r.period_start),
        periodEnd: Number(r.period_end),
        generatedAt: Number(r.generated_at),
        bucketMs: body.bucketMs,
        rows: body.rows,
        deliveries: deliveries.filter((d) => d.report_id === r.id).map(deliveryItem),
      };
    });
  }

  /** The owner as a caller: alarm counts are what the definition's owner may see. */
  async function ownerOf(s: ReportSettingRow): Promise<AuthUser> {
    const access = await deps.org.getAccess(s.owner_userid);
    return {
      userid: s.owner_userid,
      loginname: s.owner,
      username: s.owner,
      c_id: 0,
      roles: access.roles,
      permissions: new Set(access.permissions),
      mustChangePassword: false,
      sessionId: 'tag-report',
    };
  }

  /** Names and units of the tags, as the owner's tag list gives them (one page per region). */
  async function tagNames(owner: AuthUser, ids: readonly string[]): Promise<Map<string, { name: string; unit: string }>> {
    const out = new Map<string, { name: string; unit: string }>();
    const regions = new Set(ids.map((id) => deps.registry.get(id)?.regionid).filter((r) => r !== undefined));
    const wanted = new Set(ids);
    for (const regionid of regions) {
      try {
        const page = await deps.realtime.tagList(owner, { page: 1, pageSize: 1000, ...(regionid === null ? {} : { regionid }) });
        page.items.filter((t) => wanted.has(t.id)).forEach((t) => out.set(t.id, { name: t.name, unit: t.unit }));
      } catch {
        // A tag the owner may no longer list keeps its id as its name.
      }
    }
    return out;
  }

  async function alarmCounts(owner: AuthUser, ids: readonly string[], p: ReportPeriod): Promise<Map<string, number>> {
    const wanted = new Set(ids);
    const counts = new Map<string, number>();
    try {
      for await (const page of deps.alarms.historyPages(owner, { from: p.start, to: p.end })) {
        for (const a of page) {
          if (wanted.has(a.source) && a.activatedAt >= p.start && a.activatedAt < p.end) {
            counts.set(a.source, (counts.get(a.source) ?? 0) + 1);
          }
        }
      }
    } catch {
      // The owner may not read alarms any more: counts stay 0.
    }
    return counts;
  }

  async function compute(s: ReportSettingRow, p: ReportPeriod): Promise<{ rows: TagReportRow[]; bucketMs: number }> {
    const ids = tagsOf(s);
    const bucketMs = reportBucketMs(s.schedule as ReportSchedule);
    const owner = await ownerOf(s);
    const [h, names, alarms] = await Promise.all([
      querySampleHistory({ db: deps.db, historian: deps.history }, ids, p.start, p.end, Math.ceil((p.end - p.start) / bucketMs)),
      tagNames(owner, ids),
      alarmCounts(owner, ids, p),
    ]);
    const rows = h.items.map((it): TagReportRow => {
      const meta = deps.registry.get(it.tag);
      const limits = { ll: meta?.ll ?? null, l: meta?.l ?? null, h: meta?.h ?? null, hh: meta?.hh ?? null };
      const f = tagFigures(it.buckets, limits, h.bucketMs);
      return {
        tag: it.tag,
        name: names.get(it.tag)?.name ?? it.tag,
        unit: names.get(it.tag)?.unit ?? '',
        min: f.min,
        max: f.max,
        avg: f.avg === null ? null : Number(f.avg.toPrecision(12)),
        n: f.n,
        high: limits.h ?? limits.hh,
        low: limits.l ?? limits.ll,
        aboveMs: f.aboveMs,
        belowMs: f.belowMs,
        alarms: alarms.get(it.tag) ?? 0,
      };
    });
    return { rows, bucketMs: h.bucketMs };
  }

  /** Computes and keeps one period's report (with its delivery row); null when that period's is kept already. */
  async function generate(s: ReportSettingRow, p: ReportPeriod, by: AuthUser | null): Promise<number | null> {
    if (await repo.reportOf(s.id, p.start)) {
      return null;
    }
    const { rows, bucketMs } = await compute(s, p);
    const body: ReportBody = { name: s.name, schedule: s.schedule as ReportSchedule, bucketMs, rows };
    const at = now();
    return inTransaction(deps.db, async (tx) => {
      const r = createTagReportRepository(tx);
      const id = await r.insertReport({ setting_id: s.id, period_start: p.start, period_end: p.end, generated_at: at, body: JSON.stringify(body) });
      if (id === null) {
        return null;
      }
      if (s.webhook_url !== '') {
        await r.insertDelivery(id, s.webhook_url, at);
      }
      if (by) {
        await audit(tx, by, 'majorHazard.reportSetting.generate', 'majorHazard.tagReport', id, { setting: s.id, from: p.start, to: p.end });
      }
      return id;
    });
  }

  async function checkTags(caller: AuthUser, tags: readonly string[]): Promise<void> {
    const unknown = tags.filter((id) => !deps.registry.get(id));
    if (unknown.length > 0) {
      throw badRequest('majorHazard.reportSetting.unknownTags', ['tags'], { ids: unknown.slice(0, 10).join(', ') });
    }
    const visible = await visibleTo(caller);
    const hidden = tags.filter((id) => !visible(deps.registry.get(id)?.regionid ?? null));
    if (hidden.length > 0) {
      throw badRequest('majorHazard.reportSetting.unknownTags', ['tags'], { ids: hidden.slice(0, 10).join(', ') });
    }
  }

  return {
    async list(caller) {
      const [rows, counts] = await Promise.all([visibleSettings(caller), repo.reportCounts()]);
      return rows.map((s) => settingItem(s, counts));
    },

    async save(caller, input) {
      const tags = [...new Set(input.tags)];
      await checkTags(caller, tags);
      const at = now();
      const id = await inTransaction(deps.db, async (tx) => {
        const r = createTagReportRepository(tx);
        const fields = { name: input.name, schedule: input.schedule, tags: JSON.stringify(tags), webhook_url: input.webhookUrl, enabled: input.enabled ? 1 : 0 };
        if (input.id !== undefined) {
          const before = await r.setting(input.id);
          if (!before) {
            throw notFound('majorHazard.reportSetting.unknown');
          }
          await r.updateSetting(input.id, { ...fields, updated_at: at });
          await audit(tx, caller, 'majorHazard.reportSetting.save', 'majorHazard.reportSetting', input.id, {
            before: { ...before, tags: JSON.parse(before.tags) as unknown },
            after: { ...fields, tags },
          });
          return input.id;
        }
        const newId = await r.insertSetting({ ...fields, owner_userid: caller.userid, owner: caller.loginname, created_at: at, updated_at: at });
        await audit(tx, caller, 'majorHazard.reportSetting.save', 'majorHazard.reportSetting', newId, { after: { ...fields, tags } });
        return newId;
      });
      const s = await repo.setting(id);
      return settingItem(s!, await repo.reportCounts());
    },

    async remove(caller, id) {
      const s = await settingFor(caller, id);
      await inTransaction(deps.db, async (tx) => {
        await createTagReportRepository(tx).deleteSetting(id);
        await audit(tx, caller, 'majorHazard.reportSetting.delete', 'majorHazard.reportSetting', id, { name: s.name, schedule: s.schedule });
      });
    },

    async generateNow(caller, settingId, at = now()) {
      const s = await settingFor(caller, settingId);
      const schedule = s.schedule as ReportSchedule;
      const current = reportPeriodOf(schedule, at);
      // A period that has not ended yet is not reported: the one before it is.
      const p = current.end <= now() ? current : reportPeriodOf(schedule, current.start - 1);
      const id = await generate(s, p, caller);
      const row = id === null ? await repo.reportOf(s.id, p.start) : await repo.report(id);
      const [item] = await reportItems([row!]);
      return { item, created: id !== null };
    },

    async reports(caller, input) {
      const ids = (await visibleSettings(caller)).map((s) => s.id);
      const { rows, total } = await repo.reports(ids, input.settingId, (input.pageIndex - 1) * input.pageSize, input.pageSize);
      return { items: await reportItems(rows), total };
    },

    async report(caller, id) {
      const row = await repo.report(id);
      if (!row) {
        throw notFound('majorHazard.reportSetting.unknownReport');
      }
      await settingFor(caller, row.setting_id).catch(() => {
        throw notFound('majorHazard.reportSetting.unknownReport');
      });
      const [item] = await reportItems([row]);
      return item;
    },

    async retry(caller, id) {
      const item = await this.report(caller, id);
      await inTransaction(deps.db, async (tx) => {
        await createTagReportRepository(tx).dueNow(id, now());
        await audit(tx, caller, 'majorHazard.reportSetting.retry', 'majorHazard.tagReport', id, {});
      });
      await this.deliver();
      return { ...item, deliveries: (await reportItems([(await repo.report(id))!]))[0].deliveries };
    },

    async tick(at = now()) {
      let made = 0;
      for (const s of await repo.settings()) {
        if (s.enabled !== 1) {
          continue;
        }
        // From the end of the last period kept (what a restart resumes from), never before the definition existed
        // (a report made by hand for an older period does not start a back-fill).
        const since = Math.max((await repo.lastPeriodEnd(s.id)) ?? 0, Number(s.created_at));
        for (const p of duePeriods(s.schedule as ReportSchedule, since, at, MAX_CATCH_UP)) {
          if ((await generate(s, p, null)) !== null) {
            made++;
          }
        }
      }
      return made;
    },

    async deliver(at = now()) {
      let sent = 0;
      for (const d of await repo.dueDeliveries(at, 50)) {
        const row = await repo.report(d.report_id);
        if (!row) {
          continue;
        }
        const [item] = await reportItems([row]);
        const { deliveries: _omit, ...payload } = item;
        let error = '';
        try {
          const r = await post(d.url, JSON.stringify(payload));
          if (r.status < 200 || r.status >= 300) {
            error = `HTTP ${r.status}`;
          }
        } catch (err) {
          error = err instanceof Error ? err.message : String(err);
        }
        const attempts = d.attempts + 1;
        const t = now();
        if (error === '') {
          await repo.markDelivery(d.id, { status: 'sent', attempts, last_error: '', last_at: t, next_at: null, sent_at: t });
          sent++;
        } else {
          await repo.markDelivery(d.id, { status: 'failed', attempts, last_error: error.slice(0, 500), last_at: t, next_at: t + retryDelayMs(attempts) });
        }
      }
      return sent;
    },

    async compute(settingId, period) {
      const s = await repo.setting(settingId);
      if (!s) {
        throw notFound('majorHazard.reportSetting.unknown');
      }
      return (await compute(s, period)).rows;
    },
  };
}
